# Bidding (RULES.md §7): declare, reinforce, overturn while the cards are dealt one by one,
# and the no-bid resolutions.  docs for the decisions taken where §7 is open: the module
# docstring of bidding.pyx (and shengji/bidding.py).
#
# The hand engine cimports bid_hand: it shuffles (redealing as the rules require), leaves
# the final dealing order in deck (position i < 100 goes to seat i % 4, seat 0 draws first;
# 100..107 is the kitty) and fills a BidResult.  Everything is plain C, noexcept nogil.
from libc.stdint cimport uint8_t, uint64_t
from shengji._core.cards cimport HAND_SIZE, NO_TRUMP
from shengji._core.options cimport RulesC
from shengji._core.rng cimport Rng

cdef enum:
    POLICY_EAGER = 0       # declare on the first level card seen; overturn/reinforce when able
    POLICY_THRESHOLD = 1   # declare/overturn only holding >= threshold cards trump with it
    POLICY_NEVER = 2       # never bid (later hands only: a first hand would redeal forever)

cdef enum:
    BID_OK = 0
    BID_REDEAL = 1            # bid_deck only: nobody declared and the deal is thrown in
    BID_ERR_PARAMS = -1       # a BidParams field out of range
    BID_ERR_REDEAL_CAP = -2   # MAX_REDEALS deals in a row thrown in (a policy that never bids)
    TRUMP_NT = NO_TRUMP       # BidResult.trump for no-trump

# Limits, `cpdef`: shengji._core.bidding exports them and shengji.names re-exports them.
cpdef enum:
    MAX_REDEALS = 1000        # P(no level card dealt) = 1/C(108,8): eager never gets near it
    # POLICY_THRESHOLD's k counts the trumps a seat holds while the cards are dealt (the
    # kitty is not counted), so at most its HAND_SIZE cards: a larger k could never bid.
    MAX_THRESHOLD = HAND_SIZE

ctypedef struct BidParams:
    int level          # rank index 0..12 of the hand
    int first_hand     # 1: first hand of a match (declarer becomes banker)
    int banker         # seat 0..3 when not first_hand
    int policy         # POLICY_EAGER / POLICY_THRESHOLD / POLICY_NEVER (cdef enum)
    int threshold      # k for POLICY_THRESHOLD

ctypedef struct BidResult:
    int trump          # 0..3 suit, 4 = no-trump
    int banker         # seat
    int first_declarer # seat or -1
    int first_declare_index  # 0..99 or -1
    int overturns
    int reinforced     # 0/1
    int no_bid         # 0/1: nobody declared (resolved by the no_bid option)
    int redeals        # deals thrown in before this one
    int banker_steps_down  # 0/1

# Shuffle (shengji._core.deal.shuffle_full on the carried-over deck) and bid, redealing
# while the rules throw the deal in; returns BID_OK or a negative BID_ERR_*.
cdef int bid_hand(Rng* rng, uint8_t* deck, const BidParams* p, const RulesC* r,
                  BidResult* out) noexcept nogil

# Bid on one given dealing order (no shuffle).  rng is only drawn from for
# no_bid = kitty_random.  Returns BID_OK, BID_REDEAL (out.no_bid = 1, the deal is thrown
# in) or BID_ERR_PARAMS.  out.redeals is set to 0.
cdef int bid_deck(Rng* rng, const uint8_t* deck, const BidParams* p, const RulesC* r,
                  BidResult* out) noexcept nogil

# Trumps among n cards (physical ids) at level rank `level` with trump suit 0..3 or TRUMP_NT.
cdef int count_trumps(const uint8_t* cards, int n, int level, int trump) noexcept nogil
