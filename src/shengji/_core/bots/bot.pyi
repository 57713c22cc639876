"""The bot interface and registry (compiled).  See bot.pyx; its C API is bot.pxd."""

import enum

class BotId(enum.IntEnum):
    BOT_RANDOM = 0
    BOT_GREEDY = 1
    BOT_MEMORY = 2

BOT_NAMES: tuple[str, ...]  # ("random", "greedy", "memory"), derived from BotId
