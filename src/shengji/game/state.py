"""One hand of Shengji as a game state, in the style of OpenSpiel (docs/rules.md §3–8).

>>> s = HandState("standard", level="2", banker=0, seed=1)
>>> s.phase, s.to_play
('bury', 0)
>>> ev = s.apply(s.bot_action("greedy"))      # the banker's 8 bury cards: 8 decisions
>>> while not s.is_over():
...     ev = s.apply(s.bot_action("random"))   # ev: the Event of the play
>>> s.result()["defender_points"] >= 0
True

A state is a pure function of its ``setup`` and its ``history`` (every decision, in
order): ``HandState.from_history(s.setup, s.history)`` rebuilds ``s``.  It holds three
parts, each the owner of its fields: the bidding part (``state_bidding.HandBidding``: the
deal, its bidding, the setup they lead to), the play part (``state_play.HandPlay``: the C
hand) and the record (``state_record.HandRecord``); ``state_start`` checks the arguments
and deals them.

* Phases: ``"bid"`` (with ``bid_phase=True``), ``"bury"`` (the banker, holding 33 cards,
  buries 8 one decision at a time; under ``overturn_reburies`` an overturner after it),
  ``"play"``, ``"over"``.
* Bidding (docs/rules.md §7): by default the kernel policy ``bid_policy`` bids for every
  seat, as in the studies.  With ``bid_phase=True`` the cards land one by one and each
  seat with a bid open to it decides: the action ``BID_ACTION_BASE + k`` for ``k`` of
  ``shengji.rules.bid_types.BID_ACTIONS`` (``legal_plays()`` lists the k, ``apply`` takes
  a k, an action, a ``BidOption`` or its name; ``bid_action(policy)`` is a kernel
  policy's k).  Under ``overturn_after_kitty`` a round of overturns follows the bury.
* Decisions: ``apply(cards)`` makes a whole one and returns its ``Event``;
  ``apply_action(a)`` is the integer encoding (``shengji.game.actions``).  A throw is an
  attempt: a failed one plays the forced component and books the penalty.
* Bots: ``bot_action(bot)`` is a built-in bot's choice (``bot`` as ``shengji.game.botspec``
  takes it) from the deciding seat's view, drawn from the state's own generator;
  ``shengji.game.play_hand`` plays a hand with bots and callables ``bot(observation, rng)``.
"""

from __future__ import annotations

from numbers import Integral

from shengji.bidding.phase import BidPhase
from shengji.door import chunk_state
from shengji.game.actions import ACTION_PLAY, BID_ACTION_BASE, N_ACTIONS
from shengji.game.arguments import card_bot
from shengji.game.botspec import BotSpec
from shengji.game.observation import Observation, bidding_observation, late_bidding_observation
from shengji.game.records import Event, event_of, hand_result
from shengji.game.setup import Setup
from shengji.game.state_bidding import HandBidding
from shengji.game.state_play import HandPlay
from shengji.game.state_record import HandRecord
from shengji.game.state_start import set_up_parts, start_hand, wrap_core
from shengji.names import BID_POLICIES, N_SEATS, PHASE_NAMES, TRUMP_NAMES
from shengji.rules import pack
from shengji.rules.bid_types import BidOption, BidOutcome
from shengji.rules.options import Rules
from shengji.seeds import check_seed

__all__ = ["HandState", "Setup", "BID_POLICIES"]


