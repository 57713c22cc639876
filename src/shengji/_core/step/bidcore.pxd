# The Python-facing bidding: BidCore, one bidding state machine (bidding.pxd's BidState)
# stepped one decision at a time (a hand's "bid" phase).
from libc.stdint cimport uint8_t
from shengji._core.base.cards cimport N_CARDS
from shengji._core.base.options cimport RulesC
from shengji._core.bidding.bidding cimport BidParams, BidResult, BidState

cdef class BidCore:
    cdef BidState st
    cdef BidResult res
    cdef BidParams p
    cdef RulesC r
    cdef uint8_t deck[N_CARDS]
    cdef int finished          # 0: bidding the deal; 1: bid_finish done; 2: round after the bury
    # The deal's bidding done elsewhere (HandCore.deal, the drivers' step): keep its result
    # so that the round after the bury can be stepped here.
    cdef void set_result(self, const BidParams* p, const RulesC* r, const BidResult* res,
                         const uint8_t* deck) noexcept
