"""What one seat may know: ``Observation``, made by ``HandState.observation(seat)``.

An observation is read from the core's information set of that seat
(``_core.step.infoset.InfoSet``: a copy of the hand with every card the seat cannot see
wiped), never from the full state, so nothing in it -- and nothing a bot computes from it,
its candidate plays and the built-in bots' choices included -- depends on a hidden card.

Its fields (cards are physical ids 0..107, sorted; seats 0..3, team t = seats t and t + 2)
are listed under ``Observation``'s Parameters.

``legal_plays()`` lists the candidate whole decisions, ``failed_throws`` the failed throws,
``to_dict()`` / ``to_json()`` give plain data, ``str(obs)`` / ``render()`` the table as
the seat sees it.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from shengji.game.records import (
    Trick,
    bid_outcome,
    built,
    failed_throws,
    hand_result,
    trick_of,
    void_names,
)
from shengji.names import N_SEATS, PHASE_NAMES, RANK_NAMES, TRUMP_NAMES
from shengji.rules.bid_types import BidOutcome
from shengji.rules.options import Rules

__all__ = [
    "Observation",
    "HandMemo",
    "bidding_observation",
    "late_bidding_observation",
    "seen_bids",
]

Cards = tuple[int, ...]


class HandMemo:
    """The parts of one hand's public record that never change once made (the completed
    tricks, the bidding's outcome), kept between observations of that hand."""

    __slots__ = ("tricks", "bidding_raw", "bidding")

    def __init__(self, tricks=()):
        self.tricks: list[Trick] = list(tricks)
        self.bidding_raw = self.bidding = None

    def copy(self) -> HandMemo:
        other = HandMemo(self.tricks)
        other.bidding_raw, other.bidding = self.bidding_raw, self.bidding
        return other


