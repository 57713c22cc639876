# cython: language_level=3
"""The Python-facing bidding: ``BidCore``, one bidding state machine (``BidState``,
bidding.pxd) stepped one decision at a time (a hand's "bid" phase).  The same C functions
as the kernel's loops (``bid_hand``, the drivers), so a deal stepped here with the kernel
policy's choices gives the kernel's result.

Deal:  ``BidCore(cards, level, rules, first_hand, banker, first_drawer)``, then
``advance()`` (deals cards until a seat has a decision: its seat, or -1 when the deal's
bidding is over), ``options()`` / ``apply(choice)`` (``PASS`` or an option index),
``finish(state)``.  After the bury: ``late_applies()``, ``late_start(counts)``, the same
``advance`` / ``options`` / ``apply``, ``recount(seat, counts)`` after a re-bury
(``stage == "rebury"``), ``late_finish()``.  Options are tuples (action, strength, suit,
trumps, shown kinds), best first by the kernel policies' preference."""
import numpy as np
cimport numpy as cnp
from libc.stdint cimport uint8_t
from libc.string cimport memcpy

from shengji._core.base.cards cimport N_CARDS, N_DEALT, N_KINDS, N_RANKS, N_SEATS
from shengji._core.base.options cimport RulesC, pack_rules
from shengji._core.base.rng cimport Rng, rng_load, rng_store
from shengji._core.bidding.bidding cimport (
    BidParams, BidResult, BidState, BidView, BID_OK, BID_PASS, BID_ERR_CHOICE, STAGE_ASK,
    STAGE_DEALT, STAGE_REBURY, STAGE_LATE_DONE, POLICY_EAGER, POLICY_NEVER, bid_start, bid_advance,
    bid_apply, bid_finish, bid_view, bid_policy_choose, bid_late_round, bid_late_start, bid_recount,
    bid_late_finish, result_dict, ROUND_AFTER_DEAL, ROUND_LATE,
)

cnp.import_array()

from shengji._core.base.checksum import check_seal, seal
from shengji._core.bidding.bidding import STAGE_NAMES, _ERRORS

PASS = BID_PASS


def _rebuild(bytes st, bytes res, bytes p, bytes r, bytes deck, int finished,
             digest=None):
    """Unpickling: the raw structs back (size and seal checked), the pointers remade."""
    cdef BidCore c = BidCore.__new__(BidCore)
    cdef BidState tmp
    check_seal("bidding", digest, st, res, p, r, deck, finished)
    sizes = (sizeof(BidState), sizeof(BidResult), sizeof(BidParams), sizeof(RulesC), N_CARDS)
    if (len(st), len(res), len(p), len(r), len(deck)) != sizes:
        raise ValueError("a pickled bidding of another build of shengji (its C structs differ)")
    memcpy(&c.st, <const char*> st, sizeof(BidState))
    memcpy(&c.res, <const char*> res, sizeof(BidResult))
    memcpy(&c.p, <const char*> p, sizeof(BidParams))
    memcpy(&c.r, <const char*> r, sizeof(RulesC))
    memcpy(c.deck, <const char*> deck, N_CARDS)
    c.finished = finished
    c.st.deck = c.deck
    if finished >= 0:          # the class table of the level: a fresh start points at it
        bid_start(&tmp, &c.p, &c.r, c.deck, 0)
        c.st.cls_of = tmp.cls_of
    return c


