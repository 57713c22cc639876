"""The decisions driver (compiled): hands played by a teacher bot, every decision recorded
as the net bot sees it.  See decisions.pyx."""

import numpy as np

from shengji._core.drivers.jobs import DecisionsJob

META_COLUMNS: tuple[str, ...]
MAX_PLAYS_PER_HAND: int
MAX_CANDIDATES: int
STATE_SIZE: int
ACTION_SIZE: int

def record_hands(job: DecisionsJob) -> dict[str, np.ndarray]: ...
