"""Conditional deals (compiled).  See cond.pyx."""

import numpy as np
import numpy.typing as npt

from shengji._core.deal.spec import Dealing

def deal_orders(
    deal: Dealing,
    state: npt.NDArray[np.uint64],
    n: int,
    level: int,
    first_drawer: int = 0,
) -> npt.NDArray[np.uint8]: ...
def deal_sets_chunk(
    deal: Dealing,
    state: npt.NDArray[np.uint64],
    n: int,
    level: int,
    features: npt.NDArray[np.uint8] | None,
    kitty_points: npt.NDArray[np.uint8] | None,
    cards: npt.NDArray[np.uint8] | None,
    joint: npt.NDArray[np.int64] | None,
    kitty_hist: npt.NDArray[np.int64] | None,
    order_state: npt.NDArray[np.uint64] | None,
    tractor_gap: bool = True,
    trump_chain: bool = True,
) -> None: ...
def cond_deal_chunk(
    deal: Dealing,
    state: npt.NDArray[np.uint64],
    n: int,
    level: int,
    features: npt.NDArray[np.uint8] | None = None,
    kitty_points: npt.NDArray[np.uint8] | None = None,
    cards: npt.NDArray[np.uint8] | None = None,
    hist: npt.NDArray[np.int64] | None = None,
    kitty_hist: npt.NDArray[np.int64] | None = None,
    order_state: npt.NDArray[np.uint64] | None = None,
    tractor_gap: bool = True,
    trump_chain: bool = True,
) -> None: ...
