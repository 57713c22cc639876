"""The bidding kernel (compiled).  See bidding.pyx; its C API (the state machine) is
bidding.pxd, the stepping API for Python is bidcore.BidCore."""

import enum
from typing import Any

import numpy as np
import numpy.typing as npt

class BidStrength(enum.IntEnum):
    STR_NONE = 0
    STR_SINGLE = 1
    STR_LEVEL_PAIR = 2
    STR_SMALL_JOKER_PAIR = 3
    STR_BIG_JOKER_PAIR = 4

class BidAction(enum.IntEnum):
    ACT_NONE = 0
    ACT_DECLARE = 1
    ACT_REINFORCE = 2
    ACT_OVERTURN = 3

class BidStage(enum.IntEnum):
    STAGE_DEAL = 0
    STAGE_ASK = 1
    STAGE_DEALT = 2
    STAGE_LATE_DONE = 3
    STAGE_REBURY = 4

MAX_REDEALS: int
MAX_THRESHOLD: int
MAX_BID_OPTIONS: int
POLICIES: tuple[str, ...]
PLAYERS_INDEX: int  # the drivers' number of the players' bidding (POLICY_PLAYERS)
RESULT_FIELDS: tuple[str, ...]
STRENGTH_NAMES: tuple[str, ...]  # by BidStrength value
ACTION_NAMES: tuple[str, ...]  # by BidAction value
STAGE_NAMES: tuple[str, ...]  # by BidStage value

def bid_given(
    cards: Any,
    level: int,
    rules: Any = None,
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
    rules: Any = None,
    policy: int = 0,
    threshold: int = 0,
    first_hand: bool = True,
    banker: int = 0,
    trumps: bool = True,
    cards: npt.NDArray[np.uint8] | None = None,
) -> dict[str, npt.NDArray[Any]]: ...
def seen_probe(
    cards: Any,
    level: int,
    rules: Any = ...,
    first_hand: bool = ...,
    banker: int = ...,
    first_drawer: int = ...,
) -> list[dict[str, Any]]: ...
