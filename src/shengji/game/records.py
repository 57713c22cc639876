"""The public records of a hand, as every seat saw them: ``Trick``, ``FailedThrow``,
``Event`` (what one decision did), and the conversions from the core's ints to the names
of ``shengji.names`` (a hand's result, the bidding's outcome).

Cards are physical ids 0..107 (``shengji.cards``: ``kind * 2 + copy``); ``format_cards``
shows them as notation.  ``card_points`` (``shengji.cards``) counts their points: 5 for a
five, 10 for a ten or a king.
"""

from __future__ import annotations

from dataclasses import dataclass

from shengji.cards import format_cards
from shengji.names import (
    FOLLOW_NAMES,
    HAND_COLUMNS,
    PHASE_NAMES,
    RANK_NAMES,
    SHAPE_NAMES,
    SIDE_NAMES,
    TRUMP_NAMES,
)
from shengji.rules.bid_types import BidOutcome, core_outcome

__all__ = ["Trick", "FailedThrow", "Event", "hand_result", "bid_outcome", "void_names"]

Cards = tuple[int, ...]

# Result columns (the core's HAND_COLUMNS) that hold an index into a tuple of names.
_NAMED_COLUMNS = {
    "trump": TRUMP_NAMES,
    "level": RANK_NAMES,
    "last_winner_side": SIDE_NAMES,
    "last_winner_shape": SHAPE_NAMES,
    "level_side": SIDE_NAMES,
}


def hand_result(row: dict) -> dict:
    """The core's result row (``HAND_COLUMNS``, ints) with names where a study writes
    names: the keys and values of a scoring study's ``hands`` row (``demotion`` stays the
    rank index of the banker team's demoted level, -1 for none, as in a match row)."""
    return {k: _NAMED_COLUMNS[k][row[k]] if k in _NAMED_COLUMNS else row[k] for k in HAND_COLUMNS}


def bid_outcome(d: dict | None) -> BidOutcome | None:
    """The core's bidding dict -> ``shengji.bidding.BidOutcome`` (None stays None)."""
    if d is None:
        return None
    return core_outcome(
        d,
        TRUMP_NAMES[d["trump"]],
        redeals=d["redeals"],
        first_drawer=d.get("first_drawer", 0),
        late_overturns=d.get("late_overturns", 0),
        reburies=d.get("reburies", 0),
        team_overturns=tuple(d.get("team_overturns", (0, 0))),
    )


def built(cls, **values):
    """An instance of the frozen dataclass ``cls`` from all its field values, without its
    generated ``__init__`` (which sets each field through ``object.__setattr__``: 0.3 to
    0.6 us a field, the better part of an observation's cost).  Internal: the caller
    passes every field, already of the right type."""
    obj = object.__new__(cls)
    obj.__dict__.update(values)
    return obj


def void_names(bits: int) -> tuple[str, ...]:
    """A void mask (bit s: following-suit s) -> its names ("S" "H" "C" "D", "T" trump)."""
    return _VOID_NAMES[bits]


_VOID_NAMES = tuple(
    tuple(name for s, name in enumerate(FOLLOW_NAMES) if (bits >> s) & 1)
    for bits in range(1 << len(FOLLOW_NAMES))
)


