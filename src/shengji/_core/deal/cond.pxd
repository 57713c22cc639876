# Conditional deals (cond.pyx): a DealSpec's deals (spec.pxd) -- the fixed cards placed, the
# rest dealt uniformly, the predicate met by rejection or by the exact draw of one slot's
# class counts.
from libc.stdint cimport uint8_t, uint64_t
from shengji._core.base.cards cimport N_CARDS
from shengji._core.base.rng cimport Rng
from shengji._core.deal.spec cimport CondSpec, Dealer, N_SLOTS

ctypedef struct SetDeal:
    # One deal as sets (cond_sets): the free cards of slot s are buf[start[s]:start[s] +
    # count[s]] (after its fixed cards), and each slot's packed lanes, kinds and kinds
    # held twice.
    uint8_t buf[N_CARDS]
    int start[N_SLOTS]
    int count[N_SLOTS]
    uint64_t lanes[N_SLOTS]
    uint64_t kinds[N_SLOTS]
    uint64_t twice[N_SLOTS]

# One deal in dealing order into deck[108] at d's spec for `level`: position i < 100 to
# seat (first_drawer + i) % 4, 100..107 the kitty; each seat's cards in a uniformly random
# order (the fixed ones too, unless keep_fixed_order and the slot is full).  DEAL_OK or a
# DEAL_ERR_*.  With d NULL: shuffle_full(rng, deck) (the unconditioned deal).
cdef int deal_shuffle(Dealer* d, Rng* rng, uint8_t* deck, int level,
                      int first_drawer) noexcept nogil

# One deal as sets (the deal study): DEAL_OK or a DEAL_ERR_*.
cdef int cond_sets(Dealer* d, Rng* rng, int level, SetDeal* out) noexcept nogil

# A SetDeal in dealing order (seat 0 first: position 4 r + s is seat s's r-th card,
# 100..107 the kitty), each hand's order drawn from rng.
cdef void sets_order(const CondSpec* s, const SetDeal* sd, Rng* rng,
                     uint8_t* out) noexcept nogil
