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

* ``HandState(rules, level, banker=None, deal=None, seed=None, trump=None)``: its
  Parameters say every argument (the first drawer d of docs/rules.md §7 is seat 0 unless
  ``random_first_drawer`` or ``banker_draws_first``; the seeding rule is
  docs/architecture.md's).
* Phases: ``"bid"`` (with ``bid_phase=True``: a seat decides a bid action, see below),
  ``"bury"`` (the banker, holding 33 cards, buries 8 one decision at a time; under
  ``overturn_reburies`` an overturner after it), ``"play"``, ``"over"``.
* Bidding (docs/rules.md §7; ``shengji.bidding.phase``): by default the kernel policy
  ``bid_policy`` (``"eager"``, ``"threshold"`` with ``threshold=k``, ``"never"``) bids for
  every seat, as in the studies.  With ``bid_phase=True`` the state starts in phase
  ``"bid"``: the cards land one by one (the deal is known) and each seat with a bid open to
  it decides.  A bid decision is the action ``BID_ACTION_BASE + k`` (109 + k) for ``k`` in
  ``shengji.rules.bid_types.BID_ACTIONS`` (k = 0 passes) -- ``legal_actions()`` /
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
  ``bot_action(bot)`` is a built-in bot's choice from the deciding seat's view (``bot`` as
  ``shengji.game.botspec`` takes it: ``"memory"``, ``"pimc(samples=8)"``, a table, a
  ``BotSpec``), drawn from the state's own generator (the one a study's hand draws from);
  ``shengji.game.play_hand`` plays a hand with bots and Python callables
  ``bot(observation, rng)``.