@dataclass(frozen=True)
class Observation:
    """Everything one seat may know, made by ``HandState.observation(seat)``.

    Read from the core's information set of that seat, never from the full state (module
    docstring).  Cards are physical ids 0..107, sorted; seats 0..3, team t = seats t and
    t + 2.  ``legal_plays()`` lists the candidate whole decisions, ``failed_throws`` the
    failed throws, ``to_dict()`` / ``to_json()`` give plain data, ``str(obs)`` /
    ``render()`` the table as the seat sees it.

    Parameters
    ----------
    seat : int
        Whose observation it is.
    phase : str
        ``"bid"``, ``"bury"``, ``"play"`` or ``"over"`` (``"bid"``: the deal's bidding, or
        the round of overturns after the bury, with ``bid_phase``).
    to_play : int or None
        The seat to decide (None once the hand is over).
    rules : shengji.Rules
        The rules in force.
    level : str
        The banker team's level (the hand's level rank).
    defender_level : str
        The defenders' level (they differ in a match).
    trump : str or None
        ``"S"``, ``"H"``, ``"C"``, ``"D"`` or ``"NT"``; None during the deal's bidding.
    banker : int
        The banker's seat (during a first hand's bidding: -1 until a bid).
    bidding : shengji.bidding.BidOutcome or None
        The bidding's public outcome (declarer, overturns, reinforcement, redeals ...; its
        ``bids`` log is not filled in here: see ``bids``); None during the deal's bidding
        or when the trump was given.
    bids : tuple
        The bids this seat has seen, in order: ``(index, seat, action, trump, strength)``
        (index: cards dealt before it; under ``secret_bids`` the trump of another seat's
        face-down bid is None).
    standing_bid : dict or None
        The standing bid as this seat sees it (trump, strength, bidder, locked, as
        ``HandState.bid_current``) while bidding goes on, else None.
    hand : tuple of int
        The seat's own cards (during the deal's bidding those dealt so far; during a bury
        the burier's 33 less the cards buried so far).
    pending : tuple of int
        Its cards chosen so far, one action at a time, of the play it is making
        (``apply_action``), else ``()``.
    kitty : tuple of int or None
        The 8 cards dealt to the kitty: the banker only (it took them), else None.
    buried : tuple of int or None
        The cards buried (so far, during a bury): for the seat that buried them (the
        banker, or a re-burying overturner), and everyone once the hand is over; else None.
    hand_sizes : tuple of int
        Cards each seat holds (public; during the deal, dealt so far).
    tricks : tuple of Trick
        The completed tricks (leader, plays in order, winner, points, a failed throw's
        attempt and penalty).
    current_trick : Trick or None
        The open trick (its plays so far), None between tricks.
    leader : int
        The leader of the current trick, or of the next one.
    points : tuple of int
        Trick points taken per seat.
    team_points : tuple of (int, int)
        Trick points taken per team.
    penalty : int
        The signed change of the defenders' points booked by failed throws.
    voids : tuple of tuple of str
        Per seat, the following-suits it has shown out of (``"S"`` ``"H"`` ``"C"``
        ``"D"``, ``"T"`` for trump): it followed a lead of that suit with other cards.
    legal_actions : tuple of int
        The integer encoding's legal actions when this seat decides, else ``()``
        (``shengji.game.actions``: bid actions in phase ``"bid"``).
    result : dict or None
        The hand's scoring (``HandState.result()``) once it is over, else None.
    _info : object, optional
        Internal: the seat's information set, which ``legal_plays`` and the built-in bots
        read (None for an observation rebuilt from data; not compared, not shown).

    Examples
    --------
    >>> from shengji import HandState
    >>> s = HandState("standard", level="2", banker=0, trump="H", seed=7)
    >>> ev = s.apply(s.bot_action("greedy"))      # the banker buries
    >>> obs = s.observation(1)
    >>> obs.phase, obs.to_play, obs.my_turn, obs.is_banker_team
    ('play', 0, False, False)
    >>> len(obs.hand), obs.kitty, obs.hand_sizes
    (25, None, (25, 25, 25, 25))
    >>> obs.legal_plays()                         # seat 1 does not decide now
    []
    >>> len(s.observation(0).legal_plays()) > 0   # seat 0 leads
    True
    >>> print(obs.render().splitlines()[0])
    Seat 1 (defenders) -- level 2 (defenders 2), trump H, banker S0 (team 0: S0 S2)
    """

    seat: int
    phase: str
    to_play: int | None
    rules: Rules
    level: str
    defender_level: str
    trump: str
    banker: int
    bidding: BidOutcome | None
    bids: tuple
    standing_bid: dict | None
    hand: Cards
    pending: Cards
    kitty: Cards | None
    buried: Cards | None
    hand_sizes: tuple[int, ...]
    tricks: tuple[Trick, ...]
    current_trick: Trick | None
    leader: int
    points: tuple[int, ...]
    team_points: tuple[int, int]
    penalty: int
    voids: tuple[tuple[str, ...], ...]
    legal_actions: tuple[int, ...]
    result: dict | None
    _info: Any = field(default=None, repr=False, compare=False)

    @classmethod
    def from_infoset(
        cls, info, rules: Rules, memo: HandMemo | None = None, bids: tuple = ()
    ) -> Observation:
        """Read an Observation from the core's information set of one seat.

        ``HandState.observation(seat)`` calls it; a user rarely does.

        Parameters
        ----------
        info : _core.step.infoset.InfoSet
            The core's information set of the seat.
        rules : shengji.Rules
            The rules in force.
        memo : HandMemo, optional
            What a caller keeps of this hand's public record between observations (the
            completed tricks and the bidding's outcome, which never change), so that
            observations share those objects instead of rebuilding them (HandState keeps
            one); None: a fresh one.
        bids : tuple, default ()
            The hand's bid log (``BidPhase.log``), shown as the seat saw it.

        Returns
        -------
        Observation
            The seat's observation.
        """
        memo = HandMemo() if memo is None else memo
        known = memo.tricks
        d = info.observe(len(known))
        base = len(known)
        known.extend([trick_of(base + i, t) for i, t in enumerate(d["tricks"])])
        if memo.bidding_raw is not d["bidding"]:
            memo.bidding_raw, memo.bidding = d["bidding"], bid_outcome(d["bidding"])
        over = d["result"] is not None
        points = tuple(d["points"])
        kitty, buried = d["kitty"], d["buried"]
        return built(
            cls,
            seat=d["seat"],
            phase=PHASE_NAMES[d["phase"]],
            to_play=None if over else d["to_play"],
            rules=rules,
            level=RANK_NAMES[d["level"]],
            defender_level=RANK_NAMES[d["defender_level"]],
            trump=TRUMP_NAMES[d["trump"]],
            banker=d["banker"],
            bidding=memo.bidding,
            bids=seen_bids(bids, d["seat"], rules),
            standing_bid=None,
            hand=tuple(d["hand"]),
            pending=tuple(d["pending"]),
            kitty=None if kitty is None else tuple(kitty),
            buried=None if buried is None else tuple(buried),
            hand_sizes=tuple(d["hand_sizes"]),
            tricks=tuple(known),
            current_trick=None if d["current"] is None else trick_of(len(known), d["current"]),
            leader=d["leader"],
            points=points,
            team_points=(points[0] + points[2], points[1] + points[3]),
            penalty=d["penalty"],
            voids=tuple(map(void_names, d["voids"])),
            legal_actions=tuple(d["legal_actions"]),
            result=None if not over else hand_result(d["result"]),
            _info=info,
        )

    # -- derived ------------------------------------------------------------------------
    @property
    def bidding_now(self) -> bool:
        """Whether the phase is "bid" (the deal's bidding or the round after the bury)."""
        return self.phase == "bid"

    @property
    def team(self) -> int:
        """The team of the seat: 0 (seats 0 and 2) or 1 (seats 1 and 3)."""
        return self.seat % 2

    @property
    def is_banker_team(self) -> bool:
        """Whether this seat is on the banker's team."""
        return self.seat % 2 == self.banker % 2

    @property
    def my_turn(self) -> bool:
        """Whether this seat is the one to decide."""
        return self.to_play == self.seat

    @property
    def defender_points(self) -> int:
        """The defenders' trick points so far (without the kitty and penalties)."""
        return self.team_points[1 - self.banker % 2]

    @property
    def failed_throws(self):
        """The failed throws so far, as ``FailedThrow`` records (tuple)."""
        return failed_throws((*self.tricks, self.current_trick))

    @property
    def played(self) -> Cards:
        """Every card played so far (all seats), sorted."""
        return tuple(
            sorted(
                c
                for t in (*self.tricks, self.current_trick)
                if t is not None
                for _, cards in t.plays
                for c in cards
            )
        )

    def legal_plays(self) -> list:
        """List the candidate whole decisions when this seat decides.

        Returns
        -------
        list
            In phase "bid" its bids ``k`` (``BID_ACTIONS``); in the bury one card each
            (``[id]``: every card it may bury next); in the play every legal follow, or for
            a lead every single, pair and tractor and the top-k throws of each suit
            (docs/hand-engine.md) -- holding the ``pending`` cards.  ``[]`` when another
            seat decides.

        Raises
        ------
        ValueError
            For an observation rebuilt from data (it has no information set).
        """
        if self._info is None:
            raise ValueError("this observation was rebuilt from data: it has no moves")
        return self._info.legal()

    # -- plain data -----------------------------------------------------------------------
    def to_dict(self) -> dict:
        """Return the observation as plain data (JSON-ready).

        Returns
        -------
        dict
            Every field by name: cards as lists of ids, the rules as their options, the
            tricks and the bidding as dicts.
        """
        out = {}
        for f in fields(self):
            if f.name.startswith("_"):
                continue
            v = getattr(self, f.name)
            if isinstance(v, Rules):
                v = v.to_dict()
            elif isinstance(v, BidOutcome):
                v = asdict(v)
            elif isinstance(v, Trick):
                v = v.to_dict()
            elif f.name == "tricks":
                v = [t.to_dict() for t in v]
            elif isinstance(v, tuple):
                v = [list(x) if isinstance(x, tuple) else x for x in v]
            out[f.name] = v
        return out

    def to_json(self, **kw) -> str:
        """Return ``to_dict()`` as JSON text.

        Parameters
        ----------
        **kw
            Keywords of ``json.dumps`` (``indent=2`` ...).

        Returns
        -------
        str
            The JSON text (non-ASCII characters kept).
        """
        return json.dumps(self.to_dict(), ensure_ascii=False, **kw)

    def render(self) -> str:
        """Render the table as this seat sees it.

        Returns
        -------
        str
            The seat's view as text, several lines (also ``str(obs)``).
        """
        from shengji.render.text import render_observation

        return render_observation(self)

    def _repr_html_(self) -> str:
        """This seat's view as HTML (Jupyter): only what the seat may know."""
        from shengji.render.table import observation_html

        return observation_html(self)

    def __str__(self) -> str:
        return self.render()


