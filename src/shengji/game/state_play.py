"""The play part of a ``HandState``: the C hand (``shengji.door.HandCore``,
which holds the cards, the bury, the tricks, the points and the bots' generator) and
whether it is set up (the deal's bidding is over).  It makes the card decisions -- whole
ones in card ids, or one action of the integer encoding -- and refuses an illegal one
with one line, the hand unchanged."""

from __future__ import annotations

from collections.abc import Sequence
from numbers import Integral

from shengji.cards import N_COPIES, as_cards
from shengji.door import APPLY_ERRORS
from shengji.game.actions import ACTION_PLAY
from shengji.game.records import Event, event_of
from shengji.names import N_SEATS, PHASE_NAMES

__all__ = ["HandPlay", "BURY", "PLAY", "OVER"]

BURY, PLAY, OVER = (PHASE_NAMES.index(p) for p in ("bury", "play", "over"))


class HandPlay:
    """The C hand and whether it is set up (module docstring)."""

    __slots__ = ("core", "ready")

    def __init__(self, core) -> None:
        self.core = core
        self.ready = False  # the deal's bidding is over and the C hand set up

    def copy(self) -> HandPlay:
        """An independent copy: the C hand's state and its generator."""
        other = HandPlay(self.core.copy())
        other.ready = self.ready
        return other

    def is_over(self) -> bool:
        return self.ready and self.core.phase == OVER

    def burying(self) -> bool:
        return self.core.phase == BURY

    def leading(self) -> bool:
        return self.core.phase == PLAY and self.core.n_in_trick == 0

    def hands(self) -> list[list[int]]:
        return [self.core.hand_ids(s) for s in range(N_SEATS)]

    def burier(self) -> int:
        """The seat burying (during the bury) or that buried."""
        return self.core.to_play if self.core.phase == BURY else self.core.burier

    def decide(self, cards) -> list[tuple[Event, Sequence[int]]]:
        """Make the current card decision (``HandState.apply``'s ``cards``: card ids, one id
        or notation text): each decision it made (one per bury card) with its actions."""
        seat = self.core.to_play
        if isinstance(cards, Integral) and not isinstance(cards, bool):
            cards = [int(cards)]
        try:
            ids = as_cards(cards)
        except TypeError:
            raise ValueError(
                f"cards: expected card ids, one id or notation text, not {type(cards).__name__}"
            ) from None
        if isinstance(cards, str):
            ids = self.held_copies(seat, ids)
        leading = self.leading()
        made: list[tuple[Event, Sequence[int]]] = []
        for r in self._check(self.core.apply_cards(ids)):
            ev = event_of(r)
            if ev.phase == "bury":
                made.append((ev, ev.cards))
            else:
                made.append((ev, sorted(ev.cards) + ([ACTION_PLAY] if leading else [])))
        if not made:
            raise ValueError("an empty decision")
        return made

    def apply_action(self, action: int):
        """Apply one action: the raw record of the decision it completed, or None."""
        return self._check(self.core.apply_action(action))

    @staticmethod
    def _check(raw):
        if isinstance(raw, tuple) and len(raw) == 1:
            raise ValueError(APPLY_ERRORS.get(raw[0], f"status {raw[0]}"))
        return raw

    def pending(self) -> list[int]:
        """The cards chosen so far, one action at a time, of the play being made."""
        return list(self.core.chosen_ids())

    def held_copies(self, seat: int, ids: list[int]) -> list[int]:
        """Notation picks copy 0 of a kind first: map kinds onto the copies the seat holds
        (and has not chosen already)."""
        held = self.core.hand_ids(seat)
        chosen = set(self.pending())
        out: list[int] = []
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
