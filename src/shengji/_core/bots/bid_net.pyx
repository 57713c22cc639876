# cython: language_level=3
"""The net bot's bids: a seat's bid decision as bytes, the bid head's choice, and net's bids.

Under bid_policy "players" a seat is asked whenever the bidding kernel has a bid open to it
(bidding.pyx; docs/rules.md §7) and answers from its ``BidSeen`` (bidding.pxd) only.
``net_bid`` is the net bot's answer (the bot table's ``bids = "net"``): memory's judgement
(bots/bidder.pyx) with ``bids = "memory"``, the default; with ``bids = "learned"`` the bid
head of its network's weights file (its parameter ``weights``; include/nn_bids.h).  Then it
writes the decision as bytes (bid_layout.py) -- the state (its cards so far: its top
trumps, its suits' lengths longest first, its aces and kings; how far the deal is; the
standing bid and who made it; what the other seats showed; memory's judgement of its best
bid and of the standing trump) and each option (passing first, then the seat's bids
``s.pub.opts`` in the kernel's order), an option described by the bid it leaves standing:
passing keeps the standing one -- and takes the option the head scores highest (ties:
passing, then the earlier bid).  Every option is judged by the trump it makes, never by a
suit's name: its trumps in the seat's hand, the plain cards of its suit, the pairs, the
suit's aces and kings, memory's ``trump_score`` of it and of the standing trump, the
trumps the partner and the opponents showed.

The head judges later hands' bidding during the deal and after it, and memory's judgement
decides elsewhere (``bid_inputs`` returns -1): a match's first hand (the first declarer
banks there, and the hand's points, the head's values, count the bank as a loss: a head
trained on them refuses it, half the deals thrown in; what the bank is worth is the match's
levels, which its values do not see), the round of overturns after the bury (the seat's
own cards are not listed there, and the data never met it), face-down bids under
``secret_bids`` (the standing trump is hidden), and a seat with no bid open.  Nothing here
draws: a learned bid is a pure function of the ``BidSeen``."""
from cpython.pycapsule cimport PyCapsule_New
from libc.stdint cimport int64_t, uint8_t
from libc.string cimport memset

from shengji._core.base.cards cimport (
    N_DEALT, N_KINDS, N_RANKS, N_SEATS, N_SUITS, SMALL_JOKER, kind_of, team,
)
from shengji._core.bidding.bidding cimport (
    BID_PASS, BidSeen, CL_BJ, CL_LEVEL, CL_SJ, N_CLASSES, ROUND_LATE, STR_NONE, TRUMP_NT,
    trumps_with,
)
from shengji._core.base.rng cimport Rng
from shengji._core.bots.bidder cimport memory_bid, trump_score
from shengji._core.bots.bid_offsets cimport *
from shengji._core.bots.net cimport SJ_BID_MAX_H, net_bid_head, sj_bid_scores
from shengji._core.bots.params cimport BotParams
from shengji._core.bots import bid_layout

# the layout (bid_layout.py: the one table of the pieces; bid_offsets.pxd its C offsets)
LAYOUT = bid_layout.LAYOUT
ACTION_LAYOUT = bid_layout.ACTION_LAYOUT
STATE_SIZE = BID_STATE_SIZE
ACTION_SIZE = BID_ACTION_SIZE
OPTIONS = BID_OPTIONS
MAX_HIDDEN = SJ_BID_MAX_H
CHOICES = bid_layout.CHOICES  # the `bids` parameter's choices, as packed (NET_BIDS_*)
LAYOUT_VERSION = bid_layout.LAYOUT_VERSION
LAYOUT_DIGEST = bid_layout.LAYOUT_DIGEST
# the sizes are the generated offsets' (LAYOUT_KEY below holds them to the table); these two
# are the C code's own
assert bid_layout.OPTIONS == BID_OPTIONS and CHOICES == ("memory", "learned")

cdef enum:
    NO_SUIT = -1              # an option that leaves no trump standing (nobody declared)

# the C offsets (bid_offsets.pxd) are the table's, written from it by tools/tables.py: a
# build from another layout refuses to import
assert LAYOUT_KEY == bid_layout.layout_key(), (
    "bid_offsets.pxd is not bid_layout.py's: run python tools/tables.py, then rebuild")


cdef inline void therm(uint8_t* x, int count, int width) noexcept nogil:
    """A count as a thermometer: x[i] = 1 for i < min(count, width)."""
    cdef int i
    for i in range(count if count < width else width):
        x[i] = 1


cdef inline int relative(int seat, int other) noexcept nogil:
    """other relative to seat: 0 none (other < 0), 1 itself, 2 its partner, 3 an opponent."""
    if other < 0:
        return 0
    if other == seat:
        return 1
    return 2 if team(other) == team(seat) else 3


