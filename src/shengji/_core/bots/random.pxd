# The random bot (bot.pxd's interface): uniform over the candidate plays (moves.pxd) and,
# at the bury, over the 8-card subsets of the banker's 33 physical cards.
from shengji._core.engine.play cimport Play
from shengji._core.base.rng cimport Rng
from shengji._core.engine.view cimport View

cdef int random_bury(const View* v, Rng* rng, Play* out) noexcept nogil
cdef int random_play(const View* v, Rng* rng, Play* out) noexcept nogil