class HandState:
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
        self._bid, self._play = start_hand(
            rules,
            level,
            banker,
            deal,
            seed,
            trump,
            bid_policy,
            threshold,
            defender_level,
            bid_phase,
        )
        self._record = HandRecord()
        self._root: HandState | None = None  # the hand before its first decision
        self._root = self.clone()

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
        return cls._of_parts(*wrap_core(core, rules, deck, bids, bid_policy, threshold, first_hand))

    @classmethod
    def _of_parts(cls, bid: HandBidding, play: HandPlay) -> HandState:
        """A state of its bidding part and its play part, no decision made yet."""
        s = cls.__new__(cls)
        s._bid, s._play, s._record, s._root = bid, play, HandRecord(), None
        s._root = s.clone()
        return s

    @property
    def rules(self) -> Rules:
        """The rules in force (``shengji.Rules``)."""
        return self._bid.rules

    @property
    def setup(self) -> Setup:
        """What the hand starts from, before any decision (``Setup``).

        ``HandState.from_history(s.setup, s.history)`` rebuilds the state.
        """
        return self._bid.setup

    @property
    def _core(self):
        """The C hand (a ``HandCore``), which the tests read."""
        return self._play.core

    @property
    def bid_log(self) -> tuple:
        """Every bid stepped so far (full information).

        Each entry is ``(index, seat, action, trump, strength)``; the kernel's own bidding (the
        default mode's deal) logs none.
        """
        return self._bid.log()

    @property
    def level(self) -> str:
        """The banker team's level: the hand's level rank."""
        return self.setup.level

    @property
    def defender_level(self) -> str:
        """The defenders' level (it differs from ``level`` in a match)."""
        return self.setup.defender_level

    @property
    def deal(self) -> list[int]:
        """The 108 card ids in dealing order, after any redeal.

        During the deal's bidding: the order the cards land in.
        """
        return list(self.setup.deal)

    @property
    def first_drawer(self) -> int:
        """The seat that drew dealing position 0 (docs/rules.md §7)."""
        return self._bid.first_drawer

    @property
    def bidding(self) -> BidOutcome | None:
        """The bidding's outcome, or None.

        None during the deal's bidding, or when the trump was given; the round of overturns after
        the bury updates it.
        """
        return self._bid.outcome

    @property
    def banker(self) -> int:
        """The banker (during a first hand's bidding: the standing bidder's bank, -1)."""
        if not self._play.ready:
            return self._bid.open.core.standing()["banker"]
        return self._play.core.banker

    @property
    def trump(self) -> str | None:
        """The trump (None during the deal's bidding)."""
        return TRUMP_NAMES[self._play.core.trump] if self._play.ready else None

    @property
    def phase(self) -> str:
        """The phase: ``"bid"``, ``"bury"``, ``"play"`` or ``"over"``."""
        if self._bid.deciding():
            return "bid"
        return PHASE_NAMES[self._play.core.phase]

    def is_over(self) -> bool:
        """Whether the hand is over (its last trick played and scored).

        Returns
        -------
        bool
            True once the hand is over.
        """
        return self._play.is_over()

    @property
    def to_play(self) -> int | None:
        """The seat to decide (None once the hand is over)."""
        if self._bid.deciding():
            return self._bid.open.seat
        return None if self.is_over() else self._play.core.to_play

    @property
    def leader(self) -> int:
        """The leader of the current trick.

        Between tricks the leader of the next one; -1 during the deal's bidding.
        """
        return self._play.core.leader if self._play.ready else -1

    @property
    def burier(self) -> int | None:
        """The seat burying the kitty, or that buried it.

        The banker, or under ``overturn_reburies`` the last overturner that took it up; None
        during the deal's bidding.
        """
        return self._play.burier() if self._play.ready else None

    @property
    def hands(self) -> list[list[int]]:
        """Every seat's cards (full information), sorted.

        The banker's without the cards it has buried so far; during the deal's bidding the cards
        dealt so far.
        """
        if not self._play.ready:
            return [self._bid.open.cards(s) for s in range(N_SEATS)]
        return self._play.hands()

    @property
    def kitty(self) -> list[int]:
        """The 8 cards dealt to the kitty (the banker took them; [] during the deal)."""
        return self._play.core.kitty_ids() if self._play.ready else []

    @property
    def buried(self) -> list[int]:
        """The cards buried (so far, during a bury)."""
        return self._play.core.buried_ids() if self._play.ready else []

    @property
    def history(self) -> tuple:
        """Every decision so far, in order.

        A tuple of card ids for a card decision (one bury card; the cards led or followed, for a
        failed throw the cards tried), or for a bid decision its action (an int,
        ``BID_ACTION_BASE + k``).
        """
        return tuple(self._record.history)

    @property
    def actions(self) -> list[int]:
        """Every action so far in the integer encoding (``shengji.game.actions``).

        The cards chosen of a decision under way are included.
        """
        return list(self._record.actions)

    @property
    def events(self) -> tuple[Event, ...]:
        """What each decision did, in order (one per ``history`` entry)."""
        return tuple(self._record.events)

    @property
    def tricks(self):
        """The completed tricks (``Trick``), in order."""
        return self._record.public(self.observation).tricks

    @property
    def current_trick(self):
        """The open trick (its plays so far), or None between tricks."""
        return self._record.public(self.observation).current_trick

    @property
    def pending(self) -> list[int]:
        """The cards chosen so far, one action at a time, of the play being made.

        ``[]`` outside the play; full information (not in another seat's ``Observation``).
        """
        return self._play.pending() if self.phase == "play" else []

    @property
    def failed_throws(self):
        """The failed throws so far.

        Each a ``FailedThrow``: its trick, seat, the cards attempted and forced, and the penalty.
        """
        return self._record.public(self.observation).failed_throws

    @property
    def points(self) -> tuple[int, ...]:
        """Trick points taken per seat."""
        return tuple(self._play.core.seat_points)

    @property
    def team_points(self) -> tuple[int, int]:
        """Trick points taken per team (team t: seats t and t + 2)."""
        p = self._play.core.seat_points
        return p[0] + p[2], p[1] + p[3]

    @property
    def trick_points(self) -> tuple[int, int]:
        """(banker team, defenders) points taken in tricks so far."""
        return self._play.core.banker_points, self._play.core.table_points

    @property
    def penalty(self) -> int:
        """The signed change of D booked by failed throws so far (docs/rules.md §8)."""
        return self._play.core.penalty

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know, and nothing else.

        Parameters
        ----------
        seat : int
            The seat, 0..3.

        Returns
        -------
        Observation
            The seat's view (``shengji.game.observation``): its own cards, the public record.

        Raises
        ------
        ValueError
            If ``seat`` is not 0..3.
        """
        if isinstance(seat, bool) or seat not in range(N_SEATS):
            raise ValueError(f"seat: expected 0..3, got {seat!r}")
        log = self._bid.log()
        if not self._play.ready:
            return bidding_observation(
                self._bid.bids,
                seat,
                self.rules,
                self.setup,
                log,
                self._bid.policy,
                self._bid.threshold,
            )
        obs = Observation.from_infoset(
            self._play.core.infoset(seat), self.rules, self._record.memo, log
        )
        if self._bid.deciding():
            obs = late_bidding_observation(
                obs, self._bid.bids, self._bid.policy, self._bid.threshold
            )
        return obs

    def legal_plays(self) -> list:
        """Candidate whole decisions of the seat to decide.

        In phase "bid" its bid actions ``k`` (``BID_ACTIONS``, 0 passes); in the bury one card each
        (every card it may bury next); in the play every legal follow, or for a lead every single,
        pair and tractor and the top-k throws of each following-suit (docs/hand-engine.md;
        ``apply`` accepts any lead of one following-suit).

        Returns
        -------
        list
            The candidates; [] once the hand is over.
        """
        if self._bid.deciding():
            return self._bid.open.legal()
        if self.is_over():
            return []
        return self._play.core.infoset(self._play.core.to_play).legal()

    def legal_actions(self) -> list[int]:
        """The legal actions of the integer encoding (``shengji.game.actions``).

        Exact in every phase.

        Returns
        -------
        list of int
            The actions, sorted; [] once the hand is over.
        """
        if self._bid.deciding():
            return [BID_ACTION_BASE + k for k in self._bid.open.legal()]
        return self._play.core.legal_actions()

    def bid_options(self) -> list[BidOption]:
        """In phase "bid": the deciding seat's bids, best first.

        Returns
        -------
        list of BidOption
            The bids it may make; [] outside phase "bid".
        """
        return self._bid.open.options() if self._bid.deciding() else []

    def bid_cards(self, seat: int) -> list[int]:
        """The card ids ``seat`` holds for bidding.

        Parameters
        ----------
        seat : int
            The seat, 0..3.

        Returns
        -------
        list of int
            During the deal the cards dealt to it so far; after the kitty was taken its hand.
        """
        if self._play.ready:
            return self._play.core.hand_ids(seat)
        return self._bid.open.cards(seat)

    def bid_current(self, seat: int) -> dict | None:
        """The standing bid as ``seat`` sees it.

        Parameters
        ----------
        seat : int
            The seat, 0..3.

        Returns
        -------
        dict or None
            The standing bid (its trump None for another seat's face-down bid under
            ``secret_bids``); None when nobody has declared.
        """
        return self._bid.current(seat)

    def apply(self, cards) -> Event:
        """Make the current decision.

        Parameters
        ----------
        cards : int, sequence of int, str, BidOption
            In phase "bid" a bid: ``k`` of ``BID_ACTIONS``, its action ``BID_ACTION_BASE + k``, a
            ``BidOption`` or its name.  Else card ids, one id, or notation text: a lead or a
            follow of the seat to play, or in the bury phase 1..8 cards to bury (each one
            decision, as many as are still to bury).

        Returns
        -------
        Event
            What the decision did (of the last bury card given).

        Raises
        ------
        ValueError
            If the decision is not legal (the state is then unchanged) or the hand is over.
        """
        if self.is_over():
            raise ValueError("the hand is over")
        if self._bid.deciding():
            return self._apply_bid(cards)
        was_bury = self._play.burying()
        for ev, actions in self._play.decide(cards):
            self._record.add(ev, actions)
        self._bury_done(was_bury)
        return ev

    def apply_action(self, action: int) -> Event | None:
        """Apply one action of the integer encoding (``shengji.game.actions``).

        Parameters
        ----------
        action : int
            The action: a card id 0..107 to choose, ``ACTION_PLAY`` to play the lead chosen, or a
            bid action ``BID_ACTION_BASE + k`` in phase "bid".

        Returns
        -------
        Event or None
            The Event when the action completes a decision, None when it only chose a card.

        Raises
        ------
        ValueError
            If the action is not legal (the state is then unchanged) or the hand is over.
        """
        if isinstance(action, bool) or not isinstance(action, Integral):
            raise ValueError(f"action: expected an integer, got {action!r}")
        if self.is_over():
            raise ValueError("the hand is over")
        if self._bid.deciding():
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
        was_bury = self._play.burying()
        raw = self._play.apply_action(int(action))
        if raw is None:
            self._record.add_action(int(action))
            return None
        ev = self._record.add(event_of(raw), [int(action)])
        self._bury_done(was_bury)
        return ev

    def _apply_bid(self, action) -> Event:
        ev, made = self._bid.decide(self._play, action)
        return self._record.add(ev, [made])

    def _bury_done(self, was_bury: bool) -> None:
        if was_bury and not self._play.burying():
            self._bid.after_bury(self._play)

    def bot_action(self, bot: str | dict | BotSpec = "greedy"):
        """The built-in bot's choice for the current decision.

        Decided from the deciding seat's view, drawn from this state's generator; the
        decision is not made (``apply`` the choice to make it).

        Parameters
        ----------
        bot : str, dict or BotSpec, default "greedy"
            Any bot as ``shengji.game.botspec`` takes it: a name, a label
            ``"pimc(samples=8, infer_steps=32)"``, a table ``{"bot": "pimc", ...}`` or a
            ``BotSpec``.  In phase "bid" the decision is a bid, ``bid_action``'s: a card bot
            bids by the state's ``bid_policy``, and a kernel bidding policy's name
            (``"eager"``, ``"threshold"``, ``"never"``) is that policy.

        Returns
        -------
        list of int or int
            Card ids in the bury (the rest of the bury: 8 cards, less those already buried) and
            the play (a whole lead or follow); in phase "bid" the policy's ``k``.

        Raises
        ------
        ValueError
            If ``bot`` names no bot (or bid policy) or the hand is over.
        """
        if self.is_over():
            raise ValueError("the hand is over")
        if self._bid.deciding():
            if isinstance(bot, str) and bot in BID_POLICIES:
                return self.bid_action(bot)
            try:
                card_bot(bot)
            except ValueError as exc:
                raise ValueError(f"{exc}; or a bid policy: {', '.join(BID_POLICIES)}") from None
            return self.bid_action()
        return self._play.core.bot_cards(pack.bot(card_bot(bot)))

    def bid_action(self, policy: str | None = None) -> int:
        """A kernel bidding policy's bid for the current decision of phase "bid".

        Parameters
        ----------
        policy : {"eager", "threshold", "never"}, optional
            The policy (``"threshold"`` with the state's ``threshold``); None: the state's
            ``bid_policy``.

        Returns
        -------
        int
            The bid's ``k`` of ``BID_ACTIONS`` (0 passes); ``apply`` it to make it.

        Raises
        ------
        ValueError
            If ``policy`` is not a bid policy, or the phase is not "bid".
        """
        if not self._bid.deciding():
            raise ValueError(f"bid_action: the phase is {self.phase}, not bid (bot_action plays)")
        if policy is None:
            return self._bid.open.bot(self._bid.policy, self._bid.threshold)
        if not isinstance(policy, str) or policy not in BID_POLICIES:
            raise ValueError(
                f"policy: expected one of {', '.join(BID_POLICIES)} or None, got {policy!r}"
            )
        return self._bid.open.bot(BID_POLICIES.index(policy), self._bid.threshold)

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
        if isinstance(setup, Setup) and setup.start is not None:
            s = cls(**setup.start)
        else:
            s = cls._of_parts(*set_up_parts(setup, seed))
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
        other._bid = self._bid.copy()
        other._play = self._play.copy()
        other._record = self._record.copy()
        other._root = self._root
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
        history = self._record.history
        if isinstance(n, bool) or not isinstance(n, Integral) or not 0 <= n <= len(history):
            raise ValueError(f"n: expected 0..{len(history)}, got {n!r}")
        s = self._root.clone()
        s._replay(history[:n])
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

    def __repr__(self):
        return (
            f"HandState(level {self.level}, trump {self.trump}, banker {self.banker}, "
            f"phase {self.phase}, {len(self._record.history)} decisions)"
        )
