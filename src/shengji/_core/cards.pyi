"""Per-trump order tables (compiled).  See cards.pyx."""
import numpy as np
import numpy.typing as npt

def trump_table(
    level: int, suit: int, tractor_gap: bool = True, trump_chain: bool = True
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.uint8]]: ...
