"""What one seat may know (compiled): a redacted copy of a hand.  See infoset.pyx."""

from typing import Any

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

from shengji._core.bots.bot import _Bot

# imported by infoset.pyx: the columns of result()
from shengji._core.drivers.hands import HAND_COLUMNS as HAND_COLUMNS

# a cdef class: its C layout makes it a disjoint base (PEP 800)
@disjoint_base
class InfoSet:
    seat: int
    bidding: dict[str, int] | None
    def legal_actions(self) -> list[int]: ...
    def legal(self) -> list[list[int]]: ...
    def bot(self, spec: _Bot, state: npt.NDArray[np.uint64]) -> list[int]: ...
    def observe(self, known: int = 0) -> dict[str, Any]: ...
    def result(self) -> dict[str, int]: ...
    def _contents(self) -> tuple[npt.NDArray[np.uint8], list[str]]: ...
