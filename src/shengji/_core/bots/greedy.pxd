# The greedy bot (bot.pxd's interface): a club player's rules of thumb, from its view
# only -- its own cards and the public record (cards played, voids shown, the trick).
from libc.stdint cimport uint8_t, uint64_t
from shengji._core.base.cards cimport TRUMP
from shengji._core.engine.hand cimport Public
from shengji._core.engine.play cimport Play
from shengji._core.base.rng cimport Rng
from shengji._core.engine.view cimport View

cdef enum:
    TRUMP_VALUE = 20           # a trump is worth more than any side card (orders 0..12)
    POINT_VALUE = 3            # a point card's extra keep-value per point
    PAIR_VALUE = 8             # breaking a pair costs this much per card

cdef int greedy_bury(const View* v, Rng* rng, Play* out) noexcept nogil
cdef int greedy_play(const View* v, Rng* rng, Play* out) noexcept nogil

# The rules of thumb other bots build on (bots/memory.pyx):
# could cards this seat cannot see form a higher single / pair of the suit?
cdef bint beaten_by_unseen(const View* v, int suit, int shape, int order) noexcept nogil
# The components of own suit s that no unseen cards can beat in their shape: their union
# in *sure, the largest of them (the first at its size) in *largest and *largest_n; returns
# how many cards the union holds.
cdef int sure_components(const View* v, int s, Play* sure, Play* largest,
                         int* largest_n) noexcept nogil
# A low lead: the cheapest card of the shortest side suit (making voids), first a suit the
# partner has shown out of and no opponent has (when partner_void_first); else the cheapest.
cdef void lead_short(const View* v, bint partner_void_first, Play* out) noexcept nogil
# what a play gives up: card values, plus breaking pairs
cdef int play_cost(const View* v, const Play* p) noexcept nogil
# the cheapest single of mask m (singletons before breaking a pair), -1 if none
cdef int lowest_card(const View* v, uint64_t m) noexcept nogil
# follows of a seat short of the led suit: cheapest fill, most points, a cheap trump pair
cdef int fill_candidates(const View* v, Play* buf) noexcept nogil
# the follows a bot ranks (into buf, MAX_PLAYS of moves.pxd at most): every legal follow, or
# fill_candidates when short of the led suit
cdef int follow_candidates(const View* v, Play* buf) noexcept nogil
# greedy's bury with its points weight as a parameter (keep-value per point)
cdef int bury_lowest(const View* v, int point_weight, Play* out) noexcept nogil
# the same, every card of following-suit void_suit buried first (-1: none): pimc's
# candidate buries that void a short side suit
cdef int bury_lowest_voiding(const View* v, int point_weight, int void_suit,
                             Play* out) noexcept nogil

# A decision's memo, in this thread: between decision_memo_begin(v) and
# decision_memo_end(what it returned), follow_candidates and trick_now of the view v (the
# same pointer; its content must not change meanwhile) are computed once and then copied.
# begin returns whether it opened the memo (False: one is open for v already, and stands);
# a begin for another view replaces it, so nested decisions stay exact.
cdef bint decision_memo_begin(const View* v) noexcept nogil
cdef void decision_memo_end(bint opened) noexcept nogil

# The current trick as a follower sees it: the seat winning it so far, and the winning
# play's following-suit (the led suit, or TRUMP for a ruff) and key (combos.lead_key).
ctypedef struct TrickNow:
    int seat
    int suit
    int key

cdef void trick_now(const View* v, TrickNow* t) noexcept nogil
# Would follow p win the trick as it stands?  Also its suit and key, as trick_now's.
cdef bint follow_wins(const View* v, const TrickNow* t, const Play* p, int* csuit,
                      int* key) noexcept nogil
# play_cost of each of the n follows of buf, the list follow_candidates gave for v, into
# cost; and follow_wins of each (under t, the decision's trick_now) into wins, csuit and
# key: within a decision's memo found once, else as they are.
cdef void follow_costs(const View* v, const Play* buf, int n, int* cost) noexcept nogil
cdef void follow_wins_all(const View* v, const TrickNow* t, const Play* buf, int n,
                          uint8_t* wins, int* csuit, int* key) noexcept nogil


cdef inline int card_value(const Public* pub, int k) noexcept nogil:
    """A card's keep-value: its order, more for a trump, more for points."""
    cdef int val = pub.t.order[k] + (TRUMP_VALUE if pub.t.follow[k] == TRUMP else 0)
    return val + POINT_VALUE * pub.t.points[k]