# -- the bidding ----------------------------------------------------------------------------
def seen_bids(log, seat: int, rules: Rules) -> tuple:
    """A bid log ``(index, seat, action, trump, strength)`` as ``seat`` saw it: under
    ``secret_bids`` another seat's bid shows its kind, not its trump (docs/rules.md §7)."""
    if not log:
        return ()
    if not rules.secret_bids:
        return tuple(log)
    return tuple(e if e[1] == seat else (e[0], e[1], e[2], None, e[4]) for e in log)


class _BidInfo:
    """An observation's moves in phase "bid": the deciding seat's bids and a kernel
    policy's choice, from a snapshot of the bidding (its policies decide from the seat's
    own cards and the public bids only, docs/hand-engine.md)."""

    __slots__ = ("bids", "seat", "policy", "threshold")

    def __init__(self, bids, seat: int, policy: int, threshold: int):
        self.bids, self.seat, self.policy, self.threshold = bids, seat, policy, threshold

    def legal(self) -> list[int]:
        return self.bids.legal() if self.bids.seat == self.seat else []

    def legal_actions(self) -> list[int]:
        from shengji.game.actions import BID_ACTION_BASE

        return [BID_ACTION_BASE + k for k in self.legal()]

    def bot(self, index, state=None) -> int:
        """The state's bidding policy's choice, as an action (a card bot's name stands for
        it, as in ``HandState.bid_action``)."""
        from shengji.game.actions import BID_ACTION_BASE

        if self.bids.seat != self.seat:
            raise ValueError(f"seat {self.seat} does not decide now")
        return BID_ACTION_BASE + self.bids.bot(self.policy, self.threshold)


