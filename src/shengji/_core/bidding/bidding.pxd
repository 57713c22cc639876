# Bidding (docs/rules.md §7): declare, reinforce, overturn while the cards are dealt one by
# one, the round after the bury (overturn_after_kitty), and the no-bid resolutions.  The
# decisions taken where §7 is open: the module docstring of bidding.pyx (and, for users,
# shengji/bidding/simulate.py).
#
# The bidding is a state machine, BidState, stepped by plain C functions (noexcept nogil):
#
#   bid_start(st, params, rules, deck, first_drawer)   a deal given in dealing order
#   seat = bid_advance(st)       deal cards until a seat has a decision (-1: bidding over)
#   st.opts[0 .. st.n_opts-1]    that seat's bids, best first (kernel preference)
#   bid_apply(st, choice)        BID_PASS or an option index; then bid_advance again
#   bid_finish(st, rng, out)     the BidResult; BID_REDEAL when the deal is thrown in
#
# and, after the bury, the round of overturns of overturn_after_kitty:
#
#   bid_late_start(st, out, counts)   counts[s]: seat s's cards by kind, after the bury
#   seat = bid_advance(st) / bid_apply(...) as above (overturns only)
#   bid_recount(st, s, counts[s])     a seat that re-buried (overturn_reburies)
#   bid_late_finish(st, out)
#
# A bidding "bot" chooses among st.opts from what the deciding seat may know (a BidView:
# its own cards so far, the public bids); the kernel policies are bid_policy_choose.
# bid_hand / bid_deck are loops of the machine with a kernel policy.
from libc.stdint cimport uint8_t, int8_t, uint16_t, uint64_t
from shengji._core.base.cards cimport HAND_SIZE, NO_TRUMP, N_SEATS, N_CARDS, N_DEALT, N_KINDS
from shengji._core.base.options cimport RulesC
from shengji._core.base.rng cimport Rng
from shengji._core.deal.spec cimport Dealer

cdef enum:
    POLICY_EAGER = 0       # declare on the first level card seen; overturn/reinforce when able
    POLICY_THRESHOLD = 1   # declare/overturn only holding >= threshold cards trump with it
    POLICY_NEVER = 2       # never bid (later hands only: a first hand would redeal forever)
    # The seats' own bots decide (bot.pxd's BotVTable.bid, called by the drivers with a BidSeen):
    # not a kernel policy -- bid_deck, bid_hand and bid_policy_choose refuse it.
    POLICY_PLAYERS = 3

cdef enum:
    BID_OK = 0
    BID_REDEAL = 1            # nobody declared and the deal is thrown in
    BID_ERR_PARAMS = -1       # a BidParams field out of range
    BID_ERR_REDEAL_CAP = -2   # MAX_REDEALS deals in a row thrown in (a policy that never bids)
    BID_ERR_CHOICE = -3       # bid_apply: not BID_PASS nor an option index, or no decision
    TRUMP_NT = NO_TRUMP       # BidResult.trump for no-trump
    BID_PASS = -1             # bid_apply's choice: pass

# What a seat holds, per class: 0..3 plain cards of suit S H C D (not level cards),
# CL_LEVEL + s the level cards of suit s, then the two jokers.
cdef enum:
    CL_LEVEL = 4
    CL_SJ = 8
    CL_BJ = 9
    N_CLASSES = 10

# Bid strengths (the overturn ladder of §7) and actions.  cpdef: the Python layer's names.
cpdef enum BidStrength:
    STR_NONE = 0
    STR_SINGLE = 1
    STR_LEVEL_PAIR = 2
    STR_SMALL_JOKER_PAIR = 3   # also a mixed SJ+BJ pair under mixed_joker_pair
    STR_BIG_JOKER_PAIR = 4

cpdef enum BidAction:
    ACT_NONE = 0
    ACT_DECLARE = 1
    ACT_REINFORCE = 2
    ACT_OVERTURN = 3

# Where the machine stands (BidState.stage).
cpdef enum BidStage:
    STAGE_DEAL = 0        # the next card is to be dealt (bid_advance does it)
    STAGE_ASK = 1         # st.seat decides among st.opts (bid_apply)
    STAGE_DEALT = 2       # the deal's bidding is over (bid_finish)
    STAGE_LATE_DONE = 3   # the round after the bury is over (bid_late_finish)
    STAGE_REBURY = 4      # st.rebury_seat takes up the kitty and buries (then bid_recount)

