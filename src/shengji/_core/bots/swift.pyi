"""The swift bot (compiled): pimc's search at the bury and in the last cards of the hand,
memory's play before.  See swift.pyx; its C API is swift.pxd, its parameters the bot
table's (bots/table.py)."""

from typing import Any

# the registry's entry: a capsule of the unit's BotVTable (bot.pxd bot_entry), read by registry.pyx
BOT: Any
