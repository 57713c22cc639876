# cython: language_level=3
"""The decisions driver: whole hands played by a teacher bot, every decision recorded as the
learned bot sees it (the decisions study's rows: a net bot's training data).

The hands are the scoring study's: n independent hands from one chunk stream, each dealt
and bid by ``deal_hand_agents``, buried and played by the teacher in every seat
(``bid_policy`` "players": the teacher bids too), the round of overturns after the bury
(``overturn_after_kitty``) as ``play_out_bids`` plays it -- the same draws in the same
order, so hand i here is hand i of a scoring run with the same seed, rules and bot (its
``HAND_COLUMNS`` row equal).

At each bury and play with two or more of the net bot's candidates (bots/candidates.pyx,
at most ``cap``: the list net scores) a row records the seat's state and each candidate's
features (bots/features.pyx), the candidates themselves, the index of the teacher's
choice among them (-1 when the teacher chose another play) and, when the teacher is pimc,
what its search found for each of them (the mean outcome over its samples, for its team,
and how many samples: ``pimc_explain``).  When the hand is over every row of it gets the
hand's outcome from its seat's side: the defender points for its team (+D defending, -D
banking) and its team's signed level change.  Every decision of the hand, recorded or not,
goes into the hand's play list with the dealt cards (``seat_deck``), so a hand can be
replayed (``hand_setup`` on them, then the plays in order) and its features recomputed.
With ``explore`` > 0 the teacher is the net bot itself, exploring: each decision drawn
among its candidates with probability softmax(score / explore) (self-play data); with
``hindsight`` too, each candidate of a recorded decision is also played out on the true
deal -- the candidate, then the rest of the hand by the teacher's network in every seat --
and its outcome for the seat's team recorded as its ``q`` (``q_n`` 1): the value of each
candidate under the network's play, on common cards (the same deal for every candidate,
so their differences carry no dealing noise).
A re-burying overturner's bury (``overturn_reburies``) is played but neither recorded nor
listed: such a hand cannot be replayed from its list."""
cimport numpy as cnp
from libc.stdint cimport int16_t, int32_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from shengji._core.base.cards cimport N_CARDS, N_RANKS, N_SEATS, team
from shengji._core.base.options cimport RulesC, pack_rules
from libc.math cimport exp

from shengji._core.base.rng cimport Rng, rng_load, rng_store, sj_next
from shengji._core.base.interrupt cimport interrupted, raise_interrupt
from shengji._core.bidding.bidding cimport BidParams, BidResult
from shengji._core.rules.combos cimport SIDE_BANKER
from shengji._core.engine.hand cimport (
    HandC, APPLY_EMPTY, APPLY_OK, PHASE_BURY, PHASE_PLAY, hand_apply, hand_bury,
)
from shengji._core.engine.moves cimport MAX_PLAYS
from shengji._core.engine.play cimport Play, same_play
from shengji._core.engine.view cimport View, make_view
from shengji._core.bots.bot cimport (
    Agent, BOT_NET, BOT_PIMC, OBJECTIVE_POINTS, agent_bury, agent_play,
)
from shengji._core.bots.registry cimport bot_get
from shengji._core.bots.features cimport (
    Decision, MAX_DECISION_CANDIDATES, N_ACTION, N_STATE, decision_inputs,
)
from shengji._core.bots.params cimport PIMC_MAX_CANDIDATES
from shengji._core.bots.pimc cimport pimc_explain, search_outcome
from shengji._core.bots.net cimport net_scores
from shengji._core.drivers.hands cimport (
    N_HAND_COLUMNS, deal_hand_agents, hand_bid_params, hand_row, late_bids, seat_order,
)
from shengji._core.drivers.agents cimport agents_init, agents_free
from shengji._core.drivers.jobs import DecisionsJob, check

import numpy as np

cnp.import_array()

cdef enum:
    MAX_HAND_DECISIONS = 101     # the bury and at most 25 tricks of 4 plays
    N_META = 10

