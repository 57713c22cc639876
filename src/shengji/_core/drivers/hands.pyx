# cython: language_level=3
"""The study drivers: whole hands and whole matches played by the built-in bots, in C.

``play_hands`` (the scoring study) plays n independent hands; ``play_match`` (the match
study) one match from the rules' start level until a team levels past the target level, or
time runs out (``match_hands``, ``timeout_tie``; docs/rules.md §6).
Both draw every random number of a chunk from one ``Rng`` (rng.pyx: the seeding rule):
for each hand the shuffle and bidding (``deal_hand``), then the bots' draws (``play_out``);
the deck carries over from hand to hand.  A hand's ``HAND_COLUMNS`` row is ``hand_row``."""
cimport numpy as cnp
from libc.stdint cimport int32_t, uint8_t
from libc.string cimport memset

from shengji._core.base.cards cimport N_CARDS, N_RANKS, N_SEATS, team
from shengji._core.base.options cimport RulesC, TT_BANKER, TT_DRAW, pack_rules
from shengji._core.base.rng cimport Rng, rng_load, rng_store
from shengji._core.base.interrupt cimport interrupted, raise_interrupt
from shengji._core.deal.cond cimport deal_shuffle
from shengji._core.deal.spec cimport (
    DEAL_ERR_LEVEL, DEAL_ERR_TRIES, DEAL_OK, Dealer, deal_error, dealer_of,
)
from shengji._core.bidding.bidding cimport (
    BidParams, BidResult, BidSeen, BidState, BidView, BID_OK, BID_REDEAL, BID_ERR_CHOICE,
    BID_ERR_REDEAL_CAP, MAX_REDEALS, POLICY_PLAYERS, STAGE_REBURY, bid_hand, bid_advance,
    bid_apply, bid_view, bid_policy_choose, bid_late_round, bid_late_start, bid_recount,
    bid_late_finish, bid_seat_order, bid_seen, bid_start, bid_finish, bid_first_drawer,
)
from shengji._core.rules.combos cimport SIDE_BANKER, SIDE_DEFENDERS
from shengji._core.engine.hand cimport (
    HandC, APPLY_OK, APPLY_EMPTY, PHASE_PLAY, hand_apply, hand_bury, hand_set_overturns,
    hand_set_bids, hand_setup, hand_set_trump, hand_take_kitty,
)
from shengji._core.bots.bot cimport Agent, agent_bid, agent_bury, agent_play
from shengji._core.engine.view cimport View, make_view
from shengji._core.engine.play cimport Play
from shengji._core.rules.scoring cimport match_levels
from shengji._core.drivers.agents cimport agents_init, agents_free, seat_agents
from shengji._core.drivers.jobs import HandsJob, MatchJob, check

cnp.import_array()

cdef enum:
    MAX_MATCH_HANDS = 10000           # a guard; real matches take tens of hands


cdef int raise_status(int rc) except -1:
    """A driver's failure as the Python error: a conditional deal that failed (its own
    line), or the hand engine's status."""
    if rc == DEAL_ERR_TRIES or rc == DEAL_ERR_LEVEL:
        raise ValueError(deal_error(rc))
    if rc != 0:
        raise RuntimeError(f"hand engine status {rc}")
    return 0

# Result columns of play_hands, in this order (int32 rows of the output array).
HAND_COLUMNS = ("banker", "trump", "level", "table_points", "kitty_points",
                "last_winner_side", "last_winner_shape", "kitty_multiplier", "penalty",
                "defender_points", "level_side", "levels", "next_banker", "failed_throws",
                "demotion", "redeals", "overturns", "late_overturns", "reburies",
                "first_drawer")
assert len(HAND_COLUMNS) == N_HAND_COLUMNS
# How a match ended: play_match's third value indexes this (MatchEnd, drivers.pxd).
MATCH_ENDS = ("playing", "target", "time", "guard")


