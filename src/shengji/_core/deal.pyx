# cython: language_level=3
"""Deal kernel: shuffle, deal 25 x 4 + 8, and per-seat features in the same pass.

Per physical card we precompute one 64-bit word of eight 8-bit lanes (plain S, H, C, D
counts, level cards, small jokers, big jokers, points), so landing a card in a hand is one
add; pairs come from two 64-bit kind masks.  No lane can overflow: a hand has 25 cards and
at most 200 points.  Everything below the Python wrappers is nogil and allocation-free."""
import numpy as np
cimport numpy as cnp
from libc.stdint cimport uint8_t, uint32_t, uint64_t, int64_t
from libc.string cimport memset

from shengji._core.cards cimport (N_CARDS, N_KINDS, N_RANKS, N_SEATS, N_SUITS, HAND_SIZE,
                                  KITTY_SIZE, N_DEALT, SMALL_JOKER, BIG_JOKER, TOTAL_POINTS,
                                  kind_points)
from shengji._core.bits cimport sj_popcount64
from shengji._core.rng cimport (sj_descending_thresholds, sj_draws_table, sj_descending_bounds,
                                RNG_WORDS)

cnp.import_array()


FEATURE_NAMES = (
    "trumps_s", "trumps_h", "trumps_c", "trumps_d", "trumps_nt", "points", "level_cards",
    "small_jokers", "big_jokers", "pairs", "level_pairs", "longest_side_suit",
)
assert len(FEATURE_NAMES) == N_FEATURES

cdef enum:
    LANE_LEVEL = 4
    LANE_SMALL = 5
    LANE_BIG = 6
    LANE_POINTS = 7
    LAST_SEAT_START = 3 * HAND_SIZE + KITTY_SIZE   # 83: where the remaining hand starts
    KITTY_START = 3 * HAND_SIZE                    # 75

# Acceptance thresholds of the batched bounded draws, one per 8 draws (see fastrand.h).
cdef uint64_t DESC_BOUNDS[N_CARDS]    # 108, 107, ..., 1: a shuffle of 108 from the top
cdef uint64_t HAND_BOUNDS[HAND_SIZE]  # 25, ..., 1: a shuffle of one hand
sj_descending_bounds(N_CARDS, N_CARDS, DESC_BOUNDS)
sj_descending_bounds(HAND_SIZE, HAND_SIZE, HAND_BOUNDS)
cdef uint64_t PARTIAL_THRESH[PARTIAL_GROUPS]
cdef uint64_t FULL_THRESH[FULL_GROUPS]
cdef uint64_t LAST_HAND_THRESH[LAST_HAND_GROUPS]
sj_descending_thresholds(N_CARDS, PARTIAL_DRAWS, PARTIAL_THRESH)
sj_descending_thresholds(N_CARDS, N_CARDS - 1, FULL_THRESH)
sj_descending_thresholds(HAND_SIZE, HAND_SIZE - 1, LAST_HAND_THRESH)


cdef inline void fisher_yates(uint64_t* rng, uint8_t* deck, const uint64_t* bounds, int n,
                              const uint64_t* thresh) noexcept nogil:
    """First n steps of a Fisher-Yates shuffle (bounds[i] = cards left at step i): deck[0:n]
    becomes a uniform random sequence of distinct cards, the rest what remains."""
    cdef uint32_t r[N_CARDS]
    cdef int i, j
    cdef uint8_t c
    sj_draws_table(rng, bounds, n, thresh, r)
    for i in range(n):
        j = i + <int> r[i]
        c = deck[j]
        deck[j] = deck[i]
        deck[i] = c


cdef void order_last_hand(uint64_t* rng, const uint8_t* deck, uint8_t* hand) noexcept nogil:
    """Copy seat 3's cards into ``hand`` in a uniformly random order.  The deck itself is
    left alone: it carries over to the next deal, which must not depend on this."""
    cdef int i
    for i in range(HAND_SIZE):
        hand[i] = deck[LAST_SEAT_START + i]
    fisher_yates(rng, hand, HAND_BOUNDS, HAND_SIZE - 1, LAST_HAND_THRESH)


cdef void to_dealing_order(const uint8_t* deck, const uint8_t* last_hand,
                           uint8_t* out) noexcept nogil:
    cdef int r, s
    for r in range(HAND_SIZE):
        for s in range(N_SEATS - 1):
            out[N_SEATS * r + s] = deck[s * HAND_SIZE + r]
        out[N_SEATS * r + N_SEATS - 1] = last_hand[r]
    for r in range(KITTY_SIZE):
        out[N_DEALT + r] = deck[KITTY_START + r]


cdef void shuffle_full(uint64_t* rng, uint8_t* deck) noexcept nogil:
    fisher_yates(rng, deck, DESC_BOUNDS, N_CARDS - 1, FULL_THRESH)


