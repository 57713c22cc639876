# cython: language_level=3
"""The bid decisions driver: hands played by one bot in every seat with the seats bidding
(bid_policy "players"), every bid decision that the net bot's bid head judges recorded as
the head sees it, each option with its hindsight value (the data of the learned bids:
shengji.learn.bids; the bid_decisions study).

The hands are the players' (drivers/hands.pyx ``players_bid_hand`` and ``play_out_bids``):
n independent hands from one chunk stream, both teams at ``level``, seat ``banker`` banking
unless first hands; each hand's first drawer drawn once and each deal shuffled from the
stream, the bidding stepped here, every seat deciding by the agent's bids, then the hand
buried and played out by the agent (the round after the bury too).

At each decision the head judges (bots/bid_net.pyx ``bid_inputs``: not the round after the
bury, nor face-down bids), with probability ``keep`` (one draw when ``keep`` < 1) a row
records the decision's bytes and each option's (passing first, then the seat's bids), the
options' hindsight values, the agent's choice, memory's and the option played.  An option's
hindsight value: the option applied to a copy of the bidding on the true deck, the rest of
the bidding decided by the agent's bids in every seat (the deciding seat's too), the hand
set up, buried and played out by the agent; its outcome for the deciding seat's team
(defender points: +D defending, -D banking; a first hand thrown in: 0).  Every option meets
the same cards and the same continuation, so their differences measure the bid alone; and
since the deck is a fair draw of what the seat cannot see, each value is an unbiased sample
of the option's value under the agent's bidding and play (a policy-improvement step).  The
continuation draws from a copy of the chunk's stream taken at the decision (the same copy
for every option): the bots of this driver draw nothing, the kernel only for
``no_bid = "kitty_random"``.

Exploration: with probability ``explore`` the option played at a recorded decision is drawn
uniformly among its options (two draws), else it is the agent's choice; so the bidding
reaches states the agent alone would not.  When the hand is over, each of its rows gets the
hand's outcome for the row's seat's team (``points``; 0 for a deal thrown in); without
exploration and with the agent deterministic, the option played has exactly that value.
Every draw comes from the chunk's stream, in order: the same bytes for any number of
workers."""
cimport numpy as cnp
from libc.stdint cimport int32_t, uint8_t
from libc.string cimport memcpy

from shengji._core.base.cards cimport N_CARDS, N_RANKS, N_SEATS, team
from shengji._core.base.options cimport RulesC, pack_rules
from shengji._core.base.rng cimport Rng, rng_load, rng_store, sj_bounded, sj_next
from shengji._core.base.interrupt cimport interrupted, raise_interrupt
from shengji._core.deal.cond cimport deal_shuffle
from shengji._core.deal.spec cimport DEAL_OK
from shengji._core.bidding.bidding cimport (
    BidParams, BidResult, BidSeen, BidState, BID_ERR_CHOICE, BID_ERR_REDEAL_CAP, BID_OK,
    BID_PASS, BID_REDEAL, MAX_REDEALS, POLICY_PLAYERS, bid_advance, bid_apply, bid_finish,
    bid_first_drawer, bid_seen, bid_start,
)
from shengji._core.engine.hand cimport HandC, hand_set_bids, hand_set_overturns, hand_setup
from shengji._core.bots.bot cimport Agent, OBJECTIVE_POINTS, agent_bid
from shengji._core.bots.bid_net cimport (
    BID_ACTION_SIZE, BID_OPTIONS, BID_STATE_SIZE, BidInputs, bid_inputs,
)
from shengji._core.bots.pimc cimport search_outcome
from shengji._core.drivers.hands cimport (
    N_HAND_COLUMNS, bid_seats, hand_bid_params, hand_row, play_out_bids, raise_status,
    seat_order,
)
from shengji._core.drivers.agents cimport agents_init, agents_free
from shengji._core.drivers.jobs import BidDecisionsJob, check

import numpy as np

cnp.import_array()

cdef enum:
    N_META = 9
    # rows a hand may add (its deals' decisions: a later hand has a few dozen); the arrays
    # grow between hands while fewer are free, and a hand that fills them records no more
    HAND_RESERVE = 2048