# The int32 columns of a recorded decision (meta), in this order: the hand (its index in
# the call, 0 .. n - 1), the seat, the phase (hand.pxd), tricks done, plays made in the
# trick, the decision's index in the hand's play list, candidates, the teacher's choice,
# and the hand's outcome for the seat's team (points, levels).
META_COLUMNS = ("hand", "seat", "phase", "trick", "position", "step", "n", "choice",
                "points", "levels")
assert len(META_COLUMNS) == N_META
MAX_PLAYS_PER_HAND = MAX_HAND_DECISIONS
MAX_CANDIDATES = MAX_DECISION_CANDIDATES
STATE_SIZE = N_STATE
ACTION_SIZE = N_ACTION


ctypedef struct Rows:
    # The caller's arrays (decisions rows, and per hand its play list).
    uint8_t* x                   # [row][N_STATE]
    uint8_t* a                   # [row][cap][N_ACTION]
    uint64_t* cands              # [row][cap][2]
    int32_t* meta                # [row][N_META]
    float* q                     # [row][cap]
    int16_t* q_n                 # [row][cap]
    uint64_t* plays              # [hand][MAX_HAND_DECISIONS][2]
    int16_t* n_plays             # [hand]
    int cap
    double explore               # > 0: the net bot explores at this temperature (no teacher)
    Agent* roller                # not NULL: each candidate's hindsight value, played by it
    HandC* work                  # the hand a hindsight value is played out on
    Py_ssize_t n_rows


cdef int teacher_decides(Agent* a, const View* v, Rng* rng, bint bury, Play* out,
                         Play* tc, int* done, double* mean, int* tn) noexcept nogil:
    """The teacher's decision into *out (0, or -1: no move); a pimc teacher's candidates,
    samples and means into tc, done, mean (*tn of them; 0 for another bot)."""
    if a.bot == bot_get(BOT_PIMC):
        tn[0] = pimc_explain(v, rng, &a.params, a.scratch, tc, done, mean, out)
        return 0 if tn[0] > 0 else -1
    tn[0] = 0
    if bury:
        return agent_bury(a, v, rng, out)
    return agent_play(a, v, rng, out)


cdef int explore(const Decision* d, int model, Rng* rng, double temperature,
                 Play* out) noexcept nogil:
    """The net bot exploring: one of d's candidates drawn with probability softmax(score /
    temperature) (one uniform draw from rng when there are two or more), into *out."""
    cdef double score[MAX_DECISION_CANDIDATES]
    cdef double p[MAX_DECISION_CANDIDATES]
    cdef double total = 0.0, u, top
    cdef int i
    if d.n == 0:
        return -1
    if d.n == 1:
        out[0] = d.cands[0]
        return 0
    if net_scores(model, d, score, NULL) != 0:
        return -1
    top = score[0]
    for i in range(1, d.n):
        if score[i] > top:
            top = score[i]
    for i in range(d.n):
        p[i] = exp((score[i] - top) / temperature)
        total += p[i]
    u = (sj_next(rng) >> 11) * (1.0 / 9007199254740992.0) * total
    i = 0
    while i < d.n - 1 and u >= p[i]:
        u -= p[i]
        i += 1
    out[0] = d.cands[i]
    return 0


cdef int hindsight(const HandC* h, const Play* cand, bint bury, Agent* a, HandC* w,
                   float* value) noexcept nogil:
    """cand played in a copy w of the true hand h, then the rest of the hand by the agent a
    in every seat: the outcome for the deciding seat's team (points) into *value.  0, or a
    hand engine status.  The agent (the net bot) never draws: its stream is a copy."""
    cdef View v
    cdef Play q, forced
    cdef Rng local
    cdef int rc, seat = h.pub.to_play
    memset(&local, 0, sizeof(Rng))
    memcpy(w, h, sizeof(HandC))
    rc = hand_bury(w, cand) if bury else hand_apply(w, cand, &forced, False)
    if rc != APPLY_OK:
        return rc
    while w.pub.phase == PHASE_PLAY:
        make_view(w, w.pub.to_play, &v)
        if agent_play(a, &v, &local, &q) != 0:
            return APPLY_EMPTY
        rc = hand_apply(w, &q, &forced, False)
        if rc != APPLY_OK:
            return rc
    value[0] = <float> search_outcome(w, seat, OBJECTIVE_POINTS)
    return 0


