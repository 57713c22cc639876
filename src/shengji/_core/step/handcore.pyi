"""The Python-facing hand (compiled), one call per decision.  See handcore.pyx."""

from typing import Any

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

from shengji._core.base.options import _Packed
from shengji._core.bots.bot import _Bot
from shengji._core.deal.spec import Dealing
from shengji._core.step.bidcore import BidCore
from shengji._core.step.infoset import InfoSet

PHASES: tuple[str, ...]
BOT_NAMES: tuple[str, ...]
HAND_COLUMNS: tuple[str, ...]
APPLY_ERRORS: dict[int, str]

_Mask = tuple[int, int]  # a play as (one, two) kind masks
# (seat, phase, cards, played, penalty, trick or -1, winner or -1, points, over)
_Event = tuple[int, int, list[int], list[int], int, int, int, int, bool]
_Status = tuple[int]  # a refused decision: (negative status,), see APPLY_ERRORS

# a cdef class: its C layout makes it a disjoint base (PEP 800)
@disjoint_base
class HandCore:
    @staticmethod
    def bid(
        cards: Any,
        level: int,
        rules: _Packed,
        banker: int,
        policy: int = 0,
        threshold: int = 0,
        state: npt.NDArray[np.uint64] | None = None,
    ) -> tuple[int, dict[str, int]]: ...
    def deal(
        self,
        state: npt.NDArray[np.uint64],
        deck: npt.NDArray[np.uint8],
        rules: _Packed,
        bid_level: int,
        level0: int,
        level1: int,
        banker: int,
        policy: int = 0,
        threshold: int = 0,
        trump: int = -1,
        bids: BidCore | None = None,
        deal: Dealing | None = None,
    ) -> dict[str, Any] | None: ...
    def match_hand(
        self,
        state: npt.NDArray[np.uint64],
        deck: npt.NDArray[np.uint8],
        rules: _Packed,
        team0_bot: _Bot,
        team1_bot: _Bot,
        bid_policy: int,
        bid_threshold: int,
        hand: int,
        bids: BidCore | None = None,
        deal: Dealing | None = None,
        deal_every: bool = True,
    ) -> tuple[dict[str, Any], tuple[int, int]] | None: ...
    def setup(
        self,
        cards: Any,
        level: int,
        def_level: int,
        trump: int,
        banker: int,
        rules: _Packed,
        state: npt.NDArray[np.uint64],
        bidding: dict[str, Any] | None = None,
        first_drawer: int = 0,
    ) -> None: ...
    def set_bidding(self, bidding: dict[str, Any] | None) -> None: ...
    def set_rng(self, state: npt.NDArray[np.uint64]) -> None: ...
    def set_trump(self, trump: int) -> None: ...
    def take_kitty(self, seat: int) -> None: ...
    burier: int
    def copy(self) -> HandCore: ...
    phase: int
    to_play: int
    leader: int
    n_in_trick: int
    tricks_done: int
    banker: int
    trump: int
    level: int
    def_level: int
    bidding_outcome: dict[str, int] | None
    n_chosen: int
    table_points: int
    banker_points: int
    penalty: int
    seat_points: list[int]
    void_suits: list[int]
    def hand(self, seat: int) -> npt.NDArray[np.uint8]: ...
    def hand_ids(self, seat: int) -> list[int]: ...
    def kitty_ids(self) -> list[int]: ...
    def buried_ids(self) -> list[int]: ...
    def chosen_ids(self) -> list[int]: ...
    def infoset(self, seat: int) -> InfoSet: ...
    def legal_actions(self) -> list[int]: ...
    def throw_counts(self, seat: int) -> tuple[list[int], list[int]]: ...
    def apply_cards(self, cards: Any) -> list[_Event] | _Status: ...
    def apply_action(self, a: int) -> _Event | _Status | None: ...
    def bot(self, spec: _Bot) -> _Mask: ...
    def play_to_end(self, spec: _Bot) -> int: ...
    def bot_cards(self, spec: _Bot) -> list[int]: ...
    def result(self) -> dict[str, int]: ...
    def trick(self, i: int) -> tuple[int, int, int, list[_Mask], _Mask | None]: ...
    def _move_card(self, src: int, kind: int, dst: int) -> None: ...
