"""The bidding kernel (compiled).  See bidding.pyx; its C API (the state machine) is
bidding.pxd, the stepping API for Python is bidcore.BidCore, its Python entry points
(``bid_given``, ``bid_chunk``, ``seen_probe``, the draws) are entry.pyi."""

import enum

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
