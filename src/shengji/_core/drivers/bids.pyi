"""The players' bid odds (compiled): deals bid by a bot in every seat.  See bids.pyx."""

from typing import Any

import numpy as np
import numpy.typing as npt

def bid_chunk_players(
    state: npt.NDArray[np.uint64],
    deck: npt.NDArray[np.uint8],
    n: int,
    level: int,
    rules: Any,
    bot: Any,
    first_hand: bool = ...,
    banker: int = ...,
    cards: npt.NDArray[np.uint8] | None = ...,
) -> dict[str, npt.NDArray[Any]]: ...
