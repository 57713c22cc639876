"""The random bot (compiled): uniform over the candidate plays.  See random.pyx.

Its C API (random.pxd: random_bury, random_play) is reached by ``cimport``; the registry reads its
entry ``BOT``."""

from typing import Any

# the registry's entry: a capsule of the unit's BotVTable (bot.pxd bot_entry), read by registry.pyx
BOT: Any
