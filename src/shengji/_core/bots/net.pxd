# The net bot (bots/net.pyx): a small integer network scores pimc's candidate decisions
# (bots/candidates.pyx) from the seat's view (bots/features.pyx) and plays the best, with no
# search: bot.pxd's interface, its parameter the weights (a network handle, net.load), its
# bids memory's judgement.
from shengji._core.engine.play cimport Play
from shengji._core.base.rng cimport Rng
from shengji._core.engine.view cimport View
from shengji._core.bots.features cimport Decision
from shengji._core.bots.params cimport BotParams
from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t

# The bid head's integers and its scores (include/nn_bids.h): a network's optional bid layers,
# which bots/bid_net.pyx asks for the net bot's learned bids.
cdef extern from "nn_bids.h" nogil:
    enum:
        SJ_BID_MAX_H
        SJ_BID_OPTIONS
    ctypedef struct SjBidHead:
        int n_state, n_action, h1, h3
        const int16_t* w1
        const int32_t* b1
        const int16_t* wz
        const int32_t* bz
        const int16_t* wa
        const int16_t* wq
        int64_t bq
        int sh
    void sj_bid_scores(const SjBidHead* net, const uint8_t* y, int n, const uint8_t* o,
                       int stride, int64_t* score) noexcept

cdef enum:
    NET_CANDIDATES = 8       # the candidates it scores: pimc's default list (its teacher's)
    NET_MAX_HIDDEN = 1024    # the widest layer the weights may have (nn.h SJ_MAX_H1, SJ_MAX_H3)
    NET_SLOT_BITS = 8        # a handle's low bits: its slot; the bits above: the slot's use
    NET_SLOTS = 256          # = 1 << NET_SLOT_BITS: networks resident at once (0: shipped)

# The default bot (the shipped network; pimc's rollouts with rollout = "net"): the shipped
# network must be loaded (net.load(), which agent_init does for an agent that names it).
cdef int net_bury(const View* v, Rng* rng, Play* out) noexcept nogil
cdef int net_play(const View* v, Rng* rng, Play* out) noexcept nogil
# The network `model` (a handle)'s score of each of d's d.n candidates (its features
# filled: features.pxd decision_inputs) into score[d.n], and its estimate of the hand's
# points for the seat's team into *value (NULL: not wanted), computed whole (no kept
# accumulator).  0, or -1 when no network has that handle (never loaded, or evicted since) or
# no memory.  The caller keeps the network resident meanwhile: an agent's scratch pins its
# own (net_scratch_new), and Python code holds the GIL, which eviction needs.
cdef int net_scores(int model, const Decision* d, double* score, double* value) noexcept nogil
# The bid head of the network `model` (a handle; its w1 NULL when its file has none), or NULL
# when no network has that handle.  The caller keeps the network resident (net_scores).
cdef const SjBidHead* net_bid_head(int model) noexcept nogil
