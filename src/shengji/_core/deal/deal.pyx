# cython: language_level=3
"""Deal kernel: shuffle, deal 25 x 4 + 8, and per-seat features in the same pass.

Per physical card we precompute one 64-bit word of eight 8-bit lanes (plain S, H, C, D
counts, level cards, small jokers, big jokers, points), so landing a card in a hand is one
add; pairs come from the set of kinds a hand holds, tractors from the set of kinds it holds
twice (deal_tractors.h).  No lane can overflow: a hand has 25 cards and at most 200 points.
The 83 dealing steps themselves are in deal_kernel.h; everything below the Python wrappers
is nogil and allocation-free."""
import numpy as np
cimport numpy as cnp
from libc.stdint cimport uint8_t, uint32_t, uint64_t, int64_t
from libc.stddef cimport size_t
from libc.stdlib cimport malloc
from libc.string cimport memcpy

from shengji._core.base.cards cimport (
    N_CARDS, N_RANKS, N_SEATS, HAND_SIZE, KITTY_SIZE, N_DEALT, SMALL_JOKER, BIG_JOKER, kind_points,
    kind_of,
)
from shengji._core.base.rng cimport (
    Rng, rng_load, rng_store, sj_descending_thresholds, sj_draws_table, sj_descending_bounds,
)


cnp.import_array()


FEATURE_NAMES = (
    "trumps_s", "trumps_h", "trumps_c", "trumps_d", "trumps_nt", "points", "level_cards",
    "small_jokers", "big_jokers", "pairs", "level_pairs", "longest_side_suit",
    "tractors_s", "tractors_h", "tractors_c", "tractors_d", "tractors_nt",
)
assert len(FEATURE_NAMES) == N_FEATURES

cdef enum:
    LAST_SEAT_START = 3 * HAND_SIZE + KITTY_SIZE   # 83: where the remaining hand starts
    KITTY_START = 3 * HAND_SIZE                    # 75

# Acceptance thresholds of the batched bounded draws, one per 8 draws (see fastrand.h).
cdef uint64_t DESC_BOUNDS[N_CARDS]    # 108, 107, ..., 1: a shuffle of 108 from the top
cdef uint64_t HAND_BOUNDS[HAND_SIZE]  # 25, ..., 1: a shuffle of one hand
sj_descending_bounds(N_CARDS, N_CARDS, DESC_BOUNDS)
sj_descending_bounds(HAND_SIZE, HAND_SIZE, HAND_BOUNDS)
cdef uint64_t FULL_THRESH[FULL_GROUPS]
cdef uint64_t LAST_HAND_THRESH[LAST_HAND_GROUPS]
sj_descending_thresholds(N_CARDS, N_CARDS - 1, FULL_THRESH)
sj_descending_thresholds(HAND_SIZE, HAND_SIZE - 1, LAST_HAND_THRESH)


