"""The memory bot (compiled): greedy's rules plus the public record.  See memory.pyx.

Its C API (memory.pxd: memory_bury, memory_play) is reached by ``cimport``; the registry reads its
entry ``BOT``."""

from typing import Any

# the registry's entry: a capsule of the unit's BotVTable (bot.pxd bot_entry), read by registry.pyx
BOT: Any
