"""The game layer's Python API: one hand as a game state, what each seat may know, every
decision as an action, and bots.

* ``HandState`` (``state``): a hand, one decision at a time; ``Setup`` (``setup``): what it
  starts from.
* ``Observation`` (``observation``): ``HandState.observation(seat)``, exactly what one seat
  may know; the records ``Trick``, ``FailedThrow``, ``Event`` (``records``).
* The integer action encoding (``actions``): card ids, ``ACTION_PLAY``, the bids from
  ``BID_ACTION_BASE`` on, ``N_ACTIONS``.
* Bots (``bots``): a Python bot ``bot(observation, rng) -> decision`` (``PythonBot``),
  ``builtin_bot``, ``random_action_bot``, ``play_hand``; the built-in bots' names
  ``BOT_NAMES``.
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
from shengji.game.bots import PythonBot, apply_decision, builtin_bot, play_hand, random_action_bot
from shengji.game.observation import Observation
from shengji.game.records import Event, FailedThrow, Trick
from shengji.game.setup import Setup
from shengji.game.state import HandState
from shengji.names import BID_POLICIES, BOT_NAMES, PHASE_NAMES, SHAPE_NAMES, SIDE_NAMES

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
    "PythonBot",
    "builtin_bot",
    "random_action_bot",
    "play_hand",
    "apply_decision",
    "card_points",
    "BOT_NAMES",
    "BID_POLICIES",
    "PHASE_NAMES",
    "SHAPE_NAMES",
    "SIDE_NAMES",
]

# The names these had before 0.2.0, each of which also named another thing (issue 43):
# deprecated, they go in 0.3.0 (CHANGELOG.md, "Deprecated").
_RENAMED = {"Bot": "PythonBot", "BOTS": "BOT_NAMES"}


def __getattr__(name: str):
    if name in _RENAMED:
        import warnings

        new = _RENAMED[name]
        warnings.warn(
            f"shengji.game.{name} is deprecated: use shengji.game.{new} (the old name goes "
            "in 0.3.0)",
            DeprecationWarning,
            stacklevel=2,
        )
        return globals()[new]
    raise AttributeError(f"module 'shengji.game' has no attribute {name!r}")
