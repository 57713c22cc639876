# The memory bot (bot.pxd's interface): greedy's rules of thumb plus the public record a
# real player keeps (bots/memory.pyx), from its view only.
from libc.stdint cimport uint64_t
from shengji._core.engine.hand cimport Public
from shengji._core.engine.play cimport Play
from shengji._core.base.rng cimport Rng
from shengji._core.engine.view cimport View

cdef int memory_bury(const View* v, Rng* rng, Play* out) noexcept nogil
cdef int memory_play(const View* v, Rng* rng, Play* out) noexcept nogil
# The kind of mask m highest in trick order (the first of equals), -1 for none.
cdef int highest_kind(const Public* pub, uint64_t m) noexcept nogil
