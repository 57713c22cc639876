"""The Python-facing hand (compiled).  See handcore.pyx; shengji.game.HandState wraps it."""
from typing import Any

import numpy as np
import numpy.typing as npt

from .bidcore import BidCore

PHASES: tuple[str, ...]
BOTS: tuple[str, ...]
HAND_COLUMNS: tuple[str, ...]
APPLY_ERRORS: dict[int, str]

_Mask = tuple[int, int]   # a play as (one, two) kind masks

class HandCore:
    @staticmethod
    def bid(cards: Any, level: int, rules: Any, banker: int, policy: int = 0,
            threshold: int = 0, state: npt.NDArray[np.uint64] | None = None
            ) -> tuple[int, int, int]: ...
    def deal(self, state: npt.NDArray[np.uint64], deck: npt.NDArray[np.uint8], rules: Any,
             bid_level: int, level0: int, level1: int, banker: int, policy: int = 0,
             threshold: int = 0, trump: int = -1,
             bids: BidCore | None = None) -> tuple[int, int, int]: ...
    def setup(self, cards: Any, level: int, def_level: int, trump: int, banker: int,
              rules: Any, state: npt.NDArray[np.uint64], first_drawer: int = 0) -> None: ...
    def set_trump(self, trump: int) -> None: ...
    def take_kitty(self, seat: int) -> None: ...
    burier: int
    def copy(self) -> "HandCore": ...
    phase: int
    to_play: int
    leader: int
    n_in_trick: int
    tricks_done: int
    banker: int
    trump: int
    level: int
    trick_rows: npt.NDArray[np.uint8]
    buried: npt.NDArray[np.uint8]
    table_points: int
    banker_points: int
    penalty: int
    seat_points: list[int]
    void_suits: list[int]
    def hand(self, seat: int) -> npt.NDArray[np.uint8]: ...
    def legal(self) -> npt.NDArray[np.uint64]: ...
    def throw_counts(self, seat: int) -> tuple[list[int], list[int]]: ...
    def bury(self, one: int, two: int) -> int: ...
    def apply(self, one: int, two: int) -> tuple[int, int, int]: ...
    def bot(self, policy: int) -> _Mask: ...
    def result(self) -> dict[str, int]: ...
    def trick(self, i: int) -> tuple[int, int, int, list[_Mask], _Mask | None]: ...
    def _move_card(self, src: int, kind: int, dst: int) -> None: ...
