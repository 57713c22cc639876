# cython: language_level=3
"""N hands stepping in lockstep (``VectorCore``): a vector environment's kernel.

Each env is one hand at a time, as ``HandState`` steps it: its ``HandC`` state machine, the
book of its card ids (book.pxd), its generator, the bidding's result and, under
``overturn_after_kitty``, the round of overturns after the bury.  One call of ``step``
applies one action per env (the step encoding, actions.pxd: card ids 0..107, ACTION_PLAY)
for the seat to decide, then lets the built-in bot of the other seats (an ``Agent``,
bot.pxd) decide until a learner seat decides again or the hand is over, and writes that
seat's compact observation (``LAYOUT``), its legal-action mask, the reward and the flags
into the caller's arrays -- one nogil loop over the envs, no Python object per env.

**The hand.**  A hand is dealt by the drivers' own deal step (drivers.deal_hand: the
shuffle of the carried-over deck, the bidding by the kernel policy, redeals as the rules
say) from the env's stream, exactly as ``HandState(seed=S)`` deals from
``chunk_state(S, 0)``; the bots then draw from the same stream, as ``HandState.bot_action``
does.  So an env seeded with S plays, as its first hand, ``HandState(rules, level,
banker, seed=S)`` with the bots' choices from ``bot_action``; a later hand continues the
stream (the deck the previous hand left, shuffled again: the seeding rule of rng.pyx).
Bidding is not a decision here: bids are the kernel policy's (``HandState``'s default
mode), the round after the bury too; a re-burying overturner buries as any bury.

**Autoreset** (Gymnasium's next-step mode): a hand that ends at a step is reported over
(terminal observation, reward, terminated); at the next step that env ignores its action
and deals its next hand.

Everything a Python caller passes is checked in ``VectorCore``'s methods (shapes, dtypes,
actions against the legal set) before a kernel runs: the kernels have no bounds checks."""
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int8_t, int16_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from shengji._core.base.cards cimport (KITTY_SIZE, HAND_SIZE, N_CARDS, N_COPIES, N_KINDS,
                                       N_RANKS, N_SEATS, kind_of, team)
from shengji._core.base.options cimport pack_rules
from shengji._core.base.rng cimport Rng, rng_load, rng_store, sj_bounded
from shengji._core.base.interrupt cimport interrupted, raise_interrupt
from shengji._core.bidding.bidding cimport (BidView, STAGE_REBURY, bid_advance, bid_apply,
                                            bid_late_finish, bid_late_round,
                                            bid_late_start, bid_policy_choose, bid_recount,
                                            bid_view, result_dict)
from shengji._core.engine.hand cimport (HandC, APPLY_OK, N_FOLLOW, PHASE_BURY, PHASE_OVER,
                                        PHASE_PLAY, hand_apply, hand_bury,
                                        hand_set_overturns, hand_set_bids, hand_set_trump,
                                        hand_take_kitty)
from shengji._core.engine.book cimport (IdSet, LOC_BURIED, LOC_PLAYED, book_setup,
                                        ids_add, ids_clear, ids_has, ids_next,
                                        ids_play, play_ids)
from shengji._core.engine.view cimport View, make_view
from shengji._core.engine.actions cimport ACTION_PLAY, N_PLAY_ACTIONS, next_kinds
from shengji._core.engine.play cimport Play, ctz, popcount
from shengji._core.rules.combos cimport SIDE_BANKER
from shengji._core.bots.bot cimport agent_bury, agent_play
from shengji._core.bots.registry cimport agent_free, agent_init
from shengji._core.drivers.hands cimport deal_hand, seat_order

import numpy as np
cimport numpy as cnp

cnp.import_array()

from shengji._core.bidding.bidding import _ERRORS as _BID_ERRORS

