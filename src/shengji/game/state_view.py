"""What a ``HandState`` shows (its read-only part): the setup's values, where the hand and its
bidding stand, every seat's cards (full information), the records, the observations of
one seat, the legal decisions.  ``HandState`` (``shengji.game.state``) is this plus the
set-up through the bidding (``state_setup``) and the decisions (``state_decisions``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from shengji.bidding.phase import BidPhase
from shengji.game.actions import BID_ACTION_BASE
from shengji.game.observation import (
    HandMemo,
    Observation,
    bidding_observation,
    late_bidding_observation,
)
from shengji.game.records import Event
from shengji.game.setup import Setup
from shengji.names import N_SEATS, PHASE_NAMES, TRUMP_NAMES
from shengji.rules.bid_types import BidOutcome
from shengji.rules.options import Rules

if TYPE_CHECKING:
    from shengji.game.state import HandState

__all__ = ["HandFields", "StateView"]

_BURY, _PLAY, _OVER = (PHASE_NAMES.index(p) for p in ("bury", "play", "over"))


class HandFields:
    """The attributes a ``HandState`` holds (set by its constructor, ``from_history`` and
    the set-up), declared once for its parts."""

    rules: Rules
    setup: Setup
    _core: Any  # the C hand (shengji._core.step.handcore.HandCore)
    _bids: BidPhase | None  # the bidding while it may still decide
    _bidding: BidOutcome | None  # its outcome, once known
    _start: dict[str, Any] | None  # the constructor's arguments (None: from_history)
    _root: HandState | None  # the hand before its first decision
    _state: np.ndarray  # the stream the stepped bidding draws from
    _policy: int  # bid_policy's index (BID_POLICIES)
    _threshold: int
    _bid_phase: bool  # the seats decide their bids (phase "bid")
    _redeals: int
    _first_drawer: int
    _first_hand: bool
    _given_deal: bool
    _bank_seat: int
    _team_levels: list[int]
    _setup_done: bool  # the deal's bidding is over and the C hand set up
    _deck: tuple[int, ...]
    _history: list
    _actions: list[int]
    _events: list[Event]
    _public: tuple[int, Observation] | None
    _memo: HandMemo  # the public record observations share


class StateView(HandFields):
    """The read-only part of a ``HandState`` (module docstring)."""

    @property
    def _open_bids(self) -> BidPhase:
        """The bidding in progress: where the hand is not set up yet (``_setup_done``) or
        ``_bidding_now()``, which the callers check first."""
        bids = self._bids
        assert bids is not None, "no bidding in progress"
        return bids

    def _bidding_now(self) -> bool:
        return self._bids is not None and self._bids.deciding

    @property
    def bid_log(self) -> tuple:
        """Every bid stepped so far (full information).

        Each entry is ``(index, seat, action, trump, strength)``; the kernel's own bidding (the
        default mode's deal) logs none.
        """
        return self._bid_log()

    def _bid_log(self) -> tuple:
        if self._bids is not None:
            return tuple(self._bids.log)
        return self._bidding.bids if self._bidding is not None else ()

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
        return self._first_drawer

    @property
    def bidding(self) -> BidOutcome | None:
        """The bidding's outcome, or None.

        None during the deal's bidding, or when the trump was given; the round of overturns after
        the bury updates it.
        """
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
        """The phase: ``"bid"``, ``"bury"``, ``"play"`` or ``"over"``."""
        if self._bidding_now():
            return "bid"
        return PHASE_NAMES[self._core.phase]

    def is_over(self) -> bool:
        """Whether the hand is over (its last trick played and scored).

        Returns
        -------
        bool
            True once the hand is over.
        """
        return self._setup_done and self._core.phase == _OVER

    @property
    def to_play(self) -> int | None:
        """The seat to decide (None once the hand is over)."""
        if self._bidding_now():
            return self._open_bids.seat
        return None if self.is_over() else self._core.to_play

    @property
    def leader(self) -> int:
        """The leader of the current trick.

        Between tricks the leader of the next one; -1 during the deal's bidding.
        """
        return self._core.leader if self._setup_done else -1

    @property
    def burier(self) -> int | None:
        """The seat burying the kitty, or that buried it.

        The banker, or under ``overturn_reburies`` the last overturner that took it up; None
        during the deal's bidding.
        """
        if not self._setup_done:
            return None
        return self._core.to_play if self._core.phase == _BURY else self._core.burier

    @property
    def hands(self) -> list[list[int]]:
        """Every seat's cards (full information), sorted.

        The banker's without the cards it has buried so far; during the deal's bidding the cards
        dealt so far.
        """
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
        """Every decision so far, in order.

        A tuple of card ids for a card decision (one bury card; the cards led or followed, for a
        failed throw the cards tried), or for a bid decision its action (an int,
        ``BID_ACTION_BASE + k``).
        """
        return tuple(self._history)

    @property
    def actions(self) -> list[int]:
        """Every action so far in the integer encoding (``shengji.game.actions``).

        The cards chosen of a decision under way are included.
        """
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
        """The failed throws so far.

        Each a ``FailedThrow``: its trick, seat, the cards attempted and forced, and the penalty.
        """
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
        log = self._bid_log()
        if not self._setup_done:
            return bidding_observation(
                self._bids, seat, self.rules, self.setup, log, self._policy, self._threshold
            )
        obs = Observation.from_infoset(self._core.infoset(seat), self.rules, self._memo, log)
        if self._bidding_now():
            obs = late_bidding_observation(obs, self._bids, self._policy, self._threshold)
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
        if self._bidding_now():
            return self._open_bids.legal()
        if self.is_over():
            return []
        return self._core.infoset(self._core.to_play).legal()

    def legal_actions(self) -> list[int]:
        """The legal actions of the integer encoding (``shengji.game.actions``).

        Exact in every phase.

        Returns
        -------
        list of int
            The actions, sorted; [] once the hand is over.
        """
        if self._bidding_now():
            return [BID_ACTION_BASE + k for k in self._open_bids.legal()]
        return self._core.legal_actions()