def bidding_observation(
    bids, seat: int, rules: Rules, setup, log, policy: int, threshold: int
) -> Observation:
    """What ``seat`` may know during the deal's bidding: the cards dealt to it so far, how
    many each seat got, the bids it has seen and the standing bid as it sees it."""
    info = _BidInfo(bids.copy(), seat, policy, threshold)
    zeros = (0,) * N_SEATS
    return built(
        Observation,
        seat=seat,
        phase="bid",
        to_play=bids.seat,
        rules=rules,
        level=setup.level,
        defender_level=setup.defender_level,
        trump=None,
        banker=bids.core.standing()["banker"],
        bidding=None,
        bids=seen_bids(log, seat, rules),
        standing_bid=bids.current(seat),
        hand=tuple(sorted(bids.cards(seat))),
        pending=(),
        kitty=None,
        buried=None,
        hand_sizes=tuple(len(bids.cards(s)) for s in range(N_SEATS)),
        tricks=(),
        current_trick=None,
        leader=-1,
        points=zeros,
        team_points=(0, 0),
        penalty=0,
        voids=((),) * N_SEATS,
        legal_actions=tuple(info.legal_actions()),
        result=None,
        _info=info,
    )


def late_bidding_observation(obs: Observation, bids, policy: int, threshold: int) -> Observation:
    """An observation made between the bury and the first lead, turned into one of the
    round of overturns after the bury (phase "bid")."""
    info = _BidInfo(bids.copy(), obs.seat, policy, threshold)
    values = {f.name: getattr(obs, f.name) for f in fields(Observation)}
    values.update(
        phase="bid",
        to_play=bids.seat,
        standing_bid=bids.current(obs.seat),
        legal_actions=tuple(info.legal_actions()),
        _info=info,
    )
    return built(Observation, **values)
