# cython: language_level=3
"""Per-trump order tables (docs/rules.md §2–3), built once per (level, trump) and then only
looked up: every later kernel compares ``order`` and tests ``chain`` adjacency instead of
special-casing jokers and level cards."""
from libc.string cimport memcpy

import numpy as np


cdef void build_trump_table(TrumpTable* t, int level, int suit,
                            bint tractor_gap, bint trump_chain) noexcept nogil:
    cdef int kind, s, r, top, step
    t.level = level
    t.suit = suit
    # Plain ranks (level rank removed).  With tractor_gap the level rank is skipped, so
    # the ranks either side of it are adjacent (playing 8: 99 77 is a tractor).
    for kind in range(N_KINDS):
        t.points[kind] = kind_points(kind)
        if kind >= SMALL_JOKER:
            continue
        s = kind // N_RANKS
        r = kind % N_RANKS
        t.follow[kind] = TRUMP if s == suit else s
        t.order[kind] = r
        if tractor_gap and r > level:
            t.chain[kind] = r - 1
        else:
            t.chain[kind] = r
    # Top chain position of a plain trump-suit card (A, or K when the level is A).
    top = 12 if level != 12 else 11
    if tractor_gap:
        top = 11
    # trump_chain links: plain A - off-suit level - trump-suit level - SJ - BJ.  Without
    # it, the links are spaced two apart so that none of them is adjacent.
    step = 1 if trump_chain else 2
    if suit == NO_TRUMP:
        top = 20   # nothing plain is trump; keep level cards apart from everything
    for s in range(N_SUITS):
        kind = s * N_RANKS + level
        t.follow[kind] = TRUMP
        if s == suit:
            t.order[kind] = 14
            t.chain[kind] = top + 2 * step
        else:
            t.order[kind] = 13
            t.chain[kind] = top + step
    t.follow[SMALL_JOKER] = TRUMP
    t.follow[BIG_JOKER] = TRUMP
    t.order[SMALL_JOKER] = 15
    t.order[BIG_JOKER] = 16
    if suit == NO_TRUMP:
        # No-trump: level cards (all equal) - SJ - BJ.
        t.chain[SMALL_JOKER] = top + 2 * step
        t.chain[BIG_JOKER] = top + 3 * step
    else:
        t.chain[SMALL_JOKER] = top + 3 * step
        t.chain[BIG_JOKER] = top + 4 * step


def trump_table(int level, int suit, bint tractor_gap=True, bint trump_chain=True):
    """(follow, order, chain, points) per kind as uint8 arrays of length 54."""
    if not 0 <= level < N_RANKS:
        raise ValueError(f"level rank index {level} out of range 0..12")
    if not 0 <= suit <= NO_TRUMP:
        raise ValueError(f"suit index {suit} out of range 0..4 (4 = no-trump)")
    cdef TrumpTable t
    build_trump_table(&t, level, suit, tractor_gap, trump_chain)
    return kind_array(t.follow), kind_array(t.order), kind_array(t.chain), kind_array(t.points)


cdef object kind_array(const uint8_t* row):
    out = np.empty(N_KINDS, dtype=np.uint8)
    cdef uint8_t[::1] view = out
    memcpy(&view[0], row, N_KINDS)
    return out
