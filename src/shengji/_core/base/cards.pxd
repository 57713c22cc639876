# Card encoding and per-trump order tables: the one place the C core defines them.
#
# kind = suit * 13 + rank (suit 0..3 = S H C D, rank 0..12 = 2..A), 52 = small joker,
# 53 = big joker; physical card = kind * 2 + copy.
from libc.stdint cimport uint8_t, int8_t, uint64_t

# The sizes are `cpdef`: shengji._core.base.cards exports them to Python and shengji.names
# re-exports them, so the Python layer never writes them again.
cpdef enum:
    N_SUITS = 4
    N_RANKS = 13
    N_KINDS = 54
    N_COPIES = 2
    N_CARDS = 108
    N_SEATS = 4
    HAND_SIZE = 25
    KITTY_SIZE = 8
    N_DEALT = 100          # cards dealt to the seats; the rest form the kitty
    SMALL_JOKER = 52
    BIG_JOKER = 53
    TRUMP = 4              # following-suit id shared by every trump
    NO_TRUMP = 4           # TrumpTable.suit value meaning no-trump
    TOTAL_POINTS = 200

ctypedef struct TrumpTable:
    int8_t level             # level rank 0..12
    int8_t suit              # trump suit 0..3, or NO_TRUMP
    uint8_t follow[N_KINDS]  # following-suit: 0..3 side suits, TRUMP for trumps
    uint8_t order[N_KINDS]   # strength inside the following-suit; equal values tie
    uint8_t chain[N_KINDS]   # tractor position: pairs whose chain differs by 1 are adjacent
    uint8_t points[N_KINDS]

cdef enum:
    # Chain positions (TrumpTable.chain) stay below 27 (no-trump BJ without trump_chain:
    # 20 + 3 * 2); one spare slot past the end keeps every run scan terminated by an empty
    # position.
    MAX_CHAIN = 32

cdef void build_trump_table(TrumpTable* t, int level, int suit,
                            bint tractor_gap, bint trump_chain) noexcept nogil

# A copy of one per-kind row (54 counts or table entries) as a new uint8 numpy array: the one
# way the core hands such a row to Python (a `<uint8_t[:n]>` cast of a pointer does not
# compile in a unit with no other typed memoryview once Cython's utility code is shared).
cdef object kind_array(const uint8_t* row)


cdef inline int kind_of(int card) noexcept nogil:
    """A physical card's kind (card = kind * N_COPIES + copy; N_COPIES = 2)."""
    return card >> 1


cdef inline int team(int seat) noexcept nogil:
    """A seat's team: 0 (seats 0 and 2) or 1 (seats 1 and 3)."""
    return seat & 1


cdef inline int kind_points(int kind) noexcept nogil:
    cdef int rank
    if kind >= SMALL_JOKER:
        return 0
    rank = kind % N_RANKS
    if rank == 3:
        return 5
    if rank == 8 or rank == 11:
        return 10
    return 0
