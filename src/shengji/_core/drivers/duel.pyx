# cython: language_level=3
"""The duel driver: duplicate play, as in duplicate bridge (the duel study).

Every deal is played twice with the same cards in the same seats, the same trump and the
same banker (dealt and bid once, by the rules' bid policy): orientation 0 with bot A on the
banker team (the banker and its partner) and bot B defending, orientation 1 the other way
round.  The luck of the cards then cancels in the per-deal swing.

Randomness: the deal and the bidding draw from the chunk's main stream (rng.pyx, the
seeding rule) and nothing else does, so every duel with the same seed, rules and level
plays the same deals whatever bots sit at the table.  Seat s of deal d (the run's index) in
orientation o draws its own decisions from ``rng_split(key, (d * 2 + o) * 4 + s)`` (key:
rng.pyx's ``seat_key``), a pure function of (seed, chunk, deal, orientation, seat): a bot's
draws never shift another's, nor the deals.

Under bid_policy "players" (POLICY_PLAYERS) the seats' bots bid, so the bidding is not
shared: each deal is shuffled once (and its first drawer drawn once) from the main stream,
then bid in each orientation by the bots sitting there (drawing from their seat streams,
which then go on into the play); when either orientation's bidding throws the deal in,
both are dealt again from a new shuffle, so the two orientations always play the same
cards.  ``team_b_bid_policy`` (a kernel policy) makes bot B's seats bid by that policy
instead of by their bot -- the paired measure of a bot's bidding against a kernel policy."""
cimport numpy as cnp
from libc.stdint cimport int32_t, uint8_t
from libc.string cimport memcpy

from shengji._core.base.cards cimport N_CARDS, N_RANKS, N_SEATS, team
from shengji._core.base.options cimport RulesC, pack_rules
from shengji._core.base.interrupt cimport interrupted, raise_interrupt
from shengji._core.base.rng cimport Rng, rng_load, rng_split, rng_store
from shengji._core.bidding.bidding cimport (
    BidParams, BidResult, BidState, BID_OK, BID_REDEAL, BID_ERR_REDEAL_CAP,
    MAX_REDEALS, POLICY_EAGER, POLICY_NEVER, POLICY_PLAYERS, bid_first_drawer,
)
from shengji._core.deal.cond cimport deal_shuffle
from shengji._core.deal.spec cimport DEAL_OK, Dealer, dealer_of
from shengji._core.engine.hand cimport hand_set_overturns, hand_set_bids, hand_setup
from shengji._core.engine.hand cimport HandC
from shengji._core.bots.bot cimport Agent
from shengji._core.drivers.hands cimport (
    N_HAND_COLUMNS, deal_hand, hand_bid_params, hand_row, play_out_seats_bids, players_bid_deck,
    raise_status, seat_order,
)
from shengji._core.drivers.agents cimport agents_init, agents_free, seat_agents
from shengji._core.drivers.jobs import DuelJob, check

cnp.import_array()


ctypedef struct Tables:
    # Who sits where in a duel: the two bots' agents, each orientation's seats by the
    # banker's team, and the seats' streams (rngs[s] points at seat_rng[s]).
    Agent agents[N_ORIENTATIONS]                     # bot A's, bot B's
    Agent* seats[N_ORIENTATIONS][2][N_SEATS]        # by orientation, banker's team
    Rng seat_rng[N_SEATS]
    Rng* rngs[N_SEATS]


cdef int seat_tables(Tables* t, bot_a, bot_b) except -1:
    """t's agents for bot_a and bot_b (free with agents_free(t.agents, N_ORIENTATIONS)),
    seated: orientation 0 with bot A on the banker team, 1 the other way round."""
    cdef int s
    agents_init(t.agents, N_ORIENTATIONS, (bot_a, bot_b))
    for s in range(2):
        seat_agents(t.seats[0][s], &t.agents[0], &t.agents[1], s)
        seat_agents(t.seats[1][s], &t.agents[1], &t.agents[0], s)
    for s in range(N_SEATS):
        t.rngs[s] = &t.seat_rng[s]
    return 0


