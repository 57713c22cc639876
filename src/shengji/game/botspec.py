"""Bots as every entry point names them: a built-in bot's name, with its parameters when it
has any.

A bot is written as its name, as a label ``name(key=value, ...)`` (what a command line
takes, and ``BotSpec.label`` writes), as a table holding the name under ``bot`` and the
parameters beside it, or as a ``BotSpec`` already parsed::

    team_a = "memory"
    team_b = {bot = "pimc", samples = 32}
    HandState(...).bot_action("pimc(infer_steps=32)")

A preset of the table (``pimc_infer``: pimc's strongest search) is written where a bot's
name is, and stands for its bot with the preset's parameters; parameters given beside it
override the preset's (``{bot = "pimc_infer", rollout = "net"}``, ``pimc_infer(samples=8)``).
The spec is the bot's: a run records the parameters, the same bytes as when they are
written out.

Every bot and each of its parameters (name, type, limits, default, one-line doc) is
declared once, in the bot table (``shengji._core.bots.table.BOTS``; ``shengji bots`` lists
it).  ``parse_bot`` validates a value by the table and fills in the defaults, once, at the
edge (a study file, a command-line flag, an argument of ``HandState.bot_action``,
``VectorEnv``, ``advise``...); a ``BotSpec`` is the frozen result every layer below takes as
it is.  It gives the core's id, a label for tables and summaries (``"memory"``,
``"pimc(samples=32)"``: the parameters that differ from the defaults) and the canonical
value a run's metadata records (the name alone for a bot without parameters, else a table
of its parameters).  ``shengji.rules.pack.bot`` packs it for the core, whose
``agent_init`` checks it again by the same table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from shengji._core.bots.registry import ROLLOUT_BOTS  # noqa: F401 (the bots a search rolls out with)
from shengji._core.bots.table import (
    BOTS,
    DIGEST_SUFFIX,
    PRESET_NAMES,
    bot_row,
    check_params,
    digest_differs,
    preset_row,
)
from shengji.names import BOT_NAMES

__all__ = [
    "BOT_PARAMS",
    "BOT_PRESETS",
    "BotSpec",
    "RECORDED_WHEN_SET",
    "parse_bot",
    "chunk_size_for",
]

# Hands a chunk holds when a search bot plays (a chunk is the unit of progress, resuming
# and parallel work: at a few hands a second, a default chunk of 16,384 hands would show
# no progress for hours and keep every other worker idle).
SEARCH_CHUNK_HANDS = 32

# Each bot's parameters as the table declares them: name -> {parameter: (default,
# check)}; check(where, value) returns the value or raises ValueError naming ``where``.  A
# view of the table (read-only by convention): change the table, not this.
BOT_PARAMS: dict[str, dict[str, tuple[Any, Callable[[str, Any], Any]]]] = {
    b.name: {p.name: (p.default, p.check) for p in b.params} for b in BOTS
}

NAME_KEY = "bot"  # the key of a bot table that holds the name

# The bot table's presets: name -> (bot, {parameter: value}).  A view of the table, as above.
BOT_PRESETS: dict[str, tuple[str, dict[str, Any]]] = {
    name: (preset_row(name)[0].name, dict(preset_row(name)[1].params)) for name in PRESET_NAMES
}

# Parameters added after 0.1.0 (issue 23: inference from play, the bury's samples, the
# base-choice guard; the table's ``record_default=False``): a run's metadata records them only
# when they differ from their defaults, which are the behaviour before them -- a run at the
# defaults records the same table, byte for byte, as it did before they existed.
RECORDED_WHEN_SET = frozenset(p.name for b in BOTS for p in b.params if not p.record_default)


@dataclass(frozen=True)
class BotSpec:
    """A built-in bot with every parameter's value (defaults filled in, sorted by name).

    Made by ``parse_bot``, which validates the value at the edge; every layer below takes
    a BotSpec as it is.

    Parameters
    ----------
    name : str
        The bot's name in the bot table (``"greedy"``, ``"memory"``, ``"pimc"`` ...).
    params : tuple of (str, object), default ()
        Every parameter of the bot as ``(name, value)``, sorted by name (``()`` for a bot
        without parameters).
    digests : tuple of (str, str), default ()
        The sha256 of each file the parameters play (a network's weights), read once where
        the value was parsed, under the key a run's metadata records it by
        (``weights_sha256``).  Everything below finds the network by it: a worker reads no
        file to check or pack it, and plays what the edge read.

    Examples
    --------
    >>> from shengji.game.botspec import parse_bot
    >>> spec = parse_bot("team_b", "pimc(samples=32)")
    >>> spec.name, dict(spec.params)["samples"], dict(spec.params)["candidates"]
    ('pimc', 32, 8)
    >>> spec.label, spec.searches, spec.reproducible
    ('pimc(samples=32)', True, True)
    >>> parse_bot("team_a", "memory").to_config()
    'memory'
    """

    name: str
    params: tuple[tuple[str, Any], ...] = ()
    digests: tuple[tuple[str, str], ...] = field(default=(), repr=False)

    @property
    def id(self) -> int:
        """The core's BotId value."""
        return BOT_NAMES.index(self.name)

    @property
    def label(self) -> str:
        """The bot as a short label, for table columns and summaries.

        ``name``, or ``name(key=value, ...)`` with the parameters that differ from the
        defaults; ``parse_bot`` reads it back.
        """
        defaults = bot_row(self.name).defaults()
        changed = [(k, v) for k, v in self.params if v != defaults[k]]
        if not changed:
            return self.name
        return f"{self.name}(" + ", ".join(f"{k}={v}" for k, v in changed) + ")"

    @property
    def searches(self) -> bool:
        """Whether it is a search bot (the bot table's ``searches``: pimc, swift).

        A search bot costs hundreds of times a plain bot per hand, so the studies cut their
        chunks smaller (``chunk_size_for``).
        """
        return bot_row(self.name).searches

    @property
    def reproducible(self) -> bool:
        """False when a time budget makes its choices depend on the machine."""
        return dict(self.params).get("time_budget_ms", 0) == 0

    def to_config(self) -> str | dict:
        """Return the canonical study-file value: what a run's metadata records.

        Returns
        -------
        str or dict
            The name alone for a bot without parameters, else a table ``{"bot": name,
            parameter: value, ...}`` of every parameter, except those the table marks
            ``record_default=False`` (``RECORDED_WHEN_SET``) left at their defaults (so
            that a run of today's pimc records what it recorded before they came: the same
            bytes); a network's weights with their file's sha256 beside them
            (``weights_sha256``: ``parse_bot`` checks it when it is given back).
        """
        if not self.params:
            return self.name
        row = bot_row(self.name)
        defaults = row.defaults()
        always = {p.name for p in row.params if p.record_default}
        digests = dict(self.digests or _digests(self.name, self.params))
        out: dict[str, Any] = {NAME_KEY: self.name}
        for k, v in self.params:
            if k in always or v != defaults[k]:
                out[k] = v
            if k + DIGEST_SUFFIX in digests:  # the file it plays (a network's weights)
                out[k + DIGEST_SUFFIX] = digests[k + DIGEST_SUFFIX]
        return out


def _digests(name: str, params: tuple[tuple[str, Any], ...]) -> tuple[tuple[str, str], ...]:
    """The sha256 of each file the parameters play, under its metadata key (Kind.digest)."""
    row = bot_row(name)
    out = []
    for k, v in params:
        digest = row.param(k).kind.digest(v)  # type: ignore[union-attr]  # one of its params
        if digest is not None:
            out.append((k + DIGEST_SUFFIX, digest))
    return tuple(out)


GREEDY = BotSpec("greedy")  # the studies' default bot (no parameters: nothing to fill in)


def _allowed() -> str:
    return ", ".join(BOT_NAMES) + " (presets: " + ", ".join(PRESET_NAMES) + ")"


def _label_value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text.strip("'\"")


def _parse_label(where: str, text: str) -> tuple[str, dict]:
    """``name`` or a label ``name(key=value, ...)`` (BotSpec.label's form: what a command
    line takes) -> (name, given parameters); numbers read as numbers."""
    text = text.strip()
    if "(" not in text:
        return text, {}
    name, _, rest = text.partition("(")
    if not rest.endswith(")"):
        raise ValueError(f"{where}: expected name(key=value, ...), got {text!r}")
    given = {}
    for item in filter(None, (x.strip() for x in rest[:-1].split(","))):
        key, eq, val = item.partition("=")
        if not eq or not key.strip() or not val.strip():
            raise ValueError(f"{where}: expected key=value in {text!r}, got {item!r}")
        given[key.strip()] = _label_value(val.strip())
    return name.strip(), given


def parse_bot(where: str, value: Any) -> BotSpec:
    """Parse and validate a bot, once, at the edge.

    Parameters
    ----------
    where : str
        What the value is (a study key, a flag, an argument): the error message names it.
    value : str, dict or BotSpec
        A bot name (``"memory"``) or a preset's (``"pimc_infer"``), a label
        ``name(key=value, ...)`` (``BotSpec.label``'s form: what a command line takes), a
        table ``{"bot": name, parameter: value, ...}`` (a study file's ``{bot = "pimc",
        samples = 32}``), or a ``BotSpec`` (returned as it is).

    Returns
    -------
    BotSpec
        The bot with every parameter's value, the defaults filled in.

    Raises
    ------
    ValueError
        One line naming ``where``: an unknown bot or preset, a table without ``bot``, a parameter
        the bot does not take, a value out of its range or of the wrong type, a label
        that does not parse, a value of another type.

    Examples
    --------
    >>> from shengji.game.botspec import parse_bot
    >>> parse_bot("team_a", "memory")
    BotSpec(name='memory', params=())
    >>> parse_bot("team_b", {"bot": "pimc", "samples": 32}).label
    'pimc(samples=32)'
    >>> parse_bot("team_b", "pimc_net") == parse_bot("team_b", {"bot": "pimc", "rollout": "net"})
    True
    >>> parse_bot("team_b", "pimc(samples=0)")
    Traceback (most recent call last):
    ...
    ValueError: team_b.samples: expected an integer 1..1024, got 0
    """
    if isinstance(value, BotSpec):
        return value
    if isinstance(value, str):
        name, given = _parse_label(where, value)
    elif isinstance(value, dict):
        if NAME_KEY not in value:
            raise ValueError(
                f"{where}: a bot table needs the key {NAME_KEY!r} (e.g. "
                f'{{{NAME_KEY} = "memory"}}), got {value!r}'
            )
        name = value[NAME_KEY]
        given = {k: v for k, v in value.items() if k != NAME_KEY}
    else:
        raise ValueError(
            f"{where}: expected a bot name ({_allowed()}) or a table "
            f"{{{NAME_KEY} = name, parameter = value, ...}}, got {value!r}"
        )
    if isinstance(name, str) and name in BOT_PRESETS:
        name, preset = BOT_PRESETS[name]
        given = {**preset, **given}
    if not isinstance(name, str) or name not in BOT_NAMES:
        raise ValueError(f"{where}: unknown bot {name!r}; allowed: {_allowed()}")
    row = bot_row(name)
    # a run's recorded digests: the files are read here, at the edge, and must still have them
    recorded = {
        key: given.pop(key)
        for key in list(given)
        if key.endswith(DIGEST_SUFFIX) and row.param(key[: -len(DIGEST_SUFFIX)]) is not None
    }
    values = check_params(row, given, where)
    params = tuple(sorted(values.items()))
    digests = _digests(name, params)
    for key, want in recorded.items():
        value = values[key[: -len(DIGEST_SUFFIX)]]
        have = dict(digests).get(key)
        if have is None:
            raise ValueError(f"{where}.{key}: {value!r} plays no weights file")
        if want != have:
            raise ValueError(digest_differs(f"{where}.{key}", want, value, have))
    return BotSpec(name, params, digests)


def chunk_size_for(default: int, hands_per_item: int, *bots: Any) -> int:
    """Return a study's default chunk size (in items) for the bots that play.

    Parameters
    ----------
    default : int
        The study's chunk size when no search bot plays.
    hands_per_item : int
        Hands in one item of the study (1 for a scoring hand, more for a match).
    *bots : str, dict, BotSpec or None
        The bots that play, as option values (``parse_bot``); None is skipped.

    Returns
    -------
    int
        ``default``, or when a search bot plays about ``SEARCH_CHUNK_HANDS`` (32) hands'
        worth of items (at least 1, at most ``default``).

    Raises
    ------
    ValueError
        For a bot ``parse_bot`` refuses.

    Examples
    --------
    >>> from shengji.game.botspec import chunk_size_for
    >>> chunk_size_for(16384, 1, "greedy", None)
    16384
    >>> chunk_size_for(16384, 1, "greedy", "pimc(samples=8)")
    32
    >>> chunk_size_for(256, 10, "pimc")
    3
    """
    specs = [b if isinstance(b, BotSpec) else parse_bot("bot", b) for b in bots if b is not None]
    if any(spec.searches for spec in specs):
        return min(default, max(1, SEARCH_CHUNK_HANDS // hands_per_item))
    return default
