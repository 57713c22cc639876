"""The pimc bot (compiled): determinized Monte Carlo search on the C engine.  See pimc.pyx;
its C API is pimc.pxd, its parameters the bot table's (bots/table.py)."""

from typing import Any

# the registry's entry: a capsule of the unit's BotVTable (bot.pxd bot_entry), read by registry.pyx
BOT: Any
