"""Deal kernel (compiled).  See deal.pyx."""

import numpy as np
import numpy.typing as npt

FEATURE_NAMES: tuple[str, ...]

def deal_chunk(
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
def check_outputs(
    n: int,
    level: int,
    features: npt.NDArray[np.uint8] | None,
    kitty_points: npt.NDArray[np.uint8] | None,
    cards: npt.NDArray[np.uint8] | None,
    hist: npt.NDArray[np.int64] | None,
    kitty_hist: npt.NDArray[np.int64] | None,
    order_state: npt.NDArray[np.uint64] | None,
) -> None: ...
def row_sums(rows: npt.NDArray[np.uint8], m: int) -> npt.NDArray[np.int64]: ...
