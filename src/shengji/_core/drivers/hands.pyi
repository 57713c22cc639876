"""The study drivers (compiled).  See drivers.pyx."""

from typing import Any

import numpy as np
import numpy.typing as npt

HAND_COLUMNS: tuple[str, ...]
MATCH_ENDS: tuple[str, ...]

def play_hands(
    state: npt.NDArray[np.uint64],
    deck: npt.NDArray[np.uint8],
    n: int,
    rules: Any,
    level: int,
    banker: int,
    banker_bot: int,
    defender_bot: int,
    bid_policy: int,
    bid_threshold: int,
    out: npt.NDArray[np.int32],
) -> None: ...
def play_match(
    state: npt.NDArray[np.uint64],
    deck: npt.NDArray[np.uint8],
    rules: Any,
    team0_bot: int,
    team1_bot: int,
    bid_policy: int,
    bid_threshold: int,
    out: npt.NDArray[np.int32],
) -> tuple[int, int, int, int, int]: ...