# Asking rounds (BidState.round).
cdef enum:
    ROUND_CARD = 0        # after a card lands
    ROUND_AFTER_DEAL = 1  # after the last card, before the kitty is taken
    ROUND_LATE = 2        # after the bury (overturn_after_kitty)

# Limits, `cpdef`: shengji._core.bidding.bidding exports them and shengji.names re-exports them.
cpdef enum:
    MAX_REDEALS = 1000        # P(no level card dealt) = 1/C(108,8): eager never gets near it
    # POLICY_THRESHOLD's k counts the trumps a seat holds while the cards are dealt (the
    # kitty is not counted), so at most its HAND_SIZE cards: a larger k could never bid.
    MAX_THRESHOLD = HAND_SIZE
    # The most bids one seat can have at once: an overturn by a big-joker, a small-joker or
    # a mixed joker pair, or a level pair of each of the 4 suits (a declaration has at most
    # 4 level suits + 2 single jokers; a reinforcement is alone).
    MAX_BID_OPTIONS = 7

ctypedef struct BidParams:
    int level          # rank index 0..12 of the hand
    int first_hand     # 1: first hand of a match (declarer becomes banker)
    int banker         # seat 0..3 when not first_hand
    int policy         # POLICY_EAGER / POLICY_THRESHOLD / POLICY_NEVER (cdef enum)
    int threshold      # k for POLICY_THRESHOLD
    # POLICY_PLAYERS only (the drivers set it; the kernel never reads it): each seat's
    # policy -- POLICY_PLAYERS, the seat's bot decides; a kernel policy, the kernel does
    # (a duel's team bidding by a kernel policy against the other team's bots).
    int seat_policy[N_SEATS]

ctypedef struct BidOpt:
    # One bid a seat may make now.
    int8_t action      # ACT_DECLARE / ACT_REINFORCE / ACT_OVERTURN
    int8_t strength    # STR_*
    int8_t suit        # 0..3 or TRUMP_NT: the trump it makes
    int8_t cls         # class of the single shown by a declaration (for reinforcing), else -1
    int8_t trumps      # the bidder's trumps with this bid's trump (its cards so far)
    int8_t shown[2]    # the kinds shown (a single: shown[1] = -1)

ctypedef struct BidStanding:
    # The standing bid and what limits the next bids: kept in BidResult so that the round
    # after the bury can resume from it.
    int8_t strength    # STR_NONE: nobody declared
    int8_t suit
    int8_t cls         # the single's class while it can be reinforced, else -1
    int8_t bidder
    int8_t locked      # reinforced under reinforce_locks
    int8_t joker_overturns   # joker-pair overturns so far (later_joker_overturns)
    uint8_t laid[N_SEATS][N_CLASSES]   # secret_bids: cards each seat has laid face down

ctypedef struct BidResult:
    int trump          # 0..3 suit, 4 = no-trump
    int banker         # seat
    int first_declarer  # seat or -1
    int first_declare_index  # 0..99 or -1
    int overturns      # every overturn, the round after the bury included
    int reinforced     # 0/1
    int no_bid         # 0/1: nobody declared (resolved by no_bid / first_hand_no_bid)
    int redeals        # deals thrown in before this one
    int banker_steps_down  # 0/1
    int first_drawer   # the seat that drew dealing position 0
    int late_overturns  # overturns in the round after the bury (overturn_after_kitty)
    int reburies       # kitties re-buried by an overturner (overturn_reburies)
    int team_overturns[2]  # overturns per team of the overturner (team = seat & 1)
    BidStanding standing   # the standing bid at the end (the round after the bury resumes it)
    # What each seat's open bids showed (BidState.shown as kind masks: at least one copy /
    # two copies of the kind; the round after the bury adds its own): public cards the
    # seat held when it bid (a search's sampler may keep them in its hand).  Nothing under
    # secret_bids.
    uint64_t shown_one[N_SEATS]
    uint64_t shown_two[N_SEATS]

