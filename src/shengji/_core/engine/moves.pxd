# Move generation: the candidate plays of the seat to play, from its view (view.pxd) --
# every legal follow; for a lead every single, pair and tractor and the top-k throws of
# each following-suit.  The set the random bot draws from (a step's candidate plays).
from libc.stdint cimport uint64_t

from shengji._core.engine.play cimport Play, mask_size
from shengji._core.engine.view cimport View

cdef enum:
    MAX_PLAYS = 512          # candidate plays a caller usually keeps (more are counted)
    TARGET_STOP_AT_CAP = -2  # gen_plays target: stop once cap plays are stored

# Candidate plays of the view's seat (it must be the seat to play): stores the first `cap`
# in out, the `target`-th (if >= 0) in *chosen; returns how many there are (all of them
# counted, unless target == TARGET_STOP_AT_CAP).  0 outside the play phase.
cdef int gen_plays(const View* v, Play* out, int cap, int target, Play* chosen) noexcept nogil

# A follower short of the led suit (holding no more of it than the lead has): the part
# every legal follow holds in *base (all of the suit; under short_suit_trumps with a side
# suit led and too few trumps for the rest, every trump too) and the cards the rest is
# chosen from in *pool (any other card; under short_suit_trumps only trumps when there
# are enough).  Returns the number of cards of the rest.  The bots' fills use it too.
cdef int fill_parts(const View* v, Play* base, Play* pool) noexcept nogil

# Tractor leads (every suit): how many; the r-th of them into *out.
cdef int count_tractors(const View* v) noexcept nogil
cdef void nth_tractor(const View* v, int r, Play* out) noexcept nogil

# Top-k throws of following-suit s: their number computed without building them, and the
# memo v.throws rebuilt for that suit.
cdef int count_throws(const View* v, int s) noexcept nogil
cdef void refresh_throws(const View* v, int s) noexcept nogil


cdef inline int n_throws(const View* v, int s) noexcept nogil:
    """How many top-k throws of suit s (the memo when fresh, else counted)."""
    if (v.throws.stale >> s) & 1:
        return count_throws(v, s)
    return v.throws.n[s]


cdef inline const Play* throws_of(const View* v, int s) noexcept nogil:
    """The top-k throws of suit s (v.throws.n[s] of them), refreshing the memo if stale."""
    if (v.throws.stale >> s) & 1:
        refresh_throws(v, s)
    return v.throws.throws[s]


cdef inline bint forced_play(const View* v, Play* out) noexcept nogil:
    """Whether the seat to play (in the play phase) has one legal play only, found from its
    counts alone, and that play into out: a follower holding exactly as many cards of the
    led following-suit as were led plays all of them (docs/rules.md §4), and a seat holding
    no more cards than it must play (a lead: one) plays every card it has.  Other single
    legal plays (a shape that leaves one choice) are not found here: gen_plays counts them."""
    cdef uint64_t within = ~(<uint64_t> 0)
    cdef int need = 1                            # a lead: forced only with one card left
    if v.pub.n_in_trick > 0:
        need = v.pub.lead.n_cards
        if mask_size(v.own.one, v.own.two, v.pub.suit_mask[v.pub.lead.suit]) == need:
            within = v.pub.suit_mask[v.pub.lead.suit]
    if mask_size(v.own.one, v.own.two, within) != need:
        return False
    out.one = v.own.one & within
    out.two = v.own.two & within
    return True
