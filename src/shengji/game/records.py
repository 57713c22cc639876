"""The public records of a hand, as every seat saw them: ``Trick``, ``FailedThrow``,
``Event`` (what one decision did), and the conversions from the core's ints to the names
of ``shengji.names`` (a hand's result, the bidding's outcome).

Cards are physical ids 0..107 (``shengji.cards``: ``kind * 2 + copy``); ``format_cards``
shows them as notation.  ``card_points`` (``shengji.cards``) counts their points: 5 for a
five, 10 for a ten or a king.
"""

from __future__ import annotations

from dataclasses import dataclass

from shengji._core.drivers.hands import HAND_COLUMNS
from shengji.cards import format_cards
from shengji.names import (
    FOLLOW_NAMES,
    PHASE_NAMES,
    RANK_NAMES,
    SHAPE_NAMES,
    SIDE_NAMES,
    TRUMP_NAMES,
)
from shengji.rules.bid_types import BidOutcome

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
    return BidOutcome(
        trump=TRUMP_NAMES[d["trump"]],
        banker=d["banker"],
        first_declarer=d["first_declarer"],
        first_declare_index=d["first_declare_index"],
        overturns=d["overturns"],
        reinforced=bool(d["reinforced"]),
        no_bid=bool(d["no_bid"]),
        redeals=d["redeals"],
        banker_steps_down=bool(d["banker_steps_down"]),
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

    ``plays``: ``(seat, cards)`` in play order, the leader first; ``cards`` are what went
    on the table (for a failed throw, the forced component).  ``winner``: the seat that
    took it, None while it is open.  ``points``: card points in it (so far).  ``attempt``:
    a failed throw's cards shown (the leader tried them; ``plays[0]`` holds what it had to
    play instead), else None; ``penalty``: the signed change of the defenders' points D
    that failure booked (docs/rules.md §8: + when the banker team failed), else 0."""

    index: int
    leader: int
    plays: tuple[tuple[int, Cards], ...]
    winner: int | None
    points: int
    attempt: Cards | None = None
    penalty: int = 0

    @property
    def complete(self) -> bool:
        return self.winner is not None

    @property
    def lead(self) -> Cards:
        """The cards led (the forced component of a failed throw)."""
        return self.plays[0][1] if self.plays else ()

    def cards_of(self, seat: int) -> Cards | None:
        """What `seat` played in this trick, or None (not yet)."""
        for s, cards in self.plays:
            if s == seat:
                return cards
        return None

    def to_dict(self) -> dict:
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
    """A failed throw (docs/rules.md §8): the leader ``seat`` of trick ``trick`` showed
    ``attempted``, played ``forced`` (the component the others could beat), and D changed
    by ``penalty``."""

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
    """What one decision did (``HandState.apply`` / ``apply_action`` return it).

    * ``seat``, ``phase`` (the phase it was made in: "bid", "bury" or "play");
    * ``cards``: what the seat chose (one bury card; the cards led or followed, for a
      failed throw the cards it tried to throw; ``()`` for a bid);
    * ``bid``: a bid's name (``shengji.bid_types.BID_ACTIONS``: "pass", "declare H" ...),
      else None;
    * ``played``: what went on the table (``()`` in the bury; the forced component of a
      failed throw; else ``cards``); ``penalty``: the signed change of D it booked;
    * ``trick``: the index of the trick the play belongs to (None in the bury); when it
      completed the trick, ``winner`` is the seat that took it and ``points`` its points
      (else ``winner`` is None and ``points`` the trick's points so far);
    * ``over``: the hand ended with it."""

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
        return self.phase == "play" and self.played != self.cards

    @property
    def trick_complete(self) -> bool:
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
