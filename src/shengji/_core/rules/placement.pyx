# cython: language_level=3
"""Exact placement of a lead's tractors in a holding's pairs (docs/rules-engine.md
"Placement", "Shape match", "Key"), as bin packing over the holding's runs.

Why bins.  A tractor occupies consecutive chain positions that each still hold a pair, so
it lies inside one maximal run of positions holding a pair, and inside a run of n positions
(one pair each) any tractors whose lengths sum to at most n fit side by side, in any order.
So a run is a bin of capacity n, and placing the lead's tractors is bin packing.  The one
exception is the parallel off-suit level position m: several pairs at one position, each
adjacent to both neighbours.  Two tractors can pass through m, one leaving it downwards and
one upwards (level 2, diamonds trump: KD-AD-2S and 2C-2D); a third cannot, because only
off-suit level cards share a chain position (cards.pyx), so m's neighbours hold one pair
each.  A run lo..hi through such an m (lo < m < hi) therefore reads either whole -- one bin
of hi - lo + 1 -- or split -- the bins [lo, m] and [m, hi] -- and nothing else.

The search places the items (tractor lengths) largest first, each into a bin with room,
the tightest bin first (best fit); bins with equal room left are interchangeable, so only
one of them is tried.  Its first path is the greedy placement (the shortest run that
fits, its top positions), so wherever that greedy succeeds the search returns without
backtracking; it only explores where the greedy would fail.  Sizes are tiny (at most
MAX_TRACTORS items, a handful of bins), so the worst case stays a few hundred steps.
"""
from libc.stdint cimport uint8_t, int8_t

from shengji._core.base.cards cimport MAX_CHAIN


cdef bint pack(int8_t* cap, int nb, const int8_t* items, int n) noexcept nogil:
    """Can tractors of lengths items[0..n-1] (non-increasing) be laid in bins with room
    cap[0..nb-1]?  cap is left as it was."""
    cdef int i, c, best, k
    cdef unsigned int tried = 0        # rooms already tried for items[0] (room < 32)
    if n == 0:
        return True
    k = items[0]
    while True:
        # The tightest untried room that fits (ties: the later, higher bin, as the greedy).
        best = -1
        for i in range(nb):
            c = cap[i]
            if c >= k and not (tried >> c) & 1 and (best < 0 or c <= cap[best]):
                best = i
        if best < 0:
            return False
        c = cap[best]
        tried |= 1u << c
        cap[best] = c - k
        if pack(cap, nb, items + 1, n - 1):
            cap[best] = c
            return True
        cap[best] = c


cdef inline void read_split(Bins* b, bint split) noexcept nogil:
    """Switch the run through the split point between its whole and its split reading
    (the split reading uses slot b.n for the right half)."""
    if split:
        b.cap[b.split] = b.left_cap
        b.top[b.split] = b.left_top
        b.cap[b.n] = b.right_cap
        b.top[b.n] = b.right_top
    else:
        b.cap[b.split] = b.joined_cap
        b.top[b.split] = b.joined_top


cdef void make_bins(const uint8_t* pc, Bins* b) noexcept nogil:
    """The runs of >= 2 positions of pair counts pc (pc[MAX_CHAIN - 1] == 0), lowest
    first, and the split point, if any."""
    cdef int p, lo = -1, m = -1
    b.n = 0
    b.split = -1
    for p in range(MAX_CHAIN - 1):
        if pc[p] == 0:
            continue
        if lo < 0:
            lo = p
            m = -1
        elif pc[p] > 1 and pc[p + 1] > 0:
            m = p              # parallel pairs with a neighbour pair on each side
        if pc[p + 1] == 0:
            if p > lo:
                if m >= 0 and b.split < 0:
                    b.split = b.n
                    b.joined_cap = p - lo + 1
                    b.joined_top = p
                    b.left_cap = m - lo + 1
                    b.left_top = m
                    b.right_cap = p - m + 1
                    b.right_top = p
                b.cap[b.n] = p - lo + 1
                b.top[b.n] = p
                b.n += 1
            lo = -1


cdef bint fits(Bins* b, const int8_t* items, int n_items) noexcept nogil:
    """Can every one of the tractors items[0..n_items-1] (non-increasing) be laid at once?"""
    cdef int i, need = 0, room = 0
    cdef bint ok
    for i in range(n_items):
        need += items[i]
    for i in range(b.n):
        room += b.cap[i]
    if need > room + (b.split >= 0):     # the split reading has one position more
        return False
    if pack(b.cap, b.n, items, n_items):
        return True
    if b.split < 0:
        return False
    read_split(b, True)
    ok = pack(b.cap, b.n + 1, items, n_items)
    read_split(b, False)
    return ok


cdef int best_fit(Bins* b, const int8_t* items, int n_items) noexcept nogil:
    """The lexicographically largest set of the tractors items[0..n_items-1] (largest
    first) that can be laid at once: item 0 if it fits at all, then item 1 if it fits
    together with what was taken, and so on.  Returned as a mask, bit n_items - 1 - i for
    item i, so that comparing masks compares the sets lexicographically."""
    cdef int8_t chosen[MAX_TRACTORS]
    cdef int i, m = 0, mask = 0
    cdef bint refused = False
    for i in range(n_items):
        if refused and items[i] == items[i - 1]:
            continue           # the same set as the one just refused: refused too
        chosen[m] = items[i]
        if fits(b, chosen, m + 1):
            m += 1
            mask |= 1 << (n_items - 1 - i)
            refused = False
        else:
            refused = True
    return mask


cdef int best_first_top(Bins* b, const int8_t* items, int n_items) noexcept nogil:
    """The highest chain position the top of tractor items[0] can take in a placement of
    every one of items[0..n_items-1]; -1 if they cannot all be laid.  Inside a bin the
    tractors can be laid in any order, so items[0] goes to the top of its bin."""
    cdef int i, r, nb, best = -1, k = items[0]
    for r in range(2 if b.split >= 0 else 1):
        if r:
            read_split(b, True)
        nb = b.n + r
        for i in range(nb):
            if b.cap[i] >= k and b.top[i] > best:
                b.cap[i] -= k
                if pack(b.cap, nb, items + 1, n_items - 1):
                    best = b.top[i]
                b.cap[i] += k
    if b.split >= 0:
        read_split(b, False)
    return best
