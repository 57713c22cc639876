"""Per-trump order tables and the card sizes (compiled).  See cards.pyx / cards.pxd."""

import numpy as np
import numpy.typing as npt

# the cpdef enum of cards.pxd (re-exported by shengji.names)
N_SUITS: int
N_RANKS: int
N_KINDS: int
N_COPIES: int
N_CARDS: int
N_SEATS: int
HAND_SIZE: int
KITTY_SIZE: int
N_DEALT: int
SMALL_JOKER: int
BIG_JOKER: int
TRUMP: int
NO_TRUMP: int
TOTAL_POINTS: int

def trump_table(
    level: int, suit: int, tractor_gap: bool = True, trump_chain: bool = True
) -> tuple[
    npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.uint8]
]: ...