cdef int decide(HandC* h, Rng* rng, Agent* a, Rows* rows, Py_ssize_t hand, int step,
                Decision* d, Play* buf, Play* out) noexcept nogil:
    """The teacher's decision of the seat to play in h into *out, recorded (a row when the
    net bot would have two candidates or more)."""
    cdef View v
    cdef Play tc[PIMC_MAX_CANDIDATES]
    cdef int done[PIMC_MAX_CANDIDATES]
    cdef double mean[PIMC_MAX_CANDIDATES]
    cdef int tn = 0, i, j, choice = -1, rc, cap = rows.cap
    cdef bint bury = h.pub.phase == PHASE_BURY
    cdef Py_ssize_t r = rows.n_rows
    cdef int32_t* meta
    make_view(h, h.pub.to_play, &v)
    decision_inputs(&v, cap, False, True, d, buf)
    if rows.explore > 0.0:
        rc = explore(d, a.params.weights, rng, rows.explore, out)
    else:
        rc = teacher_decides(a, &v, rng, bury, out, tc, done, mean, &tn)
    if rc != 0:
        return rc
    if d.n < 2:
        return 0
    for i in range(d.n):
        if same_play(&d.cands[i], out):
            choice = i
            break
    memcpy(rows.x + r * N_STATE, d.x, N_STATE)
    memset(rows.a + r * cap * N_ACTION, 0, cap * N_ACTION)
    memset(rows.cands + r * cap * 2, 0, cap * 2 * sizeof(uint64_t))
    for i in range(cap):
        rows.q[r * cap + i] = 0.0
        rows.q_n[r * cap + i] = 0
    for i in range(d.n):
        memcpy(rows.a + (r * cap + i) * N_ACTION, d.a[i], N_ACTION)
        rows.cands[(r * cap + i) * 2] = d.cands[i].one
        rows.cands[(r * cap + i) * 2 + 1] = d.cands[i].two
        for j in range(tn):
            if same_play(&tc[j], &d.cands[i]):
                rows.q[r * cap + i] = <float> mean[j]
                rows.q_n[r * cap + i] = <int16_t> done[j]
                break
        if rows.roller != NULL:
            rc = hindsight(h, &d.cands[i], bury, rows.roller, rows.work, &rows.q[r * cap + i])
            if rc != 0:
                return rc
            rows.q_n[r * cap + i] = 1
    meta = rows.meta + r * N_META
    meta[0] = <int32_t> hand
    meta[1] = h.pub.to_play
    meta[2] = h.pub.phase
    meta[3] = h.pub.tricks_done
    meta[4] = h.pub.n_in_trick
    meta[5] = step
    meta[6] = d.n
    meta[7] = choice
    meta[8] = 0
    meta[9] = 0
    rows.n_rows = r + 1
    return 0


cdef void add_play(Rows* rows, Py_ssize_t i, const Play* p) noexcept nogil:
    cdef int k = rows.n_plays[i]
    if k < MAX_HAND_DECISIONS:
        rows.plays[(i * MAX_HAND_DECISIONS + k) * 2] = p.one
        rows.plays[(i * MAX_HAND_DECISIONS + k) * 2 + 1] = p.two
    rows.n_plays[i] = k + 1


