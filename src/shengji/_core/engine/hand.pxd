# The hand state machine: one hand of Shengji from the deal to the last trick (docs/rules.md
# §3-5, §8) -- setup, the bury, applying plays, completing tricks, then scoring.pxd's
# score_hand.  Plain C data, noexcept nogil, allocation-free.
#
# The state is split by who may know it, so that a bot's view (view.pxd) is a few pointers
# and never reaches another seat's cards: `pub` is the public record (what every seat
# saw), `seat[s]` seat s's own cards, and the kitty / buried cards the banker's secret.
from libc.stdint cimport uint8_t, int8_t, int16_t, uint64_t
from shengji._core.base.cards cimport TrumpTable, N_KINDS, N_SEATS
from shengji._core.base.options cimport RulesC
from shengji._core.rules.combos cimport Combo
from shengji._core.engine.play cimport Play
from shengji._core.rules.scoring cimport HandScore
from shengji._core.bidding.bidding cimport BidResult

cdef enum:
    N_FOLLOW = 5             # following-suits: 0..3 side suits, 4 trump
    N_TRICKS = 25            # at most (25 cards a seat after the bury, one-card tricks)
    MAX_THROWS = 18          # top-k throws per suit: components of one suit - 1 (< 18)

# The phases of a hand, in order.  A card-by-card bidding phase (bids as actions) would
# come before PHASE_BURY.  cpdef: the Python names (handcore.PHASES) come from here.
cpdef enum Phase:
    PHASE_BURY = 0
    PHASE_PLAY = 1
    PHASE_OVER = 2

cdef enum ApplyStatus:
    APPLY_OK = 0
    APPLY_NOT_IN_HAND = -1   # the play holds a card the seat does not hold
    APPLY_BAD_SIZE = -2      # wrong number of cards (bury 8; follow the lead's size)
    APPLY_MIXED = -3         # a lead of two following-suits
    APPLY_ILLEGAL = -4       # a follow that breaks docs/rules.md §4
    APPLY_OVER = -5          # not the phase for it (the hand is over, or bury vs play)
    APPLY_EMPTY = -6

ctypedef struct TrickRecord:
    # One trick as every seat saw it.
    int8_t leader
    int8_t winner            # seat that won it; -1 while it is open
    int16_t points           # card points in it (once complete)
    Play plays[N_SEATS]      # plays[i]: the play of seat (leader + i) % 4
    # a failed throw: the cards shown (plays[0] is the forced component actually played); otherwise
    # {0, 0}
    Play attempt

ctypedef struct Public:
    # The public record: the rules, the trump, who banks, and everything played so far.
    RulesC r
    TrumpTable t
    uint64_t suit_mask[N_FOLLOW]     # kinds of each following-suit under this trump
    int level                # banker team's level (rank 0..12)
    int def_level            # defenders' level (must_play stops their jumps)
    int trump                # 0..3 or NO_TRUMP
    int banker
    # the seat that buried the kitty (the banker, or the last overturner under overturn_reburies:
    # docs/rules.md §7)
    int burier
    int phase                # Phase
    int to_play
    int leader               # leader of the current (or, between tricks, the next) trick
    int n_in_trick           # plays made in the current trick
    int tricks_done
    uint8_t seen[N_KINDS]            # cards played so far, per kind
    Play played[N_SEATS]             # each seat's cards played so far (the tricks' plays)
    uint8_t trick[N_SEATS][N_KINDS]  # the current trick's plays as counts, in play order
    Combo lead                       # the current trick's (possibly forced) lead
    int trick_points                 # points in the current trick so far
    # bit s: the seat showed out of following-suit s (under short_suit_trumps a fill without enough
    # trumps also shows it out of trumps)
    uint8_t void_suits[N_SEATS]
    # the bidding's overturns per team of the overturner (overturn_levels): 0 until whoever ran the
    # bidding sets them (hand_set_overturns)
    int overturns[2]
    # the bidding's public outcome (hand_set_bids; bid_set 0 until whoever ran the bidding
    # sets it): what each seat's open bids showed (bid.shown_one / shown_two), the standing
    # bid, the overturns after the bury; bid_first_hand: a first hand's bidding
    BidResult bid
    int bid_set
    int bid_first_hand
    int bury_trump           # the trump when the kitty was last buried (-1 before the bury)
    int points[N_SEATS]              # trick points taken per seat
    int table_points                 # defenders' trick points
    int banker_points                # banker team's trick points
    int penalty                      # signed adjustment of D so far (docs/rules.md §8)
    int failed_throws
    TrickRecord tricks[N_TRICKS]     # tricks[0 .. tricks_done - 1], then the open one

ctypedef struct Holding:
    # One seat's cards: per-kind counts and the same as kind masks.
    uint8_t count[N_KINDS]
    uint64_t one
    uint64_t two

ctypedef struct ThrowCache:
    # A memo of one seat's top-k throws per following-suit (moves.pyx): a function of its
    # Holding, recomputed only for the suits whose holding changed (bit s of stale).
    uint8_t stale
    uint8_t n[N_FOLLOW]
    Play throws[N_FOLLOW][MAX_THROWS]

ctypedef struct HandC:
    Public pub
    Holding seat[N_SEATS]
    ThrowCache cache[N_SEATS]
    uint8_t kitty[N_KINDS]           # the 8 cards dealt to the kitty (the banker took them)
    uint8_t buried[N_KINDS]          # the 8 the banker buried
    int kitty_points                 # points buried
    HandScore score                  # set when the hand is over

# deck: the 108 card ids in dealing order (position i -> seat i % 4 for i < 100, the kitty
# 100..107).  The banker takes the kitty at once: the hand starts in PHASE_BURY.
cdef void hand_setup(HandC* h, const uint8_t* deck, int level, int def_level, int trump,
                     int banker, const RulesC* r) noexcept nogil
# The seat to play (the banker; after hand_take_kitty, that seat) buries p (8 cards):
# APPLY_OK, or a negative status and nothing changed.
cdef int hand_bury(HandC* h, const Play* p) noexcept nogil
# Between the bury and the first lead (the round of overturns after the bury, docs/rules.md
# §7): the trump changes; or `seat` takes up the buried kitty (holding 33) and buries again
# with hand_bury (overturn_reburies).  APPLY_OK, or APPLY_OVER once a card is played.
cdef int hand_set_trump(HandC* h, int trump) noexcept nogil
# The bidding's overturns per team of the overturner (BidResult.team_overturns), for the
# level change under overturn_levels: set after the bidding and again after the round of
# overturns after the bury (any time before the last trick).
cdef void hand_set_overturns(HandC* h, int team0, int team1) noexcept nogil
cdef int hand_take_kitty(HandC* h, int seat) noexcept nogil
# The bidding's outcome into the public record (Public.bid; first_hand: a first hand's
# bidding): set after the bidding and again after the round of overturns after the bury.
# Public under open bids: under secret_bids the face-down cards laid are wiped.
cdef void hand_set_bids(HandC* h, const BidResult* bid, bint first_hand) noexcept nogil
# The seat to play plays p; a failed throw plays the forced component instead (in *forced,
# else *forced = *p) and books the penalty.  APPLY_OK, or a negative status and nothing
# changed.  check = False skips the follow check: only for the bots' plays (from
# moves.gen_plays, or legal by construction).
cdef int hand_apply(HandC* h, const Play* p, Play* forced, bint check) noexcept nogil
