# cython: language_level=3
"""The Python-facing hand: ``HandCore``, one C hand (``HandC``) and its generator (``Rng``),
which ``shengji.game.HandState`` wraps; one call per decision.

A hand is dealt either by the drivers' own step (``deal``: the same shuffle and bidding a
study's hand goes through, from the same stream, so ``HandState(seed=S)`` is hand 0 of a
run with seed S) or from a given dealing order (``setup``).  Plays are (one, two) kind
masks (play.pxd); the bots decide from the deciding seat's view (view.pxd)."""
import numpy as np
cimport numpy as cnp
from libc.stdint cimport int32_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

from shengji._core.cards cimport N_CARDS, N_KINDS, N_RANKS, N_SEATS
from shengji._core.options cimport RulesC, pack_rules
from shengji._core.rng cimport Rng, rng_load, rng_store
from shengji._core.bidding cimport (BidParams, BidResult, BidState, bid_deck,
                                    bid_first_drawer, POLICY_EAGER)
from shengji._core.hand cimport (HandC, TrickRecord, APPLY_NOT_IN_HAND, APPLY_BAD_SIZE,
                                 APPLY_MIXED, APPLY_ILLEGAL, APPLY_OVER, APPLY_EMPTY, N_FOLLOW,
                                 N_TRICKS, PHASE_BURY, PHASE_PLAY, hand_apply, hand_bury,
                                 hand_setup, hand_set_trump, hand_take_kitty)
from shengji._core.bidcore cimport BidCore
from shengji._core.view cimport View, make_view
from shengji._core.moves cimport MAX_PLAYS, count_throws, gen_plays, refresh_throws
from shengji._core.bot cimport N_BOTS, bot_choose, bot_get
from shengji._core.drivers cimport deal_hand, hand_row, seat_order, N_HAND_COLUMNS
from shengji._core.play cimport Play, counts_play

cnp.import_array()

from shengji._core.hand import PHASE_NAMES as PHASES
from shengji._core.bot import BOT_NAMES as BOTS
from shengji._core.drivers import HAND_COLUMNS
from shengji._core.rng import chunk_state

APPLY_ERRORS = {
    APPLY_NOT_IN_HAND: "the play holds a card the seat does not hold",
    APPLY_BAD_SIZE: "wrong number of cards",
    APPLY_MIXED: "a lead must be of one following-suit (single, pair, tractor or throw)",
    APPLY_ILLEGAL: "illegal follow: docs/rules.md §4 (follow suit, match the lead's shape)",
    APPLY_OVER: "the hand is over",
    APPLY_EMPTY: "an empty play",
}


cdef int _params(BidParams* bp, int level, int banker, int policy, int threshold) except -1:
    if not 0 <= level < N_RANKS or not -1 <= banker < N_SEATS:
        raise ValueError("level 0..12, banker -1..3")
    bp.level = level
    bp.first_hand = banker < 0
    bp.banker = banker if banker >= 0 else 0
    bp.policy = policy
    bp.threshold = threshold
    return 0


