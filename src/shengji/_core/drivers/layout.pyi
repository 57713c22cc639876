"""Where a duel's deal starts (compiled).  See layout.pyx."""

from typing import Any

import numpy as np
import numpy.typing as npt

def walk_deals(
    state: npt.NDArray[np.uint64],
    deck: npt.NDArray[np.uint8],
    skip: int,
    n: int,
    rules: Any,
    level: int,
    banker: int,
    bid_policy: int,
    bid_threshold: int,
    states: npt.NDArray[np.uint64] | None = ...,
    decks: npt.NDArray[np.uint8] | None = ...,
) -> None: ...