cdef const uint8_t* seat_order(const uint8_t* deck, int first_drawer,
                               uint8_t* buf) noexcept nogil:
    """The deal with position i < 100 going to seat i % 4 (hand_setup's layout): deck
    itself when seat 0 drew first, else the positions turned by first_drawer into buf
    (position i goes to seat (first_drawer + i) % 4; the order inside a hand is not kept).
    The bidding layer's bid_seat_order, which the bots' bid search uses too."""
    return bid_seat_order(deck, first_drawer, buf)


cdef int deal_hand(HandC* h, Rng* rng, uint8_t* deck, const BidParams* bp,
                   const int* team_level, const RulesC* r, int trump,
                   BidResult* bid, Dealer* dealer=NULL) noexcept nogil:
    cdef int rc, b
    cdef BidState st
    cdef uint8_t buf[N_CARDS]
    if trump >= 0:
        rc = deal_shuffle(dealer, rng, deck, bp.level, 0)    # dealer NULL: shuffle_full
        if rc != DEAL_OK:
            return rc
        memset(bid, 0, sizeof(BidResult))
        bid.trump = trump
        bid.banker = bp.banker
        bid.first_declarer = -1
        bid.first_declare_index = -1
        bid.standing.bidder = -1
    else:
        rc = bid_hand(rng, deck, bp, r, bid, &st, dealer)
        if rc != BID_OK:
            return rc
    b = bid.banker
    hand_setup(h, seat_order(deck, bid.first_drawer, buf), team_level[team(b)],
               team_level[1 - team(b)], bid.trump, b, r)
    hand_set_overturns(h, bid.team_overturns[0], bid.team_overturns[1])
    hand_set_bids(h, bid, bp.first_hand)
    return 0


cdef inline int seat_choice(BidState* st, int s, Rng** rngs, Agent** agents,
                            const BidParams* bp, const int* team_level) noexcept nogil:
    """The asked seat's decision under bp (bid_seats)."""
    cdef BidView v
    cdef BidSeen seen
    cdef BidParams kp
    cdef int pol = bp.seat_policy[s] if bp.policy == POLICY_PLAYERS else bp.policy
    if pol == POLICY_PLAYERS:
        bid_seen(st, &seen)
        seen.team_level[0] = team_level[0]
        seen.team_level[1] = team_level[1]
        return agent_bid(agents[s], &seen, rngs[s])
    bid_view(st, &v)
    kp = bp[0]
    kp.policy = pol
    return bid_policy_choose(&v, &kp)


cdef int bid_seats(BidState* st, Rng** rngs, Agent** agents, const BidParams* bp,
                   const int* team_level) noexcept nogil:
    cdef int s
    while True:
        s = bid_advance(st)
        if s < 0:
            return 0
        if bid_apply(st, seat_choice(st, s, rngs, agents, bp, team_level)) != BID_OK:
            return BID_ERR_CHOICE


cdef int players_bid_deck(Rng* rng, Rng** rngs, const uint8_t* deck, const BidParams* bp,
                          const RulesC* r, int first_drawer, Agent** agents,
                          const int* team_level, BidResult* out, BidState* st) noexcept nogil:
    cdef int rc = bid_start(st, bp, r, deck, first_drawer)
    if rc != BID_OK:
        return rc
    rc = bid_seats(st, rngs, agents, bp, team_level)
    if rc != 0:
        return rc
    return bid_finish(st, rng, out)


cdef int players_bid_hand(Rng* rng, Rng** rngs, uint8_t* deck, const BidParams* bp,
                          const RulesC* r, Agent** agents, const int* team_level,
                          BidResult* out, BidState* st, Dealer* dealer=NULL) noexcept nogil:
    cdef int redeals = 0
    cdef int rc, first
    first = bid_first_drawer(bp, r, rng)     # once per hand, before the shuffle (bid_hand)
    while True:
        rc = deal_shuffle(dealer, rng, deck, bp.level, first)  # dealer NULL: shuffle_full
        if rc != DEAL_OK:
            return rc
        rc = players_bid_deck(rng, rngs, deck, bp, r, first, agents, team_level, out, st)
        if rc != BID_REDEAL:
            out.redeals = redeals
            return rc
        redeals += 1
        if redeals > MAX_REDEALS:
            out.redeals = redeals
            return BID_ERR_REDEAL_CAP


