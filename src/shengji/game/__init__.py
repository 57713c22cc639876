"""The game layer's Python API: one hand as a game state, what each seat may know, every
decision as an action, and bots.

* ``HandState`` (``state``): a hand, one decision at a time; ``Setup`` (``setup``): what it
  starts from.
* ``Observation`` (``observation``): ``HandState.observation(seat)``, exactly what one seat
  may know; the records ``Trick``, ``FailedThrow``, ``Event`` (``records``).
* The integer action encoding (``actions``): card ids, ``ACTION_PLAY``, the bids from
  ``BID_ACTION_BASE`` on, ``N_ACTIONS``.
* Bots (``bots``): ``bot(observation, rng) -> decision``, ``builtin_bot``,
  ``random_action_bot``, ``play_hand``.
* ``replay`` of a study row is the analysis layer's (``shengji.replay``,
  ``shengji.analysis.replay``).
"""

from shengji.cards import card_points
from shengji.game.actions import (
    ACTION_PLAY,
    BID_ACTION_BASE,
    N_ACTIONS,
    action_name,
    bid_action_index,
    is_bid_action,
    is_card_action,
)
from shengji.game.bots import Bot, apply_decision, builtin_bot, play_hand, random_action_bot
from shengji.game.observation import Observation
from shengji.game.records import Event, FailedThrow, Trick
from shengji.game.setup import Setup
from shengji.game.state import HandState
from shengji.names import BID_POLICIES, PHASE_NAMES, SHAPE_NAMES, SIDE_NAMES
from shengji.names import BOT_NAMES as BOTS

__all__ = [
    "HandState",
    "Setup",
    "Observation",
    "Trick",
    "FailedThrow",
    "Event",
    "ACTION_PLAY",
    "BID_ACTION_BASE",
    "N_ACTIONS",
    "is_card_action",
    "is_bid_action",
    "bid_action_index",
    "action_name",
    "Bot",
    "builtin_bot",
    "random_action_bot",
    "play_hand",
    "apply_decision",
    "card_points",
    "BOTS",
    "BID_POLICIES",
    "PHASE_NAMES",
    "SHAPE_NAMES",
    "SIDE_NAMES",
]
