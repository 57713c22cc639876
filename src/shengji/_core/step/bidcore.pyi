"""The Python-facing bidding (compiled).  See bidcore.pyx."""

from typing import Any

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

from shengji._core.base.options import _Packed

# imported by bidcore.pyx from the kernel (by BidStrength / BidAction / BidStage value)
from shengji._core.bidding.bidding import ACTION_NAMES as ACTION_NAMES
from shengji._core.bidding.bidding import STAGE_NAMES as STAGE_NAMES
from shengji._core.bidding.bidding import STRENGTH_NAMES as STRENGTH_NAMES

PASS: int  # apply()'s choice: pass

# (action, strength, suit 0..4, trumps, kinds shown)
_Option = tuple[int, int, int, int, tuple[int, ...]]

# a cdef class: its C layout makes it a disjoint base (PEP 800)
@disjoint_base
class BidCore:
    def __init__(
        self,
        cards: Any = None,
        level: int = 0,
        rules: _Packed | None = None,
        first_hand: bool = True,
        banker: int = 0,
        first_drawer: int = 0,
    ) -> None: ...
    def copy(self) -> BidCore: ...
    def advance(self) -> int: ...
    stage: str
    seat: int
    dealt: int
    first_drawer: int
    after_deal: bool
    late: bool
    rebury_seat: int
    def cards(self, seat: int) -> list[int]: ...
    def standing(self) -> dict[str, Any]: ...
    def view(self) -> tuple[int, int, int]: ...
    def options(self) -> list[_Option]: ...
    def apply(self, choice: int) -> None: ...
    def policy_choice(self, policy: int, threshold: int = 0) -> int: ...
    def finish(self, state: npt.NDArray[np.uint64]) -> tuple[int, dict[str, Any]]: ...
    def result(self) -> dict[str, Any]: ...
    def late_applies(self) -> bool: ...
    def late_start(self, counts: npt.NDArray[np.uint8]) -> None: ...
    def recount(self, seat: int, counts: npt.NDArray[np.uint8]) -> None: ...
    def late_finish(self) -> dict[str, Any]: ...
