"""The study drivers (compiled).  See hands.pyx."""

from typing import Any

import numpy as np
import numpy.typing as npt

from shengji._core.bots.bot import _Bot

HAND_COLUMNS: tuple[str, ...]
MATCH_ENDS: tuple[str, ...]

def play_hands(
    state: npt.NDArray[np.uint64],
    deck: npt.NDArray[np.uint8],
    n: int,
    rules: Any,
    level: int,
    banker: int,
    banker_bot: _Bot,
    defender_bot: _Bot,
    bid_policy: int,
    bid_threshold: int,
    out: npt.NDArray[np.int32],
) -> None: ...
def play_match(
    state: npt.NDArray[np.uint64],
    deck: npt.NDArray[np.uint8],
    rules: Any,
    team0_bot: _Bot,
    team1_bot: _Bot,
    bid_policy: int,
    bid_threshold: int,
    out: npt.NDArray[np.int32],
) -> tuple[int, int, int, int, int]: ...