cdef class HandCore:
    """A C hand and its bot generator; shengji.game.HandState wraps it."""

    @staticmethod
    def bid(cards, int level, rules, int banker, int policy=POLICY_EAGER, int threshold=0,
            state=None):
        """bid_deck on a given dealing order: (status, trump, banker); status 1: thrown in.
        state (advanced; default chunk_state(0)) is drawn from only for no_bid =
        kitty_random."""
        cdef cnp.uint8_t[::1] d = np.ascontiguousarray(cards, dtype=np.uint8)
        cdef RulesC r = pack_rules(rules)
        cdef BidParams bp
        cdef BidResult o
        cdef BidState st
        cdef Rng rng
        cdef int rc
        if d.shape[0] != N_CARDS:
            raise ValueError("cards: expected 108 card ids in dealing order")
        _params(&bp, level, banker, policy, threshold)
        if state is None:
            state = chunk_state(0)
        rng_load(&rng, state)
        rc = bid_deck(&rng, &d[0], &bp, &r, bid_first_drawer(&bp, &r, &rng), &o, &st)
        rng_store(&rng, state)
        return rc, o.trump, o.banker

    def deal(self, state, cnp.uint8_t[::1] deck not None, rules, int bid_level, int level0,
             int level1, int banker, int policy=POLICY_EAGER, int threshold=0, int trump=-1,
             BidCore bids=None):
        """Deal a hand exactly as the study drivers do (drivers.deal_hand): shuffle the
        deck (advanced in place), bid (redealing as the rules say; trump >= 0 skips it,
        banker then banks), set up at the banker team's level (team levels level0,
        level1).  The generator continues from state, which is advanced too.  Returns
        (trump, banker, redeals); ``bids``, if given, keeps the bidding's result (for the
        round after the bury)."""
        cdef RulesC r = pack_rules(rules)
        cdef BidParams bp
        cdef BidResult bid
        cdef int lv[2]
        cdef int rc
        if deck.shape[0] != N_CARDS:
            raise ValueError("deck: expected 108 card ids")
        if not (0 <= level0 < N_RANKS and 0 <= level1 < N_RANKS and -1 <= trump <= 4):
            raise ValueError("levels 0..12, trump -1..4")
        if trump >= 0 and banker < 0:
            raise ValueError("a given trump needs a banker seat")
        _params(&bp, bid_level, banker, policy, threshold)
        lv[0] = level0
        lv[1] = level1
        rng_load(&self.rng, state)
        rc = deal_hand(&self.h, &self.rng, &deck[0], &bp, lv, &r, trump, &bid)
        rng_store(&self.rng, state)
        if rc != 0:
            from shengji._core.bidding import _ERRORS
            raise ValueError(_ERRORS.get(rc, f"bidding status {rc}"))
        if bids is not None:
            bids.set_result(&bp, &r, &bid, &deck[0])
        return bid.trump, bid.banker, bid.redeals

    def setup(self, cards, int level, int def_level, int trump, int banker, rules, state,
              int first_drawer=0):
        """Set up a given dealing order (108 card ids; position i < 100 to seat
        (first_drawer + i) % 4); the bots draw from state's stream (state itself is not
        advanced)."""
        cdef cnp.uint8_t[::1] d = np.ascontiguousarray(cards, dtype=np.uint8)
        cdef RulesC r = pack_rules(rules)
        cdef uint8_t buf[N_CARDS]
        if d.shape[0] != N_CARDS:
            raise ValueError("cards: expected 108 card ids in dealing order")
        if not 0 <= first_drawer < N_SEATS:
            raise ValueError("first_drawer: a seat 0..3")
        rng_load(&self.rng, state)
        hand_setup(&self.h, seat_order(&d[0], first_drawer, buf), level, def_level, trump,
                   banker, &r)

    def set_trump(self, int trump):
        """Between the bury and the first lead (an overturn after the bury): the trump."""
        if not 0 <= trump <= 4:
            raise ValueError("trump 0..4")
        if hand_set_trump(&self.h, trump) != 0:
            raise ValueError("the trump can only change between the bury and the first lead")

    def take_kitty(self, int seat):
        """overturn_reburies: seat takes up the buried kitty (phase back to bury, seat to
        play)."""
        if hand_take_kitty(&self.h, seat) != 0:
            raise ValueError("the kitty can only be taken up between the bury and the first "
                             "lead")

    @property
    def burier(self):
        return self.h.pub.burier

    def copy(self):
        cdef HandCore c = HandCore.__new__(HandCore)
        c.h = self.h
        c.rng = self.rng
        return c

    @property
    def phase(self):
        return self.h.pub.phase

    @property
    def to_play(self):
        return self.h.pub.to_play

    @property
    def leader(self):
        return self.h.pub.leader

    @property
    def n_in_trick(self):
        return self.h.pub.n_in_trick

    @property
    def tricks_done(self):
        return self.h.pub.tricks_done

    @property
    def banker(self):
        return self.h.pub.banker

    @property
    def trump(self):
        return self.h.pub.trump

    @property
    def level(self):
        return self.h.pub.level

    def hand(self, int seat):
        if not 0 <= seat < N_SEATS:
            raise ValueError("seat 0..3")
        return np.asarray(<uint8_t[:N_KINDS]> self.h.seat[seat].count).copy()

    def legal(self):
        """Candidate plays as an (n, 2) uint64 array of (one, two) masks."""
        cdef View v
        cdef int n, i
        cdef cnp.ndarray[cnp.uint64_t, ndim=2] a
        cdef Play* tmp
        make_view(&self.h, self.h.pub.to_play, &v)
        n = gen_plays(&v, self.buf, 0, -1, NULL)
        a = np.zeros((n, 2), np.uint64)
        if n == 0:
            return a
        if n <= MAX_PLAYS:
            gen_plays(&v, self.buf, MAX_PLAYS, -1, NULL)
            for i in range(n):
                a[i, 0] = self.buf[i].one
                a[i, 1] = self.buf[i].two
            return a
        tmp = <Play*> malloc(n * sizeof(Play))
        if tmp == NULL:
            raise MemoryError
        gen_plays(&v, tmp, n, -1, NULL)
        for i in range(n):
            a[i, 0] = tmp[i].one
            a[i, 1] = tmp[i].two
        free(tmp)
        return a

    def throw_counts(self, int seat):
        """(count_throws, refresh_throws' count) per following-suit: for tests."""
        cdef View v
        cdef int s
        make_view(&self.h, seat, &v)
        fast = [count_throws(&v, s) for s in range(N_FOLLOW)]
        for s in range(N_FOLLOW):
            refresh_throws(&v, s)
        return fast, [self.h.cache[seat].n[s] for s in range(N_FOLLOW)]

    def bury(self, uint64_t one, uint64_t two):
        cdef Play p
        p.one = one
        p.two = two
        return hand_bury(&self.h, &p)

    def apply(self, uint64_t one, uint64_t two):
        """(status, forced one, forced two)."""
        cdef Play p, f
        cdef int rc
        p.one = one
        p.two = two
        rc = hand_apply(&self.h, &p, &f, True)
        return rc, f.one, f.two

    def bot(self, int policy):
        """The bot's choice for the current decision (bury or play): (one, two)."""
        cdef Play p
        if bot_get(policy) == NULL:
            raise ValueError(f"bot id {policy} out of range 0..{N_BOTS - 1}")
        if self.h.pub.phase != PHASE_BURY and self.h.pub.phase != PHASE_PLAY:
            raise ValueError("the hand is over")
        if bot_choose(&self.h, bot_get(policy), &self.rng, &p) != 0:
            raise RuntimeError("the bot found no move")
        return p.one, p.two

    def result(self):
        cdef BidResult bid
        cdef cnp.ndarray[cnp.int32_t, ndim=2] a = np.zeros((N_HAND_COLUMNS, 1), np.int32)
        memset(&bid, 0, sizeof(BidResult))
        hand_row(&self.h, &bid, &a[0, 0], 1, 0)
        return dict(zip(HAND_COLUMNS, a[:, 0].tolist()))

    @property
    def trick_rows(self):
        return np.asarray(<uint8_t[:N_SEATS, :N_KINDS]> &self.h.pub.trick[0][0])[:self.h.pub.n_in_trick].copy()

    @property
    def buried(self):
        return np.asarray(<uint8_t[:N_KINDS]> self.h.buried).copy()

    @property
    def table_points(self):
        return self.h.pub.table_points

    @property
    def banker_points(self):
        return self.h.pub.banker_points

    @property
    def penalty(self):
        return self.h.pub.penalty

    @property
    def seat_points(self):
        """Trick points taken per seat (the public record)."""
        return [self.h.pub.points[s] for s in range(N_SEATS)]

    @property
    def void_suits(self):
        """Per seat, the bit mask of following-suits it showed out of (the public record)."""
        return [self.h.pub.void_suits[s] for s in range(N_SEATS)]

    def trick(self, int i):
        """Trick i of the public record (i < tricks_done, or the open one): (leader, winner
        or -1, points, [(one, two) per play in play order], attempt (one, two) of a failed
        throw or None)."""
        cdef const TrickRecord* t
        cdef int n, j
        if not 0 <= i <= self.h.pub.tricks_done or i >= N_TRICKS:
            raise ValueError(f"trick {i}: {self.h.pub.tricks_done} tricks done")
        t = &self.h.pub.tricks[i]
        n = N_SEATS if i < self.h.pub.tricks_done else self.h.pub.n_in_trick
        if n == 0:
            raise ValueError(f"trick {i} has not started")
        plays = [(t.plays[j].one, t.plays[j].two) for j in range(n)]
        attempt = (t.attempt.one, t.attempt.two) if t.attempt.one else None
        return (t.leader, t.winner if i < self.h.pub.tricks_done else -1,
                t.points if i < self.h.pub.tricks_done else self.h.pub.trick_points,
                plays, attempt)

    def _move_card(self, int src, int kind, int dst):
        """Test hook: move one copy of `kind` from seat src's hand to seat dst's (the
        hidden-information tests permute the cards a seat cannot see)."""
        cdef Play m
        cdef int s
        if not (0 <= src < N_SEATS and 0 <= dst < N_SEATS and 0 <= kind < N_KINDS):
            raise ValueError("seat 0..3, kind 0..53")
        if self.h.seat[src].count[kind] == 0 or self.h.seat[dst].count[kind] >= 2:
            raise ValueError("no such card to move")
        self.h.seat[src].count[kind] -= 1
        self.h.seat[dst].count[kind] += 1
        for s in (src, dst):
            counts_play(self.h.seat[s].count, &m)
            self.h.seat[s].one = m.one
            self.h.seat[s].two = m.two
            self.h.cache[s].stale = (1 << N_FOLLOW) - 1
