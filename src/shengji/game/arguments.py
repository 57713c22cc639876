"""A game's arguments, parsed once at its edge: its rules (``game_rules``) and its bots
(``card_bot``), as ``HandState``, ``play_hand``, ``builtin_bot`` and the adapters' games
(``VectorEnv``, the OpenSpiel bot) take them.  Below this edge the game, the bidding and
the core take the typed values (a ``Rules``, a ``BotSpec``) as they are.
"""

from __future__ import annotations

from functools import lru_cache

from shengji.game.botspec import BotSpec, parse_bot
from shengji.rules.options import Rules, resolve_rules

__all__ = ["card_bot", "game_rules"]


def _parse(value: str | dict, where: str) -> BotSpec:
    return parse_bot(where, value)


_parsed = lru_cache(maxsize=256)(_parse)  # a name or label: parsed once per process


def game_rules(value: Rules | str | dict | None) -> Rules:
    """A rules argument of a game (``HandState``, ``VectorEnv``): a ``Rules``, a preset name,
    a dict of options or None (the defaults) -> its ``Rules``, once, at the edge (the
    bidding, the core and the records below take that ``Rules`` as it is)."""
    return resolve_rules(value)


def card_bot(value: str | dict | BotSpec, where: str = "bot") -> BotSpec:
    """A bot argument of a game (``HandState.bot_action``, ``builtin_bot``, ``play_hand``'s
    policies, the adapters' opponents) parsed into its ``BotSpec`` (``parse_bot``: a name or
    label once per process); ``where`` names the argument in a message."""
    if isinstance(value, BotSpec):
        return value
    return _parsed(value, where) if isinstance(value, str) else _parse(value, where)