# The int32 columns of a recorded decision (meta), in this order: the hand (its index in the
# call), the seat, the cards dealt, the asking round (bidding.pxd ROUND_*), the options (1 +
# the seat's bids), the option played, the agent's choice, memory's (option indices, 0:
# passing), and the hand's outcome for the seat's team (points; 0 for a deal thrown in).
META_COLUMNS = ("hand", "seat", "dealt", "round", "n", "played", "policy", "memory", "points")
assert len(META_COLUMNS) == N_META
OPTIONS = BID_OPTIONS
STATE_SIZE = BID_STATE_SIZE
ACTION_SIZE = BID_ACTION_SIZE


ctypedef struct Rows:
    uint8_t* y                   # [row][BID_STATE_SIZE]
    uint8_t* o                   # [row][BID_OPTIONS][BID_ACTION_SIZE]
    float* q                     # [row][BID_OPTIONS]
    int32_t* meta                # [row][N_META]
    Py_ssize_t n_rows
    Py_ssize_t cap
    double keep
    double explore


ctypedef struct Table:
    # what a hand is played with: the agents (every seat's, and the hindsight's own), the
    # bidding's parameters, the rules, the team levels
    Agent** seats
    Agent** rollers
    const BidParams* bp
    const RulesC* r
    int lv[2]


cdef double unit(Rng* rng) noexcept nogil:
    return (sj_next(rng) >> 11) * (1.0 / 9007199254740992.0)


cdef int setup_hand(HandC* h, const uint8_t* deck, const BidResult* res,
                    const Table* t) noexcept nogil:
    """h set up from a finished bidding, as deal_hand_agents does."""
    cdef uint8_t buf[N_CARDS]
    cdef int b = res.banker
    hand_setup(h, seat_order(deck, res.first_drawer, buf), t.lv[team(b)], t.lv[1 - team(b)],
               res.trump, b, t.r)
    hand_set_overturns(h, res.team_overturns[0], res.team_overturns[1])
    hand_set_bids(h, res, t.bp.first_hand)
    return 0


cdef int hindsight(const BidState* st, const uint8_t* deck, int choice, int seat,
                   const Rng* rng, const Table* t, float* value) noexcept nogil:
    """The option `choice` (BID_PASS or a bid's index) applied to a copy of st, then the rest
    of the bidding and the hand by the hindsight agents: the outcome for seat's team into
    *value.  0, or a bidding or hand engine status."""
    cdef BidState w
    cdef BidResult res
    cdef HandC h
    cdef Rng local = rng[0]
    cdef Rng* rngs[N_SEATS]
    cdef int s, rc
    for s in range(N_SEATS):
        rngs[s] = &local
    memcpy(&w, st, sizeof(BidState))
    if bid_apply(&w, choice) != BID_OK:
        return BID_ERR_CHOICE
    rc = bid_seats(&w, rngs, t.rollers, t.bp, t.lv)
    if rc != 0:
        return rc
    if bid_finish(&w, &local, &res) == BID_REDEAL:
        value[0] = 0.0
        return 0
    setup_hand(&h, deck, &res, t)
    rc = play_out_bids(&h, &local, t.rollers, t.bp, &res)
    if rc != 0:
        return rc
    value[0] = <float> search_outcome(&h, seat, OBJECTIVE_POINTS)
    return 0


cdef int record(BidState* st, const BidSeen* seen, const BidInputs* d, int policy, Rng* rng,
                const Table* t, Rows* rows, Py_ssize_t hand, int* played) noexcept nogil:
    """A row for the decision (its options' hindsight values); the option to play into
    *played (explore's draw, or the agent's choice)."""
    cdef Py_ssize_t r = rows.n_rows
    cdef int k, rc
    cdef int32_t* meta
    played[0] = policy
    if rows.explore > 0.0 and unit(rng) < rows.explore:
        played[0] = <int> sj_bounded(rng, <unsigned> d.n)
    memcpy(rows.y + r * BID_STATE_SIZE, d.y, BID_STATE_SIZE)
    memcpy(rows.o + r * BID_OPTIONS * BID_ACTION_SIZE, &d.o[0][0],
           BID_OPTIONS * BID_ACTION_SIZE)
    for k in range(BID_OPTIONS):
        rows.q[r * BID_OPTIONS + k] = 0.0
    for k in range(d.n):
        rc = hindsight(st, st.deck, k - 1, seen.seat, rng, t, &rows.q[r * BID_OPTIONS + k])
        if rc != 0:
            return rc
    meta = rows.meta + r * N_META
    meta[0] = <int32_t> hand
    meta[1] = seen.seat
    meta[2] = seen.pub.dealt
    meta[3] = seen.pub.round
    meta[4] = d.n
    meta[5] = played[0]
    meta[6] = policy
    meta[7] = d.memory
    meta[8] = 0
    rows.n_rows = r + 1
    return 0


