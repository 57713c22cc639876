"""The hand advisor's driver (compiled).  See advise.pyx."""

import numpy as np
import numpy.typing as npt

from shengji._core.base.options import _Packed
from shengji._core.bots.bot import _Bot
from shengji._core.deal.spec import Dealing

PASS: int
OUT_ROWS: tuple[str, ...]

def advise_hands(
    state: npt.NDArray[np.uint64],
    key: npt.NDArray[np.uint64],
    deal: Dealing,
    seat: int,
    level: int,
    rules: _Packed,
    options: npt.NDArray[np.int32],
    bot: _Bot,
    first: int,
    n: int,
    out: npt.NDArray[np.int32],
) -> None: ...
