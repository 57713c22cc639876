"""A hand's bidding as decisions: ``BidPhase`` steps the bidding kernel's state machine
(``_core.step.bidcore.BidCore``, docs/rules.md §7) one decision at a time for
``shengji.game.HandState``'s "bid" phase.

The deal is known in advance (a seed's shuffle, or a given dealing order), so the chance
steps — the cards landing one by one — are deterministic: ``BidPhase`` deals on by itself
until a seat has a bid open to it, and that seat decides.  A decision is a bid action, a
small int (``shengji.rules.bid_types.BID_ACTIONS``): 0 passes, the others name the kind of bid
(declare with a level card of a suit or a single joker, reinforce, overturn with a level
pair of a suit, a joker pair or a mixed joker pair).  ``options()`` gives the same bids as
``BidOption`` values (with the trump each makes, the bidder's trumps with it and the cards
shown), best first by the kernel policies' preference; ``bot(policy)`` is a kernel
policy's choice (eager, threshold k, never), which decides from the seat's own cards and
the public bids only.

After the bury, the round of overturns of ``overturn_after_kitty`` is stepped the same way
(``late_start``); a re-burying overturner (``overturn_reburies``) is reported by
``rebury_seat`` and its new hand given back with ``recount``.
"""

from __future__ import annotations

import numpy as np

from shengji.cards import kind_name
from shengji.door import BidCore
from shengji.names import BID_ACTION_NAMES as ACTION_NAMES
from shengji.names import BID_PASS as PASS
from shengji.names import BID_STRENGTH_NAMES as STRENGTH_NAMES
from shengji.names import N_KINDS, N_SEATS, TRUMP_NAMES
from shengji.rules import pack
from shengji.rules.bid_types import (
    BID_ACTIONS,
    BID_PASS,
    BidOption,
    BidOutcome,
    bid_action,
    core_outcome,
)
from shengji.rules.options import Rules

__all__ = ["BidPhase", "BID_ACTIONS", "BID_PASS"]