cdef int deal_hand_agents(HandC* h, Rng* rng, Rng** rngs, uint8_t* deck, const BidParams* bp,
                          const int* team_level, const RulesC* r, Agent** agents,
                          BidResult* bid, Dealer* dealer=NULL) noexcept nogil:
    cdef int rc, b
    cdef BidState st
    cdef uint8_t buf[N_CARDS]
    if bp.policy != POLICY_PLAYERS:
        return deal_hand(h, rng, deck, bp, team_level, r, -1, bid, dealer)
    rc = players_bid_hand(rng, rngs, deck, bp, r, agents, team_level, bid, &st, dealer)
    if rc != BID_OK:
        return rc
    b = bid.banker
    hand_setup(h, seat_order(deck, bid.first_drawer, buf), team_level[team(b)],
               team_level[1 - team(b)], bid.trump, b, r)
    hand_set_overturns(h, bid.team_overturns[0], bid.team_overturns[1])
    hand_set_bids(h, bid, bp.first_hand)
    return 0


cdef int bury_step(HandC* h, Rng** rngs, Agent** agents) noexcept nogil:
    """The seat to play (the banker, or a re-burying overturner) buries with its agent."""
    cdef View v
    cdef Play p
    cdef int s = h.pub.to_play
    make_view(h, s, &v)
    if agent_bury(agents[s], &v, rngs[s], &p) != 0:
        return APPLY_EMPTY
    return hand_bury(h, &p)


cdef int play_tricks(HandC* h, Rng** rngs, Agent** agents) noexcept nogil:
    cdef View views[N_SEATS]           # made once: a view's pointers hold for the hand
    cdef Play p, forced
    cdef int status, s
    for s in range(N_SEATS):
        make_view(h, s, &views[s])
    while h.pub.phase == PHASE_PLAY:
        s = h.pub.to_play
        if agent_play(agents[s], &views[s], rngs[s], &p) != 0:
            return APPLY_EMPTY
        status = hand_apply(h, &p, &forced, False)
        if status != APPLY_OK:
            return status
    return APPLY_OK


cdef inline void same_rng(Rng* rng, Rng** rngs) noexcept nogil:
    """Every seat draws from the one stream rng (studies other than the duel)."""
    cdef int s
    for s in range(N_SEATS):
        rngs[s] = rng


cdef int play_out_seats(HandC* h, Rng** rngs, Agent** agents) noexcept nogil:
    cdef int status = bury_step(h, rngs, agents)
    if status != APPLY_OK:
        return status
    return play_tricks(h, rngs, agents)


cdef int play_out(HandC* h, Rng* rng, Agent** agents) noexcept nogil:
    cdef Rng* rngs[N_SEATS]
    same_rng(rng, rngs)
    return play_out_seats(h, rngs, agents)


cdef int late_bids(HandC* h, Rng** rngs, Agent** agents, const BidParams* bp,
                   BidResult* bid) noexcept nogil:
    """The round of overturns after the bury (overturn_after_kitty), decided by the kernel
    bidding policy of bp, or under POLICY_PLAYERS by each seat's bp.seat_policy (its
    agent's bot, or a kernel policy: seat_choice); a re-burying overturner
    (overturn_reburies) buries with its bot.
    The hand's trump follows each overturn; bid gets the final counts."""
    cdef BidState st
    cdef const uint8_t* counts[N_SEATS]
    cdef int lv[2]
    cdef int s, c, status
    if not bid_late_round(&h.pub.r, bp.first_hand, bid):
        return APPLY_OK
    lv[team(h.pub.banker)] = h.pub.level
    lv[1 - team(h.pub.banker)] = h.pub.def_level
    for s in range(N_SEATS):
        counts[s] = h.seat[s].count
    bid_late_start(&st, &h.pub.r, bp.level, bp.first_hand, bid, counts)
    while True:
        s = bid_advance(&st)
        if s >= 0:
            c = seat_choice(&st, s, rngs, agents, bp, lv)
            if bid_apply(&st, c) != BID_OK:
                return BID_ERR_CHOICE
            if c >= 0:
                hand_set_trump(h, st.b.suit)
        elif st.stage == STAGE_REBURY:
            s = st.rebury_seat
            status = hand_take_kitty(h, s)
            if status == APPLY_OK:
                status = bury_step(h, rngs, agents)
            if status != APPLY_OK:
                return status
            bid_recount(&st, s, h.seat[s].count)
        else:
            break
    bid_late_finish(&st, bid)
    hand_set_overturns(h, bid.team_overturns[0], bid.team_overturns[1])
    hand_set_bids(h, bid, bp.first_hand)
    return APPLY_OK


