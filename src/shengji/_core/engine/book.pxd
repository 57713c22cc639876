# The physical cards of a hand: where each card id (0..107) is and which ids every play
# put on the table -- the bookkeeping HandCore keeps beside the state machine (which works
# in kinds: the rules never tell the two copies of a card apart), so that the Python API
# speaks card ids.  Pxd only: plain structs and inline helpers.
#
# A Book is split like the hand (hand.pxd): `loc` says who holds each id, which is the
# seat's own business; `plays`, `attempt` and `penalty` are the public record in ids; the
# kitty ids are the banker's.  infoset.pyx redacts a copy of it for one seat.
from libc.stdint cimport uint8_t, int16_t, uint64_t
from libc.string cimport memset
from shengji._core.base.bits cimport sj_popcount64, sj_ctz64
from shengji._core.base.cards cimport N_CARDS, N_COPIES, N_DEALT, N_SEATS, kind_of
from shengji._core.engine.hand cimport N_TRICKS
from shengji._core.engine.play cimport Play, add_card

cdef enum:
    ID_WORDS = 2             # 108 card ids in two 64-bit words
    LOC_PLAYED = N_SEATS     # loc[id]: 0..3 a seat holds it, else one of these
    LOC_BURIED = N_SEATS + 1
    LOC_UNKNOWN = N_SEATS + 2   # a seat's redacted book: somewhere it cannot see

ctypedef struct IdSet:
    # A set of card ids: bit (id % 64) of w[id / 64].
    uint64_t w[ID_WORDS]

ctypedef struct Book:
    uint8_t loc[N_CARDS]                 # where each id is: a seat, LOC_PLAYED, LOC_BURIED
    IdSet plays[N_TRICKS][N_SEATS]       # plays[i][j]: the ids of trick i's j-th play
    IdSet attempt[N_TRICKS]              # a failed throw's cards shown (else empty)
    int16_t penalty[N_TRICKS]            # the signed change of D its lead booked
    IdSet kitty                          # the 8 ids dealt to the kitty (the banker's)
    # the decision under way: the bury cards chosen so far, or the cards of a lead/follow chosen one
    # by one (the step encoding, actions.pxd)
    IdSet chosen
    int n_chosen


cdef inline void ids_clear(IdSet* s) noexcept nogil:
    s.w[0] = 0
    s.w[1] = 0


cdef inline bint ids_has(const IdSet* s, int c) noexcept nogil:
    return (s.w[c >> 6] >> (c & 63)) & 1


cdef inline void ids_add(IdSet* s, int c) noexcept nogil:
    s.w[c >> 6] |= (<uint64_t> 1) << (c & 63)


cdef inline int ids_size(const IdSet* s) noexcept nogil:
    return sj_popcount64(s.w[0]) + sj_popcount64(s.w[1])


cdef inline int ids_next(const IdSet* s, int c) noexcept nogil:
    """The smallest id >= c in s, or N_CARDS."""
    cdef uint64_t m
    cdef int w = c >> 6
    if c >= N_CARDS:
        return N_CARDS
    m = s.w[w] & (~(<uint64_t> 0) << (c & 63))
    while True:
        if m:
            return (w << 6) + sj_ctz64(m)
        w += 1
        if w == ID_WORDS:
            return N_CARDS
        m = s.w[w]


cdef inline void ids_play(const IdSet* s, Play* p) noexcept nogil:
    """The kinds of a set of ids, as a play."""
    cdef int c = ids_next(s, 0)
    p.one = 0
    p.two = 0
    while c < N_CARDS:
        add_card(p, kind_of(c))
        c = ids_next(s, c + 1)


cdef inline void book_setup(Book* b, const uint8_t* deck, int banker) noexcept nogil:
    """deck: the 108 ids in dealing order (hand.pxd hand_setup); the banker took the kitty."""
    cdef int i
    memset(b, 0, sizeof(Book))
    for i in range(N_CARDS):
        if i < N_DEALT:
            b.loc[deck[i]] = i % N_SEATS
        else:
            b.loc[deck[i]] = banker
            ids_add(&b.kitty, deck[i])


cdef inline int held_copy(const Book* b, int seat, int kind, const IdSet* skip) noexcept nogil:
    """The lowest id of `kind` that `seat` holds and that is not in skip, or -1."""
    cdef int c
    for c in range(kind * N_COPIES, kind * N_COPIES + N_COPIES):
        if b.loc[c] == seat and (skip == NULL or not ids_has(skip, c)):
            return c
    return -1


cdef inline int play_ids(const Book* b, int seat, const Play* p, const IdSet* prefer,
                         IdSet* out) noexcept nogil:
    """The ids of seat's cards making up play p (kinds): the ids in `prefer` (may be NULL)
    first, then the lowest.  0, or -1 when the seat does not hold p."""
    cdef uint64_t m = p.one
    cdef int k, c, need, got
    ids_clear(out)
    while m:
        k = sj_ctz64(m)
        m &= m - 1
        need = 2 if (p.two >> k) & 1 else 1
        got = 0
        if prefer != NULL:
            for c in range(k * N_COPIES, k * N_COPIES + N_COPIES):
                if got < need and b.loc[c] == seat and ids_has(prefer, c):
                    ids_add(out, c)
                    got += 1
        for c in range(k * N_COPIES, k * N_COPIES + N_COPIES):
            if got < need and b.loc[c] == seat and not ids_has(out, c):
                ids_add(out, c)
                got += 1
        if got < need:
            return -1
    return 0