ctypedef struct BidState:
    RulesC r
    int level
    int first_hand
    int first_drawer
    const uint8_t* deck      # the dealing order (not owned; positions < 100 are dealt)
    const uint8_t* cls_of    # class of each physical card at this level
    int dealt                # cards dealt so far, 0..100
    uint8_t held[N_SEATS][N_CLASSES]
    BidStanding b
    bint can_overturn        # overturns allowed in this hand (first_hand_overturn)
    bint deal_overturn       # ... during the deal (secret_bids: first hands only)
    bint single_joker
    int sp                   # SuitPriority
    int banker               # -1 in a first hand until someone declares
    int first_declarer
    int first_index
    int overturns
    int late_overturns
    int team_overturns[2]
    int reinforced
    int rebury_seat          # overturn_reburies: the overturner to re-bury, else -1
    int reburies
    # the asking loop
    int stage                # BidStage
    int round                # ROUND_*
    int seat                 # the seat asked (STAGE_ASK)
    int idle                 # passes in a row in this asking loop
    bint first_ask           # the drawer's own ask after its card: a pass ends the loop
    int index                # dealing index a bid now is recorded at
    int n_opts
    BidOpt opts[MAX_BID_OPTIONS]
    # Bit s: seat s has no bid open to it (found so at the current standing bid, and only
    # plain cards since).  A seat's bids change only when it gets a level card or a joker
    # or when the standing bid changes (which clears every bit).
    int quiet
    # An asking filter for bots that decide from their bids' trump counts only and decline
    # every bid below this many trumps but a reinforcement (the kernel's threshold k): a
    # plain card is only asked about when it brings a bid of its suit to this many trumps,
    # and nobody is asked again after the deal.  0 (bid_start): ask whenever the seat's
    # hand grows while it has a bid, and after the deal (the model).
    int ask_min_trumps
    # What each seat has shown by its bids so far, by kind (the most copies of a kind one
    # of its bids showed): public under open bidding; under secret_bids nothing is kept.
    uint8_t shown[N_SEATS][N_KINDS]

ctypedef struct BidView:
    # What a bidding bot may know when it decides: its seat, its own cards so far (by
    # class), how many cards have been dealt, the public standing bid (the suit is -1 for
    # another seat's face-down bid under secret_bids) and its bids now, best first.
    int seat
    const uint8_t* held
    int dealt
    bint late
    int strength
    int suit
    int bidder
    int n_opts
    const BidOpt* opts

ctypedef struct BidSeen:
    # A players' bidding decision (POLICY_PLAYERS): what seat `seat` may know when it is
    # asked, and nothing else.  pub is the machine with everything private to other seats
    # wiped (deck NULL, their `held` and `laid` zeroed, `quiet` 0): the public standing bid,
    # counters and asking position, the seat's own counts by class and its bids st.opts;
    # shown: what each seat's bids showed (BidState.shown).  own[0 .. n_own): the seat's
    # cards so far in dealing order (physical ids; 0 in the round after the bury, whose
    # counts are in pub.held[seat]).  team_level: the two teams' levels of the hand (a
    # search plays the hand out at them).
    BidState pub
    int seat
    int n_own
    uint8_t own[HAND_SIZE]
    int team_level[2]

# -- the machine -------------------------------------------------------------------------
# Returns BID_OK or BID_ERR_PARAMS (level, banker, first_drawer out of range).
cdef int bid_start(BidState* st, const BidParams* p, const RulesC* r, const uint8_t* deck,
                   int first_drawer) noexcept nogil
cdef int bid_advance(BidState* st) noexcept nogil
cdef int bid_apply(BidState* st, int choice) noexcept nogil
cdef int bid_finish(BidState* st, Rng* rng, BidResult* out) noexcept nogil
cdef void bid_view(const BidState* st, BidView* v) noexcept nogil
# The seat that draws dealing position 0 (docs/rules.md §7): banker_draws_first in a later
# hand, one draw from rng under random_first_drawer in a first hand (no draw otherwise).
cdef int bid_first_drawer(const BidParams* p, const RulesC* r, Rng* rng) noexcept nogil
# The bids open to `seat` now (into st.opts, best first; their number): what the asking
# loop offers it -- a search reads it to see which seats could have bid and did not.
cdef int find_bids(BidState* st, int seat) noexcept nogil
# The round after the bury (overturn_after_kitty): does it take place after this bidding?
cdef bint bid_late_round(const RulesC* r, bint first_hand, const BidResult* out) noexcept nogil
# Start it from the deal's result (its standing bid and counters) and the seats' cards by
# kind after the bury (counts[s]: N_KINDS counts); level: the hand's bidding level.
cdef void bid_late_start(BidState* st, const RulesC* r, int level, bint first_hand,
                         const BidResult* out, const uint8_t* const* counts) noexcept nogil