cdef inline void fisher_yates(Rng* rng, uint8_t* deck, const uint64_t* bounds, int n,
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


cdef void order_last_hand(Rng* rng, const uint8_t* deck, uint8_t* hand) noexcept nogil:
    """Copy seat 3's cards (deck[83:108], a set) into ``hand`` in a uniformly random order."""
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


cdef void shuffle_full(Rng* rng, uint8_t* deck) noexcept nogil:
    fisher_yates(rng, deck, DESC_BOUNDS, N_CARDS - 1, FULL_THRESH)


cdef extern from "deal_kernel.h" nogil:
    # One deal's 83 Fisher-Yates steps with the features landing as the cards do: in C for
    # the 128-bit multiply, the unrolled schedule and SSE2 (deal_kernel.h says why).
    ctypedef struct SjDealTables:
        uint64_t entry[N_CARDS][2]   # card c: {packed lanes, 1 << kind}
        uint64_t total               # the whole deck's lanes
        int level
        SjTractorTable tractors      # a copy of the level's and the rules' tractor table
    void sj_deal_tables_init(SjDealTables* t) noexcept
    void sj_deal_features(Rng* rng, const SjDealTables* t, uint8_t* deck, uint64_t* lanes,
                          int* pairs, int* level_pairs, uint64_t* tractors) noexcept
    void sj_deal_store(Rng* rng, const SjDealTables* t, uint8_t* deck,
                       uint64_t* lanes, int* pairs, int* level_pairs, uint64_t* tractors) noexcept
    void sj_deal_rows(const uint64_t* lanes, const int* pairs, const int* level_pairs,
                      const uint64_t* tractors, uint8_t* out, size_t stride) noexcept
    void sj_deal_count(const uint64_t* lanes, const int* pairs, const int* level_pairs,
                       const uint64_t* tractors, int64_t* joint) noexcept
    enum:
        SJ_DEAL_CARDS        # the header's own sizes, checked against cards.pxd below
        SJ_DEAL_SEATS
        SJ_DEAL_HAND
        SJ_DEAL_DRAWS        # 3 hands and the kitty drawn, seat 3 what remains
        SJ_DEAL_DECK_BYTES   # scratch deck size (108 rounded up to 16-byte words)
        LANE_LEVEL "SJ_LANE_LEVEL"
        LANE_SMALL "SJ_LANE_SMALL"
        LANE_BIG "SJ_LANE_BIG"
        LANE_POINTS "SJ_LANE_POINTS"
        SJ_JOINT_SH
        SJ_JOINT_CD
        SJ_JOINT_POINTS
        SJ_JOINT_LOW
        SJ_JOINT_LOW_CELLS
        SJ_JOINT_PAIRS
        SJ_JOINT_PAIRS_CELLS
        SJ_JOINT_TRACTORS
        SJ_JOINT_TRACTORS_CELLS
        SJ_JOINT_SIZE
        SJ_TRACTOR_TRUMPS    # tractor columns: trump S, H, C, D, no-trump
        SJ_TRACTOR_VALUES    # their values 0..6


cdef extern from *:
    # A compile-time equality: a mismatch is a negative bit-field width, which stops the C
    # compiler with the field's name in the message.
    """
    #define SJ_SIZE_CHECK(ok) struct { int deal_kernel_h_vs_cards_pxd_sizes : (ok) ? 1 : -1; }
    #define SJ_SAME_SIZE(a, b) ((void)sizeof(SJ_SIZE_CHECK((a) == (b))))
    """
    void SJ_SAME_SIZE(int a, int b) noexcept nogil

# deal_kernel.h writes its sizes as C macros (it is plain C); they must be cards.pxd's.
SJ_SAME_SIZE(SJ_DEAL_CARDS, N_CARDS)
SJ_SAME_SIZE(SJ_DEAL_SEATS, N_SEATS)
SJ_SAME_SIZE(SJ_DEAL_HAND, HAND_SIZE)
SJ_SAME_SIZE(SJ_DEAL_DRAWS, LAST_SEAT_START)
SJ_SAME_SIZE(SJ_DEAL_DECK_BYTES >= N_CARDS, 1)
SJ_SAME_SIZE(N_FEATURES, FIRST_TRACTORS + SJ_TRACTOR_TRUMPS)

cdef extern from "deal_tractors.h" nogil:
    void sj_tractor_init(SjTractorTable* t, int level, int gap, int chain) noexcept

cdef SjTractorTable* TRACTOR_TABLES[N_RANKS * 4]   # by level, tractor_gap, trump_chain


cdef const SjTractorTable* tractor_table(int level, bint tractor_gap,
                                         bint trump_chain) except NULL:
    cdef int i = 4 * level + 2 * (1 if tractor_gap else 0) + (1 if trump_chain else 0)
    cdef SjTractorTable* t
    if not 0 <= level < N_RANKS:
        raise ValueError(f"level rank index {level} out of range 0..12")
    if TRACTOR_TABLES[i] == NULL:
        t = <SjTractorTable*> malloc(sizeof(SjTractorTable))
        if t == NULL:
            raise MemoryError()
        sj_tractor_init(t, level, tractor_gap, trump_chain)
        TRACTOR_TABLES[i] = t
    return TRACTOR_TABLES[i]


cdef void build_tables(int level, const SjTractorTable* tractors,
                       SjDealTables* t) noexcept nogil:
    """t.entry[card][0]: the lanes a card adds to its hand; t.total: the whole deck's;
    t.tractors: a copy of the tractor table of the level and the rules' options (a copy
    beside the entries: measured 4 % faster in aggregate mode than reading the cached one)."""
    cdef int card, kind, suit, rank
    cdef uint64_t lanes
    sj_deal_tables_init(t)
    t.level = level
    memcpy(&t.tractors, tractors, sizeof(SjTractorTable))
    t.total = 0
    for card in range(N_CARDS):
        kind = kind_of(card)
        if kind == SMALL_JOKER:
            lanes = (<uint64_t> 1) << (8 * LANE_SMALL)
        elif kind == BIG_JOKER:
            lanes = (<uint64_t> 1) << (8 * LANE_BIG)
        else:
            suit = kind // N_RANKS
            rank = kind % N_RANKS
            if rank == level:
                lanes = (<uint64_t> 1) << (8 * LANE_LEVEL)
            else:
                lanes = (<uint64_t> 1) << (8 * suit)
            lanes |= (<uint64_t> kind_points(kind)) << (8 * LANE_POINTS)
        t.entry[card][0] = lanes
        t.total += lanes


# Aggregate mode counts joint histograms (sj_deal_count; deal_kernel.h gives the layout)
# and expands them into the 17 marginals at the end of each call.
cdef enum:
    SH_AT = SJ_JOINT_SH
    CD_AT = SJ_JOINT_CD
    POINTS_AT = SJ_JOINT_POINTS
    LOW_AT = SJ_JOINT_LOW
    LOW_CELLS = SJ_JOINT_LOW_CELLS
    PAIRS_AT = SJ_JOINT_PAIRS
    PAIRS_CELLS = SJ_JOINT_PAIRS_CELLS
    TRACTORS_AT = SJ_JOINT_TRACTORS
    TRACTORS_CELLS = SJ_JOINT_TRACTORS_CELLS
    TRACTOR_VALUES = SJ_TRACTOR_VALUES
    JOINT_SIZE = SJ_JOINT_SIZE


def _expand_joint(joint, hist):
    """Add the joint counts (N_SEATS, JOINT_SIZE) of sj_deal_count into hist (17, 4, 256)."""
    for s in range(N_SEATS):
        js = joint[s]
        for at, x, y in ((SH_AT, 0, 1), (CD_AT, 2, 3)):
            suits = js[at:at + 26 * 26].reshape(26, 26)              # [suit y, suit x]
            hist[x, s, :26] += suits.sum(axis=0)
            hist[y, s, :26] += suits.sum(axis=1)
        hist[5, s] += js[POINTS_AT:POINTS_AT + MAX_VALUE]
        low = js[LOW_AT:LOW_AT + LOW_CELLS].reshape(5, 3, 3, 9)   # [lp, big, small, level]
        hist[6, s, :9] += low.sum(axis=(0, 1, 2))
        hist[7, s, :3] += low.sum(axis=(0, 1, 3))
        hist[8, s, :3] += low.sum(axis=(0, 2, 3))
        hist[10, s, :5] += low.sum(axis=(1, 2, 3))
        by_sum = low.sum(axis=0)                                   # [big, small, level]
        total = (np.arange(3)[:, None, None] + np.arange(3)[None, :, None]
                 + np.arange(9)[None, None, :])
        np.add.at(hist[4, s], total.ravel(), by_sum.ravel())
        pl = js[PAIRS_AT:PAIRS_AT + PAIRS_CELLS].reshape(TRACTOR_VALUES, 26, 13)
        hist[9, s, :13] += pl.sum(axis=(0, 1))                    # [nt, longest, pairs]
        hist[11, s, :26] += pl.sum(axis=(0, 2))
        hist[FIRST_TRACTORS + 4, s, :TRACTOR_VALUES] += pl.sum(axis=(1, 2))
        v = TRACTOR_VALUES
        tr = js[TRACTORS_AT:TRACTORS_AT + TRACTORS_CELLS].reshape(v, v, v, v)  # [d, c, h, s]
        for x, axes in enumerate(((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3))):
            hist[FIRST_TRACTORS + x, s, :v] += tr.sum(axis=axes)


def check_outputs(Py_ssize_t n, int level, features, kitty_points, cards, hist, kitty_hist,
                  order_state):
    """Refuse outputs of ``deal_chunk``'s shapes that do not fit ``n`` deals at ``level``
    (one clear ValueError); cond.pyx's conditional chunk checks its outputs by it too."""
    if not 0 <= level < N_RANKS:
        raise ValueError(f"level rank index {level} out of range 0..12")
    if n < 0:
        raise ValueError("n must be >= 0")
    if features is not None and (features.shape[0] != N_FEATURES or features.shape[1] < 4 * n):
        raise ValueError(f"features must have shape ({N_FEATURES}, >= 4n)")
    if kitty_points is not None and kitty_points.shape[0] < n:
        raise ValueError("kitty_points must hold n values")
    if cards is not None and (cards.shape[0] < n or cards.shape[1] != N_CARDS):
        raise ValueError("cards must have shape (>= n, 108)")
    if cards is not None and order_state is None:
        raise ValueError("cards needs order_state (4 words)")
    if (hist is None) != (kitty_hist is None):
        raise ValueError("hist and kitty_hist go together")
    if hist is not None and (hist.shape[0] != N_FEATURES or hist.shape[1] != N_SEATS
                             or hist.shape[2] != MAX_VALUE or kitty_hist.shape[0] != MAX_VALUE):
        raise ValueError(f"hist must have shape ({N_FEATURES}, 4, 256) and kitty_hist (256,)")


def deal_chunk(state, Py_ssize_t n, int level,
               cnp.uint8_t[:, ::1] features=None, cnp.uint8_t[::1] kitty_points=None,
               cnp.uint8_t[:, ::1] cards=None,
               cnp.int64_t[:, :, ::1] hist=None, cnp.int64_t[::1] kitty_hist=None,
               order_state=None, bint tractor_gap=True, bint trump_chain=True):
    """Deal ``n`` hands at level rank ``level`` (0..12) from generator ``state`` (advanced
    in place).  Every deal starts from a fresh deck, so the deals are a function of the
    state alone; ``tractor_gap`` and ``trump_chain`` (the rules' options, docs/rules.md §3)
    shape only the tractor features.  Outputs (each optional, preallocated):

    * ``features`` (N_FEATURES, 4n): row ``4*d + seat`` of deal d, FEATURE_NAMES order;
    * ``kitty_points`` (n,);
    * ``cards`` (n, 108): the deals in dealing order (seat 0 draws first);
    * ``hist`` (N_FEATURES, 4, 256) and ``kitty_hist`` (256,): histograms, incremented.

    With ``cards``, the order of the last seat's hand is drawn from the separate stream
    ``order_state``, so storing the raw deals never changes which deals are dealt.
    Conditional deals, the same outputs: cond.pyx ``cond_deal_chunk``.
    """
    check_outputs(n, level, features, kitty_points, cards, hist, kitty_hist, order_state)
    cdef Rng rng
    cdef Rng rng_order
    cdef SjDealTables tables
    cdef uint8_t deck[SJ_DEAL_DECK_BYTES]
    cdef uint8_t ids[N_CARDS]
    cdef uint8_t last_hand[HAND_SIZE]
    cdef int kitty
    cdef Py_ssize_t i
    cdef int k
    cdef bint want_rows = features is not None
    cdef bint want_kitty = kitty_points is not None
    cdef bint want_cards = cards is not None
    cdef bint want_hist = hist is not None
    cdef uint8_t* frow = &features[0, 0] if want_rows else NULL
    cdef Py_ssize_t fstride = features.shape[1] if want_rows else 0
    cdef cnp.int64_t[:, ::1] joint = (np.zeros((N_SEATS, JOINT_SIZE), np.int64) if want_hist
                                      else None)
    cdef int64_t* jt = &joint[0, 0] if want_hist else NULL
    cdef int64_t* kh = &kitty_hist[0] if want_hist else NULL
    cdef uint64_t lanes[N_SEATS + 1]
    cdef int pairs[N_SEATS]
    cdef int level_pairs[N_SEATS]
    cdef uint64_t tractors[N_SEATS]

    rng_load(&rng, state)
    if want_cards:
        rng_load(&rng_order, order_state, "order_state")
    build_tables(level, tractor_table(level, tractor_gap, trump_chain), &tables)
    with nogil:
        for i in range(n):
            if want_cards:
                sj_deal_store(&rng, &tables, deck, lanes, pairs, level_pairs, tractors)
            else:
                sj_deal_features(&rng, &tables, deck, lanes, pairs, level_pairs, tractors)
            kitty = <int> (lanes[N_SEATS] >> (8 * LANE_POINTS))
            if want_hist:
                sj_deal_count(lanes, pairs, level_pairs, tractors, jt)
                kh[kitty] += 1
            if want_rows:
                sj_deal_rows(lanes, pairs, level_pairs, tractors, frow + N_SEATS * i, fstride)
            if want_kitty:
                kitty_points[i] = <uint8_t> kitty
            if want_cards:
                for k in range(N_CARDS):   # labels 2*card -> card ids (not kinds)
                    ids[k] = deck[k] >> 1
                order_last_hand(&rng_order, ids, last_hand)
                to_dealing_order(ids, last_hand, &cards[i, 0])
    rng_store(&rng, state)
    if want_cards:
        rng_store(&rng_order, order_state)
    if want_hist:
        _expand_joint(np.asarray(joint), np.asarray(hist))


def row_sums(cnp.uint8_t[:, ::1] rows not None, Py_ssize_t m):
    """The sum of the first ``m`` values of each row of a uint8 array, as int64: the run
    summary's means.  A plain C loop over blocks of 2^16 bytes (whose sum fits a uint32,
    so the compiler can vectorise it) is several times faster than numpy's casting sum."""
    if not 0 <= m <= rows.shape[1]:
        raise ValueError("m must be in 0..rows.shape[1]")
    out = np.zeros(rows.shape[0], np.int64)
    cdef cnp.int64_t[::1] o = out
    cdef Py_ssize_t r, start, stop, i
    cdef uint32_t block
    cdef const uint8_t* p
    with nogil:
        for r in range(rows.shape[0]):
            p = &rows[r, 0]
            start = 0
            while start < m:
                stop = start + 65536 if start + 65536 < m else m
                block = 0
                for i in range(start, stop):
                    block += p[i]
                o[r] += block
                start = stop
    return out
