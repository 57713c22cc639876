"""The greedy bot (compiled): a club player's rules of thumb.  See greedy.pyx.

Its C API (greedy.pxd: greedy_bury, greedy_play) is reached by ``cimport``; the registry reads its
entry ``BOT``."""

from typing import Any

# the registry's entry: a capsule of the unit's BotVTable (bot.pxd bot_entry), read by registry.pyx
BOT: Any