def play_duel(job):
    """Play a ``DuelJob`` (jobs.py), its fields as named here: deal n hands (run indices
    first .. first + n - 1) from the generator `state` and the carried-over `deck`, each
    played in both orientations: row 2 i + o of out (drivers. HAND_COLUMNS, (N_HAND_COLUMNS,
    >= 2 n) int32) is deal i in orientation o.  level, banker, bid_policy, bid_threshold: as
    drivers.play_hands (both teams at `level`; banker -1: first hands).  bot_a, bot_b: a bot
    id or (id, parameters) (agent_init).  key: the chunk's seat_key.  state and deck advance
    in place.  team_b_bid_policy: -1, or under POLICY_PLAYERS a kernel policy bot B's seats
    bid by (module docstring).  deal: a shengji._core.deal.spec.Dealing (every deal
    conditional, both orientations on it) or None."""
    check(job, DuelJob)
    state, key, rules, bot_a, bot_b = job.state, job.key, job.rules, job.bot_a, job.bot_b
    cdef cnp.uint8_t[::1] deck = job.deck
    cdef cnp.int32_t[:, ::1] out = job.out
    cdef Py_ssize_t first = job.first, n = job.n
    cdef int level = job.level, banker = job.banker, bid_policy = job.bid_policy
    cdef int bid_threshold = job.bid_threshold, team_b_bid_policy = job.team_b_bid_policy
    if not 0 <= level < N_RANKS or not -1 <= banker < N_SEATS or first < 0 or n < 0:
        raise ValueError("level 0..12, banker -1..3, first and n >= 0")
    if out.shape[0] != N_HAND_COLUMNS or out.shape[1] < 2 * n or deck.shape[0] != N_CARDS:
        raise ValueError(f"out must be ({N_HAND_COLUMNS}, >= 2 n) int32 and deck 108 cards")
    cdef Dealer* dealer = NULL
    dealer_of(job.deal, &dealer)
    if bid_policy == POLICY_PLAYERS:
        return _duel_players(state, key, deck, first, n, rules, level, banker, bot_a, bot_b,
                             bid_threshold, out, team_b_bid_policy, dealer)
    if team_b_bid_policy != -1:
        raise ValueError("team_b_bid_policy only applies under the players' bidding")
    _duel_shared(state, key, deck, first, n, rules, level, banker, bot_a, bot_b, bid_policy,
                 bid_threshold, out, dealer)


cdef object _duel_shared(state, key, cnp.uint8_t[::1] deck, Py_ssize_t first,
                         Py_ssize_t n, rules, int level, int banker, bot_a, bot_b,
                         int bid_policy, int bid_threshold, cnp.int32_t[:, ::1] out,
                         Dealer* dealer):
    """play_duel under a kernel bid policy: each deal bid once, shared."""
    cdef RulesC r = pack_rules(rules)
    cdef Rng rng, k
    cdef HandC dealt, h
    cdef BidParams bp
    cdef BidResult bid, bid_o         # bid_o: the deal's bid, after orientation o's late round
    cdef Tables t
    cdef int lv[2]
    cdef Py_ssize_t i
    cdef int rc = 0, o, s
    cdef Py_ssize_t stride = out.shape[1]
    try:
        seat_tables(&t, bot_a, bot_b)
        hand_bid_params(&bp, level, banker, bid_policy, bid_threshold)
        lv[0] = level
        lv[1] = level
        rng_load(&k, key, "key")
        rng_load(&rng, state)
        with nogil:
            for i in range(n):
                if interrupted():
                    break
                rc = deal_hand(&dealt, &rng, &deck[0], &bp, lv, &r, -1, &bid, dealer)
                if rc != 0:
                    break
                for o in range(N_ORIENTATIONS):
                    memcpy(&h, &dealt, sizeof(HandC))
                    for s in range(N_SEATS):
                        rng_split(&k, seat_stream(first + i, o, s), &t.seat_rng[s])
                    memcpy(&bid_o, &bid, sizeof(BidResult))
                    rc = play_out_seats_bids(&h, t.rngs, t.seats[o][team(h.pub.banker)], &bp,
                                             &bid_o)
                    if rc != 0:
                        break
                    hand_row(&h, &bid_o, &out[0, 0], stride, 2 * i + o)
                if rc != 0:
                    break
        rng_store(&rng, state)
    finally:
        agents_free(t.agents, N_ORIENTATIONS)
    raise_interrupt()
    raise_status(rc)


