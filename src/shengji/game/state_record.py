"""The record of a ``HandState``: every decision so far (``history``: card ids, or a bid's
action), every action of the integer encoding (``actions``), what each decision did
(``events``), the public record observations share (``memo``) and the last public
observation, kept per action."""

from __future__ import annotations

from collections.abc import Callable

from shengji.game.observation import HandMemo, Observation
from shengji.game.records import Event

__all__ = ["HandRecord"]


class HandRecord:
    """The decisions of one hand, in order, and what they did (module docstring)."""

    __slots__ = ("history", "actions", "events", "memo", "_public")

    def __init__(self) -> None:
        self.history: list = []  # card ids of a card decision, the action of a bid
        self.actions: list[int] = []
        self.events: list[Event] = []
        self.memo = HandMemo()  # the public record observations share
        self._public: tuple[int, Observation] | None = None

    def add(self, ev: Event, actions) -> Event:
        """Record the decision ``ev`` and its actions (a bid's: one action)."""
        self.history.append(ev.cards if ev.phase != "bid" else actions[0])
        self.actions.extend(actions)
        self.events.append(ev)
        return ev

    def add_action(self, action: int) -> None:
        """Record an action that chose a card and completed no decision."""
        self.actions.append(action)

    def public(self, observe: Callable[[int], Observation]) -> Observation:
        """The public record's observation (``observe(0)``, seat 0's), computed once per
        action."""
        if self._public is None or self._public[0] != len(self.actions):
            self._public = (len(self.actions), observe(0))
        return self._public[1]

    def copy(self) -> HandRecord:
        """An independent copy (the public observation shared until the next action)."""
        other = HandRecord.__new__(HandRecord)
        other.history = list(self.history)
        other.actions = list(self.actions)
        other.events = list(self.events)
        other.memo = self.memo.copy()
        other._public = self._public
        return other

    def __getstate__(self):
        return (self.history, self.actions, self.events, self.memo)

    def __setstate__(self, state) -> None:
        self.history, self.actions, self.events, self.memo = state
        self._public = None
