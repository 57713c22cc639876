"""N hands stepping in lockstep (compiled): a vector environment's kernel.  See
vector.pyx."""

from typing import Any

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

from shengji._core.base.options import _Packed

LAYOUT: tuple[tuple[str, tuple[int, ...]], ...]
OBSERVATION_SIZE: int
MASK_COLUMNS: int
ENV_BYTES: int
RETURNS: tuple[str, ...]

@disjoint_base
class VectorCore:
    def __init__(
        self,
        n: int,
        rules: _Packed,
        level: int,
        banker: int,
        trump: int,
        policy: int,
        threshold: int,
        learners: int,
        opponent: Any,
        returns: int,
        record: bool,
        obs: npt.NDArray[np.uint8],
        mask: npt.NDArray[np.int8],
        reward: npt.NDArray[np.float64],
        terminated: npt.NDArray[np.bool_],
        to_play: npt.NDArray[np.int8],
        seat_returns: npt.NDArray[np.float64],
    ) -> None: ...
    def reset(self, states: npt.NDArray[np.uint64]) -> None: ...
    def reset_hands(self) -> None: ...
    def step(self, actions: npt.NDArray[np.int64]) -> None: ...
    def sample(self, state: npt.NDArray[np.uint64], out: npt.NDArray[np.int64]) -> None: ...
    def history(self, i: int) -> list[int]: ...
    def deal_info(self, i: int) -> tuple[list[int], dict[str, Any]]: ...
    def stream(self, i: int) -> npt.NDArray[np.uint64]: ...
    def _raise_status(self) -> None: ...
