# The deal kernel: shuffles and deals 108 cards and accumulates per-seat features.
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from shengji._core.base.rng cimport Rng

cdef extern from "deal_tractors.h" nogil:
    # The tractor counts' tables of a level and the rules' tractor options (deal_tractors.h
    # has their fields) and a hand's tractors from its pair mask, one word a seat.
    ctypedef struct SjTractorTable:
        int level
    void sj_tractors4(const SjTractorTable* t, const uint64_t* twice, uint64_t* out) noexcept

cdef enum:
    N_FEATURES = 17        # per-seat feature columns, in FEATURE_NAMES order
    FIRST_TRACTORS = 12    # tractors_s .. tractors_nt: the last five
    MAX_VALUE = 256        # every feature fits in a byte (points <= 200)
    FULL_GROUPS = 14       # ceil(107 / 8)
    LAST_HAND_GROUPS = 3   # ceil(24 / 8)

# The deal kernel (deal_kernel.h) deals a fresh deck[0..107] by a partial Fisher-Yates
# shuffle: deck[0:25], [25:50], [50:75] are seats 0..2, deck[75:83] the kitty, deck[83:108]
# seat 3 (a set; its order is only randomised by order_last_hand).

# Seat 3's cards in a random order (24 more draws, from a separate stream), copied into
# hand[25]; only needed when the order within a hand is observed (stored raw deals).
cdef void order_last_hand(Rng* rng, const uint8_t* deck, uint8_t* hand) noexcept nogil

# deck (partial layout above) + seat 3's ordered hand -> the 108 cards in dealing order:
# position 4*r + s is the r-th card drawn by seat s (seat 0 draws first), 100..107 the kitty.
cdef void to_dealing_order(const uint8_t* deck, const uint8_t* last_hand,
                           uint8_t* out) noexcept nogil

# Full uniform permutation of deck[0..107] (107 draws) for kernels that deal card by card.
cdef void shuffle_full(Rng* rng, uint8_t* deck) noexcept nogil

# The tractor table of a level rank and the two options, built on first use (with the GIL;
# 16,384 keys, about 0.15 ms) and kept for the process: at most 13 x 4 of about 34 KB.
cdef const SjTractorTable* tractor_table(int level, bint tractor_gap,
                                         bint trump_chain) except NULL
