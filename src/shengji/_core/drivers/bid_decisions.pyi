"""The bid decisions driver (compiled): hands played with the seats bidding, every bid decision
the net bot's bid head judges recorded with each option's hindsight value.  See
bid_decisions.pyx."""

from typing import Any

import numpy as np

from shengji._core.drivers.jobs import BidDecisionsJob

META_COLUMNS: tuple[str, ...]
OPTIONS: int
STATE_SIZE: int
ACTION_SIZE: int

def _arrays(cap: int, old: dict[str, Any] | None = None) -> dict[str, np.ndarray]: ...
def record_bids(job: BidDecisionsJob) -> dict[str, np.ndarray]: ...