# -- the compact observation (uint8; seats relative to the observer: r = (s - seat) % 4) --
cdef enum:
    OFF_PHASE = 0                              # one-hot bury / play / over
    OFF_SEAT = OFF_PHASE + 3                   # the observer's absolute seat, one-hot
    OFF_BANKER = OFF_SEAT + N_SEATS            # relative seat, one-hot
    OFF_LEADER = OFF_BANKER + N_SEATS          # leader of the current (or next) trick
    OFF_LEVEL = OFF_LEADER + N_SEATS           # banker team's level rank, one-hot
    OFF_DEF_LEVEL = OFF_LEVEL + N_RANKS        # defenders' level rank, one-hot
    OFF_TRUMP = OFF_DEF_LEVEL + N_RANKS        # S H C D NT, one-hot
    OFF_TRICKS = OFF_TRUMP + 5                 # tricks completed
    OFF_BURIED_SEEN = OFF_TRICKS + 1           # 1: the buried cards below are known
    OFF_HAND = OFF_BURIED_SEEN + 1             # per kind: copies held (0..2)
    OFF_PENDING = OFF_HAND + N_KINDS           # per kind: chosen so far of the play
    OFF_KITTY = OFF_PENDING + N_KINDS          # per kind: the kitty dealt (banker only)
    OFF_BURIED = OFF_KITTY + N_KINDS           # per kind: buried (so far)
    OFF_PLAYED = OFF_BURIED + N_KINDS          # [relative seat][kind]: played so far
    OFF_TRICK = OFF_PLAYED + N_SEATS * N_KINDS   # [relative seat][kind]: the open trick
    OFF_SHOWN = OFF_TRICK + N_SEATS * N_KINDS    # [relative seat][kind]: failed throws'
    OFF_SIZES = OFF_SHOWN + N_SEATS * N_KINDS    # [relative seat]: cards held
    OFF_POINTS = OFF_SIZES + N_SEATS           # [relative seat]: trick points / 5
    OFF_PENALTY = OFF_POINTS + N_SEATS         # max(penalty, 0) / 5, max(-penalty, 0) / 5
    OFF_VOIDS = OFF_PENALTY + 2                # [relative seat][following-suit]: shown out
    OBS_DIM = OFF_VOIDS + N_SEATS * N_FOLLOW
    # recorded actions of one hand (above encoding.max_decisions without bidding)
    MAX_HISTORY = 2048

# (name, shape) in order, as the offsets above: the observation's layout.
LAYOUT = (
    ("phase", (3,)), ("seat", (N_SEATS,)), ("banker", (N_SEATS,)),
    ("leader", (N_SEATS,)), ("level", (N_RANKS,)), ("defender_level", (N_RANKS,)),
    ("trump", (5,)), ("tricks_done", (1,)), ("buried_seen", (1,)), ("hand", (N_KINDS,)),
    ("pending", (N_KINDS,)), ("kitty", (N_KINDS,)), ("buried", (N_KINDS,)),
    ("played", (N_SEATS, N_KINDS)), ("trick", (N_SEATS, N_KINDS)),
    ("shown", (N_SEATS, N_KINDS)), ("hand_sizes", (N_SEATS,)), ("points", (N_SEATS,)),
    ("penalty", (2,)), ("voids", (N_SEATS, N_FOLLOW)),
)
assert sum(int(np.prod(s)) for _, s in LAYOUT) == OBS_DIM
cdef enum:
    N_MASK = N_PLAY_ACTIONS    # mask columns the kernel writes (bid actions stay 0)
    ERR_ENGINE = 1             # EnvC.status: a bot without a move, a refused play

OBSERVATION_SIZE = OBS_DIM
MASK_COLUMNS = N_MASK
RETURNS = ("levels", "points")


ENV_BYTES = sizeof(EnvC)       # the state of one env


cdef extern from *:
    void __builtin_prefetch(const void* p) noexcept nogil


cdef inline void prefetch(const void* p, size_t nbytes) noexcept nogil:
    cdef const char* c = <const char*> p
    cdef size_t j = 0
    while j < nbytes:
        __builtin_prefetch(c + j)
        j += 64


cdef inline void prefetch_env(const EnvC* e) noexcept nogil:
    """The parts of an env a step reads, ahead of it (the envs do not fit in cache)."""
    prefetch(&e.h.pub, <size_t> (<const char*> &e.h.pub.tricks - <const char*> &e.h.pub))
    prefetch(&e.h.pub.tricks[e.h.pub.tricks_done], sizeof(e.h.pub.tricks[0]))
    prefetch(e.h.seat, sizeof(e.h.seat))
    prefetch(&e.h.cache[e.h.pub.to_play], sizeof(e.h.cache[0]))
    prefetch(e.b.loc, sizeof(e.b.loc))
    prefetch(&e.b.chosen, sizeof(e.b.chosen) + sizeof(e.b.n_chosen))
    prefetch(&e.late_on, <size_t> (<const char*> &e.n_hist - <const char*> &e.late_on))


