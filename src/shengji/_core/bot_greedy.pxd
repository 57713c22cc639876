# The greedy bot (bot.pxd's interface): a club player's rules of thumb, from its view
# only -- its own cards and the public record (cards played, voids shown, the trick).
from shengji._core.play cimport Play
from shengji._core.rng cimport Rng
from shengji._core.view cimport View

cdef int greedy_bury(const View* v, Rng* rng, Play* out) noexcept nogil
cdef int greedy_play(const View* v, Rng* rng, Play* out) noexcept nogil