cdef object _duel_players(state, key, cnp.uint8_t[::1] deck, Py_ssize_t first,
                          Py_ssize_t n, rules, int level, int banker, bot_a, bot_b,
                          int bid_threshold, cnp.int32_t[:, ::1] out,
                          int team_b_bid_policy, Dealer* dealer):
    """play_duel under the players' bidding (module docstring)."""
    cdef RulesC r = pack_rules(rules)
    cdef Rng rng, k
    cdef Rng after[N_ORIENTATIONS][N_SEATS]     # the seat streams after each bidding
    cdef HandC h
    cdef BidParams bp[N_ORIENTATIONS]
    cdef BidResult bid[N_ORIENTATIONS]
    cdef BidState st
    cdef Tables t
    cdef uint8_t buf[N_CARDS]
    cdef int lv[2]
    cdef Py_ssize_t i
    cdef int rc = 0, o, s, drawer, redeals, b, a_team
    cdef Py_ssize_t stride = out.shape[1]
    if not (team_b_bid_policy == -1 or POLICY_EAGER <= team_b_bid_policy <= POLICY_NEVER):
        raise ValueError(f"team_b_bid_policy {team_b_bid_policy}: -1 or a kernel policy "
                         f"{POLICY_EAGER}..{POLICY_NEVER}")
    try:
        seat_tables(&t, bot_a, bot_b)
        for o in range(N_ORIENTATIONS):
            hand_bid_params(&bp[o], level, banker, POLICY_PLAYERS, bid_threshold)
            # bot A's team: the (later hand's) banker team in orientation 0, the other in 1;
            # in a first hand team 0 (bp.banker is 0) in orientation 0
            a_team = team(bp[o].banker) if o == 0 else 1 - team(bp[o].banker)
            if team_b_bid_policy >= 0:
                for s in range(N_SEATS):
                    if team(s) != a_team:
                        bp[o].seat_policy[s] = team_b_bid_policy
        lv[0] = level
        lv[1] = level
        rng_load(&k, key, "key")
        rng_load(&rng, state)
        with nogil:
            for i in range(n):
                if interrupted():
                    break
                drawer = bid_first_drawer(&bp[0], &r, &rng)
                redeals = 0
                while True:
                    rc = deal_shuffle(dealer, &rng, &deck[0], level, drawer)
                    if rc != DEAL_OK:
                        break
                    for o in range(N_ORIENTATIONS):
                        for s in range(N_SEATS):
                            rng_split(&k, seat_stream(first + i, o, s), &t.seat_rng[s])
                        rc = players_bid_deck(&rng, t.rngs, &deck[0], &bp[o], &r, drawer,
                                              t.seats[o][team(bp[o].banker)], lv, &bid[o], &st)
                        if rc != BID_OK:
                            break
                        for s in range(N_SEATS):
                            after[o][s] = t.seat_rng[s]
                    if rc != BID_REDEAL:
                        break
                    redeals += 1
                    if redeals > MAX_REDEALS:
                        rc = BID_ERR_REDEAL_CAP
                        break
                if rc != BID_OK:
                    break
                for o in range(N_ORIENTATIONS):
                    bid[o].redeals = redeals
                    b = bid[o].banker
                    hand_setup(&h, seat_order(&deck[0], bid[o].first_drawer, buf),
                               lv[team(b)], lv[1 - team(b)], bid[o].trump, b, &r)
                    hand_set_overturns(&h, bid[o].team_overturns[0], bid[o].team_overturns[1])
                    hand_set_bids(&h, &bid[o], bp[o].first_hand)
                    for s in range(N_SEATS):
                        t.seat_rng[s] = after[o][s]
                    rc = play_out_seats_bids(&h, t.rngs, t.seats[o][team(b)], &bp[o], &bid[o])
                    if rc != 0:
                        break
                    hand_row(&h, &bid[o], &out[0, 0], stride, 2 * i + o)
                if rc != 0:
                    break
        rng_store(&rng, state)
    finally:
        agents_free(t.agents, N_ORIENTATIONS)
    raise_interrupt()
    raise_status(rc)
