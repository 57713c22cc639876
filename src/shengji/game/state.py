"""One hand of Shengji as a game state, in the style of OpenSpiel (docs/rules.md §3–8).

>>> s = HandState("standard", level="2", banker=0, seed=1)
>>> s.phase, s.to_play
('bury', 0)
>>> ev = s.apply(s.bot_action("greedy"))      # the banker's 8 bury cards: 8 decisions
>>> while not s.is_over():
...     ev = s.apply(s.bot_action("random"))   # ev: the Event of the play
>>> s.result()["defender_points"] >= 0
True

A state is a pure function of its ``setup`` (rules, levels, the deal, trump, banker, the
bidding's outcome) and its ``history`` (every decision, in order):
``HandState.from_history(s.setup, s.history)`` rebuilds ``s``.  The C core
(``shengji._core.step.handcore``) holds the hand and the card ids.

* ``HandState(rules, level, banker=None, deal=None, seed=None, trump=None)``: ``banker``
  None is the first hand of a match (the first declarer banks); ``deal`` the 108 card ids
  in dealing order (position i goes to seat (d + i) % 4 for i < 100, d the first drawer
  of docs/rules.md §7 -- seat 0 unless ``random_first_drawer`` or ``banker_draws_first``;
  100..107 is the kitty), or None to shuffle from ``seed`` (``HandState(seed=S)`` is hand
  0 of a scoring run with seed S: docs/architecture.md, "The seeding rule"); ``trump``
  ("S" "H" "C" "D", or "NT") skips the bidding and the first-drawer rules (seat 0 draws
  first; ``banker`` defaults to seat 0), else the bidding kernel (``bid_policy``)
  decides.  ``defender_level`` (with a ``banker``): the other team's level, as in a match.
* Phases: ``"bid"`` (with ``bid_phase=True``: a seat decides a bid action, see below),
  ``"bury"`` (the banker, holding 33 cards, buries 8 one decision at a time; under
  ``overturn_reburies`` an overturner after it), ``"play"``, ``"over"``.
* Bidding (docs/rules.md §7; ``shengji.bidding.phase``): by default the kernel policy
  ``bid_policy`` (``"eager"``, ``"threshold"`` with ``threshold=k``, ``"never"``) bids for
  every seat, as in the studies.  With ``bid_phase=True`` the state starts in phase
  ``"bid"``: the cards land one by one (the deal is known) and each seat with a bid open to
  it decides.  A bid decision is the action ``BID_ACTION_BASE + k`` (109 + k) for ``k`` in
  ``shengji.bid_types.BID_ACTIONS`` (k = 0 passes) -- ``legal_actions()`` /
  ``apply_action``; ``legal_plays()`` lists the k themselves, ``apply`` takes a k, an
  action, a ``BidOption`` or its name, ``bid_options()`` the same bids as ``BidOption``
  values, ``bot_action("eager" | "threshold" | "never")`` a kernel policy's k.
  ``bid_cards(seat)`` is what a seat has been dealt so far, ``bid_current(seat)`` the
  standing bid as it sees it.  A deal thrown in (nobody declared) is reshuffled from the
  seed, or refused for a given ``deal``.  Under ``overturn_after_kitty`` a round of
  overturns follows the bury (phase ``"bid"`` again with ``bid_phase``, else decided by
  ``bid_policy``); an overturner that re-buries (``overturn_reburies``) gets phase
  ``"bury"``.  ``bidding`` is the outcome (``BidOutcome``; its ``bids`` lists every bid
  stepped here), ``history`` holds the bid decisions (their actions) too.
* Decisions: ``apply(cards)`` makes a whole one (a lead, a follow, or bury cards: each
  card is one decision) and returns its ``Event``; ``apply_action(a)`` is the integer
  encoding, one card at a time (``shengji.game.actions``); ``legal_plays()`` and
  ``legal_actions()`` work in every phase.  A throw is an attempt: ``apply`` runs the
  throw check against the other hands and, when it fails, plays the forced component and
  books the penalty (the Event says so).
* What a seat may know: ``observation(seat)`` (``shengji.game.observation``).  Bots:
  ``bot_action("random" | "greedy")`` is the built-in bot's choice from the deciding seat's
  view, drawn from the state's own generator (the one a study's hand draws from);
  ``shengji.game.play_hand`` plays a hand with bots and Python callables
  ``bot(observation, rng)``.
"""

from __future__ import annotations

from numbers import Integral
from typing import Any, cast

import numpy as np