cdef int bid_deal(BidState* st, Rng* rng, const Table* t, Rows* rows,
                  Py_ssize_t hand) noexcept nogil:
    """Step the bidding of one deal (after bid_start) to its end, recording the decisions."""
    cdef BidSeen seen
    cdef BidInputs d
    cdef int s, c, played, rc
    while True:
        s = bid_advance(st)
        if s < 0:
            return 0
        bid_seen(st, &seen)
        seen.team_level[0] = t.lv[0]
        seen.team_level[1] = t.lv[1]
        c = agent_bid(t.seats[s], &seen, rng)
        played = c + 1
        if rows.n_rows < rows.cap and bid_inputs(&seen, &d) == 0 and c + 1 < d.n and (
                rows.keep >= 1.0 or unit(rng) < rows.keep):
            rc = record(st, &seen, &d, c + 1, rng, t, rows, hand, &played)
            if rc != 0:
                return rc
        if bid_apply(st, played - 1 if played > 0 else BID_PASS) != BID_OK:
            return BID_ERR_CHOICE


cdef int play_hand(HandC* h, Rng* rng, uint8_t* deck, const Table* t, Rows* rows,
                   Py_ssize_t hand, BidResult* res) noexcept nogil:
    """One hand (players_bid_hand's loop with the decisions recorded, then its play); its
    rows get the outcome."""
    cdef BidState st
    cdef Py_ssize_t r0 = rows.n_rows, r
    cdef int rc, first, redeals = 0, s, pts
    first = bid_first_drawer(t.bp, t.r, rng)
    while True:
        rc = deal_shuffle(NULL, rng, deck, t.bp.level, first)
        if rc != DEAL_OK:
            return rc
        rc = bid_start(&st, t.bp, t.r, deck, first)
        if rc == BID_OK:
            rc = bid_deal(&st, rng, t, rows, hand)
        if rc == 0:
            rc = bid_finish(&st, rng, res)
        if rc != BID_REDEAL:
            break
        r0 = rows.n_rows             # a deal thrown in: its rows keep the outcome 0
        redeals += 1
        if redeals > MAX_REDEALS:
            return BID_ERR_REDEAL_CAP
    if rc != BID_OK:
        return rc
    res.redeals = redeals
    setup_hand(h, deck, res, t)
    rc = play_out_bids(h, rng, t.seats, t.bp, res)
    if rc != 0:
        return rc
    for r in range(r0, rows.n_rows):
        s = rows.meta[r * N_META + 1]
        pts = h.score.defender_points
        rows.meta[r * N_META + 8] = pts if team(s) != team(h.pub.banker) else -pts
    return 0


cdef void point_rows(Rows* rows, dict arrays):
    rows.y = <uint8_t*> cnp.PyArray_DATA(arrays["y"])
    rows.o = <uint8_t*> cnp.PyArray_DATA(arrays["o"])
    rows.q = <float*> cnp.PyArray_DATA(arrays["q"])
    rows.meta = <int32_t*> cnp.PyArray_DATA(arrays["meta"])
    rows.cap = len(arrays["meta"])


def _arrays(Py_ssize_t cap, dict old=None) -> dict:
    """The row arrays for cap rows, the old ones' rows copied in."""
    new = {"y": np.zeros((cap, BID_STATE_SIZE), np.uint8),
           "o": np.zeros((cap, BID_OPTIONS, BID_ACTION_SIZE), np.uint8),
           "q": np.zeros((cap, BID_OPTIONS), np.float32),
           "meta": np.zeros((cap, N_META), np.int32)}
    if old is not None:
        for k, v in old.items():
            new[k][:len(v)] = v
    return new