cdef inline void ids_remove(IdSet* s, const IdSet* x) noexcept nogil:
    s.w[0] &= ~x.w[0]
    s.w[1] &= ~x.w[1]


cdef inline int lowest_copy(const IdSet* avail, int k) noexcept nogil:
    """The lower id of kind k in avail (the copies 2k, 2k + 1 share a word), or -1."""
    cdef int c = k * N_COPIES
    cdef uint64_t two = (avail.w[c >> 6] >> (c & 63)) & 3
    if two == 0:
        return -1
    return c if two & 1 else c + 1


cdef inline void id_counts(const IdSet* s, uint8_t* c) noexcept nogil:
    cdef int x = ids_next(s, 0)
    while x < N_CARDS:
        c[kind_of(x)] += 1
        x = ids_next(s, x + 1)


cdef inline void log_action(VectorCore v, Py_ssize_t i, int a) noexcept nogil:
    """Keep env i's action a (record=True: ``history``)."""
    cdef EnvC* e = &v.envs[i]
    if v.record and e.n_hist < MAX_HISTORY:
        v.hist[i * MAX_HISTORY + e.n_hist] = a
        e.n_hist += 1


cdef class VectorCore:
    # attributes and C methods: vector.pxd

    def __cinit__(self):
        self.envs = NULL
        self.legal = NULL
        self.failed = False
        self.hist = NULL
        self.have_agent = False
        self.hold = False

    def __init__(self, Py_ssize_t n, rules, int level, int banker, int trump, int policy,
                 int threshold, int learners, opponent, int returns, bint record, obs,
                 mask, reward, terminated, to_play, seat_returns):
        """n envs; rules (Rules); level: rank index; banker: a seat, or -1 (a first hand:
        the first declarer banks); trump: 0..4, or -1 (the bidding policy decides);
        policy / threshold: the kernel bidding policy; learners: bit mask of the
        learner's seats (non-zero); opponent: a bot id or (id, parameters) (agent_init)
        for the other seats (None when the learner has all four); returns: 0 levels, 1
        points; record: keep each hand's actions (``history``).  The output arrays
        (C-contiguous): obs uint8 (n, OBSERVATION_SIZE), mask int8 (n, >= N_MASK), reward
        float64 (n,), terminated bool (n,), to_play int8 (n,), seat_returns float64 (n, 4)."""
        if n < 1:
            raise ValueError("n_envs: expected at least 1")
        if not 0 <= level < N_RANKS or not -1 <= banker < N_SEATS or not -1 <= trump <= 4:
            raise ValueError("level 0..12, banker -1..3, trump -1..4")
        if trump >= 0 and banker < 0:
            raise ValueError("a given trump needs a banker seat")
        if not 0 < learners < 16 or returns not in (0, 1):
            raise ValueError("learners: a non-empty seat mask; returns 0 or 1")
        if obs.shape != (n, OBS_DIM) or obs.dtype != np.uint8:
            raise ValueError("obs: expected uint8 (n, OBSERVATION_SIZE)")
        if mask.shape[0] != n or mask.shape[1] < N_MASK or mask.dtype != np.int8:
            raise ValueError("mask: expected int8 (n, >= N_MASK)")
        if seat_returns.shape != (n, N_SEATS):
            raise ValueError("seat_returns: expected float64 (n, 4)")
        self.obs = obs
        self.mask = mask
        self.reward = reward
        self.terminated = terminated.view(np.uint8)
        self.to_play = to_play
        self.seat_returns = seat_returns
        if (self.reward.shape[0] != n or self.terminated.shape[0] != n
                or self.to_play.shape[0] != n):
            raise ValueError("reward, terminated, to_play: expected n entries each")
        self.r = pack_rules(rules)
        self.n = n
        self.level, self.banker, self.trump = level, banker, trump
        self.policy, self.threshold = policy, threshold
        self.learners, self.returns, self.record = learners, returns, record
        if learners != 15:
            if opponent is None:
                raise ValueError("opponents: a bot is needed for the seats not learning")
            agent_init(&self.agent, opponent)
            self.have_agent = True
        self.envs = <EnvC*> PyMem_Malloc(n * sizeof(EnvC))
        if self.envs == NULL:
            raise MemoryError
        memset(self.envs, 0, n * sizeof(EnvC))
        self.legal = <Legal*> PyMem_Malloc(n * sizeof(Legal))
        if self.legal == NULL:
            raise MemoryError
        memset(self.legal, 0, n * sizeof(Legal))
        if record:
            self.hist = <int16_t*> PyMem_Malloc(n * MAX_HISTORY * sizeof(int16_t))
            if self.hist == NULL:
                raise MemoryError

    def __dealloc__(self):
        if self.have_agent:
            agent_free(&self.agent)
        PyMem_Free(self.envs)
        PyMem_Free(self.legal)
        PyMem_Free(self.hist)

    # -- kernels ----------------------------------------------------------------------
    cdef void after_bury(self, EnvC* e) noexcept nogil:
        """A bury is done: the round of overturns after it (drivers.late_bids, stepped):
        the kernel policy decides; a re-burying overturner takes up the kitty and the
        env waits for its bury (a learner's, or the bot's in advance)."""
        cdef const uint8_t* counts[N_SEATS]
        cdef BidView v
        cdef int s, c, x
        if self.trump >= 0:
            return                   # a given trump: no bidding at all (HandState's trump=)
        if e.late_on:
            bid_recount(&e.late, e.late.rebury_seat, e.h.seat[e.late.rebury_seat].count)
        else:
            if not bid_late_round(&self.r, e.bp.first_hand, &e.bid):
                return
            for s in range(N_SEATS):
                counts[s] = e.h.seat[s].count
            bid_late_start(&e.late, &self.r, e.bp.level, e.bp.first_hand, &e.bid, counts)
            e.late_on = True
        while True:
            s = bid_advance(&e.late)
            if s >= 0:
                bid_view(&e.late, &v)
                c = bid_policy_choose(&v, &e.bp)
                bid_apply(&e.late, c)
                if c >= 0:
                    hand_set_trump(&e.h, e.late.b.suit)
            elif e.late.stage == STAGE_REBURY:
                s = e.late.rebury_seat
                if hand_take_kitty(&e.h, s) != APPLY_OK:
                    e.status = ERR_ENGINE
                    return
                for x in range(N_CARDS):
                    if e.b.loc[x] == LOC_BURIED:
                        e.b.loc[x] = s
                        ids_add(&e.held[s], x)
                return
            else:
                break
        bid_late_finish(&e.late, &e.bid)
        hand_set_overturns(&e.h, e.bid.team_overturns[0], e.bid.team_overturns[1])
        hand_set_bids(&e.h, &e.bid, e.bp.first_hand)
        e.late_on = False

    cdef void bury_card(self, Py_ssize_t i, int c) noexcept nogil:
        """One bury card (HandCore._bury); the 8th buries them all."""
        cdef EnvC* e = &self.envs[i]
        cdef Play p
        cdef int x
        ids_add(&e.b.chosen, c)
        e.b.n_chosen += 1
        log_action(self, i, c)
        if e.b.n_chosen == KITTY_SIZE:
            ids_play(&e.b.chosen, &p)
            if hand_bury(&e.h, &p) != APPLY_OK:
                e.status = ERR_ENGINE
                return
            for x in range(N_CARDS):
                if ids_has(&e.b.chosen, x):
                    e.b.loc[x] = LOC_BURIED
            ids_remove(&e.held[e.h.pub.burier], &e.b.chosen)
            ids_clear(&e.b.chosen)
            e.b.n_chosen = 0
            self.after_bury(e)

    cdef void play(self, EnvC* e, const IdSet* ids, bint check) noexcept nogil:
        """The seat to play plays ids (HandCore._play; its book's public record too where
        an InfoSet is read), the obs planes follow."""
        cdef Play p, f
        cdef IdSet attempt = ids[0], played
        cdef int seat = e.h.pub.to_play, x
        cdef int ti = e.h.pub.tricks_done, pos = e.h.pub.n_in_trick, pen = e.h.pub.penalty
        cdef bint failed
        ids_play(&attempt, &p)
        if hand_apply(&e.h, &p, &f, check) != APPLY_OK:
            e.status = ERR_ENGINE
            return
        failed = f.one != p.one or f.two != p.two
        if failed:
            play_ids(&e.b, seat, &f, &attempt, &played)
            id_counts(&attempt, e.shown[seat])
        else:
            played = attempt
        if self.hold:   # a duel's envs: an InfoSet may be read (HandCore's whole book)
            e.b.plays[ti][pos] = played
            if pos == 0:
                if failed:
                    e.b.attempt[ti] = attempt
                else:
                    ids_clear(&e.b.attempt[ti])
                e.b.penalty[ti] = e.h.pub.penalty - pen
        ids_remove(&e.held[seat], &played)
        x = ids_next(&played, 0)
        while x < N_CARDS:
            e.b.loc[x] = LOC_PLAYED
            e.played[seat][kind_of(x)] += 1
            e.n_played[seat] += 1
            x = ids_next(&played, x + 1)
        ids_clear(&e.b.chosen)
        e.b.n_chosen = 0

    cdef void learner_action(self, Py_ssize_t i, int a) noexcept nogil:
        """HandCore.apply_action, the action checked by the caller."""
        cdef EnvC* e = &self.envs[i]
        cdef IdSet ids
        e.observer = e.h.pub.to_play
        if a == ACTION_PLAY:
            log_action(self, i, a)
            ids = e.b.chosen
            self.play(e, &ids, True)
        elif e.h.pub.phase == PHASE_BURY:
            self.bury_card(i, a)
        elif e.h.pub.n_in_trick > 0 and e.b.n_chosen + 1 == e.h.pub.lead.n_cards:
            log_action(self, i, a)
            ids = e.b.chosen
            ids_add(&ids, a)
            self.play(e, &ids, True)
        else:
            log_action(self, i, a)
            ids_add(&e.b.chosen, a)
            e.b.n_chosen += 1

    cdef Rng* bot_rng(self, EnvC* e, int s) noexcept nogil:
        """The stream the bot of seat s draws from: the env's own, or under load_duel the
        seat's (the duel driver's per-seat streams)."""
        return &e.seat_rng[s] if self.hold else &e.rng

    cdef void advance(self, Py_ssize_t i) noexcept nogil:
        """The bots decide until a learner seat does or the hand is over."""
        cdef EnvC* e = &self.envs[i]
        cdef View v
        cdef Play p
        cdef IdSet ids
        cdef int s, x, n
        while e.status == 0 and (e.h.pub.phase == PHASE_BURY or e.h.pub.phase == PHASE_PLAY):
            s = e.h.pub.to_play
            if (e.learners >> s) & 1:
                return
            make_view(&e.h, s, &v)
            if e.h.pub.phase == PHASE_BURY:
                if (agent_bury(&self.agent, &v, self.bot_rng(e, s), &p) != 0
                        or play_ids(&e.b, s, &p, &e.b.chosen, &ids) != 0):
                    e.status = ERR_ENGINE
                    return
                n = KITTY_SIZE - e.b.n_chosen      # choice_ids: the rest of the bury
                x = ids_next(&ids, 0)
                while x < N_CARDS and n > 0:
                    if not ids_has(&e.b.chosen, x):
                        n -= 1
                        self.bury_card(i, x)
                    x = ids_next(&ids, x + 1)
            else:
                if (agent_play(&self.agent, &v, self.bot_rng(e, s), &p) != 0
                        or play_ids(&e.b, s, &p, NULL, &ids) != 0):
                    e.status = ERR_ENGINE
                    return
                if self.record:
                    x = ids_next(&ids, 0)
                    while x < N_CARDS:
                        log_action(self, i, x)
                        x = ids_next(&ids, x + 1)
                    if e.h.pub.n_in_trick == 0:
                        log_action(self, i, ACTION_PLAY)
                self.play(e, &ids, False)

    cdef void deal(self, Py_ssize_t i) noexcept nogil:
        """The env's next hand (drivers.deal_hand from its stream), then the bots."""
        cdef EnvC* e = &self.envs[i]
        cdef int lv[2]
        cdef int rc
        lv[0] = self.level
        lv[1] = self.level
        e.bp.level = self.level
        e.bp.first_hand = self.banker < 0
        e.bp.banker = self.banker if self.banker >= 0 else 0
        e.bp.policy = self.policy
        e.bp.threshold = self.threshold
        rc = deal_hand(&e.h, &e.rng, e.deck, &e.bp, lv, &self.r, self.trump, &e.bid)
        if rc != 0:
            e.status = rc
            return
        e.learners = self.learners
        self.start(i)

    cdef void start(self, Py_ssize_t i) noexcept nogil:
        """A hand just dealt into env i: its book and sets, then the bots."""
        cdef EnvC* e = &self.envs[i]
        cdef uint8_t buf[N_CARDS]
        cdef int c
        memcpy(e.dealt, seat_order(e.deck, e.bid.first_drawer, buf), N_CARDS)
        book_setup(&e.b, e.dealt, e.bid.banker)
        memset(e.held, 0, sizeof(e.held))
        for c in range(N_CARDS):
            ids_add(&e.held[e.b.loc[c]], c)
        memset(e.played, 0, sizeof(e.played))
        memset(e.shown, 0, sizeof(e.shown))
        memset(e.n_played, 0, sizeof(e.n_played))
        e.late_on = False
        self.legal[i].done = False
        e.n_hist = 0
        self.advance(i)

    cdef void returns_of(self, EnvC* e, double* out) noexcept nogil:
        """encoding.hand_returns: per seat, the levels (or defender points) signed."""
        cdef int bt = team(e.h.pub.banker), t, s
        cdef double v
        if self.returns == 0:
            t = bt if e.h.score.level_side == SIDE_BANKER else 1 - bt
            v = <double> e.h.score.levels
        else:
            t = 1 - bt
            v = e.h.score.defender_points
        for s in range(N_SEATS):
            out[s] = v if team(s) == t else -v

    cdef void write(self, Py_ssize_t i) noexcept nogil:
        """The observation, mask and to_play of env i (its observer: the seat deciding,
        or once the hand is over the learner seat that acted last)."""
        cdef EnvC* e = &self.envs[i]
        cdef Legal* lg = &self.legal[i]
        cdef const HandC* h = &e.h
        cdef uint8_t* x = &self.obs[i, 0]
        cdef int8_t* m = &self.mask[i, 0]
        cdef uint8_t chosen[N_KINDS]
        cdef View v
        cdef Play cp
        cdef int o, s, r, k, j, c, pen, lead
        cdef bint bury = h.pub.phase == PHASE_BURY, over = h.pub.phase == PHASE_OVER
        cdef uint64_t km
        memset(x, 0, OBS_DIM)
        memset(m, 0, N_MASK)
        if over:
            o = e.observer
            self.to_play[i] = -1
            lg.kinds = 0
            lg.close = False
        else:
            o = h.pub.to_play
            e.observer = o
            self.to_play[i] = o
            make_view(&e.h, o, &v)
            ids_play(&e.b.chosen, &cp)
            lg.kinds = next_kinds(&v, &cp, &lg.close)
            lg.avail = e.held[o]
            ids_remove(&lg.avail, &e.b.chosen)
            km = lg.kinds
            while km:
                k = ctz(km)
                km &= km - 1
                c = lowest_copy(&lg.avail, k)
                if c >= 0:
                    m[c] = 1
            if lg.close:
                m[ACTION_PLAY] = 1
        x[OFF_PHASE + h.pub.phase] = 1
        x[OFF_SEAT + o] = 1
        x[OFF_BANKER + (h.pub.banker - o + N_SEATS) % N_SEATS] = 1
        x[OFF_LEADER + (h.pub.leader - o + N_SEATS) % N_SEATS] = 1
        x[OFF_LEVEL + h.pub.level] = 1
        x[OFF_DEF_LEVEL + h.pub.def_level] = 1
        x[OFF_TRUMP + h.pub.trump] = 1
        x[OFF_TRICKS] = h.pub.tricks_done
        memset(chosen, 0, N_KINDS)
        id_counts(&e.b.chosen, chosen)
        memcpy(x + OFF_HAND, h.seat[o].count, N_KINDS)
        if bury and o == h.pub.to_play:
            for k in range(N_KINDS):
                x[OFF_HAND + k] -= chosen[k]
        elif not bury and not over and o == h.pub.to_play:
            memcpy(x + OFF_PENDING, chosen, N_KINDS)
        if o == h.pub.banker:
            memcpy(x + OFF_KITTY, h.kitty, N_KINDS)
        if over or o == (h.pub.to_play if bury else h.pub.burier):
            x[OFF_BURIED_SEEN] = 1
            if bury:
                memcpy(x + OFF_BURIED, chosen, N_KINDS)
            else:
                memcpy(x + OFF_BURIED, h.buried, N_KINDS)
        lead = h.pub.leader
        for s in range(N_SEATS):
            r = (s - o + N_SEATS) % N_SEATS
            memcpy(x + OFF_PLAYED + r * N_KINDS, e.played[s], N_KINDS)
            memcpy(x + OFF_SHOWN + r * N_KINDS, e.shown[s], N_KINDS)
            x[OFF_SIZES + r] = HAND_SIZE - e.n_played[s]
            if bury and s == h.pub.to_play:
                x[OFF_SIZES + r] += KITTY_SIZE - e.b.n_chosen
            x[OFF_POINTS + r] = h.pub.points[s] // 5
            for j in range(N_FOLLOW):
                x[OFF_VOIDS + r * N_FOLLOW + j] = (h.pub.void_suits[s] >> j) & 1
        for j in range(h.pub.n_in_trick):
            r = (lead + j - o + N_SEATS) % N_SEATS
            memcpy(x + OFF_TRICK + r * N_KINDS, h.pub.trick[j], N_KINDS)
        pen = h.pub.penalty
        x[OFF_PENALTY] = pen // 5 if pen > 0 else 0
        x[OFF_PENALTY + 1] = (-pen) // 5 if pen < 0 else 0

    cdef void step_one(self, Py_ssize_t i, int a) noexcept nogil:
        cdef EnvC* e = &self.envs[i]
        cdef double ret[N_SEATS]
        cdef int s
        self.reward[i] = 0.0
        self.terminated[i] = 0
        if self.legal[i].done:
            if not self.hold:
                self.deal(i)
        else:
            self.learner_action(i, a)
            self.advance(i)
            if e.h.pub.phase == PHASE_OVER:
                self.legal[i].done = True
                self.terminated[i] = 1
                self.returns_of(e, ret)
                for s in range(N_SEATS):
                    self.seat_returns[i, s] = ret[s]
                self.reward[i] = ret[e.observer]
        if e.status == 0:
            self.write(i)
        else:
            self.failed = True

    cdef Py_ssize_t first_error(self) noexcept nogil:
        cdef Py_ssize_t i
        for i in range(self.n):
            if self.envs[i].status != 0:
                return i
        return -1

    cdef Py_ssize_t check_actions(self, const int64_t* a) noexcept nogil:
        """The first env whose action is not legal (legal_ok, vector.pxd), or -1."""
        cdef Py_ssize_t i
        for i in range(self.n):
            if not legal_ok(&self.legal[i], a[i]):
                return i
        return -1

    # -- the Python door ----------------------------------------------------------------
    def _raise_status(self):
        cdef Py_ssize_t i
        cdef int st
        if not self.failed:
            return
        i = self.first_error()
        if i >= 0:
            st = self.envs[i].status
            if st == ERR_ENGINE:
                raise RuntimeError(f"env {i}: the hand engine refused a play (a bug)")
            raise ValueError(f"env {i}: " + _BID_ERRORS.get(st, f"bidding status {st}"))

    def reset(self, states):
        """Load each env's stream (states: uint64 (n, 4), chunk_state rows; not advanced
        here: the env keeps its own copy), start from the sorted deck, deal and write."""
        cdef Py_ssize_t i
        cdef int c
        cdef cnp.ndarray row
        if states.shape != (self.n, 4) or states.dtype != np.uint64:
            raise ValueError("states: expected uint64 (n, 4)")
        for i in range(self.n):
            row = np.array(states[i], dtype=np.uint64)
            rng_load(&self.envs[i].rng, row, "states")
        self.failed = False
        self.hold = False
        with nogil:
            for i in range(self.n):
                self.envs[i].status = 0
                for c in range(N_CARDS):
                    self.envs[i].deck[c] = c
                self.deal(i)
                self.reward[i] = 0.0
                self.terminated[i] = 0
                if self.envs[i].status == 0:
                    self.write(i)
                else:
                    self.failed = True
        self._raise_status()

    def reset_hands(self):
        """Deal each env's next hand from its stream (a reset without a seed)."""
        cdef Py_ssize_t i
        if self.hold:
            raise ValueError("reset_hands: the envs hold a duel's deals (load_duel)")
        with nogil:
            for i in range(self.n):
                self.deal(i)
                self.reward[i] = 0.0
                self.terminated[i] = 0
                if self.envs[i].status == 0:
                    self.write(i)
                else:
                    self.failed = True
        self._raise_status()

    def step(self, cnp.int64_t[::1] actions not None):
        """One action per env (ignored where the last step ended the hand).  ValueError
        naming the first env whose action is illegal, and then no env moved."""
        cdef Py_ssize_t i, bad
        if actions.shape[0] != self.n:
            raise ValueError(f"actions: expected {self.n} actions, got {actions.shape[0]}")
        with nogil:
            bad = self.check_actions(<const int64_t*> &actions[0])
        if bad >= 0:
            raise ValueError(f"actions[{bad}] = {actions[bad]}: not a legal action of env "
                             f"{bad} (its action_mask row lists them)")
        with nogil:
            for i in range(self.n):
                if self.hold and interrupted():
                    break               # a duel's deals: the caller drops them all
                if i + 1 < self.n:
                    prefetch_env(&self.envs[i + 1])
                self.step_one(i, <int> actions[i])
        raise_interrupt()               # a search bot stopped by Ctrl-C (interrupt.pyx)
        self._raise_status()

    def sample(self, state, cnp.int64_t[::1] out not None):
        """A uniformly random legal action per env (any action where the hand is over:
        0), drawn from state (4 words, advanced)."""
        cdef Rng rng
        cdef Py_ssize_t i
        cdef const Legal* lg
        cdef int n, j
        cdef uint64_t km
        if out.shape[0] != self.n:
            raise ValueError(f"out: expected {self.n} entries")
        rng_load(&rng, state)
        with nogil:
            for i in range(self.n):
                lg = &self.legal[i]
                out[i] = 0
                if lg.done:
                    continue
                n = popcount(lg.kinds) + lg.close
                j = sj_bounded(&rng, n)
                if j == n - 1 and lg.close:
                    out[i] = ACTION_PLAY
                    continue
                km = lg.kinds
                while j > 0:
                    km &= km - 1
                    j -= 1
                out[i] = lowest_copy(&lg.avail, ctz(km))
        rng_store(&rng, state)

    def history(self, Py_ssize_t i):
        """Every action of env i's current (or just finished) hand, all seats, in order
        (record=True): bots' decisions as actions of the step encoding (engine/actions)."""
        if not self.record:
            raise ValueError("history: the env was made without record=True")
        if not 0 <= i < self.n:
            raise ValueError(f"env index 0..{self.n - 1}")
        if self.envs[i].n_hist >= MAX_HISTORY:
            raise ValueError("history: the hand's actions overflowed the record")
        return [self.hist[i * MAX_HISTORY + j] for j in range(self.envs[i].n_hist)]

    def deal_info(self, Py_ssize_t i):
        """Env i's current hand as dealt: its dealing order (seat 0 first, the kitty last),
        and the bidding's outcome (HandCore.deal's dict; its final state once the round
        after the bury is over)."""
        cdef EnvC* e
        if not 0 <= i < self.n:
            raise ValueError(f"env index 0..{self.n - 1}")
        e = &self.envs[i]
        return [e.dealt[c] for c in range(N_CARDS)], result_dict(&e.bid)

    def stream(self, Py_ssize_t i):
        """Env i's generator state now (4 words: for tests)."""
        if not 0 <= i < self.n:
            raise ValueError(f"env index 0..{self.n - 1}")
        out = np.zeros(4, np.uint64)
        rng_store(&self.envs[i].rng, out)
        return out
