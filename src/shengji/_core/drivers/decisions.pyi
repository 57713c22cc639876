"""The decisions driver (compiled): hands played by a teacher bot, every decision recorded
as the net bot sees it.  See decisions.pyx."""

from typing import Any

import numpy as np

META_COLUMNS: tuple[str, ...]
MAX_PLAYS_PER_HAND: int
MAX_CANDIDATES: int
STATE_SIZE: int
ACTION_SIZE: int

def record_hands(
    state: np.ndarray,
    deck: np.ndarray,
    n: int,
    rules: Any,
    level: int,
    banker: int,
    teacher: Any,
    bid_policy: int,
    bid_threshold: int,
    cap: int,
    out: np.ndarray,
    explore: float = 0.0,
    hindsight: bool = False,
) -> dict[str, np.ndarray]: ...
