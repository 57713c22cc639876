# The study drivers: whole hands (shuffle + bid -> bury -> play -> score) and whole
# matches, bots playing every seat, for the scoring and match studies (play_hands,
# play_match in drivers.pyx).  The steps are separate C functions so that a replay can
# stop at any hand of a chunk and hand its state over (HandCore).
from libc.stdint cimport int32_t, uint8_t
from shengji._core.base.options cimport RulesC
from shengji._core.base.rng cimport Rng
from shengji._core.deal.spec cimport Dealer
from shengji._core.bidding.bidding cimport BidParams, BidResult, BidState
from shengji._core.engine.hand cimport HandC
from shengji._core.bots.bot cimport Agent

cdef enum:
    N_HAND_COLUMNS = 20      # drivers.HAND_COLUMNS

# How a match ended (drivers.MATCH_ENDS names them): still going, a team passed the target
# level, time (match_hands hands were played), or the hand guard stopped it.
cdef enum MatchEnd:
    MATCH_ON = 0
    MATCH_TARGET = 1
    MATCH_TIME = 2
    MATCH_GUARD = 3

ctypedef struct MatchC:
    # A match between hands: the teams' levels, the next banker (-1: the first hand, the
    # first declarer banks), hands played, the winning team (-1: none yet, or a draw) and
    # how the match ended (MatchEnd).  Once a team passes the target its lv is
    # target_level + 1.
    int lv[2]
    int banker
    int hands
    int winner
    int ended
    BidParams bp             # the current hand's bidding (match_deal)

# Shuffle the carried-over deck and bid (bidding.pxd's bid_hand, redealing as the rules
# say), then set h up at the banker team's level team_level[team] (the defenders at the
# other).  trump >= 0 skips the bidding (one shuffle; banker bp.banker).  0 or a negative
# BID_ERR_* (DEAL_ERR_*).  With a dealer (cond.pxd) each deal is its conditional deal at
# bp.level instead of the shuffle.
cdef int deal_hand(HandC* h, Rng* rng, uint8_t* deck, const BidParams* bp,
                   const int* team_level, const RulesC* r, int trump,
                   BidResult* bid, Dealer* dealer=*) noexcept nogil
# deal_hand for any bid policy: under POLICY_PLAYERS the seats bid (bid_seats), seat s
# with agents[s] drawing from rngs[s]; otherwise deal_hand (rngs and agents unused).
cdef int deal_hand_agents(HandC* h, Rng* rng, Rng** rngs, uint8_t* deck, const BidParams* bp,
                          const int* team_level, const RulesC* r, Agent** agents,
                          BidResult* bid, Dealer* dealer=*) noexcept nogil
# Step a bidding machine (after bid_start, or bid_late_start) to the end of its stage, the
# seat asked deciding by bp.seat_policy (POLICY_PLAYERS: its agent, BotVTable.bid, from a
# BidSeen with these team levels, drawing from rngs[s]; else that kernel policy); a bid
# with a rebury stops it (STAGE_REBURY).  0, or BID_ERR_CHOICE (a bot chose no open bid).
cdef int bid_seats(BidState* st, Rng** rngs, Agent** agents, const BidParams* bp,
                   const int* team_level) noexcept nogil
# The players' bid_hand: the first drawer, then shuffle and bid by bid_seats, redealing
# while the rules throw the deal in (MAX_REDEALS cap).  BID_OK or a negative BID_ERR_*.
cdef int players_bid_hand(Rng* rng, Rng** rngs, uint8_t* deck, const BidParams* bp,
                          const RulesC* r, Agent** agents, const int* team_level,
                          BidResult* out, BidState* st, Dealer* dealer=*) noexcept nogil
# One given dealing order bid by bid_seats: BID_OK, BID_REDEAL or a negative BID_ERR_*.
cdef int players_bid_deck(Rng* rng, Rng** rngs, const uint8_t* deck, const BidParams* bp,
                          const RulesC* r, int first_drawer, Agent** agents,
                          const int* team_level, BidResult* out, BidState* st) noexcept nogil
# The bidding parameters of an independent hand at `level` (both teams at it); banker a
# seat (a later hand: it banks unless the rules move it) or -1 (a first hand).
cdef void hand_bid_params(BidParams* bp, int level, int banker, int bid_policy,
                          int bid_threshold) noexcept nogil
# Bury and play the hand to the end, agents[seat] deciding for each seat.  APPLY_OK or a
# negative status (a bot without a move, an illegal bot play).  play_out_bids also runs,
# between the bury and the first lead, the round of overturns of overturn_after_kitty
# (late_bids: the kernel policy of bp decides, bid gets the new trump and counts).
cdef int play_out(HandC* h, Rng* rng, Agent** agents) noexcept nogil
cdef int play_out_bids(HandC* h, Rng* rng, Agent** agents, const BidParams* bp,
                       BidResult* bid) noexcept nogil
# The same, seat s drawing from rngs[s] (the duel: one stream per seat).
cdef int play_out_seats(HandC* h, Rng** rngs, Agent** agents) noexcept nogil
cdef int play_out_seats_bids(HandC* h, Rng** rngs, Agent** agents, const BidParams* bp,
                             BidResult* bid) noexcept nogil
cdef int late_bids(HandC* h, Rng** rngs, Agent** agents, const BidParams* bp,
                   BidResult* bid) noexcept nogil
# The buried-card step (the seat to play buries with its agent, drawing from rngs[seat]) and
# the tricks.
cdef int bury_step(HandC* h, Rng** rngs, Agent** agents) noexcept nogil
cdef int play_tricks(HandC* h, Rng** rngs, Agent** agents) noexcept nogil
# The deal in hand_setup's layout (position i < 100 to seat i % 4) when first_drawer drew
# position 0: deck itself, or a turned copy in buf (N_CARDS bytes).
cdef const uint8_t* seat_order(const uint8_t* deck, int first_drawer,
                               uint8_t* buf) noexcept nogil

# A driver's failure (rc != 0) as its Python error: ValueError for a conditional deal
# that failed (cond.pxd's DEAL_ERR_*), RuntimeError with the hand engine's status else.
cdef int raise_status(int rc) except -1

# The HAND_COLUMNS row of a finished hand: col[c * stride + i] for column c.
cdef void hand_row(const HandC* h, const BidResult* bid, int32_t* col, Py_ssize_t stride,
                   Py_ssize_t i) noexcept nogil

cdef void match_start(MatchC* m, const RulesC* r) noexcept nogil
# Deal the match's next hand (at its bidding level and team levels) into h.
cdef int match_deal(MatchC* m, HandC* h, Rng* rng, uint8_t* deck, const RulesC* r,
                    int bid_policy, int bid_threshold, BidResult* bid,
                    Dealer* dealer=*) noexcept nogil
# The same under any bid policy (deal_hand_agents: the seats' agents bid under
# POLICY_PLAYERS, drawing from rng).
cdef int match_deal_agents(MatchC* m, HandC* h, Rng* rng, uint8_t* deck, const RulesC* r,
                           int bid_policy, int bid_threshold, Agent** agents,
                           BidResult* bid, Dealer* dealer=*) noexcept nogil
# After h is over: the team levels, the next banker, the winner, and whether the match
# is over (a team passed target_level; time under match_hands, with timeout_tie).
cdef void match_score(MatchC* m, const HandC* h, const RulesC* r) noexcept nogil
