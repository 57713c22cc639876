# cython: language_level=3
"""The Python-facing hand: ``HandCore``, one C hand (``HandC``), the book of its card ids
(book.pxd) and its generator (``Rng``), stepped one call per decision.

A hand is dealt either by the drivers' own steps (``deal``: the same shuffle and bidding a
study's hand goes through, from the same stream, so ``HandState(seed=S)`` is hand 0 of a
run with seed S; ``match_hand``: hand h of a match, the earlier ones played by the bots)
or from a given dealing order (``setup``).  Decisions come in card ids: whole ones
(``apply_cards``: a lead or a follow, or bury cards) or the step encoding's actions
(``apply_action``, actions.pxd); each returns what happened as event tuples
``(seat, phase, cards, played, penalty, trick, winner, points, over)``.  ``infoset(seat)``
is what one seat may know (infoset.pyx); the built-in bots decide from the deciding seat's
view (view.pxd) either way."""
import numpy as np
cimport numpy as cnp
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memcpy

from shengji._core.base.cards cimport (
    KITTY_SIZE, N_CARDS, N_COPIES, N_KINDS, N_RANKS, N_SEATS, kind_array, kind_of,
)
from shengji._core.base.options cimport RulesC, pack_rules
from shengji._core.base.rng cimport Rng, rng_load, rng_store
from shengji._core.base.interrupt cimport raise_interrupt
from shengji._core.bidding.bidding cimport (
    BidParams, BidResult, BidState, bid_deck, bid_first_drawer, result_dict, POLICY_EAGER,
)
from shengji._core.engine.hand cimport (
    HandC, TrickRecord, APPLY_OK, APPLY_NOT_IN_HAND, APPLY_BAD_SIZE, APPLY_MIXED, APPLY_ILLEGAL,
    APPLY_OVER, APPLY_EMPTY, N_FOLLOW, N_TRICKS, PHASE_BURY, PHASE_PLAY, hand_apply, hand_bury,
    hand_setup, hand_set_overturns, hand_set_trump, hand_take_kitty,
)
from shengji._core.engine.book cimport (
    Book, IdSet, LOC_BURIED, LOC_PLAYED, book_setup, ids_add, ids_clear, ids_has, ids_play,
    play_ids,
)
from shengji._core.step.bidcore cimport BidCore
from shengji._core.engine.view cimport View, make_view
from shengji._core.engine.moves cimport count_throws, refresh_throws
from shengji._core.engine.actions cimport ACTION_PLAY, N_PLAY_ACTIONS
from shengji._core.step.infoset cimport (
    bid_from_dict, choice_ids, id_list, legal_action_list, load_state, make_infoset, step_kinds,
)
from shengji._core.bots.bot cimport Agent
from shengji._core.bots.registry cimport agent_choose, agent_free, agent_init
from shengji._core.drivers.hands cimport (
    MATCH_ON, MatchC, deal_hand, hand_row, match_deal, match_score, match_start, play_out_bids,
    raise_status, seat_order, N_HAND_COLUMNS,
)
from shengji._core.engine.play cimport Play, bit, counts_play
from shengji._core.drivers.agents cimport agents_init, agents_free, seat_agents
from shengji._core.deal.spec cimport Dealer, deal_error, dealer_of

cnp.import_array()

from shengji._core.engine.hand import PHASE_NAMES as PHASES  # no-cython-lint: re-exported
from shengji._core.bots.registry import BOT_NAMES  # no-cython-lint: re-exported
from shengji._core.drivers.hands import HAND_COLUMNS
from shengji._core.base.rng import chunk_state
from shengji._core.base.checksum import check_seal, seal

cdef enum:
    NOT_A_CARD = -7            # statuses of this unit, beside hand.pxd's APPLY_*
    NOT_LEGAL = -8
    CHOSEN = -9
    DUPLICATE = -10

