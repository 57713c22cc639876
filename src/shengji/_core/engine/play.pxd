# Plays as kind masks: the hand engine's one representation of a set of cards held or
# played, and its inline helpers (pxd only, no module).
#
# A play (or a holding) is two 64-bit kind masks: `one`, the kinds present at least once,
# and `two`, the kinds present twice (a subset of `one`); the two decks hold two copies of
# each kind, so that is the whole multiset.  "The hand's cards of the led suit" or "is this
# play in the hand" are then a few bit operations.  The rules kernels (combos.pxd) read
# per-kind count arrays uint8[N_KINDS]; play_counts / counts_play convert.
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memset
from shengji._core.base.bits cimport sj_popcount64, sj_ctz64
from shengji._core.base.cards cimport N_KINDS, TrumpTable

ctypedef struct Play:
    uint64_t one             # kinds played at least once
    uint64_t two             # kinds played twice (a subset of one)


cdef inline uint64_t bit(int k) noexcept nogil:
    return (<uint64_t> 1) << k


cdef inline int popcount(uint64_t x) noexcept nogil:
    return sj_popcount64(x)


cdef inline int ctz(uint64_t x) noexcept nogil:
    return sj_ctz64(x)


cdef inline uint64_t lowest_bit(uint64_t m) noexcept nogil:
    return m & (~m + 1)


cdef inline bint same_play(const Play* a, const Play* b) noexcept nogil:
    return a.one == b.one and a.two == b.two


cdef inline int play_size(const Play* p) noexcept nogil:
    return popcount(p.one) + popcount(p.two)


cdef inline int mask_size(uint64_t one, uint64_t two, uint64_t within) noexcept nogil:
    """Cards of (one, two) among the kinds of mask `within`."""
    return popcount(one & within) + popcount(two & within)


cdef inline bint play_within(const Play* p, uint64_t one, uint64_t two) noexcept nogil:
    """Is p a multiset of the holding (one, two)?"""
    return (p.one & ~one) == 0 and (p.two & ~two) == 0 and (p.two & ~p.one) == 0


cdef inline void play_counts(const Play* p, uint8_t* c) noexcept nogil:
    cdef uint64_t m = p.one
    memset(c, 0, N_KINDS)
    while m:
        c[ctz(m)] = 1
        m &= m - 1
    m = p.two
    while m:
        c[ctz(m)] = 2
        m &= m - 1


cdef inline void masked_counts(const uint8_t* count, uint64_t m, uint8_t* out) noexcept nogil:
    """out = count restricted to the kinds of mask m (0 elsewhere)."""
    memset(out, 0, N_KINDS)
    while m:
        out[ctz(m)] = count[ctz(m)]
        m &= m - 1


cdef inline void counts_play(const uint8_t* c, Play* p) noexcept nogil:
    cdef int k
    p.one = 0
    p.two = 0
    for k in range(N_KINDS):
        if c[k]:
            p.one |= bit(k)
            if c[k] > 1:
                p.two |= bit(k)


cdef inline int mask_points(uint64_t m, const TrumpTable* t) noexcept nogil:
    cdef int pts = 0
    while m:
        pts += t.points[ctz(m)]
        m &= m - 1
    return pts


cdef inline int play_points(const Play* p, const TrumpTable* t) noexcept nogil:
    return mask_points(p.one, t) + mask_points(p.two, t)


cdef inline void add_card(Play* p, int k) noexcept nogil:
    """One more copy of kind k (the caller never adds a third)."""
    if p.one & bit(k):
        p.two |= bit(k)
    p.one |= bit(k)