cdef inline bint trump_kind(int kind, int level, int suit) noexcept nogil:
    return kind >= SMALL_JOKER or kind % N_RANKS == level or (
        0 <= suit < N_SUITS and kind // N_RANKS == suit)


cdef inline int score_steps(double score) noexcept nogil:
    """memory's trump_score (0 = a fair share of trumps) in tenths above -1, 0 .. 30."""
    cdef double v = (score + 1.0) * 10.0
    if v <= 0.0:
        return 0
    return 30 if v >= 30.0 else <int> v


cdef int shown_trumps(const BidSeen* s, int who, int suit) noexcept nogil:
    """The trumps (with trump suit `suit`; NO_SUIT: the jokers and level cards) that the
    seats `who` (2: the partner, 3: the opponents) showed by their bids."""
    cdef int q, k, n = 0
    for q in range(N_SEATS):
        if q != s.seat and relative(s.seat, q) == who:
            for k in range(N_KINDS):
                if s.pub.shown[q][k] and trump_kind(k, s.pub.level, suit):
                    n += s.pub.shown[q][k]
    return n


cdef void write_option(const BidSeen* s, const uint8_t* counts, int suit, int strength,
                       int bidder, double standing, bint has_standing,
                       uint8_t* o) noexcept nogil:
    """The trump-dependent part of an option: the bid that stands after it (suit NO_SUIT:
    none), of strength `strength` by the seat `bidder` (relative: relative())."""
    cdef const uint8_t* h = s.pub.held[s.seat]
    cdef int k, pairs = 0
    cdef double sc, d
    o[O_STRENGTH + strength] = 1
    o[O_BIDDER + bidder] = 1
    if suit == NO_SUIT:
        o[O_TRUMP] = 1
        return
    if suit == TRUMP_NT:
        o[O_TRUMP + 1] = 1
    therm(o + O_TRUMPS, trumps_with(h, suit), 25)
    if suit < N_SUITS:
        therm(o + O_SUIT_CARDS, h[suit], 13)
    for k in range(N_KINDS):
        if counts[k] == 2 and trump_kind(k, s.pub.level, suit):
            pairs += 1
    therm(o + O_PAIRS, pairs, 6)
    sc = trump_score(s, suit)
    therm(o + O_SCORE, score_steps(sc), 30)
    if has_standing:
        d = (sc - standing) * 10.0
        therm(o + O_GAIN, <int> d if d > 0.0 else 0, 10)
        therm(o + O_LOSS, <int> -d if d < 0.0 else 0, 10)
    therm(o + O_SHOWN_PARTNER, shown_trumps(s, 2, suit), 3)
    therm(o + O_SHOWN_OPPONENTS, shown_trumps(s, 3, suit), 3)
    if suit < N_SUITS:                 # its suit's aces and kings (not level cards)
        therm(o + O_SUIT_TOP, plain_count(counts, suit, N_RANKS - 1, s.pub.level)
              + plain_count(counts, suit, N_RANKS - 2, s.pub.level), 4)


cdef void write_state(const BidSeen* s, const uint8_t* counts, double best,
                      double standing, bint has_standing, uint8_t* y) noexcept nogil:
    cdef const uint8_t* h = s.pub.held[s.seat]
    cdef int c, n = 0, level_pairs = 0, level = s.pub.level
    for c in range(N_CLASSES):
        n += h[c]
    therm(y + Y_CARDS, n, 25)
    therm(y + Y_DEALT, s.pub.dealt * 20 // N_DEALT, 20)
    y[Y_ROUND + (s.pub.round if 0 <= s.pub.round < 3 else 0)] = 1
    y[Y_FIRST_HAND] = 1 if s.pub.first_hand else 0
    y[Y_BANKER + relative(s.seat, s.pub.banker)] = 1
    y[Y_STANDING + (s.pub.b.strength if 0 <= s.pub.b.strength < 5 else 0)] = 1
    y[Y_BIDDER + (relative(s.seat, s.pub.b.bidder) if s.pub.b.strength != STR_NONE else 0)] = 1
    y[Y_LOCKED] = 1 if s.pub.b.locked else 0
    y[Y_STANDING_NT] = 1 if s.pub.b.strength != STR_NONE and s.pub.b.suit == TRUMP_NT else 0
    therm(y + Y_SMALL_JOKERS, h[CL_SJ], 2)
    therm(y + Y_BIG_JOKERS, h[CL_BJ], 2)
    therm(y + Y_LEVEL_CARDS, h[CL_LEVEL] + h[CL_LEVEL + 1] + h[CL_LEVEL + 2] + h[CL_LEVEL + 3], 8)
    for c in range(N_SUITS):
        if counts[c * N_RANKS + level] == 2:
            level_pairs += 1
    therm(y + Y_LEVEL_PAIRS, level_pairs, 4)
    therm(y + Y_SHOWN_PARTNER, shown_trumps(s, 2, NO_SUIT), 4)
    therm(y + Y_SHOWN_OPPONENTS, shown_trumps(s, 3, NO_SUIT), 4)
    therm(y + Y_OVERTURNS, s.pub.overturns, 3)
    therm(y + Y_JOKER_OVERTURNS, s.pub.b.joker_overturns, 2)
    y[Y_LEVEL + (level if 0 <= level < N_RANKS else 0)] = 1
    y[Y_MAY_OVERTURN] = 1 if s.pub.can_overturn else 0
    y[Y_MAY_OVERTURN + 1] = 1 if s.pub.deal_overturn else 0
    therm(y + Y_OPTIONS, s.pub.n_opts, 7)
    therm(y + Y_BEST_SCORE, score_steps(best), 30)
    if has_standing:
        therm(y + Y_STANDING_SCORE, score_steps(standing), 30)
    write_shape(counts, level, y)


cdef inline int plain_count(const uint8_t* counts, int suit, int rank, int level) noexcept nogil:
    """The seat's copies of the plain card (suit, rank): 0 for a level card."""
    return 0 if rank == level else counts[suit * N_RANKS + rank]


cdef void write_shape(const uint8_t* counts, int level, uint8_t* y) noexcept nogil:
    """The hand's shape whatever the trump: its suits' plain cards, longest first, and its
    plain aces and kings."""
    cdef int lengths[N_SUITS]
    cdef int suit, r, t, i, j, aces = 0, kings = 0
    for suit in range(N_SUITS):
        lengths[suit] = 0
        for r in range(N_RANKS):
            lengths[suit] += plain_count(counts, suit, r, level)
        aces += plain_count(counts, suit, N_RANKS - 1, level)
        kings += plain_count(counts, suit, N_RANKS - 2, level)
    for i in range(1, N_SUITS):        # descending
        t = lengths[i]
        j = i
        while j > 0 and lengths[j - 1] < t:
            lengths[j] = lengths[j - 1]
            j -= 1
        lengths[j] = t
    for i in range(N_SUITS):
        therm(y + Y_SUIT_LENGTHS + 13 * i, lengths[i], 13)
    therm(y + Y_ACES, aces, 8)
    therm(y + Y_KINGS, kings, 8)


cdef int bid_inputs(const BidSeen* s, BidInputs* out) noexcept nogil:
    cdef uint8_t counts[N_KINDS]
    cdef int i, n = s.pub.n_opts, suit = s.pub.b.suit
    cdef bint has_standing = s.pub.b.strength != STR_NONE
    cdef double standing = 0.0, best = -1e300, sc
    if s.pub.first_hand or s.pub.round == ROUND_LATE or s.pub.r.secret_bids or s.n_own <= 0 \
            or n <= 0:
        return -1
    if n > BID_OPTIONS - 1:
        n = BID_OPTIONS - 1
    memset(counts, 0, N_KINDS)
    for i in range(s.n_own):
        counts[kind_of(s.own[i])] += 1
    if has_standing:
        standing = trump_score(s, suit)
    for i in range(n):
        sc = trump_score(s, s.pub.opts[i].suit)
        if sc > best:
            best = sc
    out.n = n + 1
    memset(out.y, 0, BID_STATE_SIZE)
    memset(out.o, 0, sizeof(out.o))
    write_state(s, counts, best, standing, has_standing, out.y)
    out.o[0][O_PASS] = 1
    write_option(s, counts, suit if has_standing else NO_SUIT, s.pub.b.strength,
                 relative(s.seat, s.pub.b.bidder) if has_standing else 0, standing,
                 False, out.o[0])
    for i in range(n):
        if 1 <= s.pub.opts[i].action <= 3:
            out.o[i + 1][O_ACTION + s.pub.opts[i].action - 1] = 1
        write_option(s, counts, s.pub.opts[i].suit, s.pub.opts[i].strength, 1, standing,
                     has_standing, out.o[i + 1])
    i = memory_bid(s, NULL, NULL, NULL)
    out.memory = i + 1 if 0 <= i < n else 0
    out.o[out.memory][O_MEMORY] = 1
    return 0


cdef int bid_choice(const BidSeen* s, const SjBidHead* head) noexcept nogil:
    cdef BidInputs d
    cdef int64_t score[BID_OPTIONS]
    cdef int i, best = 0
    if head.w1 == NULL or bid_inputs(s, &d) != 0:
        return BID_JUDGE
    sj_bid_scores(head, d.y, d.n, &d.o[0][0], BID_ACTION_SIZE, score)
    for i in range(1, d.n):
        if score[i] > score[best]:
            best = i
    return BID_PASS if best == 0 else best - 1


cdef int net_bid(const BidSeen* s, Rng* rng, const BotParams* p, void* scratch) noexcept nogil:
    cdef const SjBidHead* head
    cdef int c
    if p != NULL and p.bids == NET_BIDS_LEARNED:
        head = net_bid_head(p.weights)
        if head != NULL:
            c = bid_choice(s, head)
            if c != BID_JUDGE:
                return c
    return memory_bid(s, rng, p, scratch)


# net's bids by name, as the bot table's `bids` names them (registry.pyx fills its
# BotVTable.bid from here and bidder.BIDS)
BIDS = {"net": PyCapsule_New(<void*> net_bid, b"shengji._core.bots.bidder.ChooseBid", NULL)}