APPLY_ERRORS = {
    APPLY_NOT_IN_HAND: "the play holds a card the seat does not hold",
    APPLY_BAD_SIZE: "wrong number of cards",
    APPLY_MIXED: "a lead must be of one following-suit (single, pair, tractor or throw)",
    APPLY_ILLEGAL: "illegal follow: docs/rules.md §4 (follow suit, match the lead's shape)",
    APPLY_OVER: "the hand is over",
    APPLY_EMPTY: "an empty play",
    NOT_A_CARD: "not an action: 0..107 choose a card id, 108 (ACTION_PLAY) plays the lead",
    NOT_LEGAL: "not a legal action here (legal_actions() lists them)",
    CHOSEN: "cards of this decision were chosen one by one (apply_action): finish it that way",
    DUPLICATE: "the same card twice",
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


cdef int _ids(object cards, int seat, const Book* b, IdSet* out) except -100:
    """Card ids (a sequence of ints 0..107) -> a set; NOT_A_CARD / DUPLICATE /
    APPLY_NOT_IN_HAND (not held by seat), else 0."""
    cdef int c
    ids_clear(out)
    for x in cards:
        c = x
        if not 0 <= c < N_CARDS:
            return NOT_A_CARD
        if ids_has(out, c):
            return DUPLICATE
        if b.loc[c] != seat:
            return APPLY_NOT_IN_HAND
        ids_add(out, c)
    return 0


def _rebuild(bytes hb, bytes bb, bytes rb, bidding, int redeals, digest=None):
    cdef HandCore o = HandCore.__new__(HandCore)
    check_seal("hand", digest, hb, bb, rb, redeals)
    load_state(&o.h, &o.b, hb, bb)
    if len(rb) != sizeof(Rng):
        raise ValueError("a pickled hand of another build of shengji (its C structs differ)")
    memcpy(&o.rng, <const char*> rb, sizeof(Rng))
    o.bidding = bidding
    o.redeals = redeals
    return o


cdef class HandCore:
    """A C hand, its card-id book and its bot generator, one call per decision."""

    # -- dealing ------------------------------------------------------------------------
    @staticmethod
    def bid(cards, int level, rules, int banker, int policy=POLICY_EAGER, int threshold=0,
            state=None):
        """bid_deck on a given dealing order: (status, bidding dict); status 1: thrown in.
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
        return rc, result_dict(&o)

    def deal(self, state, cnp.uint8_t[::1] deck not None, rules, int bid_level, int level0,
             int level1, int banker, int policy=POLICY_EAGER, int threshold=0, int trump=-1,
             BidCore bids=None, deal=None):
        """Deal a hand exactly as the study drivers do (drivers.deal_hand): shuffle the
        deck (advanced in place), bid (redealing as the rules say; trump >= 0 skips it,
        banker then banks), set up at the banker team's level (team levels level0,
        level1).  The generator continues from state, which is advanced too.  Returns
        the bidding dict (None when trump was given); ``bids``, if given, keeps the
        bidding's result (for the round of overturns after the bury, stepped on it).
        ``deal``: a shengji._core.deal.spec.Dealing (a conditional deal, as the drivers
        deal it) or None."""
        cdef RulesC r = pack_rules(rules)
        cdef BidParams bp
        cdef BidResult bid
        cdef int lv[2]
        cdef int rc
        cdef uint8_t buf[N_CARDS]
        if deck.shape[0] != N_CARDS:
            raise ValueError("deck: expected 108 card ids")
        if not (0 <= level0 < N_RANKS and 0 <= level1 < N_RANKS and -1 <= trump <= 4):
            raise ValueError("levels 0..12, trump -1..4")
        if trump >= 0 and banker < 0:
            raise ValueError("a given trump needs a banker seat")
        _params(&bp, bid_level, banker, policy, threshold)
        lv[0] = level0
        lv[1] = level1
        cdef Dealer* dealer = NULL
        dealer_of(deal, &dealer)
        rng_load(&self.rng, state)
        rc = deal_hand(&self.h, &self.rng, &deck[0], &bp, lv, &r, trump, &bid, dealer)
        rng_store(&self.rng, state)
        if rc != 0:
            from shengji._core.bidding.bidding import _ERRORS
            raise ValueError(_ERRORS.get(rc) or deal_error(rc))
        book_setup(&self.b, seat_order(&deck[0], bid.first_drawer, buf), bid.banker)
        self.redeals = bid.redeals
        self.bidding = None if trump >= 0 else result_dict(&bid)
        if bids is not None and trump < 0:
            bids.set_result(&bp, &r, &bid, &deck[0])
        return self.bidding

    def match_hand(self, state, cnp.uint8_t[::1] deck not None, rules, team0_bot,
                   team1_bot, int bid_policy, int bid_threshold, int hand,
                   BidCore bids=None, deal=None, bint deal_every=True):
        """Hand `hand` of the next match on this stream, as drivers.play_match plays it:
        hands 0..hand-1 dealt and played by the bots (team t's seats by team{t}_bot, the
        round of overturns after the bury by the bidding policy), then hand `hand` dealt
        into this HandCore (state and deck advanced as far).  Returns (bidding dict, team
        levels before the hand), or None when the match ended first (then state and deck
        are where that match left them).  ``bids`` as for ``deal``.  The bots: a bot id or
        (id, parameters) (agent_init), as drivers.play_match takes them.  ``deal``,
        ``deal_every``: the conditional deals, as drivers.play_match takes them."""
        cdef RulesC r = pack_rules(rules)
        cdef MatchC m
        cdef BidResult bid
        cdef Agent agents[2]
        cdef Agent* seats[N_SEATS]
        cdef uint8_t buf[N_CARDS]
        cdef int i, rc = 0
        if deck.shape[0] != N_CARDS:
            raise ValueError("deck: expected 108 card ids")
        cdef Dealer* dealer = NULL
        dealer_of(deal, &dealer)
        try:
            agents_init(agents, 2, (team0_bot, team1_bot))
            seat_agents(seats, &agents[0], &agents[1], 0)
            match_start(&m, &r)
            rng_load(&self.rng, state)
            for i in range(hand + 1):
                rc = match_deal(&m, &self.h, &self.rng, &deck[0], &r, bid_policy,
                                bid_threshold, &bid, dealer if deal_every or i == 0 else NULL)
                if rc != 0 or i == hand:
                    break
                rc = play_out_bids(&self.h, &self.rng, seats, &m.bp, &bid)
                if rc != 0:
                    break
                match_score(&m, &self.h, &r)
                if m.ended != MATCH_ON:    # past the target level, or time (match_hands)
                    rng_store(&self.rng, state)
                    return None
            rng_store(&self.rng, state)
        finally:
            agents_free(agents, 2)
        raise_interrupt()
        raise_status(rc)
        book_setup(&self.b, seat_order(&deck[0], bid.first_drawer, buf), bid.banker)
        self.redeals = bid.redeals
        self.bidding = result_dict(&bid)
        if bids is not None:
            bids.set_result(&m.bp, &r, &bid, &deck[0])
        return self.bidding, (m.lv[0], m.lv[1])

    def setup(self, cards, int level, int def_level, int trump, int banker, rules, state,
              bidding=None, int first_drawer=0):
        """Set up a given dealing order (108 card ids; position i < 100 to seat
        (first_drawer + i) % 4); the bots draw from state's stream (state itself is not
        advanced).  bidding: the public outcome of the bidding that chose trump and banker
        (a dict as deal() returns), or None."""
        cdef cnp.uint8_t[::1] d = np.ascontiguousarray(cards, dtype=np.uint8)
        cdef RulesC r = pack_rules(rules)
        cdef uint8_t buf[N_CARDS]
        if d.shape[0] != N_CARDS:
            raise ValueError("cards: expected 108 card ids in dealing order")
        if not (0 <= level < N_RANKS and 0 <= def_level < N_RANKS and 0 <= trump <= 4
                and 0 <= banker < N_SEATS):
            raise ValueError("levels 0..12, trump 0..4, banker 0..3")
        if not 0 <= first_drawer < N_SEATS:
            raise ValueError("first_drawer: a seat 0..3")
        rng_load(&self.rng, state)
        hand_setup(&self.h, seat_order(&d[0], first_drawer, buf), level, def_level, trump,
                   banker, &r)
        book_setup(&self.b, seat_order(&d[0], first_drawer, buf), banker)
        self.bidding = bidding
        self.redeals = bidding["redeals"] if bidding else 0
        self._bid_overturns(bidding)

    def set_bidding(self, bidding):
        """The bidding's public outcome (a dict as deal() returns) after the round of
        overturns after the bury changed it."""
        self.bidding = bidding
        self._bid_overturns(bidding)

    cdef _bid_overturns(self, bidding):
        """The bidding's overturns per team of the overturner, for the level change under
        overturn_levels (0 without a bidding)."""
        t0, t1 = bidding.get("team_overturns", (0, 0)) if bidding else (0, 0)
        if t0 < 0 or t1 < 0:
            raise ValueError("bidding: team_overturns must be >= 0")
        hand_set_overturns(&self.h, t0, t1)

    def set_rng(self, state):
        """The bots draw from state's stream from now on (state is not advanced)."""
        rng_load(&self.rng, state)

    def set_trump(self, int trump):
        """Between the bury and the first lead (an overturn after the bury): the trump."""
        if not 0 <= trump <= 4:
            raise ValueError("trump 0..4")
        if hand_set_trump(&self.h, trump) != 0:
            raise ValueError("the trump can only change between the bury and the first lead")

    def take_kitty(self, int seat):
        """overturn_reburies: seat takes up the buried kitty (phase back to bury, seat to
        play)."""
        cdef int c
        if hand_take_kitty(&self.h, seat) != 0:
            raise ValueError("the kitty can only be taken up between the bury and the first "
                             "lead")
        for c in range(N_CARDS):
            if self.b.loc[c] == LOC_BURIED:
                self.b.loc[c] = seat

    @property
    def burier(self):
        """The seat that buried the kitty (the banker, or a re-burying overturner)."""
        return self.h.pub.burier

    def copy(self):
        cdef HandCore c = HandCore.__new__(HandCore)
        c.h = self.h
        c.b = self.b
        c.rng = self.rng
        c.bidding = self.bidding
        c.redeals = self.redeals
        return c

    def __reduce__(self):
        hb = (<char*> &self.h)[:sizeof(HandC)]
        bb = (<char*> &self.b)[:sizeof(Book)]
        rb = (<char*> &self.rng)[:sizeof(Rng)]
        return _rebuild, (hb, bb, rb, self.bidding, self.redeals, seal(hb, bb, rb, self.redeals))

    # -- the public state ---------------------------------------------------------------
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

    @property
    def def_level(self):
        return self.h.pub.def_level

    @property
    def bidding_outcome(self):
        return self.bidding

    @property
    def n_chosen(self):
        """Cards of the decision under way chosen so far (bury cards, or a play's)."""
        return self.b.n_chosen

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

    # -- full information (the state's owner, not a seat) --------------------------------
    def hand(self, int seat):
        """Seat's cards as per-kind counts (bury cards chosen so far included)."""
        if not 0 <= seat < N_SEATS:
            raise ValueError("seat 0..3")
        return kind_array(self.h.seat[seat].count)

    def hand_ids(self, int seat):
        """Seat's card ids, sorted (without the bury cards chosen so far; with the cards
        chosen of a play under way, which are still in the hand)."""
        cdef bint bury = self.h.pub.phase == PHASE_BURY
        if not 0 <= seat < N_SEATS:
            raise ValueError("seat 0..3")
        return [c for c in range(N_CARDS)
                if self.b.loc[c] == seat and not (bury and ids_has(&self.b.chosen, c))]

    def kitty_ids(self):
        return id_list(&self.b.kitty)

    def buried_ids(self):
        """The buried ids (the bury cards chosen so far, during the bury)."""
        if self.h.pub.phase == PHASE_BURY:
            return id_list(&self.b.chosen)
        return [c for c in range(N_CARDS) if self.b.loc[c] == LOC_BURIED]

    def chosen_ids(self):
        return id_list(&self.b.chosen)

    def infoset(self, int seat):
        """What `seat` may know: a redacted copy (infoset.pyx)."""
        if not 0 <= seat < N_SEATS:
            raise ValueError("seat 0..3")
        return make_infoset(&self.h, &self.b, seat, self.bidding)

    def legal_actions(self):
        """The step encoding's legal actions of the seat to decide (infoset.pyx)."""
        if self.h.pub.phase != PHASE_BURY and self.h.pub.phase != PHASE_PLAY:
            return []
        return legal_action_list(&self.h, &self.b)

    def throw_counts(self, int seat):
        """(count_throws, refresh_throws' count) per following-suit: for tests."""
        cdef View v
        cdef int s
        make_view(&self.h, seat, &v)
        fast = [count_throws(&v, s) for s in range(N_FOLLOW)]
        for s in range(N_FOLLOW):
            refresh_throws(&v, s)
        return fast, [self.h.cache[seat].n[s] for s in range(N_FOLLOW)]

    # -- decisions ----------------------------------------------------------------------
    cdef tuple _bury(self, int c):
        """One bury card (checked by the caller); the 8th buries them all."""
        cdef Play p
        cdef int b = self.h.pub.to_play, x     # the banker, or a re-burying overturner
        ids_add(&self.b.chosen, c)
        self.b.n_chosen += 1
        if self.b.n_chosen == KITTY_SIZE:
            ids_play(&self.b.chosen, &p)
            if hand_bury(&self.h, &p) != APPLY_OK:
                raise RuntimeError("the bury failed")      # checked card by card
            for x in range(N_CARDS):
                if ids_has(&self.b.chosen, x):
                    self.b.loc[x] = LOC_BURIED
            ids_clear(&self.b.chosen)
            self.b.n_chosen = 0
        return (b, PHASE_BURY, [c], [], 0, -1, -1, 0, False)

    cdef tuple _play(self, const IdSet* ids):
        """The seat to play plays ids: an event tuple, or (status,) and nothing changed."""
        cdef Play p, f
        cdef IdSet attempt = ids[0], played
        cdef int seat = self.h.pub.to_play, ti = self.h.pub.tricks_done
        cdef int pos = self.h.pub.n_in_trick, pen = self.h.pub.penalty, rc, x
        cdef bint failed
        ids_play(&attempt, &p)
        rc = hand_apply(&self.h, &p, &f, True)
        if rc != APPLY_OK:
            return (rc,)
        failed = f.one != p.one or f.two != p.two
        if failed:
            play_ids(&self.b, seat, &f, &attempt, &played)
        else:
            played = attempt
        for x in range(N_CARDS):
            if ids_has(&played, x):
                self.b.loc[x] = LOC_PLAYED
        self.b.plays[ti][pos] = played
        if pos == 0:
            if failed:
                self.b.attempt[ti] = attempt
            else:
                ids_clear(&self.b.attempt[ti])
            self.b.penalty[ti] = self.h.pub.penalty - pen
        ids_clear(&self.b.chosen)
        self.b.n_chosen = 0
        done = self.h.pub.tricks_done > ti
        return (seat, PHASE_PLAY, id_list(&attempt), id_list(&played),
                self.h.pub.penalty - pen, ti,
                self.h.pub.tricks[ti].winner if done else -1,
                self.h.pub.tricks[ti].points if done else self.h.pub.trick_points,
                self.h.pub.phase != PHASE_PLAY)

    def apply_cards(self, cards):
        """A whole decision of the seat to decide, as card ids: in the bury phase 1..8
        cards to bury (at most those still to choose; one event each), in the play a
        lead or a follow (one event).  Returns a list of event tuples, or (status,) and
        nothing changed."""
        cdef IdSet ids
        cdef int rc, c, n, seat = self.h.pub.to_play
        if self.h.pub.phase == PHASE_BURY:
            rc = _ids(cards, seat, &self.b, &ids)
            if rc != 0:
                return (rc,)
            n = 0
            for c in range(N_CARDS):
                if ids_has(&ids, c):
                    if ids_has(&self.b.chosen, c):
                        return (DUPLICATE,)
                    n += 1
            if n == 0:
                return (APPLY_EMPTY,)
            if n > KITTY_SIZE - self.b.n_chosen:
                return (APPLY_BAD_SIZE,)
            return [self._bury(c) for c in range(N_CARDS) if ids_has(&ids, c)]
        if self.h.pub.phase != PHASE_PLAY:
            return (APPLY_OVER,)
        if self.b.n_chosen:
            return (CHOSEN,)
        rc = _ids(cards, seat, &self.b, &ids)
        if rc != 0:
            return (rc,)
        ev = self._play(&ids)
        return ev if len(ev) == 1 else [ev]

    def apply_action(self, int a):
        """One action of the step encoding (actions.pxd): an event tuple when it completes
        a decision, None when it only chose a card, or (status,) and nothing changed."""
        cdef bint close = False
        cdef uint64_t kinds
        cdef IdSet ids
        cdef int seat = self.h.pub.to_play
        if self.h.pub.phase != PHASE_BURY and self.h.pub.phase != PHASE_PLAY:
            return (APPLY_OVER,)
        if not 0 <= a < N_PLAY_ACTIONS or (a == ACTION_PLAY and self.h.pub.phase == PHASE_BURY):
            return (NOT_A_CARD,)
        kinds = step_kinds(&self.h, &self.b, &close)
        if a == ACTION_PLAY:
            if not close:
                return (NOT_LEGAL,)
            ids = self.b.chosen
            return self._play(&ids)
        if self.b.loc[a] != seat or ids_has(&self.b.chosen, a) or not (kinds & bit(kind_of(a))):
            return (NOT_LEGAL,)
        if self.h.pub.phase == PHASE_BURY:
            return self._bury(a)
        if self.h.pub.n_in_trick > 0 and self.b.n_chosen + 1 == self.h.pub.lead.n_cards:
            ids = self.b.chosen             # the follow is complete: play it (or refuse it
            ids_add(&ids, a)                # and keep the chosen cards as they were)
            return self._play(&ids)
        ids_add(&self.b.chosen, a)
        self.b.n_chosen += 1
        return None

    def bot(self, spec):
        """The bot's choice for the current decision (bury or play): (one, two) masks.
        spec: a bot id or (id, parameters) (bot.pxd agent_init)."""
        cdef Play p
        cdef Agent a
        if self.h.pub.phase != PHASE_BURY and self.h.pub.phase != PHASE_PLAY:
            raise ValueError("the hand is over")
        agent_init(&a, spec)
        try:
            if agent_choose(&self.h, &a, &self.rng, &p) != 0:
                raise_interrupt()
                raise RuntimeError("the bot found no move")
            raise_interrupt()
        finally:
            agent_free(&a)
        return p.one, p.two

    def play_to_end(self, spec):
        """Play the hand out with the bot `spec` in every seat (one agent), in kinds only (a
        core without card ids: sampler.sample_core's determinizations).  0, or the first
        refused status."""
        cdef Play p, f
        cdef int rc = 0
        cdef Agent a
        agent_init(&a, spec)
        try:
            while self.h.pub.phase == PHASE_BURY or self.h.pub.phase == PHASE_PLAY:
                if agent_choose(&self.h, &a, &self.rng, &p) != 0:
                    raise_interrupt()
                    return APPLY_EMPTY
                raise_interrupt()
                if self.h.pub.phase == PHASE_BURY:
                    rc = hand_bury(&self.h, &p)
                else:
                    rc = hand_apply(&self.h, &p, &f, True)
                if rc != APPLY_OK:
                    return rc
        finally:
            agent_free(&a)
        return 0

    def bot_cards(self, spec):
        """The bot's choice as card ids (infoset.choice_ids): the rest of the bury, or a
        whole play; from this hand's own generator, as the drivers draw.  spec: a bot id or
        (id, parameters) (bot.pxd agent_init)."""
        cdef Play p
        cdef Agent a
        if self.h.pub.phase != PHASE_BURY and self.h.pub.phase != PHASE_PLAY:
            raise ValueError("the hand is over")
        if self.h.pub.phase == PHASE_PLAY and self.b.n_chosen:
            raise ValueError(APPLY_ERRORS[CHOSEN])
        agent_init(&a, spec)
        try:
            if agent_choose(&self.h, &a, &self.rng, &p) != 0:
                raise_interrupt()
                raise RuntimeError("the bot found no move")
            raise_interrupt()
        finally:
            agent_free(&a)
        return choice_ids(&self.h, &self.b, &p)

    def result(self):
        cdef BidResult bid
        cdef cnp.ndarray[cnp.int32_t, ndim=2] a = np.zeros((N_HAND_COLUMNS, 1), np.int32)
        bid_from_dict(&bid, self.bidding)
        bid.redeals = self.redeals
        hand_row(&self.h, &bid, &a[0, 0], 1, 0)
        return dict(zip(HAND_COLUMNS, a[:, 0].tolist()))

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
        cdef int s, c
        if not (0 <= src < N_SEATS and 0 <= dst < N_SEATS and 0 <= kind < N_KINDS):
            raise ValueError("seat 0..3, kind 0..53")
        if self.h.seat[src].count[kind] == 0 or self.h.seat[dst].count[kind] >= 2:
            raise ValueError("no such card to move")
        self.h.seat[src].count[kind] -= 1
        self.h.seat[dst].count[kind] += 1
        for c in range(kind * N_COPIES, kind * N_COPIES + N_COPIES):
            if self.b.loc[c] == src and not ids_has(&self.b.chosen, c):
                self.b.loc[c] = dst
                break
        for s in (src, dst):
            counts_play(self.h.seat[s].count, &m)
            self.h.seat[s].one = m.one
            self.h.seat[s].two = m.two
            self.h.cache[s].stale = (1 << N_FOLLOW) - 1