from shengji._core.base.rng import chunk_state
from shengji._core.bidding.bidding import draw_bounded, shuffle_deck
from shengji._core.step import handcore as _core
from shengji._core.step.bidcore import BidCore
from shengji.bidding.args import check_policy, check_seat
from shengji.bidding.phase import BidPhase
from shengji.cards import N_COPIES, as_cards, parse_rank
from shengji.game.actions import ACTION_PLAY, BID_ACTION_BASE, N_ACTIONS
from shengji.game.observation import (
    HandMemo,
    Observation,
    bidding_observation,
    late_bidding_observation,
)
from shengji.game.records import Event, bid_outcome, built, event_of, hand_result
from shengji.game.setup import Setup, bid_dict, trump_index
from shengji.names import (
    BID_POLICIES,
    BOT_NAMES,
    MAX_REDEALS,
    N_CARDS,
    N_SEATS,
    PHASE_NAMES,
    RANK_NAMES,
    TRUMP_NAMES,
)
from shengji.reference.bidding import first_drawer as _first_drawer
from shengji.rules.bid_types import BID_ACTIONS, BidOption, BidOutcome
from shengji.rules.options import Rules, resolve_rules
from shengji.seeds import check_seed

__all__ = ["HandState", "Setup", "BOTS", "BID_POLICIES"]

BOTS = BOT_NAMES  # ("random", "greedy"), from the core's BotId enum
_BURY, _PLAY, _OVER = (PHASE_NAMES.index(p) for p in ("bury", "play", "over"))