cdef class BidCore:
    """One hand's bidding, stepped from Python (module docstring)."""

    def __reduce__(self):
        parts = ((<char*> &self.st)[:sizeof(BidState)],
                 (<char*> &self.res)[:sizeof(BidResult)],
                 (<char*> &self.p)[:sizeof(BidParams)],
                 (<char*> &self.r)[:sizeof(RulesC)],
                 (<char*> self.deck)[:N_CARDS], self.finished)
        return _rebuild, (*parts, seal(*parts))

    def __init__(self, cards=None, int level=0, rules=None, bint first_hand=True,
                 int banker=0, int first_drawer=0):
        cdef cnp.uint8_t[::1] d
        self.finished = 0
        if cards is None:
            self.finished = -1         # an empty shell: set_result or copy fills it
            return
        d = np.ascontiguousarray(cards, dtype=np.uint8)
        if d.shape[0] != N_CARDS or np.any(np.asarray(d) >= N_CARDS):
            raise ValueError("cards: expected the 108 card ids in dealing order")
        if not 0 <= level < N_RANKS or not 0 <= first_drawer < N_SEATS \
                or (not first_hand and not 0 <= banker < N_SEATS):
            raise ValueError("level 0..12, banker 0..3, first_drawer 0..3")
        self.r = pack_rules(rules)
        memcpy(self.deck, &d[0], N_CARDS)
        self.p.level = level
        self.p.first_hand = first_hand
        self.p.banker = banker if not first_hand else 0
        self.p.policy = POLICY_EAGER
        self.p.threshold = 0
        bid_start(&self.st, &self.p, &self.r, self.deck, first_drawer)

    cdef void set_result(self, const BidParams* p, const RulesC* r, const BidResult* res,
                         const uint8_t* deck) noexcept:
        self.p = p[0]
        self.r = r[0]
        self.res = res[0]
        memcpy(self.deck, deck, N_CARDS)
        self.st.stage = STAGE_DEALT
        self.st.deck = self.deck
        self.finished = 1

    def copy(self):
        cdef BidCore c = BidCore.__new__(BidCore)
        c.st = self.st
        c.res = self.res
        c.p = self.p
        c.r = self.r
        memcpy(c.deck, self.deck, N_CARDS)
        c.st.deck = c.deck
        c.finished = self.finished
        return c

    # -- where the machine stands ------------------------------------------------------
    def advance(self):
        """Deal cards until a seat has a decision: that seat, or -1 (see ``stage``)."""
        self._check(0, 2)
        return bid_advance(&self.st)

    @property
    def stage(self):
        return STAGE_NAMES[self.st.stage]

    @property
    def seat(self):
        return self.st.seat if self.st.stage == STAGE_ASK else -1

    @property
    def dealt(self):
        return self.st.dealt

    @property
    def first_drawer(self):
        return self.st.first_drawer

    @property
    def after_deal(self):
        """Asking after the last card, before the kitty is taken (docs/rules.md §7)."""
        return self.st.stage == STAGE_ASK and self.st.round == ROUND_AFTER_DEAL

    @property
    def late(self):
        """The round after the bury (overturn_after_kitty)."""
        return self.st.round == ROUND_LATE

    @property
    def rebury_seat(self):
        return self.st.rebury_seat if self.st.stage == STAGE_REBURY else -1

    def cards(self, int seat):
        """The card ids seat has been dealt so far, in dealing order."""
        if not 0 <= seat < N_SEATS:
            raise ValueError("seat 0..3")
        # + N_SEATS: C's % (cdivision) keeps the sign, and a seat before the first
        # drawer would start at a negative position (a card outside its hand)
        first = (seat - self.st.first_drawer + N_SEATS) % N_SEATS
        return [self.deck[i] for i in range(first, min(self.st.dealt, N_DEALT), N_SEATS)]

    def standing(self):
        """The standing bid as the bidding knows it (strength 0: none), and its counters."""
        return {"strength": self.st.b.strength, "suit": self.st.b.suit,
                "bidder": self.st.b.bidder, "locked": bool(self.st.b.locked),
                "joker_overturns": self.st.b.joker_overturns, "banker": self.st.banker,
                "overturns": self.st.overturns, "late_overturns": self.st.late_overturns}

    def view(self):
        """The deciding seat's view of the standing bid: (strength, suit or -1 when face
        down, bidder)."""
        cdef BidView v
        bid_view(&self.st, &v)
        return v.strength, v.suit, v.bidder

    def options(self):
        """The deciding seat's bids, best first: (action, strength, suit, trumps, shown)
        with names from ACTION_NAMES / STRENGTH_NAMES, suit 0..3 or 4 (no-trump) and shown
        the kinds shown."""
        cdef int i
        if self.st.stage != STAGE_ASK:
            return []
        out = []
        for i in range(self.st.n_opts):
            o = self.st.opts[i]
            if o.shown[1] < 0:
                shown = (o.shown[0],)
            else:
                shown = (o.shown[0], o.shown[1])
            out.append((o.action, o.strength, o.suit, o.trumps, shown))
        return out

    def apply(self, int choice):
        """PASS (-1) or an option index for the deciding seat."""
        if bid_apply(&self.st, choice) != BID_OK:
            raise ValueError(_ERRORS[BID_ERR_CHOICE])

    def policy_choice(self, int policy, int threshold=0):
        """The kernel policy's choice for the deciding seat (PASS or an option index)."""
        cdef BidView v
        cdef BidParams p
        if not POLICY_EAGER <= policy <= POLICY_NEVER:
            raise ValueError(f"policy index {policy} out of range 0..2")
        p = self.p
        p.policy = policy
        p.threshold = threshold
        bid_view(&self.st, &v)
        return bid_policy_choose(&v, &p)

    # -- the end of the deal's bidding ----------------------------------------------------
    def finish(self, state):
        """(status, result dict): status 0, or 1 when the deal is thrown in.  ``state`` is
        drawn from for no_bid = kitty_random (advanced in place)."""
        cdef Rng rng
        cdef int rc
        self._check(0, 0)
        if self.st.stage != STAGE_DEALT:
            raise ValueError("the deal's bidding is not over (advance / apply first)")
        rng_load(&rng, state)
        rc = bid_finish(&self.st, &rng, &self.res)
        rng_store(&rng, state)
        self.finished = 1
        return rc, result_dict(&self.res)

    def result(self):
        self._check(1, 2)
        return result_dict(&self.res)

    # -- the round after the bury --------------------------------------------------------
    def late_applies(self):
        """Does the round of overturns after the bury take place (overturn_after_kitty)?"""
        self._check(1, 1)
        return bid_late_round(&self.r, self.p.first_hand, &self.res)

    def late_start(self, cnp.uint8_t[:, ::1] counts not None):
        """counts: (4, 54) the seats' cards by kind after the bury."""
        cdef const uint8_t* rows[N_SEATS]
        cdef int s
        self._check(1, 1)
        if counts.shape[0] != N_SEATS or counts.shape[1] != N_KINDS:
            raise ValueError("counts: expected (4, 54) kind counts")
        for s in range(N_SEATS):
            rows[s] = &counts[s, 0]
        bid_late_start(&self.st, &self.r, self.p.level, self.p.first_hand, &self.res, rows)
        self.st.deck = self.deck
        self.finished = 2

    def recount(self, int seat, cnp.uint8_t[::1] counts not None):
        """After seat took up the kitty and buried again: its cards by kind (54)."""
        self._check(2, 2)
        if counts.shape[0] != N_KINDS or not 0 <= seat < N_SEATS:
            raise ValueError("seat 0..3, counts: 54 kind counts")
        bid_recount(&self.st, seat, &counts[0])

    def late_finish(self):
        """The result after the round (trump, overturn counts)."""
        self._check(2, 2)
        if self.st.stage != STAGE_LATE_DONE:
            raise ValueError("the round after the bury is not over")
        bid_late_finish(&self.st, &self.res)
        return result_dict(&self.res)

    def _check(self, int lo, int hi):
        if not lo <= self.finished <= hi:
            raise ValueError("this bidding step is not available now")
