"""The bot interface (compiled): the enums of the bots and objectives.  See bot.pyx; its C
API is bot.pxd, the bots and their parameters the bot table's (bots/table.py), their Python
names and the registry bots/registry.pyx."""

import enum
from collections.abc import Iterable, Mapping
from typing import Any, TypeAlias

class BotId(enum.IntEnum):
    # the ids the C code names: the bot table's first rows
    BOT_RANDOM = 0
    BOT_GREEDY = 1
    BOT_MEMORY = 2
    BOT_PIMC = 3
    BOT_SWIFT = 4
    BOT_NET = 5

class Objective(enum.IntEnum):
    OBJECTIVE_POINTS = 0
    OBJECTIVE_LEVELS = 1

# What the core takes for a bot (agent_init): a bot id (its default parameters), or (id,
# parameters), the parameters a mapping or (name, value) pairs of the bot table's names
# (shengji.rules.pack.bot packs a BotSpec into it).
_Bot: TypeAlias = int | tuple[int, Mapping[str, Any] | Iterable[tuple[str, Any]]]
