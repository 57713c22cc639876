"""The hand advisor's driver (compiled).  See advise.pyx."""

from typing import Any

import numpy as np
import numpy.typing as npt

from shengji._core.bots.bot import _Bot

PASS: int
OUT_ROWS: tuple[str, ...]

def advise_hands(
    state: npt.NDArray[np.uint64],
    key: npt.NDArray[np.uint64],
    hand: npt.NDArray[np.uint8],
    seat: int,
    level: int,
    rules: Any,
    options: npt.NDArray[np.int32],
    bot: _Bot,
    first: int,
    n: int,
    out: npt.NDArray[np.int32],
) -> None: ...
