"""The players' bid odds (compiled): deals bid by a bot in every seat.  See bids.pyx."""

from typing import Any

import numpy as np
import numpy.typing as npt

from shengji._core.base.options import _Packed
from shengji._core.deal.spec import Dealing

def bid_chunk_players(
    state: npt.NDArray[np.uint64],
    deck: npt.NDArray[np.uint8],
    n: int,
    level: int,
    rules: _Packed,
    bot: Any,
    first_hand: bool = ...,
    banker: int = ...,
    cards: npt.NDArray[np.uint8] | None = ...,
    deal: Dealing | None = ...,
) -> dict[str, npt.NDArray[Any]]: ...
