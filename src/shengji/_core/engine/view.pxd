# The information-set view: what one seat may know, the only thing a bot decides from
# (bot.pxd).  Pxd only: the view is a few pointers into a HandC.
#
# A View reaches the public record (rules, trump, level, banker, every trick with who
# played what, the current trick and its leader, cards seen, voids shown, points per
# seat, penalties), the seat's own cards and, for the banker (who took the kitty at
# setup), the kitty and the buried cards; the buried cards become public when the hand is
# over.  It has no path to another seat's cards: hidden cards stay hidden by construction,
# so a search bot has to sample them (unseen = all - own - seen - buried-if-known).
from libc.stdint cimport uint8_t, uint64_t
from shengji._core.base.cards cimport N_SEATS, team
from shengji._core.engine.hand cimport HandC, Holding, Public, ThrowCache, PHASE_OVER


ctypedef struct View:
    int seat
    const Public* pub
    const Holding* own
    # the memo of own's top-k throws (moves.pyx): not knowledge, a cache of `own`, so writable
    # through a const view
    ThrowCache* throws
    const uint8_t* kitty     # per-kind counts: the banker only, else NULL
    # per-kind counts: the seat that buried them (the banker, or a re-burying overturner), or anyone
    # once over; else NULL
    const uint8_t* buried


# A view's pointers hold while h lives (the drivers make the four once per hand); only the
# reveal of the buried cards at the end needs a fresh one.
cdef inline void make_view(HandC* h, int seat, View* v) noexcept nogil:
    v.seat = seat
    v.pub = &h.pub
    v.own = &h.seat[seat]
    v.throws = &h.cache[seat]
    v.kitty = h.kitty if seat == h.pub.banker else NULL
    v.buried = h.buried if seat == h.pub.burier or h.pub.phase == PHASE_OVER else NULL


cdef inline int unseen(const View* v, int k) noexcept nogil:
    """Copies of kind k this seat cannot place: not its own, not played, not buried by it
    (2 copies of each kind in the two decks)."""
    cdef int u = 2 - v.own.count[k] - v.pub.seen[k]
    if v.buried != NULL:
        u -= v.buried[k]
    return u


cdef inline bint opponent_void(const View* v, int s) noexcept nogil:
    """Has an opponent of this seat shown out of following-suit s?"""
    cdef int o
    for o in range(N_SEATS):
        if team(o) != team(v.seat) and (v.pub.void_suits[o] >> s) & 1:
            return True
    return False