class BidPhase:
    """One hand's bidding, stepped (module docstring).  ``deck``: the 108 card ids in
    dealing order; ``level``: rank index; ``rules``: a ``Rules`` (parsed at the edge:
    ``HandState``); ``banker``: the seat of a later hand (ignored in a first hand);
    ``first_drawer``: the seat that draws position 0."""

    def __init__(
        self, deck, level: int, rules: Rules, first_hand: bool, banker: int, first_drawer: int
    ):
        self.core = BidCore(
            np.asarray(deck, np.uint8),
            level,
            pack.rules(rules),
            first_hand,
            0 if first_hand else banker,
            first_drawer,
        )
        self.secret = rules.secret_bids
        self.level = level
        self.first_hand = first_hand
        self.finished = False  # finish() done
        self.log: list[tuple] = []  # (index, seat, action, trump, strength) per bid
        self.seat = self.core.advance()

    @classmethod
    def from_result(cls, core: BidCore, level: int, rules: Rules, first_hand: bool) -> BidPhase:
        """The bidding of a deal already bid elsewhere (HandCore.deal keeps its result in
        ``core``), for the round after the bury."""
        b = cls.__new__(cls)
        b.core, b.level, b.first_hand = core, level, first_hand
        b.secret = rules.secret_bids
        b.finished, b.log, b.seat = True, [], -1
        return b

    def copy(self) -> BidPhase:
        other = BidPhase.__new__(BidPhase)
        other.__dict__.update(self.__dict__)
        other.core = self.core.copy()
        other.log = list(self.log)
        return other

    # -- where it stands ------------------------------------------------------------------
    @property
    def deciding(self) -> bool:
        """Is a seat deciding (``seat``)?"""
        return self.seat >= 0

    @property
    def stage(self) -> str:
        """The machine's stage: "ask" (``seat`` decides), "dealt" (the deal's bidding is
        over: ``finish``), "rebury", "late_done"."""
        return self.core.stage

    @property
    def dealt(self) -> int:
        return self.core.dealt

    def cards(self, seat: int) -> list[int]:
        """The card ids seat has been dealt so far."""
        return self.core.cards(seat)

    def current(self, seat: int) -> dict | None:
        """The standing bid as ``seat`` sees it (None before any declaration; its trump is
        None when it is another seat's face-down bid under ``secret_bids``)."""
        st = self.core.standing()
        if not st["strength"]:
            return None
        hidden = self.secret and st["bidder"] != seat
        return {
            "trump": None if hidden else TRUMP_NAMES[st["suit"]],
            "strength": STRENGTH_NAMES[st["strength"]],
            "bidder": st["bidder"],
            "locked": st["locked"],
        }

    # -- decisions ------------------------------------------------------------------------
    def options(self) -> list[BidOption]:
        """The deciding seat's bids, best first (kernel preference)."""
        out = []
        for action, strength, suit, trumps, shown in self.core.options():
            cards = " ".join(kind_name(k) for k in shown)
            out.append(
                BidOption(
                    ACTION_NAMES[action], TRUMP_NAMES[suit], STRENGTH_NAMES[strength], trumps, cards
                )
            )
        return out

    def legal(self) -> list[int]:
        """The deciding seat's actions: ``BID_PASS`` then one per bid open to it."""
        if not self.deciding:
            return []
        return [BID_PASS] + [bid_action(o) for o in self.options()]

    def parse(self, action) -> int:
        """A bid action from an int, a ``BidOption``, or its name ("pass", "overturn S")."""
        if isinstance(action, BidOption):
            return bid_action(action)
        if isinstance(action, str):
            name = " ".join(action.split()).lower()
            names = [a.lower() for a in BID_ACTIONS]
            if name not in names:
                raise ValueError(
                    f"unknown bid action {action!r}; allowed: " + ", ".join(BID_ACTIONS)
                )
            return names.index(name)
        if (
            isinstance(action, (int, np.integer))
            and not isinstance(action, bool)
            and 0 <= action < len(BID_ACTIONS)
        ):
            return int(action)
        raise ValueError(
            f"not a bid action: {action!r} (an int 0..{len(BID_ACTIONS) - 1}, "
            "a BidOption or a name in BID_ACTIONS)"
        )

    def apply(self, action) -> tuple | None:
        """The deciding seat makes ``action``; returns its log entry (None for a pass).
        ValueError, and nothing changes, if it is not open to the seat."""
        code = self.parse(action)
        legal = self.legal()
        if code not in legal:
            raise ValueError(
                f"seat {self.seat} cannot {BID_ACTIONS[code]!r} now; open to it: "
                + ", ".join(BID_ACTIONS[a] for a in legal)
            )
        seat, index = self.seat, max(self.core.dealt - 1, 0)
        entry = None
        if code == BID_PASS:
            self.core.apply(PASS)
        else:
            i = legal.index(code) - 1
            o = self.options()[i]
            self.core.apply(i)
            entry = (index, seat, o.action, o.trump, o.strength)
            self.log.append(entry)
        self.seat = self.core.advance()
        return entry

    def bot(self, policy: int, threshold: int = 0) -> int:
        """A kernel policy's action for the deciding seat (POLICIES index)."""
        choice = self.core.policy_choice(policy, threshold)
        return BID_PASS if choice == PASS else self.legal()[choice + 1]

    # -- the end of the deal's bidding ------------------------------------------------------
    def finish(self, state) -> tuple[int, dict]:
        """(status, result dict) of the deal's bidding: status 1 when it is thrown in."""
        out = self.core.finish(state)
        self.finished = True
        return out

    def outcome(self, result: dict, redeals: int = 0) -> BidOutcome:
        return core_outcome(
            result,
            TRUMP_NAMES[result["trump"]],
            redeals=redeals,
            bids=tuple(self.log),
            first_drawer=result["first_drawer"],
            late_overturns=result["late_overturns"],
            reburies=result["reburies"],
            team_overturns=tuple(result["team_overturns"]),
        )

    # -- the round after the bury -----------------------------------------------------------
    def late_applies(self) -> bool:
        return self.core.late_applies()

    def late_start(self, counts) -> None:
        """counts: (4, 54) the seats' cards by kind after the bury."""
        self.core.late_start(np.ascontiguousarray(counts, np.uint8))
        self.seat = self.core.advance()

    @property
    def rebury_seat(self) -> int:
        return self.core.rebury_seat

    def recount(self, seat: int, counts) -> None:
        """The re-burying overturner's cards by kind (54) after its bury."""
        self.core.recount(seat, np.ascontiguousarray(counts, np.uint8))
        self.seat = self.core.advance()

    def late_finish(self) -> dict:
        return self.core.late_finish()


def kind_counts(hands) -> np.ndarray:
    """(4, 54) kind counts of four lists of card ids."""
    out = np.zeros((N_SEATS, N_KINDS), np.uint8)
    for s, ids in enumerate(hands):
        for c in ids:
            out[s, c // 2] += 1
    return out
