"""The duel driver (compiled).  See duel.pyx."""

import numpy as np
import numpy.typing as npt

from shengji._core.base.options import _Packed
from shengji._core.bots.bot import _Bot
from shengji._core.deal.spec import Dealing

def play_duel(
    state: npt.NDArray[np.uint64],
    key: npt.NDArray[np.uint64],
    deck: npt.NDArray[np.uint8],
    first: int,
    n: int,
    rules: _Packed,
    level: int,
    banker: int,
    bot_a: _Bot,
    bot_b: _Bot,
    bid_policy: int,
    bid_threshold: int,
    out: npt.NDArray[np.int32],
    team_b_bid_policy: int = ...,
    deal: Dealing | None = ...,
) -> None: ...
