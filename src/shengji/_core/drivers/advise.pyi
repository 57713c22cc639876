"""The hand advisor's driver (compiled).  See drivers_advise.pyx."""

from typing import Any

import numpy as np
import numpy.typing as npt

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
    bot: Any,
    first: int,
    n: int,
    out: npt.NDArray[np.int32],
) -> None: ...
