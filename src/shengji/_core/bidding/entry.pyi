"""The bidding kernel's Python entry points (compiled).  See entry.pyx; the machine they
drive is bidding.pyx (bidding.pxd)."""

from typing import Any

import numpy as np
import numpy.typing as npt

from shengji._core.base.options import _Packed
from shengji._core.deal.spec import Dealing

def bid_given(
    cards: Any,
    level: int,
    rules: _Packed,
    policy: int = 0,
    threshold: int = 0,
    first_hand: bool = True,
    banker: int = 0,
    state: npt.NDArray[np.uint64] | None = None,
    first_drawer: int = -1,
) -> tuple[int, dict[str, Any]]: ...
def shuffle_deck(state: npt.NDArray[np.uint64], deck: npt.NDArray[np.uint8]) -> None: ...
def draw_bounded(state: npt.NDArray[np.uint64], bound: int) -> int: ...
def bid_chunk(
    state: npt.NDArray[np.uint64],
    deck: npt.NDArray[np.uint8],
    n: int,
    level: int,
    rules: _Packed,
    policy: int = 0,
    threshold: int = 0,
    first_hand: bool = True,
    banker: int = 0,
    trumps: bool = True,
    cards: npt.NDArray[np.uint8] | None = None,
    deal: Dealing | None = None,
) -> dict[str, npt.NDArray[Any]]: ...
def seen_probe(
    cards: Any,
    level: int,
    rules: _Packed,
    first_hand: bool = ...,
    banker: int = ...,
    first_drawer: int = ...,
) -> list[dict[str, Any]]: ...