# A hand's physical cards as a 128-bit set (two words): card c is bit c % 64 of word
# c // 64, so the two copies of a kind are adjacent bits of the same word and
# "kind held twice" is (w & w >> 1) on the even bits.  BIT_LO/BIT_HI[c] are card c's bit in
# each word (0 in the other), so landing a card is two loads and two ors, no branch.
cdef uint64_t BIT_LO[N_CARDS]
cdef uint64_t BIT_HI[N_CARDS]
for _i in range(N_CARDS):
    BIT_LO[_i] = ((<uint64_t> 1) << _i) if _i < 64 else 0
    BIT_HI[_i] = ((<uint64_t> 1) << (_i - 64)) if _i >= 64 else 0
cdef uint64_t EVEN_BITS = 0x5555555555555555ULL


cdef void build_packed(int level, uint64_t* packed, uint64_t* level_lo,
                       uint64_t* level_hi) noexcept nogil:
    """packed[card]: the lanes a card adds to its hand; level_lo/hi: the level cards as a
    128-bit card set (see BIT_LO)."""
    cdef int card, kind, suit, rank
    level_lo[0] = 0
    level_hi[0] = 0
    for card in range(N_CARDS):
        kind = card >> 1
        if kind == SMALL_JOKER:
            packed[card] = (<uint64_t> 1) << (8 * LANE_SMALL)
        elif kind == BIG_JOKER:
            packed[card] = (<uint64_t> 1) << (8 * LANE_BIG)
        else:
            suit = kind // N_RANKS
            rank = kind % N_RANKS
            if rank == level:
                packed[card] = (<uint64_t> 1) << (8 * LANE_LEVEL)
                level_lo[0] |= BIT_LO[card]
                level_hi[0] |= BIT_HI[card]
            else:
                packed[card] = (<uint64_t> 1) << (8 * suit)
            packed[card] |= (<uint64_t> kind_points(kind)) << (8 * LANE_POINTS)


ctypedef struct HandAcc:
    uint64_t acc      # packed lanes
    uint64_t pairs    # kinds held twice: kind k < 32 at even bit 2k, kind k >= 32 at odd
                      # bit 2(k-32)+1 (both halves of the card set folded into one word,
                      # so one popcount counts them)


cdef inline uint64_t fold_pairs(uint64_t lo, uint64_t hi) noexcept nogil:
    """A 128-bit card set -> its pairs in one word: a kind is held twice when both of its
    adjacent card bits are set; the high half (cards 64..107, 22 kinds) moves to the odd
    bits, which the low half's pair bits never use."""
    return (lo & (lo >> 1) & EVEN_BITS) | ((hi & (hi >> 1) & EVEN_BITS) << 1)


cdef inline void finish_hand(const HandAcc* a, uint64_t level_pairs, uint8_t* f) noexcept nogil:
    """Unpack one hand's accumulators into its N_FEATURES features."""
    cdef uint64_t acc = a.acc
    cdef int s, plain, longest = 0
    cdef int level = <int> ((acc >> (8 * LANE_LEVEL)) & 0xFF)
    cdef int small = <int> ((acc >> (8 * LANE_SMALL)) & 0xFF)
    cdef int big = <int> ((acc >> (8 * LANE_BIG)) & 0xFF)
    cdef int always = level + small + big   # trump whatever the trump suit
    for s in range(N_SUITS):
        plain = <int> ((acc >> (8 * s)) & 0xFF)
        f[s] = <uint8_t> (plain + always)
        if plain > longest:
            longest = plain
    f[4] = <uint8_t> always
    f[5] = <uint8_t> (acc >> (8 * LANE_POINTS))
    f[6] = <uint8_t> level
    f[7] = <uint8_t> small
    f[8] = <uint8_t> big
    f[9] = <uint8_t> sj_popcount64(a.pairs)
    f[10] = <uint8_t> sj_popcount64(a.pairs & level_pairs)
    f[11] = <uint8_t> longest


cdef inline void deal_with_features(uint64_t* rng, uint8_t* deck, const uint64_t* packed,
                                    HandAcc* hands, int* kitty_points) noexcept nogil:
    """The partial shuffle of deal.pxd's layout, accumulating each card into its hand as it lands (one packed add and
    two mask operations per card; accumulators are plain locals so they stay in
    registers)."""
    cdef uint32_t r[PARTIAL_DRAWS]
    cdef int i, j, seat, end, kitty = 0
    cdef uint8_t c
    cdef uint64_t acc, lo, hi
    sj_draws_table(rng, DESC_BOUNDS, PARTIAL_DRAWS, PARTIAL_THRESH, r)
    for seat in range(3):
        acc = 0
        lo = 0
        hi = 0
        end = (seat + 1) * HAND_SIZE
        for i in range(seat * HAND_SIZE, end):
            j = i + <int> r[i]
            c = deck[j]
            deck[j] = deck[i]
            deck[i] = c
            acc += packed[c]
            lo |= BIT_LO[c]
            hi |= BIT_HI[c]
        hands[seat].acc = acc
        hands[seat].pairs = fold_pairs(lo, hi)
    for i in range(KITTY_START, LAST_SEAT_START):
        j = i + <int> r[i]
        c = deck[j]
        deck[j] = deck[i]
        deck[i] = c
        kitty += <int> (packed[c] >> (8 * LANE_POINTS))
    acc = 0
    lo = 0
    hi = 0
    for i in range(LAST_SEAT_START, N_CARDS):   # the last hand is what remains
        c = deck[i]
        acc += packed[c]
        lo |= BIT_LO[c]
        hi |= BIT_HI[c]
    hands[3].acc = acc
    hands[3].pairs = fold_pairs(lo, hi)
    kitty_points[0] = kitty


