# The net bot (bots/net.pyx): a small network scores each of pimc's candidate decisions
# (bots/candidates.pyx) from the seat's view (bots/features.pyx) and plays the best, with
# no search: bot.pxd's interface, no parameters, its bids memory's judgement.
from libc.stdint cimport uint8_t
from shengji._core.engine.play cimport Play
from shengji._core.base.rng cimport Rng
from shengji._core.engine.view cimport View
from shengji._core.bots.features cimport Decision

cdef enum:
    NET_CANDIDATES = 8       # the candidates it scores: pimc's default list (its teacher's)
    NET_MAX_HIDDEN = 1024    # the widest layer the weights may have

cdef int net_bury(const View* v, Rng* rng, Play* out) noexcept nogil
cdef int net_play(const View* v, Rng* rng, Play* out) noexcept nogil
# The network's score of each of d's d.n candidates (its features filled: features.pxd
# decision_inputs) into score[d.n], and its estimate of the hand's points for the seat's
# team into *value (NULL: not wanted).  0, or -1 when no weights are loaded.
cdef int net_scores(const Decision* d, float* score, float* value) noexcept nogil
