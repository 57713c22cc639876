"""The decisions of a ``HandState``: ``apply`` (a whole decision: card ids or notation, or a
bid), ``apply_action`` (one action of the integer encoding), ``bot_action`` (a built-in
bot's choice, any bot as ``shengji.game.botspec`` takes it), and their records
(``history``, ``actions``, ``events``).  A refused decision leaves the state unchanged.
"""

from __future__ import annotations

from numbers import Integral

from shengji._core.step import handcore as _core
from shengji.cards import N_COPIES, as_cards
from shengji.game.actions import ACTION_PLAY, BID_ACTION_BASE, N_ACTIONS
from shengji.game.arguments import card_bot
from shengji.game.botspec import BotSpec
from shengji.game.records import Event, built, event_of
from shengji.game.state_setup import StateSetup
from shengji.game.state_view import _BURY, _PLAY
from shengji.names import BID_POLICIES
from shengji.rules import pack
from shengji.rules.bid_types import BID_ACTIONS

__all__ = ["Decisions"]


class Decisions(StateSetup):
    """The decisions of a ``HandState`` (module docstring)."""

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

    def bot_action(self, bot: str | dict | BotSpec = "greedy"):
        """The built-in bot's choice for the current decision.

        Decided from the deciding seat's view, drawn from this state's generator; the
        decision is not made (``apply`` the choice to make it).

        Parameters
        ----------
        bot : str, dict or BotSpec, default "greedy"
            Any bot as ``shengji.game.botspec`` takes it: a name, a label
            ``"pimc(samples=8, infer_steps=32)"``, a table ``{"bot": "pimc", ...}`` or a
            ``BotSpec``.  In phase "bid" also a kernel bidding policy (``"eager"``,
            ``"threshold"`` with the state's ``threshold``, ``"never"``); a card bot there means
            the state's ``bid_policy``.

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
        if self._bidding_now():
            if isinstance(bot, str) and bot in BID_POLICIES:
                return self._open_bids.bot(BID_POLICIES.index(bot), self._threshold)
            try:
                card_bot(bot)
            except ValueError as exc:
                raise ValueError(f"{exc}; or a bid policy: {', '.join(BID_POLICIES)}") from None
            return self._open_bids.bot(self._policy, self._threshold)
        return self._core.bot_cards(pack.bot(card_bot(bot)))
