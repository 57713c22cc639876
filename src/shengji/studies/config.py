"""A study file: reading it (``load_study_file``) and validating a plain one (no ``[sweep]``)
into a typed ``StudyConfig`` (``make_plain_config``), with the kinds of value the study kinds'
keys have beyond the schema's (``BotRef``, ``Checked``) and the checks of the keys every
kind takes.  The study file's entry point, plain or sweep, is
``shengji.studies.base.make_config``.

A kind's keys are a table of the one schema (``Study.keys``: ``Field(name, kind, default,
doc)``); ``make_plain_config`` parses each given value with its field's kind, once, into the
config's frozen ``Options``.  Adding a key is its ``Field`` in the kind's ``keys`` (and the
code that reads it): the study-file reference takes its default, values and doc from there.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from shengji.game.botspec import BotSpec, parse_bot
from shengji.rules.options import PRESETS, Rules, canonical_rank
from shengji.runner.plan import (
    MAX_CHUNK_SIZE,
    MAX_N,
    ConfigError,
    Options,
    Study,
    StudyConfig,
)
from shengji.schema import Kind
from shengji.seeds import check_seed

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

__all__ = [
    "BotRef",
    "COMMON_KEYS",
    "Checked",
    "load_study_file",
    "make_plain_config",
    "v_bot",
    "v_int",
]

COMMON_KEYS = (
    "study",
    "n",
    "seed",
    "level",
    "preset",
    "rules",
    "chunk_size",
    "description",
    "deal",
)


# -- validators -----------------------------------------------------------------------
def v_int(lo=None, hi=None):
    def check(key, value):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise ConfigError(f"{key}: expected an integer, got {value!r}")
        value = int(value)
        if lo is not None and value < lo:
            raise ConfigError(f"{key}: must be >= {lo}, got {value}")
        if hi is not None and value > hi:
            raise ConfigError(f"{key}: must be <= {hi}, got {value}")
        return value

    return check


def v_bot(key, value) -> BotSpec:
    """A bot (``shengji.game.botspec``: its name, a label ``name(key=value, ...)``, a table
    with its parameters) -> its ``BotSpec``: the study file's edge, parsed once; the config
    holds the spec and the metadata records its ``to_config()``."""
    try:
        return parse_bot(key, value)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None


@dataclass(frozen=True)
class BotRef(Kind):
    """A bot (``shengji.game.botspec``: its name, a label ``name(key=value, ...)``, a table
    with its parameters) -> its ``BotSpec``: parsed once, at the study file's edge (the
    metadata records its ``to_config()``).  ``optional``: None or ``""`` is None (unset: the
    kind's fallback, e.g. the same as ``policy``)."""

    optional: bool = False

    annotation = "BotSpec | None"

    def check(self, where, value):
        if self.optional and (value is None or value == ""):
            return None
        return parse_bot(where, value)

    def values(self):
        return "a bot"


@dataclass(frozen=True)
class Checked(Kind):
    """A value of a shape of its own (a ladder's table of bots, an agent's reference, a
    threshold with an unset value): ``check(where, value)`` is a function of the study kind
    that declares it; ``text`` says the allowed values."""

    check_value: Callable[[str, Any], Any]
    text: str

    def check(self, where, value):
        return self.check_value(where, value)

    def values(self):
        return self.text


# -- loading --------------------------------------------------------------------------
def load_study_file(path: str | Path) -> dict:
    p = Path(path)
    try:
        raw = p.read_bytes()
    except IsADirectoryError:
        raise ConfigError(
            f"study file {str(path)!r} is a directory, not a study file (e.g. sim/quickstart.toml)"
        ) from None
    except FileNotFoundError:
        raise ConfigError(f"study file {str(path)!r} not found") from None
    except OSError as exc:
        raise ConfigError(
            f"study file {str(path)!r} cannot be read: {exc.strerror or exc}"
        ) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise ConfigError(
            f"study file {str(path)!r} is not UTF-8 text (TOML must be): byte "
            f"0x{raw[exc.start]:02x} on line {line}"
        ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"study file {str(path)!r} is not valid TOML: {exc}") from None


def check_key(f, data: dict) -> Any:
    """A kind's key ``f`` (a ``Field``) in a study table: its value parsed by its kind, else
    its default; ConfigError with the kind's one line."""
    if f.name not in data:
        return f.default
    try:
        return f.check(f.name, data[f.name])
    except ConfigError:
        raise
    except ValueError as exc:
        raise ConfigError(str(exc)) from None


def make_plain_config(
    data: dict, *, source: str = "", overrides: dict | None = None
) -> tuple[Study, StudyConfig]:
    """Validate a study table without a ``[sweep]`` (from TOML) plus CLI overrides -> (kind,
    config): every value parsed once, typed (``Rules``, each option its validator's value,
    a bot a ``BotSpec``); ConfigError with one line naming what is wrong.  The study file's
    entry point is ``shengji.studies.base.make_config`` (a sweep, or this)."""
    from shengji.studies import get_study

    data = dict(data)
    for key, value in (overrides or {}).items():
        if value is not None:
            data[key] = value
    where = f" in {source}" if source else ""
    if "study" not in data:
        raise ConfigError(f"missing key 'study'{where} (e.g. study = \"deals\")")
    try:
        kind = get_study(data["study"])
    except ValueError as exc:
        raise ConfigError(f"study: {exc}") from None
    allowed = set(COMMON_KEYS) | {f.name for f in kind.keys}
    for key in data:
        if key not in allowed:
            raise ConfigError(
                f"unknown key {key!r}{where}; allowed keys: " + ", ".join(sorted(allowed))
            )
    for key in ("n", "seed"):
        if key not in data:
            raise ConfigError(f"missing key {key!r}{where}")
    n = v_int(1, MAX_N)("n", data["n"])
    try:
        seed = check_seed(data["seed"], allow_sequence=False)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    preset = data.get("preset", "standard")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise ConfigError(f"preset: unknown preset {preset!r}; allowed: " + ", ".join(PRESETS))
    overrides_table = data.get("rules", {})
    if not isinstance(overrides_table, dict):
        raise ConfigError("rules: expected a table of rule options ([rules])")
    try:
        rules = Rules.preset(preset).replace(**overrides_table)
    except ValueError as exc:
        raise ConfigError(f"rules: {exc}") from None
    try:
        level = canonical_rank(data.get("level", rules.start_level), "level")
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    options = Options({f.name: check_key(f, data) for f in kind.keys})
    chunk_size = v_int(1, MAX_CHUNK_SIZE)(
        "chunk_size", data.get("chunk_size", kind.chunk_size_for(options))
    )
    description = data.get("description", "")
    if not isinstance(description, str):
        raise ConfigError("description: expected a string")
    deal = None
    if "deal" in data:  # the [deal] table: shengji.studies.conditioned
        from shengji.studies.conditioned import check_deal

        deal = check_deal(data["deal"], kind, level)
    cfg = StudyConfig(
        study=kind.name,
        n=n,
        seed=seed,
        level=level,
        preset=preset,
        rules=rules,
        chunk_size=chunk_size,
        options=options,
        description=description,
        source=source,
        recorded_when_set=kind.recorded_when_set,
        deal=deal,
    )
    return kind, kind.configure(cfg)