@dataclass(frozen=True)
class Trick:
    """One trick as every seat saw it.

    An observation's ``tricks`` and ``current_trick`` (``Observation``) are Tricks.  Cards
    are physical ids 0..107, seats 0..3.

    Parameters
    ----------
    index : int
        The trick's number in the hand, from 0.
    leader : int
        The seat that led it.
    plays : tuple of (int, tuple of int)
        ``(seat, cards)`` in play order, the leader first; ``cards`` are what went on the
        table (for a failed throw, the forced component).
    winner : int or None
        The seat that took it; None while it is open.
    points : int
        Card points in it (so far).
    attempt : tuple of int or None, default None
        A failed throw's cards shown (the leader tried them; ``plays[0]`` holds what it had
        to play instead), else None.
    penalty : int, default 0
        The signed change of the defenders' points D that a failed throw booked
        (docs/rules.md §8: + when the banker team failed), else 0.

    Examples
    --------
    >>> from shengji import HandState
    >>> s = HandState("standard", level="2", banker=0, trump="H", seed=7)
    >>> while not s.is_over():
    ...     ev = s.apply(s.bot_action("greedy"))
    >>> t = s.observation(1).tricks[0]
    >>> print(t)
     1. S0 JD JD QD QD AD | S1 3S 4S 3C 4D 8D | S2 4C 5D 5D 6D KD | S3 4D 6D 7D 9D 9D -> S0, 20 pts
    >>> t.leader, t.winner, t.points, t.complete
    (0, 0, 20, True)
    >>> t.cards_of(2)
    (57, 84, 85, 86, 101)
    """

    index: int
    leader: int
    plays: tuple[tuple[int, Cards], ...]
    winner: int | None
    points: int
    attempt: Cards | None = None
    penalty: int = 0

    @property
    def complete(self) -> bool:
        """Whether the trick is over (it has a ``winner``)."""
        return self.winner is not None

    @property
    def lead(self) -> Cards:
        """The cards led (the forced component of a failed throw)."""
        return self.plays[0][1] if self.plays else ()

    def cards_of(self, seat: int) -> Cards | None:
        """Return what a seat played in this trick.

        Parameters
        ----------
        seat : int
            The seat, 0..3.

        Returns
        -------
        tuple of int or None
            The card ids it put on the table, or None if it has not played in this trick
            (yet).
        """
        for s, cards in self.plays:
            if s == seat:
                return cards
        return None

    def to_dict(self) -> dict:
        """Return the trick as plain data (JSON-ready).

        Returns
        -------
        dict
            The fields by name; card tuples as lists, ``plays`` as ``[seat, [ids]]``.
        """
        return {
            "index": self.index,
            "leader": self.leader,
            "plays": [[s, list(c)] for s, c in self.plays],
            "winner": self.winner,
            "points": self.points,
            "attempt": None if self.attempt is None else list(self.attempt),
            "penalty": self.penalty,
        }

    def __str__(self) -> str:
        plays = " | ".join(f"S{s} {format_cards(c)}" for s, c in self.plays)
        if self.attempt is not None:
            plays += (
                f"  (S{self.leader} tried {format_cards(self.attempt)}: failed throw, "
                f"penalty {self.penalty:+d})"
            )
        end = (
            f" -> S{self.winner}, {self.points} pts"
            if self.complete
            else f"  ({self.points} pts so far)"
        )
        return f"{self.index + 1:2d}. {plays}{end}"


def trick_of(index: int, raw) -> Trick:
    """A Trick from the core's tuple (infoset.observe): (leader, winner or -1, points,
    ((seat, ids), ...), attempt ids or None, penalty)."""
    leader, winner, points, plays, attempt, penalty = raw
    return built(
        Trick,
        index=index,
        leader=leader,
        plays=plays,
        winner=None if winner < 0 else winner,
        points=points,
        attempt=attempt,
        penalty=penalty,
    )


@dataclass(frozen=True)
class FailedThrow:
    """A failed throw (docs/rules.md §8), as ``Observation.failed_throws`` lists them.

    Parameters
    ----------
    trick : int
        The trick's index in the hand, from 0.
    seat : int
        The leader that tried the throw.
    attempted : tuple of int
        The cards it showed (the throw it tried).
    forced : tuple of int
        The cards it had to play instead: the component the others could beat.
    penalty : int
        The signed change of the defenders' points D the failure booked (+ when the
        banker team failed).

    Examples
    --------
    >>> from shengji import HandState
    >>> s = HandState("standard", level="2", banker=0, trump="H", seed=0)
    >>> while not s.is_over():
    ...     ev = s.apply(s.bot_action("random"))
    >>> f = s.observation(0).failed_throws[0]
    >>> f.trick, f.seat, len(f.attempted), len(f.forced)
    (1, 3, 7, 1)
    """

    trick: int
    seat: int
    attempted: Cards
    forced: Cards
    penalty: int


