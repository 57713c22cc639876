"""The bot interface and registry (compiled).  See bot.pyx; its C API is bot.pxd."""

import enum
from collections.abc import Iterable
from typing import Any, Protocol, TypeAlias

class BotId(enum.IntEnum):
    BOT_RANDOM = 0
    BOT_GREEDY = 1
    BOT_MEMORY = 2
    BOT_PIMC = 3
    BOT_SWIFT = 4

class Objective(enum.IntEnum):
    OBJECTIVE_POINTS = 0
    OBJECTIVE_LEVELS = 1

BOT_NAMES: tuple[str, ...]  # ("random", "greedy", "memory", "pimc", "swift"), derived from BotId
OBJECTIVES: tuple[str, ...]  # ("points", "levels"), derived from Objective
PARAM_FIELDS: tuple[str, ...]  # BotParams' fields, as shengji.game.botspec names them
ROLLOUT_BOTS: tuple[str, ...]  # the bots a search bot may play its samples out with

# What a driver takes for a bot (agent_init): a BotId, or a spec with the bot's ``id`` and its
# ``params`` as (name, value) pairs naming PARAM_FIELDS (shengji.game.botspec.BotSpec).
class _BotSpec(Protocol):
    @property
    def id(self) -> int: ...
    @property
    def params(self) -> Iterable[tuple[str, Any]]: ...

_Bot: TypeAlias = int | _BotSpec
