"""Bots as study files name them: a built-in bot's name, with its parameters when it has any.

A bot is written either as its name or as a table holding the name under ``bot`` and the
parameters beside it::

    team_a = "memory"
    team_b = {bot = "pimc", samples = 32}

The names are the core's (``shengji.names.BOT_NAMES``, from the ``BotId`` enum of
``_core/bot.pxd``); the parameters of each bot are declared once, in ``BOT_PARAMS`` below
(name -> default and check).  ``parse_bot`` validates a value and fills in the defaults; a
``BotSpec`` gives the core's id, a label for tables and summaries (``"memory"``,
``"pimc(samples=32)"``) and the canonical value a run's metadata records (the name alone
for a bot without parameters, else a table of every parameter).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .names import BOT_NAMES

__all__ = ["BOT_PARAMS", "BotSpec", "parse_bot"]

# Parameters of each built-in bot: name -> {parameter: (default, check)}; check(where,
# value) returns the value or raises ValueError naming `where`.  None of today's bots
# (random, greedy, memory) takes any; a search bot's samples / rollout / time budget go here.
BOT_PARAMS: dict[str, dict[str, tuple[Any, Callable[[str, Any], Any]]]] = {
    name: {} for name in BOT_NAMES
}

NAME_KEY = "bot"   # the key of a bot table that holds the name


@dataclass(frozen=True)
class BotSpec:
    """A built-in bot with every parameter's value (defaults filled in, sorted by name)."""

    name: str
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def id(self) -> int:
        """The core's BotId value."""
        return BOT_NAMES.index(self.name)

    @property
    def label(self) -> str:
        """``name`` or ``name(key=value, ...)``: for table columns and summaries."""
        if not self.params:
            return self.name
        return f"{self.name}(" + ", ".join(f"{k}={v}" for k, v in self.params) + ")"

    def to_config(self) -> str | dict:
        """The canonical study-file value (what a run's metadata records)."""
        if not self.params:
            return self.name
        return {NAME_KEY: self.name, **dict(self.params)}


def _allowed() -> str:
    return ", ".join(BOT_NAMES)


def parse_bot(where: str, value: Any) -> BotSpec:
    """A bot name or ``{bot = name, param = value, ...}`` -> BotSpec; ValueError with one
    line naming ``where`` (the study key) for anything else."""
    if isinstance(value, BotSpec):
        return value
    if isinstance(value, str):
        name, given = value, {}
    elif isinstance(value, dict):
        if NAME_KEY not in value:
            raise ValueError(f"{where}: a bot table needs the key {NAME_KEY!r} (e.g. "
                             f"{{{NAME_KEY} = \"memory\"}}), got {value!r}")
        name = value[NAME_KEY]
        given = {k: v for k, v in value.items() if k != NAME_KEY}
    else:
        raise ValueError(f"{where}: expected a bot name ({_allowed()}) or a table "
                         f"{{{NAME_KEY} = name, parameter = value, ...}}, got {value!r}")
    if not isinstance(name, str) or name not in BOT_NAMES:
        raise ValueError(f"{where}: unknown bot {name!r}; allowed: {_allowed()}")
    declared = BOT_PARAMS[name]
    for key in given:
        if key not in declared:
            allowed = ", ".join(sorted(declared)) if declared else "none"
            raise ValueError(f"{where}: bot {name!r} has no parameter {key!r}; its "
                             f"parameters: {allowed}")
    params = []
    for key in sorted(declared):
        default, check = declared[key]
        params.append((key, check(f"{where}.{key}", given[key]) if key in given else default))
    return BotSpec(name, tuple(params))