# STAGE_REBURY: seat st.rebury_seat has taken up the kitty and buried again; its cards now.
cdef void bid_recount(BidState* st, int seat, const uint8_t* counts) noexcept nogil
# The trump, overturn counts and standing bid after the round, into out.
cdef void bid_late_finish(const BidState* st, BidResult* out) noexcept nogil

# A players' decision: the seat's BidSeen (team_level left to the caller).
cdef void bid_seen(const BidState* st, BidSeen* out) noexcept nogil
# A search's determinization: dst becomes src.pub on the dealing order `deck` (which must
# give src.seat its own cards at its positions), every seat's counts recounted from the
# cards dealt so far; at STAGE_ASK the seat's bids are found again (the same as src's).
# Returns dst.n_opts.
cdef int bid_resample(BidState* dst, const BidSeen* src, const uint8_t* deck) noexcept nogil
# The seat that receives dealing position pos (< N_DEALT) when first_drawer drew position 0.
cdef inline int seat_of_position(int pos, int first_drawer) noexcept nogil:
    return (first_drawer + pos) & 3
# The deal in hand_setup's layout (position i < 100 to seat i % 4) when first_drawer drew
# position 0: deck itself, or a turned copy in buf (N_CARDS bytes).
cdef const uint8_t* bid_seat_order(const uint8_t* deck, int first_drawer,
                                   uint8_t* buf) noexcept nogil

# -- the kernel policies as bots ---------------------------------------------------------
cdef int bid_policy_choose(const BidView* v, const BidParams* p) noexcept nogil

# -- loops of the machine with a kernel policy --------------------------------------------
# Shuffle (shengji._core.deal.deal.shuffle_full on the carried-over deck) and bid, redealing
# while the rules throw the deal in; returns BID_OK or a negative BID_ERR_*.  The final
# deal's bidding state is left in *st (for the round after the bury).  With a dealer
# (cond.pxd) every deal, redeals too, is its conditional deal at p.level instead of the
# shuffle (a negative DEAL_ERR_* when it fails).
cdef int bid_hand(Rng* rng, uint8_t* deck, const BidParams* p, const RulesC* r,
                  BidResult* out, BidState* st, Dealer* dealer=*) noexcept nogil

# Bid on one given dealing order (no shuffle).  rng is only drawn from for no_bid =
# kitty_random.  Returns BID_OK, BID_REDEAL (out.no_bid = 1, the deal is thrown in) or
# BID_ERR_PARAMS.  out.redeals is set to 0.
cdef int bid_deck(Rng* rng, const uint8_t* deck, const BidParams* p, const RulesC* r,
                  int first_drawer, BidResult* out, BidState* st) noexcept nogil

# A BidResult as a dict (for the Python entry points).
cdef dict result_dict(const BidResult* o)

# The columns of a chunk of bid deals (bid_chunk's, and drivers/bids.pyx's for the players'
# bidding): bid_columns makes the numpy columns for n deals (RESULT_FIELDS, plus
# banker_trumps and team_trumps when `trumps`) and points c at them; bid_store writes deal
# i -- its result o, and (c.banker_trumps not NULL) the trumps of the banker's hand with
# the kitty and with its partner's, from st's holdings and the deck's kitty at `level`.
ctypedef struct BidColumns:
    uint8_t* trump
    uint8_t* banker
    int8_t* first_declarer
    int8_t* first_declare_index
    uint8_t* overturns
    uint8_t* reinforced          # numpy bool
    uint8_t* no_bid
    uint16_t* redeals
    uint8_t* banker_steps_down
    uint8_t* first_drawer
    uint8_t* banker_trumps       # NULL: no trump columns
    uint8_t* team_trumps
cdef dict bid_columns(Py_ssize_t n, bint trumps, BidColumns* c)
cdef void bid_store(const BidColumns* c, Py_ssize_t i, const BidResult* o, const BidState* st,
                    const uint8_t* deck, int level) noexcept nogil

# Trumps among n cards (physical ids) at level rank `level` with trump suit 0..3 or TRUMP_NT.
cdef int count_trumps(const uint8_t* cards, int n, int level, int trump) noexcept nogil

# A seat's trumps (by class counts) with trump suit 0..3 or TRUMP_NT.
cdef inline int trumps_with(const uint8_t* h, int suit) noexcept nogil:
    cdef int t = h[CL_LEVEL] + h[CL_LEVEL + 1] + h[CL_LEVEL + 2] + h[CL_LEVEL + 3] \
        + h[CL_SJ] + h[CL_BJ]
    if suit < 4:
        t += h[suit]
    return t