class HandState:
    """One hand of Shengji, one decision at a time: the deal, the bidding, the banker's bury
    of 8 cards, the 25 tricks and the scoring (docs/rules.md §3–8), as an OpenSpiel-style
    state.  ``phase`` is ``"bid"``, ``"bury"``, ``"play"`` or ``"over"``; ``to_play`` the
    seat to decide; ``legal_plays()`` its choices (card lists; ``legal_actions()`` the same
    as integer actions); ``apply(play)`` makes one; ``result()`` scores a finished hand.

    >>> from shengji import HandState
    >>> s = HandState("standard", level="2", banker=0, trump="H", seed=7)
    >>> s.phase, s.to_play                       # seat 0 banks and buries first
    ('bury', 0)
    >>> while not s.is_over():
    ...     ev = s.apply(s.bot_action("greedy"))  # or any of s.legal_plays()
    >>> r = s.result()
    >>> r["defender_points"], r["level_side"], r["levels"]
    (25, 'banker', 2)
    >>> HandState.from_history(s.setup, s.history).result() == r   # a pure function
    True

    ``HandState(rules, level, banker=None, deal=None, seed=None, trump=None)``: without
    ``trump`` the bidding decides the trump and the banker; ``seed`` shuffles (or ``deal``
    gives the 108 card ids); ``observation(seat)`` is what one seat sees, ``render()`` the
    table, ``events`` the decisions so far.  The module docstring has every argument.
    """

    _bids: BidPhase | None  # the bidding while it may still decide
    _bidding: BidOutcome | None  # its outcome, once known
    _start: dict[str, Any] | None  # the constructor's arguments (None: from_history)
    _root: HandState | None  # the hand before its first decision

    def __init__(
        self,
        rules=None,
        level="2",
        banker=None,
        deal=None,
        seed=None,
        trump=None,
        *,
        bid_policy="eager",
        threshold=0,
        defender_level=None,
        bid_phase=False,
    ):
        rules = resolve_rules(rules)
        rank = parse_rank(str(level))
        banker = check_seat("banker", banker, allow_none=True)
        # the threshold is checked for any policy: bot_action("threshold") plays it
        threshold = check_policy(
            bid_policy,
            threshold,
            policy_key="bid_policy",
            unset=0,
            any_policy_threshold=True,
        )
        def_rank = rank if defender_level is None else parse_rank(str(defender_level))
        if def_rank != rank and banker is None:
            raise ValueError(
                "defender_level: a first hand (banker=None) is played at one "
                "level; give the banker seat"
            )
        seed = check_seed(seed, allow_none=True)
        if seed is None:  # fresh entropy, kept so that from_history rebuilds the hand
            seed = int(cast(int, np.random.SeedSequence().entropy))  # drawn: an int
        state = chunk_state(seed, 0)  # the seeding rule: chunk 0
        t = -1 if trump is None else trump_index(trump)
        if deal is None:
            deck = np.arange(N_CARDS, dtype=np.uint8)
        else:
            cards = as_cards(deal)
            if len(cards) != N_CARDS:
                raise ValueError(
                    f"deal: expected the 108 card ids in dealing order, got {len(cards)}"
                )
            deck = np.asarray(cards, dtype=np.uint8)
        self._init_bidding(rules, bid_policy, threshold, bid_phase, state)
        self._given_deal = deal is not None
        self._first_hand = t < 0 and banker is None
        self._bank_seat = 0 if banker is None else banker
        lv = [rank, rank]
        if banker is not None:
            lv[1 - banker % 2] = def_rank
        self._team_levels = lv
        self._start = {
            "rules": rules,
            "level": RANK_NAMES[rank],
            "banker": banker,
            "deal": None if deal is None else tuple(int(c) for c in deck),
            "seed": seed,
            "trump": None if t < 0 else TRUMP_NAMES[t],
            "bid_policy": bid_policy,
            "threshold": int(threshold),
            "defender_level": None if defender_level is None else RANK_NAMES[def_rank],
            "bid_phase": bool(bid_phase),
        }
        core = _core.HandCore()
        if t < 0 and (bid_phase or deal is not None):
            # the bidding stepped here (the kernel's own machine): the first drawer, then
            # for a seed the shuffle -- the draws bid_hand makes
            first = _first_drawer(
                rules, self._first_hand, self._bank_seat, lambda bound: draw_bounded(state, bound)
            )
            if deal is None:
                shuffle_deck(state, deck)
            self._pre_setup(core, rules, deck, rank, first)
            self._settle_bids()
        elif deal is None:
            # the study drivers' own deal step: shuffle, bid, redeal as the rules say
            seat = (0 if t >= 0 else -1) if banker is None else banker
            keep = BidCore() if t < 0 else None
            bidding = core.deal(
                state,
                deck,
                rules,
                rank,
                lv[0],
                lv[1],
                seat,
                BID_POLICIES.index(bid_policy),
                int(threshold),
                t,
                keep,
            )
            if keep is not None and bidding is not None:  # both: the bidding was played
                self._bids = BidPhase.from_result(keep, rank, rules, self._first_hand)
                self._redeals = bidding["redeals"]
            self._adopt(core, rules, deck, bid_outcome(bidding))
        else:
            b = 0 if banker is None else banker
            core.setup(deck, lv[b % 2], lv[1 - b % 2], t, b, rules, state, None)
            self._adopt(core, rules, deck, None)
        self._root = self.clone()

    def _init_bidding(self, rules, bid_policy, threshold, bid_phase, state) -> None:
        self.rules = rules
        self._policy, self._threshold = BID_POLICIES.index(bid_policy), int(threshold)
        self._bid_phase = bool(bid_phase)
        self._state = state  # the stream the stepped bidding draws from
        self._bids = None
        self._redeals = 0
        self._first_drawer = 0
        self._start = None
        self._root = None
        self._history: list = []
        self._actions: list[int] = []
        self._events: list[Event] = []
        self._public: tuple[int, Observation] | None = None
        self._memo = HandMemo()  # the public record observations share

    def _pre_setup(self, core, rules, deck, rank: int, first: int) -> None:
        """The deal's bidding starts: the core waits for its outcome (``_setup_done``)."""
        self._core = core
        self._setup_done = False
        self._first_drawer = first
        self._deck = tuple(int(c) for c in deck)
        self._bidding = None
        self.setup = Setup(
            rules,
            RANK_NAMES[rank],
            RANK_NAMES[rank],
            self._deck,
            None,
            -1,
            None,
            first,
            self._start,
            BID_POLICIES[self._policy],
            self._threshold,
            self._first_hand,
        )
        self._bids = BidPhase(deck, rank, rules, self._first_hand, self._bank_seat, first)

    def _adopt(self, core, rules: Rules, deck, bidding: BidOutcome | None) -> None:
        """Wrap a set-up HandCore (no card decision made yet)."""
        self._core = core
        self.rules = rules
        self._setup_done = True
        self._bidding = bidding
        if bidding is not None:
            self._first_drawer = bidding.first_drawer
        self._deck = tuple(int(c) for c in deck)
        self.setup = Setup(
            rules,
            RANK_NAMES[core.level],
            RANK_NAMES[core.def_level],
            self._deck,
            TRUMP_NAMES[core.trump],
            core.banker,
            bidding,
            self._first_drawer,
            self._start,
            BID_POLICIES[self._policy],
            self._threshold,
            self._first_hand,
        )

    @classmethod
    def _from_core(
        cls,
        core,
        rules: Rules,
        deck,
        bids: BidPhase | None = None,
        bid_policy: str = "eager",
        threshold: int = 0,
        first_hand: bool = False,
    ) -> HandState:
        """Wrap a HandCore dealt elsewhere (replay, from_history); ``bids``: the deal's
        bidding, finished (``BidPhase.from_result`` of the BidCore that HandCore.deal /
        match_hand kept), for the round after the bury, decided by the kernel policy
        ``bid_policy``."""
        s = cls.__new__(cls)
        s._init_bidding(rules, bid_policy, threshold, False, chunk_state(0, 0))
        s._given_deal, s._first_hand = True, first_hand
        bidding = bid_outcome(core.bidding_outcome)
        if bids is not None and bidding is not None:
            s._bids = bids
            s._redeals = bidding.redeals
        s._adopt(core, rules, deck, bidding)
        s._root = s.clone()
        return s

    @classmethod
    def from_history(cls, setup: Setup, history=(), *, seed=None) -> HandState:
        """The state ``setup`` reaches through ``history``: decisions as card ids or
        notation (``apply``), or integer actions (``apply_action``: card and bid actions),
        in order.  A setup with ``start`` starts from those ``HandState`` arguments (its
        bots draw from their seed's stream); else from the dealt hand, whose bots draw
        from ``chunk_state(seed, 0)`` (then a round of overturns after the bury is not
        played: replay's states step through ``at``)."""
        if not isinstance(setup, Setup):
            raise ValueError(f"setup: expected a HandState's Setup, got {type(setup).__name__}")
        if setup.start is not None:
            s = cls(**setup.start)
        else:
            if setup.trump is None:
                raise ValueError("setup: a hand in its bidding needs its start arguments")
            core = _core.HandCore()
            core.setup(
                np.asarray(setup.deal, np.uint8),
                parse_rank(setup.level),
                parse_rank(setup.defender_level),
                trump_index(setup.trump),
                setup.banker,
                setup.rules,
                chunk_state(check_seed(seed, allow_none=True), 0),
                bid_dict(setup.bidding),
                setup.first_drawer,
            )
            bids = None
            if setup.bidding is not None:  # the deal's bidding again, by its policy
                bids = BidPhase(
                    np.asarray(setup.deal, np.uint8),
                    parse_rank(setup.level),
                    setup.rules,
                    setup.first_hand,
                    setup.banker,
                    setup.first_drawer,
                )
                policy = BID_POLICIES.index(setup.bid_policy)
                while bids.deciding:
                    bids.apply(bids.bot(policy, setup.threshold))
                bids.finish(chunk_state(0, 0))
                bids.log = list(setup.bidding.bids)  # the bids the hand logged, as it did
            s = cls._from_core(
                core,
                setup.rules,
                setup.deal,
                bids,
                setup.bid_policy,
                setup.threshold,
                setup.first_hand,
            )
        s._replay(history)
        return s

    def _replay(self, history) -> None:
        for i, d in enumerate(history):
            try:
                if isinstance(d, Integral) and not isinstance(d, bool):
                    self.apply_action(int(d))
                else:
                    self.apply(d)
            except ValueError as exc:
                raise ValueError(f"history[{i}]: {exc}") from None

    # -- bidding ------------------------------------------------------------------------
    def _settle_bids(self) -> None:
        """Move the hand on while the bidding waits for nobody: bid_policy decides (the
        default mode), the deal's bidding ends (a redeal, or the hand set up for the bury),
        an overturner takes up the kitty to re-bury, the round after the bury ends."""
        while self._bids is not None:
            bids = self._bids
            if bids.deciding:
                if self._bid_phase:
                    return
                bids.apply(bids.bot(self._policy, self._threshold))
                self._follow_trump()
            elif bids.stage == "dealt" and not bids.finished:
                self._end_deal_bidding()
            elif bids.stage == "rebury":
                if self._core.phase == _PLAY:  # still in play: take up the kitty
                    self._core.take_kitty(bids.rebury_seat)
                return  # the overturner buries (phase "bury")
            elif bids.stage == "late_done":
                self._bidding = bids.outcome(bids.late_finish(), self._redeals)
                self._core.set_bidding(bid_dict(self._bidding))
                self._bids = None
            else:
                return  # the bury comes next

    def _end_deal_bidding(self) -> None:
        bids = self._open_bids
        rc, res = bids.finish(self._state)
        rank = parse_rank(self.setup.level)
        if rc == 1:  # thrown in: nobody declared
            if self._given_deal:
                raise ValueError(
                    "deal: nobody declared and the rules throw this deal in "
                    "(docs/rules.md §7); pass trump= to play it anyway"
                )
            self._redeals += 1
            if self._redeals > MAX_REDEALS:
                raise ValueError(
                    f"{MAX_REDEALS} deals in a row were thrown in because nobody declared"
                )
            deck = np.asarray(self._deck, np.uint8)
            shuffle_deck(self._state, deck)
            self._pre_setup(self._core, self.rules, deck, rank, self._first_drawer)
            return
        bidding = bids.outcome(res, self._redeals)
        b = res["banker"]
        lv = self._team_levels
        self._core.setup(
            np.asarray(self._deck, np.uint8),
            lv[b % 2],
            lv[1 - b % 2],
            res["trump"],
            b,
            self.rules,
            self._state,
            bid_dict(bidding),
            self._first_drawer,
        )
        self._adopt(self._core, self.rules, self._deck, bidding)

    def _after_bury(self) -> None:
        """A bury is done: the round of overturns after it, when the rules have one."""
        bids = self._bids
        if bids is None:
            return
        if bids.stage == "rebury":  # an overturner re-buried: the round goes on
            seat = bids.rebury_seat
            bids.recount(seat, self._core.hand(seat))
        elif bids.late_applies():
            bids.late_start(np.stack([self._core.hand(s) for s in range(N_SEATS)]))
        else:
            self._bids = None
            return
        self._settle_bids()

    def _follow_trump(self) -> None:
        """The hand's trump follows the round after the bury's overturns."""
        if self._bids is not None and self._setup_done:
            suit = self._bids.core.standing()["suit"]
            if suit != self._core.trump:
                self._core.set_trump(suit)

    @property
    def _open_bids(self) -> BidPhase:
        """The bidding in progress: where the hand is not set up yet (``_setup_done``) or
        ``_bidding_now()``, which the callers check first."""
        bids = self._bids
        assert bids is not None, "no bidding in progress"
        return bids

    def _bidding_now(self) -> bool:
        return self._bids is not None and self._bids.deciding

    def bid_options(self) -> list[BidOption]:
        """In phase "bid": the deciding seat's bids, best first (``BidOption``)."""
        return self._open_bids.options() if self._bidding_now() else []

    def bid_cards(self, seat: int) -> list[int]:
        """The card ids ``seat`` holds for bidding: dealt so far during the deal, its hand
        after the kitty was taken."""
        if self._setup_done:
            return self._core.hand_ids(seat)
        return self._open_bids.cards(seat)

    def bid_current(self, seat: int) -> dict | None:
        """The standing bid as ``seat`` sees it (None: nobody declared; its trump is None
        for another seat's face-down bid under ``secret_bids``)."""
        return self._bids.current(seat) if self._bids is not None else None

    # -- views ----------------------------------------------------------------------------
    @property
    def level(self) -> str:
        """The banker team's level: the hand's level rank."""
        return self.setup.level

    @property
    def defender_level(self) -> str:
        return self.setup.defender_level

    @property
    def deal(self) -> list[int]:
        return list(self.setup.deal)

    @property
    def first_drawer(self) -> int:
        """The seat that drew dealing position 0 (docs/rules.md §7)."""
        return self._first_drawer

    @property
    def bidding(self) -> BidOutcome | None:
        """The bidding's outcome (None during the deal's bidding, or when the trump was
        given); the round of overturns after the bury updates it."""
        return self._bidding

    @property
    def banker(self) -> int:
        """The banker (during a first hand's bidding: the standing bidder's bank, -1)."""
        if not self._setup_done:
            return self._open_bids.core.standing()["banker"]
        return self._core.banker

    @property
    def trump(self) -> str | None:
        """The trump (None during the deal's bidding)."""
        if not self._setup_done:
            return None
        return TRUMP_NAMES[self._core.trump]

    @property
    def phase(self) -> str:
        if self._bidding_now():
            return "bid"
        return PHASE_NAMES[self._core.phase]

    def is_over(self) -> bool:
        return self._setup_done and self._core.phase == _OVER

    @property
    def to_play(self) -> int | None:
        """The seat to decide (None once the hand is over)."""
        if self._bidding_now():
            return self._open_bids.seat
        return None if self.is_over() else self._core.to_play

    @property
    def leader(self) -> int:
        """The leader of the current trick (between tricks: of the next one; -1 during the
        deal's bidding)."""
        return self._core.leader if self._setup_done else -1

    @property
    def burier(self) -> int | None:
        """The seat burying (phase "bury") or that buried the kitty: the banker, or under
        ``overturn_reburies`` the last overturner that took it up (None during the deal's
        bidding)."""
        if not self._setup_done:
            return None
        return self._core.to_play if self._core.phase == _BURY else self._core.burier

    @property
    def hands(self) -> list[list[int]]:
        """Every seat's cards (full information), sorted; the banker's without the cards
        it has buried so far (during the deal's bidding: the cards dealt so far)."""
        if not self._setup_done:
            return [self._open_bids.cards(s) for s in range(N_SEATS)]
        return [self._core.hand_ids(s) for s in range(N_SEATS)]

    @property
    def kitty(self) -> list[int]:
        """The 8 cards dealt to the kitty (the banker took them; [] during the deal)."""
        return self._core.kitty_ids() if self._setup_done else []

    @property
    def buried(self) -> list[int]:
        """The cards buried (so far, during a bury)."""
        return self._core.buried_ids() if self._setup_done else []

    @property
    def history(self) -> tuple:
        """Every decision so far, in order: a tuple of card ids (one bury card; the cards
        led or followed, for a failed throw the cards tried), or for a bid decision its
        action (an int, ``BID_ACTION_BASE + k``)."""
        return tuple(self._history)

    @property
    def actions(self) -> list[int]:
        """Every action so far in the integer encoding (``shengji.game.actions``), the
        cards chosen of a decision under way included."""
        return list(self._actions)

    @property
    def events(self) -> tuple[Event, ...]:
        """What each decision did, in order (one per ``history`` entry)."""
        return tuple(self._events)

    def _public_record(self) -> Observation:
        """An observation (of seat 0) for the public record, cached per action."""
        if self._public is None or self._public[0] != len(self._actions):
            self._public = (len(self._actions), self.observation(0))
        return self._public[1]

    @property
    def tricks(self):
        """The completed tricks (``Trick``), in order."""
        return self._public_record().tricks

    @property
    def current_trick(self):
        """The open trick (its plays so far), or None between tricks."""
        return self._public_record().current_trick

    @property
    def failed_throws(self):
        """The failed throws so far (``FailedThrow``: trick, seat, attempted, forced,
        penalty)."""
        return self._public_record().failed_throws

    @property
    def points(self) -> tuple[int, ...]:
        """Trick points taken per seat."""
        return tuple(self._core.seat_points)

    @property
    def team_points(self) -> tuple[int, int]:
        """Trick points taken per team (team t: seats t and t + 2)."""
        p = self._core.seat_points
        return p[0] + p[2], p[1] + p[3]

    @property
    def trick_points(self) -> tuple[int, int]:
        """(banker team, defenders) points taken in tricks so far."""
        return self._core.banker_points, self._core.table_points

    @property
    def penalty(self) -> int:
        """The signed change of D booked by failed throws so far (docs/rules.md §8)."""
        return self._core.penalty

    @property
    def bid_log(self) -> tuple:
        """Every bid stepped so far (full information): ``(index, seat, action, trump,
        strength)``; the kernel's own bidding (the default mode's deal) logs none."""
        return self._bid_log()

    def _bid_log(self) -> tuple:
        if self._bids is not None:
            return tuple(self._bids.log)
        return self._bidding.bids if self._bidding is not None else ()

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know, and nothing else (``shengji.game.observation``)."""
        if isinstance(seat, bool) or seat not in range(N_SEATS):
            raise ValueError(f"seat: expected 0..3, got {seat!r}")
        log = self._bid_log()
        if not self._setup_done:
            return bidding_observation(
                self._bids, seat, self.rules, self.setup, log, self._policy, self._threshold
            )
        obs = Observation.from_infoset(self._core.infoset(seat), self.rules, self._memo, log)
        if self._bidding_now():
            obs = late_bidding_observation(obs, self._bids, self._policy, self._threshold)
        return obs

    # -- decisions --------------------------------------------------------------------------
    def legal_plays(self) -> list:
        """Candidate whole decisions of the seat to decide: in phase "bid" its bid actions
        ``k`` (``BID_ACTIONS``, 0 passes); in the bury one card each (every card it may
        bury next); in the play every legal follow, or for a lead every single, pair and
        tractor and the top-k throws of each following-suit (docs/hand-engine.md;
        ``apply`` accepts any lead of one following-suit).  [] once the hand is over."""
        if self._bidding_now():
            return self._open_bids.legal()
        if self.is_over():
            return []
        return self._core.infoset(self._core.to_play).legal()

    def legal_actions(self) -> list[int]:
        """The legal actions of the integer encoding (``shengji.game.actions``), sorted;
        exact in every phase.  [] once the hand is over."""
        if self._bidding_now():
            return [BID_ACTION_BASE + k for k in self._open_bids.legal()]
        return self._core.legal_actions()

    def _check(self, raw):
        if isinstance(raw, tuple) and len(raw) == 1:
            raise ValueError(_core.APPLY_ERRORS.get(raw[0], f"status {raw[0]}"))
        return raw

    def _record(self, ev: Event, actions) -> Event:
        self._history.append(ev.cards if ev.phase != "bid" else actions[0])
        self._actions.extend(actions)
        self._events.append(ev)
        return ev

    def _apply_bid(self, action) -> Event:
        bids = self._open_bids
        if (
            isinstance(action, Integral)
            and not isinstance(action, bool)
            and BID_ACTION_BASE <= int(action) < N_ACTIONS
        ):
            action = int(action) - BID_ACTION_BASE
        code = bids.parse(action)
        seat = bids.seat
        saved = (
            bids.copy(),
            self._state.copy(),
            self._core.copy(),
            self._setup_done,
            self.setup,
            self._bidding,
            self._redeals,
            self._deck,
        )
        try:
            bids.apply(code)
            self._follow_trump()
            self._settle_bids()
        except ValueError:
            self._bids = saved[0]
            self._state[:] = saved[1]
            (self._core, self._setup_done, self.setup, self._bidding, self._redeals, self._deck) = (
                saved[2:]
            )
            raise
        ev = built(
            Event,
            seat=seat,
            phase="bid",
            cards=(),
            played=(),
            penalty=0,
            trick=None,
            winner=None,
            points=0,
            over=False,
            bid=BID_ACTIONS[code],
        )
        return self._record(ev, [BID_ACTION_BASE + code])

    def _bury_done(self, was_bury: bool) -> None:
        if was_bury and self._core.phase != _BURY:
            self._after_bury()

    def apply(self, cards) -> Event:
        """Make the current decision: in phase "bid" a bid (``k`` of ``BID_ACTIONS``, its
        action ``BID_ACTION_BASE + k``, a ``BidOption`` or its name); else ``cards`` (card
        ids, one id, or notation text): a lead or a follow of the seat to play, or in the
        bury phase 1..8 cards to bury (each one decision, as many as are still to bury).
        Returns the Event (of the last bury card given).  ValueError if illegal, and then
        the state is unchanged."""
        if self.is_over():
            raise ValueError("the hand is over")
        if self._bidding_now():
            return self._apply_bid(cards)
        seat = self._core.to_play
        if isinstance(cards, Integral) and not isinstance(cards, bool):
            cards = [int(cards)]
        try:
            ids = as_cards(cards)
        except TypeError:
            raise ValueError(
                f"cards: expected card ids, one id or notation text, not {type(cards).__name__}"
            ) from None
        if isinstance(cards, str):
            ids = self._held_copies(seat, ids)
        was_bury = self._core.phase == _BURY
        leading = self._core.phase == _PLAY and self._core.n_in_trick == 0
        raw = self._check(self._core.apply_cards(ids))
        ev = None
        for r in raw:
            ev = event_of(r)
            if ev.phase == "bury":
                self._record(ev, ev.cards)
            else:
                self._record(ev, sorted(ev.cards) + ([ACTION_PLAY] if leading else []))
        if ev is None:
            raise ValueError("an empty decision")
        self._bury_done(was_bury)
        return ev

    def apply_action(self, action: int) -> Event | None:
        """Apply one action of the integer encoding (``shengji.game.actions``).  Returns
        the Event when it completes a decision, None when it only chose a card.
        ValueError if it is not legal, and then the state is unchanged."""
        if isinstance(action, bool) or not isinstance(action, Integral):
            raise ValueError(f"action: expected an integer, got {action!r}")
        if self.is_over():
            raise ValueError("the hand is over")
        if self._bidding_now():
            if not BID_ACTION_BASE <= action < N_ACTIONS:
                raise ValueError(
                    f"phase bid: a bid action {BID_ACTION_BASE}..{N_ACTIONS - 1} "
                    f"(legal_actions() lists them), got {action!r}"
                )
            return self._apply_bid(int(action))
        if action >= BID_ACTION_BASE:
            raise ValueError(
                f"not a legal action here: {action} is a bid action and the phase is {self.phase}"
            )
        if action < 0:
            raise ValueError(
                f"not an action: {action}; 0..107 choose a card id, {ACTION_PLAY} plays the lead"
            )
        was_bury = self._core.phase == _BURY
        raw = self._check(self._core.apply_action(int(action)))
        if raw is None:
            self._actions.append(int(action))
            return None
        ev = self._record(event_of(raw), [int(action)])
        self._bury_done(was_bury)
        return ev

    def _held_copies(self, seat: int, ids: list[int]) -> list[int]:
        """Notation picks copy 0 of a kind first: map kinds onto the copies the seat holds
        (and has not chosen already)."""
        held = self._core.hand_ids(seat)
        chosen = set(self._core.chosen_ids())
        out = []
        for c in ids:
            options = [
                h
                for h in held
                if h // N_COPIES == c // N_COPIES and h not in out and h not in chosen
            ]
            if not options:
                raise ValueError(f"seat {seat} does not hold the card {c}")
            out.append(options[0])
        return out

    def bot_action(self, bot: str = "greedy"):
        """The built-in bot's choice for the current decision: as card ids in the bury (the
        rest of the bury: 8 cards, less those already buried) and the play (a whole lead
        or follow), decided from the deciding seat's view, drawn from this state's
        generator; in phase "bid" a kernel bidding policy's ``k`` (``"eager"``,
        ``"threshold"`` with the state's ``threshold``, ``"never"``; a card bot's name
        means the state's ``bid_policy``)."""
        if self.is_over():
            raise ValueError("the hand is over")
        if self._bidding_now():
            if bot in BID_POLICIES:
                return self._open_bids.bot(BID_POLICIES.index(bot), self._threshold)
            if bot not in BOTS:
                raise ValueError(f"bot: unknown {bot!r}; allowed: {', '.join(BOTS + BID_POLICIES)}")
            return self._open_bids.bot(self._policy, self._threshold)
        if bot not in BOTS:
            raise ValueError(f"bot: unknown {bot!r}; allowed: {', '.join(BOTS)}")
        return self._core.bot_cards(BOTS.index(bot))

    def reseed(self, seed) -> None:
        """The built-in bots of ``bot_action`` draw from ``chunk_state(seed, 0)`` from now
        on (the game state itself does not change)."""
        self._core.set_rng(chunk_state(check_seed(seed, allow_none=True), 0))

    def clone(self) -> HandState:
        """An independent copy (the core's state, its generator and the records)."""
        other = HandState.__new__(HandState)
        other.__dict__.update(self.__dict__)
        other._core = self._core.copy()
        other._bids = None if self._bids is None else self._bids.copy()
        other._state = self._state.copy()
        other._history = list(self._history)
        other._actions = list(self._actions)
        other._events = list(self._events)
        other._memo = self._memo.copy()
        return other

    def at(self, n: int) -> HandState:
        """A new state: this hand after its first ``n`` decisions (0: the start)."""
        if isinstance(n, bool) or not isinstance(n, Integral) or not 0 <= n <= len(self._history):
            raise ValueError(f"n: expected 0..{len(self._history)}, got {n!r}")
        s = self._root.clone()
        s._replay(self._history[:n])
        return s

    def result(self) -> dict:
        """The scoring of the hand (docs/rules.md §5, §6, §8): the columns of a scoring
        study's ``hands`` row (``hand_result``), and ``demotion`` (a match row's: the rank
        index of the banker team's demoted level, -1 for none).  ValueError before the
        end."""
        if not self.is_over():
            raise ValueError("the hand is not over")
        return hand_result(self._core.result())

    def render(self) -> str:
        """The whole table as text: every hand, the kitty, the bury and the record."""
        from shengji.game.render import render_state

        return render_state(self)

    def _repr_html_(self) -> str:
        """The table as HTML (Jupyter): every hand, the kitty, the trick, the points."""
        from shengji.game.render_html import state_html

        return state_html(self)

    def __getstate__(self):
        d = dict(self.__dict__)
        d["_public"] = None
        return d

    def __repr__(self):
        return (
            f"HandState(level {self.level}, trump {self.trump}, banker {self.banker}, "
            f"phase {self.phase}, {len(self._history)} decisions)"
        )
