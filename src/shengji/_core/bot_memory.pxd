# The memory bot (bot.pxd's interface): greedy's rules of thumb plus the public record a
# real player keeps (bot_memory.pyx), from its view only.
from shengji._core.play cimport Play
from shengji._core.rng cimport Rng
from shengji._core.view cimport View

cdef int memory_bury(const View* v, Rng* rng, Play* out) noexcept nogil
cdef int memory_play(const View* v, Rng* rng, Play* out) noexcept nogil