"""

from __future__ import annotations

from numbers import Integral
from typing import cast

import numpy as np

from shengji._core.base.rng import chunk_state
from shengji._core.bidding.entry import draw_bounded, shuffle_deck
from shengji._core.step import handcore as _core
from shengji._core.step.bidcore import BidCore
from shengji.bidding.args import check_policy, check_seat
from shengji.bidding.phase import BidPhase
from shengji.bidding.policy import first_drawer as _first_drawer
from shengji.cards import as_cards, parse_rank
from shengji.game.arguments import game_rules
from shengji.game.observation import (
    HandMemo,
    Observation,
)
from shengji.game.records import Event, bid_outcome, hand_result
from shengji.game.setup import Setup, bid_dict, trump_index
from shengji.game.state_decisions import Decisions
from shengji.names import (
    BID_POLICIES,
    BOT_NAMES,
    N_CARDS,
    RANK_NAMES,
    TRUMP_NAMES,
)
from shengji.rules import pack
from shengji.rules.options import Rules
from shengji.seeds import check_seed

__all__ = ["HandState", "Setup", "BOTS", "BID_POLICIES"]

BOTS = BOT_NAMES  # the bot table's names: ("random", "greedy", "memory", "pimc", "swift")


class HandState(Decisions):
    """One hand of Shengji, one decision at a time, as an OpenSpiel-style state.

    The deal, the bidding, the banker's bury of 8 cards, the 25 tricks and the scoring
    (docs/rules.md §3–8).  ``phase`` is ``"bid"``, ``"bury"``, ``"play"`` or ``"over"``;
    ``to_play`` the seat to decide; ``legal_plays()`` its choices (card lists;
    ``legal_actions()`` the same as integer actions); ``apply(play)`` makes one;
    ``result()`` scores a finished hand; ``observation(seat)`` is what one seat sees,
    ``render()`` the table (the module docstring: the bidding and the decisions).

    Parameters
    ----------
    rules : str, dict or shengji.Rules, optional
        The rules: a preset name (``"standard"``), a dict of options, or ``Rules``;
        None: the defaults.
    level : str or int, default "2"
        The level played (the banker team's): ``"2"`` .. ``"A"``.
    banker : int, optional
        The banker's seat 0..3; None: the first hand of a match (the first declarer
        banks).
    deal : sequence of int, optional
        The 108 card ids in dealing order (position i goes to seat (d + i) % 4 for
        i < 100, d the first drawer of docs/rules.md §7; 100..107 is the kitty); None:
        shuffled from ``seed``.
    seed : int or sequence of int, optional
        Seeds the shuffle and the built-in bots of ``bot_action``
        (``HandState(seed=S)`` is hand 0 of a scoring run with seed S); None: fresh
        entropy (kept, so that ``from_history`` rebuilds the hand).
    trump : str, optional
        ``"S"``, ``"H"``, ``"C"``, ``"D"`` or ``"NT"``: skips the bidding and the
        first-drawer rules (seat 0 draws first, ``banker`` defaults to seat 0); None: the
        bidding decides the trump (and, for a first hand, the banker).
    bid_policy : {"eager", "threshold", "never"}, default "eager"
        The kernel policy that bids for every seat (as in the studies), unless
        ``bid_phase``.
    threshold : int, default 0
        The ``"threshold"`` policy's k (bid only holding >= k trumps), 1..25.
    defender_level : str or int, optional
        With a ``banker``: the defenders' level, as in a match (default ``level``).
    bid_phase : bool, default False
        Start in phase ``"bid"``: the cards land one by one and each seat with a bid open
        to it decides (bid actions ``BID_ACTION_BASE + k``).

    Raises
    ------
    ValueError
        One line naming the argument: unknown rules, level, seat, trump or policy; a
        ``deal`` that is not 108 card ids; a bad seed or threshold; a
        ``defender_level`` without a ``banker``.

    Examples
    --------
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
    """

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
        rules = game_rules(rules)
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
                pack.rules(rules),
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
            core.setup(deck, lv[b % 2], lv[1 - b % 2], t, b, pack.rules(rules), state, None)
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
        """Rebuild the state a setup reaches through a history of decisions.

        A setup with ``start`` starts from those ``HandState`` arguments (its bots draw
        from their seed's stream); else from the dealt hand, whose bots draw from
        ``chunk_state(seed, 0)`` (then a round of overturns after the bury is not played:
        replay's states step through ``at``).

        Parameters
        ----------
        setup : Setup
            What the hand starts from (``HandState.setup``).
        history : sequence, default ()
            The decisions in order: card ids or notation (``apply``), or integer actions
            (``apply_action``: card and bid actions), as ``HandState.history`` holds them.
        seed : int, optional
            For a setup without ``start``: seeds the built-in bots of ``bot_action``.

        Returns
        -------
        HandState
            The state after ``history``.

        Raises
        ------
        ValueError
            If ``setup`` is not a ``Setup``, a setup in its bidding lacks its start
            arguments, or a decision of ``history`` is not legal (the message names its
            index).
        """
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
                pack.rules(setup.rules),
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

    def reseed(self, seed) -> None:
        """Reseed the built-in bots of ``bot_action``.

        They draw from ``chunk_state(seed, 0)`` from now on; the game state itself does not
        change.

        Parameters
        ----------
        seed : int, sequence of int or None
            The new seed; None: fresh entropy.

        Raises
        ------
        ValueError
            For a seed that is not an integer 0..2**128 (or a sequence of them) or None.
        """
        self._core.set_rng(chunk_state(check_seed(seed, allow_none=True), 0))

    def clone(self) -> HandState:
        """Return an independent copy: the core's state, its generator and the records.

        Returns
        -------
        HandState
            A state that decides on without changing this one.
        """
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
        """Return a new state: this hand after its first ``n`` decisions.

        Parameters
        ----------
        n : int
            How many decisions of ``history`` to replay, 0 (the start) .. len(history).

        Returns
        -------
        HandState
            The new state (this one does not change).

        Raises
        ------
        ValueError
            If ``n`` is not an integer in 0..len(history).
        """
        if isinstance(n, bool) or not isinstance(n, Integral) or not 0 <= n <= len(self._history):
            raise ValueError(f"n: expected 0..{len(self._history)}, got {n!r}")
        s = self._root.clone()
        s._replay(self._history[:n])
        return s

    def result(self) -> dict:
        """Score the finished hand (docs/rules.md §5, §6, §8).

        Returns
        -------
        dict
            The columns of a scoring study's ``hands`` row (``defender_points``,
            ``level_side``, ``levels``, ``next_banker`` ...), and ``demotion`` (a match
            row's: the rank index of the banker team's demoted level, -1 for none).

        Raises
        ------
        ValueError
            Before the hand is over.
        """
        if not self.is_over():
            raise ValueError("the hand is not over")
        return hand_result(self._core.result())

    def render(self) -> str:
        """Render the whole table as text: every hand, the kitty, the bury and the record.

        Returns
        -------
        str
            The table, several lines (``Observation.render`` is one seat's view).
        """
        from shengji.render.text import render_state

        return render_state(self)

    def _repr_html_(self) -> str:
        """The table as HTML (Jupyter): every hand, the kitty, the trick, the points."""
        from shengji.render.table import state_html

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