cdef int play_out_seats_bids(HandC* h, Rng** rngs, Agent** agents, const BidParams* bp,
                             BidResult* bid) noexcept nogil:
    cdef int status = bury_step(h, rngs, agents)
    if status != APPLY_OK:
        return status
    status = late_bids(h, rngs, agents, bp, bid)
    if status != APPLY_OK:
        return status
    return play_tricks(h, rngs, agents)


cdef int play_out_bids(HandC* h, Rng* rng, Agent** agents, const BidParams* bp,
                       BidResult* bid) noexcept nogil:
    cdef Rng* rngs[N_SEATS]
    same_rng(rng, rngs)
    return play_out_seats_bids(h, rngs, agents, bp, bid)


cdef void hand_row(const HandC* h, const BidResult* bid, int32_t* col, Py_ssize_t stride,
                   Py_ssize_t i) noexcept nogil:
    col[0 * stride + i] = h.pub.banker
    col[1 * stride + i] = h.pub.trump
    col[2 * stride + i] = h.pub.level
    col[3 * stride + i] = h.pub.table_points
    col[4 * stride + i] = h.kitty_points
    col[5 * stride + i] = SIDE_BANKER if team(h.score.last_winner) == team(h.pub.banker) \
        else SIDE_DEFENDERS
    col[6 * stride + i] = h.score.last_shape
    col[7 * stride + i] = h.score.kitty_mult
    col[8 * stride + i] = h.pub.penalty
    col[9 * stride + i] = h.score.defender_points
    col[10 * stride + i] = h.score.level_side
    col[11 * stride + i] = <int32_t> h.score.levels
    col[12 * stride + i] = h.score.next_banker
    col[13 * stride + i] = h.pub.failed_throws
    col[14 * stride + i] = h.score.demotion
    col[15 * stride + i] = bid.redeals
    col[16 * stride + i] = bid.overturns
    col[17 * stride + i] = bid.late_overturns
    col[18 * stride + i] = bid.reburies
    col[19 * stride + i] = bid.first_drawer


cdef void hand_bid_params(BidParams* bp, int level, int banker, int bid_policy,
                          int bid_threshold) noexcept nogil:
    cdef int s
    bp.level = level
    bp.first_hand = banker < 0
    bp.banker = banker if banker >= 0 else 0
    bp.policy = bid_policy
    bp.threshold = bid_threshold
    for s in range(N_SEATS):
        bp.seat_policy[s] = bid_policy


