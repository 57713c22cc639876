# cython: language_level=3
"""The bot interface (bot.pxd: a bot is C functions of an information-set view and an Rng,
and the enums BotId and Objective).  The Python names of the bots and their parameters,
the registry and the agents are bots/registry.pyx."""
