"""A duel's deals in the vector environment's kernel (compiled).  See duelcore.pyx."""

from typing import Any

import numpy as np
import numpy.typing as npt

from shengji._core.step.vector import VectorCore

class DuelCore(VectorCore):
    def load_duel(
        self,
        states: npt.NDArray[np.uint64],
        decks: npt.NDArray[np.uint8],
        keys: npt.NDArray[np.uint64],
        deals: npt.NDArray[np.int64],
        orientations: npt.NDArray[np.int8],
    ) -> None: ...
    def rows(self, out: npt.NDArray[np.int32]) -> None: ...
    def infoset(self, i: int) -> Any: ...
    def illegal(self, actions: npt.NDArray[np.int64], out: npt.NDArray[np.uint8]) -> int: ...