cdef int play_hand(HandC* h, Rng* rng, Rng** rngs, Agent** agents, const BidParams* bp,
                   BidResult* bid, Rows* rows, Py_ssize_t i, Decision* d,
                   Play* buf) noexcept nogil:
    """play_out_bids with every decision of the bury and the tricks recorded."""
    cdef Play p, forced
    cdef int rc, step = 0, s, side_team, gain, pts
    cdef Py_ssize_t r0 = rows.n_rows, r
    rc = decide(h, rng, agents[h.pub.to_play], rows, i, step, d, buf, &p)
    if rc != 0:
        return APPLY_EMPTY
    rc = hand_bury(h, &p)
    if rc != APPLY_OK:
        return rc
    add_play(rows, i, &p)
    step += 1
    rc = late_bids(h, rngs, agents, bp, bid)
    if rc != APPLY_OK:
        return rc
    while h.pub.phase == PHASE_PLAY:
        rc = decide(h, rng, agents[h.pub.to_play], rows, i, step, d, buf, &p)
        if rc != 0:
            return APPLY_EMPTY
        rc = hand_apply(h, &p, &forced, False)
        if rc != APPLY_OK:
            return rc
        add_play(rows, i, &p)
        step += 1
    side_team = team(h.pub.banker) if h.score.level_side == SIDE_BANKER else \
        1 - team(h.pub.banker)
    for r in range(r0, rows.n_rows):
        s = rows.meta[r * N_META + 1]
        pts = h.score.defender_points
        rows.meta[r * N_META + 8] = pts if team(s) != team(h.pub.banker) else -pts
        gain = <int> h.score.levels
        rows.meta[r * N_META + 9] = gain if side_team == team(s) else -gain
    return APPLY_OK


