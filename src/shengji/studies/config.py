"""A study file: reading it (``load_study_file``) and validating a plain one (no ``[sweep]``)
into a typed ``StudyConfig`` (``make_plain_config``), with the keys every kind takes
(``COMMON``).  The study file's entry point, plain or sweep, is
``shengji.studies.base.make_config``.

The keys are tables of the one schema (``shengji.schema.Field``: name, kind, default,
doc): ``COMMON`` here, and each kind's own (``Study.keys``); ``make_plain_config`` parses
each given value with its field's kind, once (a kind's own into the config's frozen
``Options``).  Adding a key is its ``Field`` in the kind's ``keys`` (and the code that reads
it): the study-file reference takes its default, values and doc from there.  The study
keys' kinds beyond the schema's are ``shengji.studies.kinds``'.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shengji.rules.option_kinds import RANK
from shengji.rules.options import PRESETS, Rules
from shengji.runner.plan import (
    MAX_CHUNK_SIZE,
    MAX_N,
    ConfigError,
    Options,
    Study,
    StudyConfig,
)
from shengji.schema import Choice, Field, Int, Table, Text
from shengji.studies.kinds import DealTable, Seed, StudyName

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

__all__ = [
    "COMMON",
    "COMMON_KEYS",
    "CHUNK_SIZE",
    "Described",
    "check_key",
    "load_study_file",
    "make_plain_config",
]


@dataclass(frozen=True)
class Described:
    """A default that is no value of its own: required, or given by something else (the
    rules' start_level); ``text`` says which (the reference prints it)."""

    text: str

    def __str__(self) -> str:
        return self.text


REQUIRED = Described("required")

# -- the keys every kind takes ----------------------------------------------------------
STUDY = Field(
    "study",
    StudyName(),
    REQUIRED,
    "The kind of study (each kind's own keys below).",
)
N = Field(
    "n",
    Int(1, MAX_N),
    REQUIRED,
    "How many items to simulate (deals, hands or matches: the kind's unit).",
)
SEED = Field(
    "seed",
    Seed(),
    REQUIRED,
    "The run's seed: with n and chunk_size it fixes every byte of the output, whatever "
    "the number of workers.",
)
LEVEL = Field(
    "level",
    RANK,
    Described("the rules' start_level"),
    "The rank being played.",
)
PRESET = Field(
    "preset",
    Choice(tuple(PRESETS), noun="preset"),
    "standard",
    "The rule preset the [rules] table starts from (see the rule options).",
)
RULES = Field(
    "rules",
    Table("a table of rule options ([rules])"),
    {},
    "A table of rule options that override the preset's ([rules]).",
)
CHUNK_SIZE = Field(
    "chunk_size",
    Int(1, MAX_CHUNK_SIZE),
    Described("per kind (below)"),
    "Items per chunk: the unit of seeding, writing and resuming. Part of what the data "
    "depend on (changing it changes the data); the default depends on the kind.",
)
DESCRIPTION = Field(
    "description",
    Text(),
    "",
    "Free text, shown by 'shengji studies' and kept in the run's metadata.",
)
DEAL = Field(
    "deal",
    DealTable(),
    None,
    "The [deal] table: cards fixed to seat0..seat3 and the kitty, and a where over the "
    "seats' and the kitty's features; every deal is drawn from the exact conditional "
    "distribution (docs/conditional-deals.md).",
)
COMMON = (STUDY, N, SEED, LEVEL, PRESET, RULES, CHUNK_SIZE, DESCRIPTION, DEAL)
COMMON_KEYS = tuple(f.name for f in COMMON)


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


def check_value(f: Field, value: Any) -> Any:
    """A value of the key ``f`` parsed by its kind; ConfigError with the kind's one line."""
    try:
        return f.check(f.name, value)
    except ConfigError:
        raise
    except (TypeError, ValueError) as exc:
        raise ConfigError(str(exc)) from None


def check_key(f: Field, data: dict) -> Any:
    """The key ``f`` in a study table: its value parsed by its kind, else its default;
    ConfigError with the kind's one line."""
    return check_value(f, data[f.name]) if f.name in data else f.default


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
    if STUDY.name not in data:
        raise ConfigError(f"missing key 'study'{where} (e.g. study = \"deals\")")
    kind = get_study(check_value(STUDY, data[STUDY.name]))
    allowed = set(COMMON_KEYS) | {f.name for f in kind.keys}
    for key in data:
        if key not in allowed:
            raise ConfigError(
                f"unknown key {key!r}{where}; allowed keys: " + ", ".join(sorted(allowed))
            )
    for f in COMMON:
        if f.default is REQUIRED and f.name not in data:
            raise ConfigError(f"missing key {f.name!r}{where}")
    n = check_key(N, data)
    seed = check_key(SEED, data)
    preset = check_key(PRESET, data)
    try:
        rules = Rules.preset(preset).replace(**check_key(RULES, data))
    except ConfigError:
        raise
    except ValueError as exc:
        raise ConfigError(f"rules: {exc}") from None
    level = check_value(LEVEL, data.get(LEVEL.name, rules.start_level))
    options = Options({f.name: check_key(f, data) for f in kind.keys})
    chunk_size = check_value(CHUNK_SIZE, data.get(CHUNK_SIZE.name, kind.chunk_size_for(options)))
    description = check_key(DESCRIPTION, data)
    deal = check_key(DEAL, data)
    if deal is not None:  # the [deal] table: shengji.studies.conditioned
        from shengji.studies.conditioned import check_deal

        deal = check_deal(deal, kind, level)
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