def record_bids(job):
    """Play a ``BidDecisionsJob`` (jobs.py), its fields as named here: n hands with ``bot``
    (a bot id, or (id, parameters): agent_init) in every seat, the seats bidding, from the
    generator ``state`` and the carried-over ``deck`` (both advance in place); level,
    banker (-1: first hands) as drivers.play_hands; out (N_HAND_COLUMNS, >= n) int32 gets
    the hands' HAND_COLUMNS rows.  keep (0 < keep <= 1): the share of the decisions the
    head judges that are recorded; explore (0 <= explore <= 1): the chance that a recorded
    decision plays a uniformly drawn option (module docstring).

    Returns a dict of numpy arrays, one row per recorded decision (R rows): ``y`` uint8 (R,
    STATE_SIZE) (bots.bid_net.LAYOUT), ``o`` uint8 (R, OPTIONS, ACTION_SIZE) (passing, then
    the seat's bids; zero past n), ``q`` float32 (R, OPTIONS) (each option's hindsight
    value; 0 past n) and ``meta`` int32 (R, len(META_COLUMNS))."""
    check(job, BidDecisionsJob)
    state, bot = job.state, job.bot
    cdef cnp.uint8_t[::1] deck = job.deck
    cdef cnp.int32_t[:, ::1] out = job.out
    cdef Py_ssize_t n = job.n, i
    cdef int level = job.level, banker = job.banker, rc = 0, s
    cdef RulesC r = pack_rules(job.rules)
    cdef Rng rng
    cdef HandC h
    cdef BidParams bp
    cdef BidResult res
    cdef Agent agents[2]
    cdef Agent* seats[N_SEATS]
    cdef Agent* rollers[N_SEATS]
    cdef Table t
    cdef Rows rows
    cdef Py_ssize_t stride = out.shape[1]
    if not 0 <= level < N_RANKS or not -1 <= banker < N_SEATS or n < 0:
        raise ValueError("level 0..12, banker -1..3, n >= 0")
    if out.shape[0] != N_HAND_COLUMNS or stride < n or deck.shape[0] != N_CARDS:
        raise ValueError(f"out must be ({N_HAND_COLUMNS}, >= n) int32 and deck 108 cards")
    if not 0.0 < job.keep <= 1.0 or not 0.0 <= job.explore <= 1.0:
        raise ValueError(f"keep in (0, 1] and explore in [0, 1], got {job.keep}, {job.explore}")
    arrays = _arrays(HAND_RESERVE + 16 * n)
    point_rows(&rows, arrays)
    rows.n_rows = 0
    rows.keep = job.keep
    rows.explore = job.explore
    try:
        agents_init(agents, 2, (bot, bot))     # every seat's, and the hindsight's own
        for s in range(N_SEATS):
            seats[s] = &agents[0]
            rollers[s] = &agents[1]
        hand_bid_params(&bp, level, banker, POLICY_PLAYERS, 0)
        t.seats, t.rollers, t.bp, t.r = seats, rollers, &bp, &r
        t.lv[0] = level
        t.lv[1] = level
        rng_load(&rng, state)
        for i in range(n):
            if rows.cap - rows.n_rows < HAND_RESERVE:
                arrays = _arrays(2 * rows.cap, {k: v[:rows.n_rows] for k, v in arrays.items()})
                point_rows(&rows, arrays)
            with nogil:
                if not interrupted():
                    rc = play_hand(&h, &rng, &deck[0], &t, &rows, i, &res)
                    if rc == 0:
                        hand_row(&h, &res, &out[0, 0], stride, i)
            if rc != 0 or interrupted():
                break
        rng_store(&rng, state)
    finally:
        agents_free(agents, 2)
    raise_interrupt()
    if rc == BID_ERR_CHOICE:
        raise RuntimeError("a bot chose a bid not open to its seat")
    raise_status(rc)
    k = rows.n_rows
    return {name: a[:k].copy() for name, a in arrays.items()}