def failed_throws(tricks) -> tuple[FailedThrow, ...]:
    return tuple(
        FailedThrow(t.index, t.leader, t.attempt, t.lead, t.penalty)
        for t in tricks
        if t is not None and t.attempt is not None
    )


@dataclass(frozen=True)
class Event:
    """What one decision did: ``HandState.apply`` and ``apply_action`` return it.

    Parameters
    ----------
    seat : int
        The seat that decided.
    phase : str
        The phase it was made in: ``"bid"``, ``"bury"`` or ``"play"``.
    cards : tuple of int
        What the seat chose: one bury card; the cards led or followed (for a failed throw
        the cards it tried to throw); ``()`` for a bid.
    played : tuple of int, default ()
        What went on the table: ``()`` in the bury; the forced component of a failed
        throw; else ``cards``.
    penalty : int, default 0
        The signed change of the defenders' points D it booked (a failed throw).
    trick : int or None, default None
        The index of the trick the play belongs to (None in the bury and the bidding).
    winner : int or None, default None
        When the play completed the trick, the seat that took it; else None.
    points : int, default 0
        The trick's points (so far, while it is open).
    over : bool, default False
        Whether the hand ended with it.
    bid : str or None, default None
        A bid's name (``shengji.rules.bid_types.BID_ACTIONS``: ``"pass"``,
        ``"declare H"`` ...), else None.

    Examples
    --------
    >>> from shengji import HandState
    >>> s = HandState("standard", level="2", banker=0, trump="H", seed=7)
    >>> print(s.apply(s.bot_action("greedy")))   # the bury: 8 decisions, the last Event
    S0 bury: QC
    >>> ev = s.apply(s.bot_action("greedy"))     # the first lead
    >>> print(ev)
    S0 plays JD JD QD QD AD
    >>> ev.phase, ev.trick, ev.trick_complete, ev.failed_throw
    ('play', 0, False, False)
    >>> for _ in range(3):
    ...     ev = s.apply(s.bot_action("greedy"))
    >>> ev.trick_complete, ev.winner, ev.points
    (True, 0, 20)
    """

    seat: int
    phase: str
    cards: Cards
    played: Cards = ()
    penalty: int = 0
    trick: int | None = None
    winner: int | None = None
    points: int = 0
    over: bool = False
    bid: str | None = None

    @property
    def failed_throw(self) -> bool:
        """Whether the play was a failed throw (what went on the table is not ``cards``)."""
        return self.phase == "play" and self.played != self.cards

    @property
    def trick_complete(self) -> bool:
        """Whether the play completed its trick (``winner`` is set)."""
        return self.winner is not None

    def __str__(self) -> str:
        if self.phase == "bid":
            return f"S{self.seat} bids: {self.bid}"
        if self.phase != "play":
            return f"S{self.seat} {self.phase}: {format_cards(self.cards)}"
        out = f"S{self.seat} plays {format_cards(self.played)}"
        if self.failed_throw:
            out += f" (tried {format_cards(self.cards)}: failed throw, penalty {self.penalty:+d})"
        if self.trick_complete and self.trick is not None:  # complete: both are set
            out += f"; trick {self.trick + 1} to S{self.winner} ({self.points} pts)"
        return out + ("; the hand is over" if self.over else "")


def event_of(raw) -> Event:
    """An Event from the core's tuple (handcore: seat, phase, cards, played, penalty,
    trick or -1, winner or -1, points, over)."""
    seat, phase, cards, played, penalty, trick, winner, points, over = raw
    return built(
        Event,
        seat=seat,
        phase=PHASE_NAMES[phase],
        cards=tuple(cards),
        played=tuple(played),
        penalty=penalty,
        trick=None if trick < 0 else trick,
        winner=None if winner < 0 else winner,
        points=points,
        over=bool(over),
    )
