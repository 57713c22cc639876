"""Bots as study files name them: a built-in bot's name, with its parameters when it has any.

A bot is written either as its name or as a table holding the name under ``bot`` and the
parameters beside it::

    team_a = "memory"
    team_b = {bot = "pimc", samples = 32}

The names are the core's (``shengji.names.BOT_NAMES``, from the ``BotId`` enum of
``_core/bots/bot.pxd``); the parameters of each bot are declared once, in ``BOT_PARAMS`` below
(name -> default and check).  ``parse_bot`` validates a value and fills in the defaults; a
``BotSpec`` gives the core's id, a label for tables and summaries (``"memory"``,
``"pimc(samples=32)"``: the parameters that differ from the defaults) and the canonical
value a run's metadata records (the name alone for a bot without parameters, else a table
of every parameter).  The drivers take a ``BotSpec`` as it is (``_core/bots/bot.pyx``:
``agent_init``).

``pimc``'s parameters (``_core/bots/pimc.pyx``; defaults and limits from the core):
  samples         deals of the hidden cards a finalist candidate is judged on (1..1024)
  candidates      candidates searched at most (1..64): the rollout bot's, memory's and
                  greedy's choices first, then the rest (bots/pimc.pyx's docstring)
  rollout         the bot that plays the samples out: "memory", "greedy" or "random"
  objective       "points" (defender points for its team) or "levels" (the team's level
                  change, then the points)
  time_budget_ms  > 0: stop each search after that many milliseconds.  Opt-in and NOT
                  reproducible: the result then depends on the machine's speed and load
                  (0, the default: no budget, the same bytes on every machine).
  infer           inference from play: 0 (the default: deals drawn uniformly among those
                  the view allows, as before) or 2..8: each batch of deals is resampled
                  from `infer` times as many draws, weighted by how likely the other
                  seats' recorded plays were under the rollout policy holding those cards
  infer_eps       that likelihood's factor for a play the policy would not have made
                  (0 < eps <= 1; default 0.5; 1: no inference)
  infer_steps     inference by Metropolis-Hastings instead (needs infer = 0): each uniform
                  deal moved by this many card swaps, each kept with the likelihood ratio
                  (0..64, default 0: none)
  bury_eps        inference from the bury, in infer_steps' likelihood: the factor of each
                  card of a sampled buried pile that the rollout bot's bury would not have
                  buried, holding the burier's sampled cards (0 < eps <= 1; default 1: none)
  pass_eps        inference from the seats that passed, in infer_steps' likelihood: the
                  factor of each other seat (not the banker, not the burier) that could
                  have bid at the end of the deal, holding its sampled cards, and did not
                  (an eager bidder would have; 0 < eps <= 1; default 1: none)
  infer_bids      1: the deals keep the cards each seat's open bids showed in its hand
                  until it plays them (the burier's in the pile once it shows out of their
                  suit); 0 (the default): the bids are ignored
  bury_factor     the bury (one decision a hand) is judged on bury_factor x samples (1..8,
                  default 2)
  z_keep          the base policy's choice is left only for a leader better than it by
                  more than z_keep standard errors of the paired difference (>= 0, default
                  1.0: the guard against the winner's curse, bots/pimc.pyx)

``swift``'s parameters (``_core/bots/swift.pyx``: pimc's search where it pays, memory's play
elsewhere; 0 samples: memory's decision; defaults and limits from the core):
  bury_samples    the bury is pimc's bury at samples = this (judged on twice as many deals)
  lead_samples    a lead is pimc's play search on this many deals (0..256)
  follow_samples  a follow likewise
  hand_limit      plays are searched only while the seat holds at most this many cards
                  (0..64; earlier plays are memory's)
  candidates      candidates searched at most (1..64), as pimc's
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from shengji._core.bots.bot import OBJECTIVES, PARAM_FIELDS, ROLLOUT_BOTS
from shengji._core.bots.pimc import DEFAULTS as _PIMC_DEFAULTS
from shengji._core.bots.pimc import LIMITS as _PIMC_LIMITS
from shengji._core.bots.swift import DEFAULTS as _SWIFT_DEFAULTS
from shengji._core.bots.swift import LIMITS as _SWIFT_LIMITS
from shengji.names import BOT_NAMES

__all__ = ["BOT_PARAMS", "BotSpec", "RECORDED_WHEN_SET", "parse_bot", "chunk_size_for"]

# Hands a chunk holds when a search bot plays (a chunk is the unit of progress, resuming
# and parallel work: at a few hands a second, a default chunk of 16,384 hands would show
# no progress for hours and keep every other worker idle).
SEARCH_CHUNK_HANDS = 32


def _int_in(lo: int, hi: int) -> Callable[[str, Any], int]:
    def check(where: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ValueError(f"{where}: expected an integer {lo}..{hi}, got {value!r}")
        return value

    return check


def _one_of(*allowed: str) -> Callable[[str, Any], str]:
    def check(where: str, value: Any) -> str:
        if value not in allowed:
            raise ValueError(
                f"{where}: expected one of {', '.join(map(repr, allowed))}, got {value!r}"
            )
        return value

    return check


def _milliseconds(where: str, value: Any) -> float:
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not value >= 0
        or value == float("inf")
    ):
        raise ValueError(
            f"{where}: expected a number of milliseconds >= 0 (0: no budget), got {value!r}"
        )
    return float(value)


def _infer_pool(where: str, value: Any) -> int:
    lo, hi = _PIMC_LIMITS["infer"]
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ValueError(f"{where}: expected an integer {lo}..{hi} (0: off), got {value!r}")
    return value


def _standard_errors(where: str, value: Any) -> float:
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not 0 <= value < float("inf")
    ):
        raise ValueError(f"{where}: expected a number of standard errors >= 0, got {value!r}")
    return float(value)


def _likelihood_factor(where: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 1:
        raise ValueError(f"{where}: expected a number in (0, 1], got {value!r}")
    return float(value)


# Parameters of each built-in bot: name -> {parameter: (default, check)}; check(where,
# value) returns the value or raises ValueError naming `where`.  random, greedy and memory
# take none; pimc's and swift's defaults and limits are the core's (bots/pimc.pxd,
# bots/swift.pxd).
BOT_PARAMS: dict[str, dict[str, tuple[Any, Callable[[str, Any], Any]]]] = {
    name: {} for name in BOT_NAMES
}
BOT_PARAMS["pimc"] = {
    "samples": (_PIMC_DEFAULTS["samples"], _int_in(*_PIMC_LIMITS["samples"])),
    "candidates": (_PIMC_DEFAULTS["candidates"], _int_in(*_PIMC_LIMITS["candidates"])),
    "rollout": (_PIMC_DEFAULTS["rollout"], _one_of(*ROLLOUT_BOTS)),
    "objective": (_PIMC_DEFAULTS["objective"], _one_of(*OBJECTIVES)),
    "time_budget_ms": (_PIMC_DEFAULTS["time_budget_ms"], _milliseconds),
    "infer": (_PIMC_DEFAULTS["infer"], _infer_pool),
    "infer_eps": (_PIMC_DEFAULTS["infer_eps"], _likelihood_factor),
    "bury_factor": (_PIMC_DEFAULTS["bury_factor"], _int_in(*_PIMC_LIMITS["bury_factor"])),
    "z_keep": (_PIMC_DEFAULTS["z_keep"], _standard_errors),
    "infer_steps": (_PIMC_DEFAULTS["infer_steps"], _int_in(*_PIMC_LIMITS["infer_steps"])),
    "bury_eps": (_PIMC_DEFAULTS["bury_eps"], _likelihood_factor),
    "infer_bids": (_PIMC_DEFAULTS["infer_bids"], _int_in(*_PIMC_LIMITS["infer_bids"])),
    "pass_eps": (_PIMC_DEFAULTS["pass_eps"], _likelihood_factor),
}
BOT_PARAMS["swift"] = {
    name: (_SWIFT_DEFAULTS[name], _int_in(*_SWIFT_LIMITS[name])) for name in _SWIFT_DEFAULTS
}
assert set(BOT_PARAMS["pimc"]) | set(BOT_PARAMS["swift"]) == set(PARAM_FIELDS)

NAME_KEY = "bot"  # the key of a bot table that holds the name

# Parameters added after 0.1.0 (issue 23: inference from play, the bury's samples, the
# base-choice guard): a run's metadata records them only when they differ from their
# defaults, which are the behaviour before them -- a run at the defaults records the same
# table, byte for byte, as it did before they existed.
RECORDED_WHEN_SET = frozenset(
    {
        "infer",
        "infer_eps",
        "bury_factor",
        "z_keep",
        "infer_steps",
        "bury_eps",
        "infer_bids",
        "pass_eps",
    }
)


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
        """``name``, or ``name(key=value, ...)`` with the parameters that differ from the
        defaults: for table columns and summaries."""
        declared = BOT_PARAMS[self.name]
        changed = [(k, v) for k, v in self.params if v != declared[k][0]]
        if not changed:
            return self.name
        return f"{self.name}(" + ", ".join(f"{k}={v}" for k, v in changed) + ")"

    @property
    def searches(self) -> bool:
        """A search bot (pimc, swift): hundreds of times the cost of a plain bot per hand, so the
        studies cut their chunks smaller (``chunk_size_for``)."""
        return self.name not in ROLLOUT_BOTS

    @property
    def reproducible(self) -> bool:
        """False when a time budget makes its choices depend on the machine."""
        return dict(self.params).get("time_budget_ms", 0) == 0

    def to_config(self) -> str | dict:
        """The canonical study-file value (what a run's metadata records): every parameter,
        except those of ``RECORDED_WHEN_SET`` left at their defaults (so that a run of
        today's pimc records what it recorded before they came: the same bytes)."""
        if not self.params:
            return self.name
        declared = BOT_PARAMS[self.name]
        return {
            NAME_KEY: self.name,
            **{k: v for k, v in self.params if k not in RECORDED_WHEN_SET or v != declared[k][0]},
        }


def _allowed() -> str:
    return ", ".join(BOT_NAMES)


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
    """A bot name, a label ``name(key=value, ...)`` (BotSpec.label's form) or a table
    ``{bot = name, param = value, ...}`` -> BotSpec; ValueError with one line naming
    ``where`` (the study key) for anything else."""
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
    if not isinstance(name, str) or name not in BOT_NAMES:
        raise ValueError(f"{where}: unknown bot {name!r}; allowed: {_allowed()}")
    declared = BOT_PARAMS[name]
    for key in given:
        if key not in declared:
            allowed = ", ".join(sorted(declared)) if declared else "none"
            raise ValueError(
                f"{where}: bot {name!r} has no parameter {key!r}; its parameters: {allowed}"
            )
    params = []
    for key in sorted(declared):
        default, check = declared[key]
        params.append((key, check(f"{where}.{key}", given[key]) if key in given else default))
    return BotSpec(name, tuple(params))


def chunk_size_for(default: int, hands_per_item: int, *bots: Any) -> int:
    """A study's default chunk size (items) when ``bots`` (option values, None skipped)
    play: ``default``, or about SEARCH_CHUNK_HANDS hands' worth when a search bot plays."""
    specs = [parse_bot("bot", b) for b in bots if b is not None]
    if any(spec.searches for spec in specs):
        return min(default, max(1, SEARCH_CHUNK_HANDS // hands_per_item))
    return default