def play_hands(job):
    """Play a ``HandsJob`` (jobs.py), its fields as named here: n independent hands at level
    rank `level` (both teams at it).  banker: a seat (later hand, bidding keeps it unless
    the rules move it) or -1 (first hand: the declarer banks).  The banker team's seats are
    played by banker_bot, the others by defender_bot (a bot id, or (id, parameters): bot.pxd
    agent_init).  out: (N_HAND_COLUMNS, >= n) int32, HAND_COLUMNS order.  The generator
    state and the deck are advanced in place.  deal: a shengji._core.deal.spec.Dealing
    (every deal conditional) or None."""
    check(job, HandsJob)
    state, banker_bot, defender_bot, deal = job.state, job.banker_bot, job.defender_bot, job.deal
    cdef cnp.uint8_t[::1] deck = job.deck
    cdef cnp.int32_t[:, ::1] out = job.out
    cdef Py_ssize_t n = job.n
    cdef int level = job.level, banker = job.banker
    cdef int bid_policy = job.bid_policy, bid_threshold = job.bid_threshold
    cdef RulesC r = pack_rules(job.rules)
    cdef Rng rng
    cdef HandC h
    cdef BidParams bp
    cdef BidResult bid
    cdef Agent agents[2]                 # the banker team's, the defenders'
    cdef Agent* seats[2][N_SEATS]        # by the banker's team
    cdef Rng* rngs[N_SEATS]
    cdef int lv[2]
    cdef Py_ssize_t i
    cdef int rc = 0
    cdef Py_ssize_t stride = out.shape[1]
    if not 0 <= level < N_RANKS or not -1 <= banker < N_SEATS:
        raise ValueError("level 0..12, banker -1..3")
    if out.shape[0] != N_HAND_COLUMNS or stride < n or deck.shape[0] != N_CARDS:
        raise ValueError(f"out must be ({N_HAND_COLUMNS}, >= n) int32 and deck 108 cards")
    cdef Dealer* dealer = NULL
    dealer_of(deal, &dealer)
    try:
        agents_init(agents, 2, (banker_bot, defender_bot))
        seat_agents(seats[0], &agents[0], &agents[1], 0)
        seat_agents(seats[1], &agents[0], &agents[1], 1)
        hand_bid_params(&bp, level, banker, bid_policy, bid_threshold)
        lv[0] = level
        lv[1] = level
        rng_load(&rng, state)
        same_rng(&rng, rngs)
        with nogil:
            for i in range(n):
                if interrupted():
                    break
                # players: before the bidding the banker's team is known only in a later
                # hand (bp.banker); in a first hand the seats bid as team 0 banking
                rc = deal_hand_agents(&h, &rng, rngs, &deck[0], &bp, lv, &r,
                                      seats[team(bp.banker)], &bid, dealer)
                if rc != 0:
                    break
                rc = play_out_bids(&h, &rng, seats[team(h.pub.banker)], &bp, &bid)
                if rc != 0:
                    break
                hand_row(&h, &bid, &out[0, 0], stride, i)
        rng_store(&rng, state)
    finally:
        agents_free(agents, 2)
    raise_interrupt()
    raise_status(rc)


cdef void match_start(MatchC* m, const RulesC* r) noexcept nogil:
    m.lv[0] = r.start_level
    m.lv[1] = r.start_level
    m.banker = -1
    m.hands = 0
    m.winner = -1
    m.ended = MATCH_ON


cdef int match_deal(MatchC* m, HandC* h, Rng* rng, uint8_t* deck, const RulesC* r,
                    int bid_policy, int bid_threshold, BidResult* bid,
                    Dealer* dealer=NULL) noexcept nogil:
    cdef BidParams* bp = &m.bp
    bp.first_hand = m.banker < 0
    bp.banker = m.banker if m.banker >= 0 else 0
    # the bidding's level: the (expected) banker team's; a first hand is at the common
    # start level
    bp.level = m.lv[team(m.banker)] if m.banker >= 0 else m.lv[0]
    bp.policy = bid_policy
    bp.threshold = bid_threshold
    return deal_hand(h, rng, deck, bp, m.lv, r, -1, bid, dealer)


cdef int match_deal_agents(MatchC* m, HandC* h, Rng* rng, uint8_t* deck, const RulesC* r,
                           int bid_policy, int bid_threshold, Agent** agents,
                           BidResult* bid, Dealer* dealer=NULL) noexcept nogil:
    cdef Rng* rngs[N_SEATS]
    cdef int s
    if bid_policy != POLICY_PLAYERS:
        return match_deal(m, h, rng, deck, r, bid_policy, bid_threshold, bid, dealer)
    same_rng(rng, rngs)
    m.bp.first_hand = m.banker < 0
    m.bp.banker = m.banker if m.banker >= 0 else 0
    m.bp.level = m.lv[team(m.banker)] if m.banker >= 0 else m.lv[0]
    m.bp.policy = bid_policy
    m.bp.threshold = bid_threshold
    for s in range(N_SEATS):
        m.bp.seat_policy[s] = bid_policy
    return deal_hand_agents(h, rng, rngs, deck, &m.bp, m.lv, r, agents, bid, dealer)