def record_hands(job):
    """Play a ``DecisionsJob`` (jobs.py), its fields as named here: n hands with ``teacher``
    (a bot id, or (id, parameters)) in every seat from the generator ``state`` and the
    carried-over ``deck`` (both advance in place), as drivers.play_hands does: level, banker
    (-1: first hands), bid_policy and bid_threshold as there; out (N_HAND_COLUMNS, >= n)
    int32 gets the hands' HAND_COLUMNS rows.  cap: candidates per decision (1 ..
    MAX_CANDIDATES; the net bot scores 8).  explore > 0 (teacher: the net bot): each
    decision with two or more candidates is drawn with probability softmax(score / explore)
    among the net bot's candidates (its self-play with exploration; the draws from the
    hand's stream).  hindsight (with explore): each recorded candidate's value on the true
    deal as its q (module docstring).

    Returns a dict of numpy arrays, the recorded decisions first (R rows): ``x`` uint8 (R,
    STATE_SIZE), ``a`` uint8 (R, cap, ACTION_SIZE), ``cands`` uint64 (R, cap, 2) (each
    candidate's kind masks one, two; zero past n), ``meta`` int32 (R, len(META_COLUMNS)),
    ``q`` float32 (R, cap) and ``q_n`` int16 (R, cap) (a pimc teacher's mean outcome and
    samples per candidate; 0 otherwise); then per hand ``seat_deck`` uint8 (n, 108) (the
    deal, position i < 100 to seat i % 4, 100 .. 107 the kitty), ``plays`` uint64 (n,
    MAX_PLAYS_PER_HAND, 2) and ``n_plays`` int16 (n,)."""
    check(job, DecisionsJob)
    state, teacher = job.state, job.teacher
    cdef cnp.uint8_t[::1] deck = job.deck
    cdef cnp.int32_t[:, ::1] out = job.out
    cdef Py_ssize_t n = job.n
    cdef int level = job.level, banker = job.banker, cap = job.cap
    cdef int bid_policy = job.bid_policy, bid_threshold = job.bid_threshold
    cdef double explore = job.explore
    cdef bint hindsight = job.hindsight
    cdef RulesC r = pack_rules(job.rules)
    cdef Rng rng
    cdef HandC h
    cdef BidParams bp
    cdef BidResult bid
    cdef Agent agents[2]
    cdef HandC work
    cdef Agent* seats[N_SEATS]
    cdef Rng* rngs[N_SEATS]
    cdef Decision d
    cdef Play buf[MAX_PLAYS]
    cdef Rows rows
    cdef uint8_t sbuf[N_CARDS]
    cdef const uint8_t* dealt
    cdef int lv[2]
    cdef Py_ssize_t i
    cdef int rc = 0, s
    cdef Py_ssize_t stride = out.shape[1]
    if not 0 <= level < N_RANKS or not -1 <= banker < N_SEATS or n < 0:
        raise ValueError("level 0..12, banker -1..3, n >= 0")
    if out.shape[0] != N_HAND_COLUMNS or stride < n or deck.shape[0] != N_CARDS:
        raise ValueError(f"out must be ({N_HAND_COLUMNS}, >= n) int32 and deck 108 cards")
    if not 1 <= cap <= MAX_DECISION_CANDIDATES:
        raise ValueError(f"cap: 1..{MAX_DECISION_CANDIDATES}, got {cap}")
    if not explore >= 0.0:
        raise ValueError(f"explore: a temperature >= 0, got {explore}")
    R = n * MAX_HAND_DECISIONS
    x = np.zeros((R, N_STATE), np.uint8)
    a = np.zeros((R, cap, N_ACTION), np.uint8)
    cands = np.zeros((R, cap, 2), np.uint64)
    meta = np.zeros((R, N_META), np.int32)
    q = np.zeros((R, cap), np.float32)
    q_n = np.zeros((R, cap), np.int16)
    seat_deck = np.zeros((n, N_CARDS), np.uint8)
    plays = np.zeros((n, MAX_HAND_DECISIONS, 2), np.uint64)
    n_plays = np.zeros(n, np.int16)
    cdef cnp.uint8_t[:, ::1] deck_v = seat_deck
    rows.x = <uint8_t*> cnp.PyArray_DATA(x)
    rows.a = <uint8_t*> cnp.PyArray_DATA(a)
    rows.cands = <uint64_t*> cnp.PyArray_DATA(cands)
    rows.meta = <int32_t*> cnp.PyArray_DATA(meta)
    rows.q = <float*> cnp.PyArray_DATA(q)
    rows.q_n = <int16_t*> cnp.PyArray_DATA(q_n)
    rows.plays = <uint64_t*> cnp.PyArray_DATA(plays)
    rows.n_plays = <int16_t*> cnp.PyArray_DATA(n_plays)
    rows.cap = cap
    rows.explore = explore
    rows.n_rows = 0
    rows.roller = NULL
    rows.work = &work
    if hindsight and not explore > 0.0:
        raise ValueError("hindsight: the values of the net bot's self-play; it needs explore")
    try:
        # the teacher, and for hindsight its network again (its own accumulators) to play
        # the candidates out
        agents_init(agents, 2 if hindsight else 1, (teacher, teacher) if hindsight else (teacher,))
        if explore > 0.0 and agents[0].bot != bot_get(BOT_NET):
            raise ValueError("explore: the net bot explores; the teacher must be net")
        if hindsight:
            rows.roller = &agents[1]
        for s in range(N_SEATS):
            seats[s] = &agents[0]
            rngs[s] = &rng
        hand_bid_params(&bp, level, banker, bid_policy, bid_threshold)
        lv[0] = level
        lv[1] = level
        rng_load(&rng, state)
        with nogil:
            for i in range(n):
                if interrupted():
                    break
                rc = deal_hand_agents(&h, &rng, rngs, &deck[0], &bp, lv, &r, seats, &bid)
                if rc != 0:
                    break
                dealt = seat_order(&deck[0], bid.first_drawer, sbuf)
                memcpy(&deck_v[i, 0], dealt, N_CARDS)
                rc = play_hand(&h, &rng, rngs, seats, &bp, &bid, &rows, i, &d, buf)
                if rc != 0:
                    break
                hand_row(&h, &bid, &out[0, 0], stride, i)
        rng_store(&rng, state)
    finally:
        agents_free(agents, 2 if hindsight else 1)
    raise_interrupt()
    if rc != 0:
        raise RuntimeError(f"hand engine status {rc}")
    k = rows.n_rows
    return {"x": x[:k].copy(), "a": a[:k].copy(), "cands": cands[:k].copy(),
            "meta": meta[:k].copy(), "q": q[:k].copy(), "q_n": q_n[:k].copy(),
            "seat_deck": seat_deck, "plays": plays, "n_plays": n_plays}
