"""The players' bid odds (compiled): deals bid by a bot in every seat.  See bids.pyx."""

from typing import Any

import numpy.typing as npt

from shengji._core.drivers.jobs import BidsJob

def bid_chunk_players(job: BidsJob) -> dict[str, npt.NDArray[Any]]: ...