cdef void match_score(MatchC* m, const HandC* h, const RulesC* r) noexcept nogil:
    m.hands += 1
    m.winner = match_levels(m.lv, h.pub.banker, &h.score, r)
    m.banker = h.score.next_banker
    if m.winner >= 0:
        m.lv[m.winner] = r.target_level + 1
        m.ended = MATCH_TARGET
    elif r.match_hands >= 0 and m.hands >= r.match_hands:
        # Time (docs/rules.md §6): the higher team wins; equal levels by timeout_tie -- a
        # draw, the team on the bank (the next hand's banker team), or play on, this check
        # repeating after every further hand.
        if m.lv[0] != m.lv[1]:
            m.winner = 0 if m.lv[0] > m.lv[1] else 1
            m.ended = MATCH_TIME
        elif r.timeout_tie == TT_BANKER:
            m.winner = team(m.banker)
            m.ended = MATCH_TIME
        elif r.timeout_tie == TT_DRAW:
            m.ended = MATCH_TIME


def play_match(job):
    """Play a ``MatchJob`` (jobs.py), its fields as named here: one match from the rules'
    start_level until a team levels past target_level or time runs out (match_hands,
    timeout_tie; docs/rules.md §6): banker rotation, must_play, level_cap,
    must_play_demotion and overturn_levels as the rules say.  Rows of out (N_HAND_COLUMNS +
    2, capacity): the hand columns, then the two teams' levels before the hand.  team0_bot,
    team1_bot: as play_hands' bots.  Returns (hands played, winning team (-1: a draw, or the
    guard), how it ended (an index into MATCH_ENDS), team 0's and team 1's level after the
    last hand (the winner by target: target_level + 1)). deal: a
    shengji._core.deal.spec.Dealing (conditional deals at each hand's bidding level) or
    None; deal_every false: the match's first hand alone is conditional."""
    check(job, MatchJob)
    state, team0_bot, team1_bot, deal = job.state, job.team0_bot, job.team1_bot, job.deal
    cdef cnp.uint8_t[::1] deck = job.deck
    cdef cnp.int32_t[:, ::1] out = job.out
    cdef int bid_policy = job.bid_policy, bid_threshold = job.bid_threshold
    cdef bint deal_every = job.deal_every
    cdef RulesC r = pack_rules(job.rules)
    cdef Rng rng
    cdef HandC h
    cdef MatchC m
    cdef BidResult bid
    cdef Agent agents[2]
    cdef Agent* seats[N_SEATS]
    cdef Py_ssize_t i = 0, cap = out.shape[1]
    cdef int rc = 0
    if out.shape[0] != N_HAND_COLUMNS + 2 or deck.shape[0] != N_CARDS:
        raise ValueError(f"out must be ({N_HAND_COLUMNS + 2}, capacity) int32 and deck "
                         "108 cards")
    cdef Dealer* dealer = NULL
    dealer_of(deal, &dealer)
    try:
        agents_init(agents, 2, (team0_bot, team1_bot))
        seat_agents(seats, &agents[0], &agents[1], 0)
        match_start(&m, &r)
        rng_load(&rng, state)
        with nogil:
            while i < cap and i < MAX_MATCH_HANDS:
                if interrupted():
                    break
                rc = match_deal_agents(&m, &h, &rng, &deck[0], &r, bid_policy, bid_threshold,
                                       seats, &bid, dealer if deal_every or i == 0 else NULL)
                if rc != 0:
                    break
                out[N_HAND_COLUMNS, i] = m.lv[0]
                out[N_HAND_COLUMNS + 1, i] = m.lv[1]
                rc = play_out_bids(&h, &rng, seats, &m.bp, &bid)
                if rc != 0:
                    break
                hand_row(&h, &bid, &out[0, 0], cap, i)
                i += 1
                match_score(&m, &h, &r)
                if m.ended != MATCH_ON:
                    break
        rng_store(&rng, state)
    finally:
        agents_free(agents, 2)
    raise_interrupt()
    raise_status(rc)
    if m.ended == MATCH_ON:
        m.ended = MATCH_GUARD
    return i, m.winner, m.ended, m.lv[0], m.lv[1]