def new_deck():
    """A fresh deck (cards 0..107 in order) for ``deal_chunk``; keep it between calls."""
    return np.arange(N_CARDS, dtype=np.uint8)


def deal_chunk(cnp.uint64_t[::1] state not None, cnp.uint8_t[::1] deck not None,
               Py_ssize_t n, int level,
               cnp.uint8_t[:, ::1] features=None, cnp.uint8_t[::1] kitty_points=None,
               cnp.uint8_t[:, ::1] cards=None,
               cnp.int64_t[:, :, ::1] hist=None, cnp.int64_t[::1] kitty_hist=None,
               cnp.uint64_t[::1] order_state=None):
    """Deal ``n`` hands at level rank ``level`` (0..12) from generator ``state`` (advanced
    in place) and the carried-over ``deck``.  Outputs (each optional, preallocated):

    * ``features`` (N_FEATURES, 4n): row ``4*d + seat`` of deal d, FEATURE_NAMES order;
    * ``kitty_points`` (n,);
    * ``cards`` (n, 108): the deals in dealing order (seat 0 draws first);
    * ``hist`` (N_FEATURES, 4, 256) and ``kitty_hist`` (256,): histograms, incremented.

    With ``cards``, the order of the last seat's hand is drawn from the separate stream
    ``order_state``, so storing the raw deals never changes which deals are dealt.
    """
    if not 0 <= level < N_RANKS:
        raise ValueError(f"level rank index {level} out of range 0..12")
    if state.shape[0] != RNG_WORDS or deck.shape[0] != N_CARDS:
        raise ValueError("state must hold 4 words and deck 108 cards")
    if n < 0:
        raise ValueError("n must be >= 0")
    if features is not None and (features.shape[0] != N_FEATURES or features.shape[1] < 4 * n):
        raise ValueError("features must have shape (12, >= 4n)")
    if kitty_points is not None and kitty_points.shape[0] < n:
        raise ValueError("kitty_points must hold n values")
    if cards is not None and (cards.shape[0] < n or cards.shape[1] != N_CARDS):
        raise ValueError("cards must have shape (>= n, 108)")
    if cards is not None and (order_state is None or order_state.shape[0] != RNG_WORDS):
        raise ValueError("cards needs order_state (4 words)")
    if (hist is None) != (kitty_hist is None):
        raise ValueError("hist and kitty_hist go together")
    if hist is not None and (hist.shape[0] != N_FEATURES or hist.shape[1] != N_SEATS
                             or hist.shape[2] != MAX_VALUE or kitty_hist.shape[0] != MAX_VALUE):
        raise ValueError("hist must have shape (12, 4, 256) and kitty_hist (256,)")

    cdef uint64_t rng[RNG_WORDS]
    cdef uint64_t rng_order[RNG_WORDS]
    cdef uint64_t packed[N_CARDS]
    cdef uint64_t level_lo, level_hi, level_pairs
    cdef uint8_t f[N_FEATURES]
    cdef HandAcc hands[N_SEATS]
    cdef uint8_t last_hand[HAND_SIZE]
    cdef int kitty
    cdef uint8_t* d = &deck[0]
    cdef Py_ssize_t i, row, nrows = 4 * n
    cdef int s, k, seat_points
    cdef bint want_rows = features is not None
    cdef bint want_kitty = kitty_points is not None
    cdef bint want_cards = cards is not None
    cdef bint want_hist = hist is not None
    cdef uint8_t* frow = &features[0, 0] if want_rows else NULL
    cdef Py_ssize_t fstride = features.shape[1] if want_rows else 0
    cdef int64_t* h = &hist[0, 0, 0] if want_hist else NULL
    cdef int64_t* kh = &kitty_hist[0] if want_hist else NULL

    for k in range(RNG_WORDS):
        rng[k] = state[k]
        rng_order[k] = order_state[k] if want_cards else 0
    build_packed(level, packed, &level_lo, &level_hi)
    level_pairs = fold_pairs(level_lo, level_hi)
    with nogil:
        for i in range(n):
            deal_with_features(rng, d, packed, hands, &kitty)
            for s in range(N_SEATS):
                finish_hand(&hands[s], level_pairs, f)
                if want_rows:
                    row = N_SEATS * i + s
                    for k in range(N_FEATURES):
                        frow[k * fstride + row] = f[k]
                if want_hist:
                    for k in range(N_FEATURES):
                        h[(k * N_SEATS + s) * MAX_VALUE + f[k]] += 1
            if want_kitty:
                kitty_points[i] = <uint8_t> kitty
            if want_hist:
                kh[kitty] += 1
            if want_cards:
                order_last_hand(rng_order, d, last_hand)
                to_dealing_order(d, last_hand, &cards[i, 0])
    for k in range(RNG_WORDS):
        state[k] = rng[k]
        if want_cards:
            order_state[k] = rng_order[k]
