"""The study drivers (compiled).  See hands.pyx."""

import numpy as np
import numpy.typing as npt

from shengji._core.base.options import _Packed
from shengji._core.bots.bot import _Bot
from shengji._core.deal.spec import Dealing

HAND_COLUMNS: tuple[str, ...]
MATCH_ENDS: tuple[str, ...]

def play_hands(
    state: npt.NDArray[np.uint64],
    deck: npt.NDArray[np.uint8],
    n: int,
    rules: _Packed,
    level: int,
    banker: int,
    banker_bot: _Bot,
    defender_bot: _Bot,
    bid_policy: int,
    bid_threshold: int,
    out: npt.NDArray[np.int32],
    deal: Dealing | None = ...,
) -> None: ...
def play_match(
    state: npt.NDArray[np.uint64],
    deck: npt.NDArray[np.uint8],
    rules: _Packed,
    team0_bot: _Bot,
    team1_bot: _Bot,
    bid_policy: int,
    bid_threshold: int,
    out: npt.NDArray[np.int32],
    deal: Dealing | None = ...,
    deal_every: bool = ...,
) -> tuple[int, int, int, int, int]: ...
