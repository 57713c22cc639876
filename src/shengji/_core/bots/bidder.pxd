# The built-in bots' bids (bot.pxd's BotVTable.bid, under bid_policy "players"; bots/bidder.pyx):
# each decides from the bidding kernel's BidSeen only (its seat's cards so far, the public
# bids and what they showed, how far the deal is; bidding.pxd).
from shengji._core.base.rng cimport Rng
from shengji._core.bidding.bidding cimport BidSeen
from shengji._core.bots.bot cimport BotParams

# `cpdef`: bots.bidder exports them (the docs and tests read them from there).
cpdef enum:
    # pimc's bid search plays each option out in min(samples, BID_MAX_SAMPLES) deals
    BID_MAX_SAMPLES = 64
    # ... and considers at most this many bids besides passing (the kernel's best first)
    BID_MAX_CANDIDATES = 7

cdef int random_bid(const BidSeen* s, Rng* rng, const BotParams* p,
                    void* scratch) noexcept nogil
cdef int greedy_bid(const BidSeen* s, Rng* rng, const BotParams* p,
                    void* scratch) noexcept nogil
cdef int memory_bid(const BidSeen* s, Rng* rng, const BotParams* p,
                    void* scratch) noexcept nogil
cdef int pimc_bid(const BidSeen* s, Rng* rng, const BotParams* p,
                  void* scratch) noexcept nogil
# memory's judgement of a trump (0..3, 4 = no-trump) for the seat of s: its projected
# share of that trump's cards at the end of the deal, relative to a fair share (0: fair),
# plus the weighted quality terms (bidder.pyx's docstring).
cdef double trump_score(const BidSeen* s, int suit) noexcept nogil
