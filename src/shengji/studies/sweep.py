"""Sweeps: one study over many variants, paired on the same deals (issue 24).

A study file with a ``[sweep]`` table runs its kind once per *cell*::

    study = "scoring"
    n = 20_000
    seed = 5
    policy = "memory"

    [sweep]
    kitty_multiplier = ["linear4", "plus2", "power2"]
    preset = ["standard", "club-84022"]
    # mode = "zip"     # default "grid": every combination (here 3 x 2 = 6 cells)

The keys of ``[sweep]`` are ``preset``, ``level``, any rule option of docs/rules.md §9 and the
kind's own options (its bots and policies: ``policy``, ``defender_policy``, ``bid_policy``,
``first_hand`` ...), each with a list of values; ``mode`` is ``"grid"`` (all combinations,
the first key varying slowest) or ``"zip"`` (the i-th value of every list together: lists
of one length).  A swept key may not also be set outside the table (nor a swept rule option
in ``[rules]``).  ``study``, ``n``, ``seed``, ``chunk_size`` and ``description`` are the
run's, never swept.

**One run, one dataset.**  Every table of the kind gets, per row, its cell's index
(``cell``, int16) and one dictionary-encoded string column per swept key holding the cell's
value (named as the key, or ``sweep_<key>`` where the kind's table already has a column of
that name: ``level`` in ``hands/``); the metadata (``sweep``) lists the mode, the keys,
the column names and the cells; its ``preset``, ``level``, ``rules`` and ``options`` are
cell 0's.  The item columns (``hand``, ``match``, ``deal``) run 0..n-1 in every cell:
item k of cell c and item k of cell c' are the pair.

**Pairing (the seeding rule, runner/plan.py).**  Chunk j of a sweep holds items
``j*chunk_size ..`` of *every* cell, and cell c's part of it is exactly chunk j of a plain
run of that cell's settings with the same seed and chunk size: drawn from the one stream
``chunk_state(seed, j)``.  So item k of every cell starts from the same stream state and
the same deck: the same shuffle, i.e. the same deal.  What stays common beyond the deal
depends on the rules the cells differ in (docs/architecture.md, "Sweeps"): the bidding is
common unless a swept option or policy changes it, and each later item stays on the same
deal as long as the cells drew as many random numbers for the items before it in the
chunk (the built-in greedy and memory bots draw none while playing; measured: options of
§5, §6 and §8 keep every deal common).  A cell that draws differently (a redeal another
cell does not have, a ``random`` bot) leaves the rest of that chunk unpaired, which widens
the paired interval but never biases a difference: each cell's rows are a plain run of its
own settings.  Resume, locking, any number of workers and Dask work as for any study;
progress counts items over all cells.

The summary (``shengji run``) prints, for the kind's headline metrics (``SUMMARY``), each
cell's mean with its 95% interval and its paired difference from cell 0 with its interval:
the same numbers as ``shengji.analysis.compare(out, metric)``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, fields
from typing import Any

import numpy as np

from shengji.game.botspec import BotSpec
from shengji.runner.plan import (
    MAX_N,
    Chunk,
    ChunkPlan,
    ChunkResult,
    ConfigError,
    Study,
    StudyConfig,
    plain,
)
from shengji.studies.arrow import arrow_array, arrow_dictionary
from shengji.studies.config import CHUNK_SIZE, COMMON_KEYS, check_value, make_plain_config
from shengji.studies.metrics import (
    METRICS,
    SUMMARY,
    format_table,
    item_column,
    item_values,
    summary_row,
)

MODES = ("grid", "zip")
MODE_KEY = "mode"
# run-wide keys: a sweep's cells differ in nothing else than their swept values
SWEPT_COMMON = ("preset", "level")  # the keys every kind takes that a cell may vary
NOT_SWEPT = tuple(k for k in COMMON_KEYS if k not in SWEPT_COMMON)
MAX_CELLS = 2**15 - 1  # the int16 cell column
MAX_VALUES = 127  # a swept column's int8 dictionary codes
CELL_COLUMN = "cell"


# -- the sweep table ------------------------------------------------------------------
def label(value) -> str:
    """A swept value as its column's text: true/false, null, [J, A], a bot's label."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(map(str, value)) + "]"
    if isinstance(value, BotSpec):
        return value.label
    return str(value)


@dataclass(frozen=True)
class Cell:
    index: int
    values: dict  # swept key -> canonical value
    labels: dict  # swept key -> its text in the columns
    cfg: StudyConfig

    def name(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.labels.items())


@dataclass(frozen=True)
class SweepConfig(StudyConfig):
    """A study config whose run is every cell of a sweep: ``n``, ``chunk_size`` are per
    cell; the plan has ``n * cells`` items in chunks of ``chunk_size * cells``."""

    mode: str = "grid"
    keys: tuple = ()  # swept keys, in the file's order
    cells: tuple = ()  # Cell, in order
    columns: tuple = ()  # per key: its column name in the tables

    def metadata(self) -> dict:
        meta = super().metadata()
        meta["sweep"] = {
            "mode": self.mode,
            "keys": list(self.keys),
            "columns": dict(zip(self.keys, self.columns, strict=True)),
            "cells": [{"cell": c.index, **_plain(c.values)} for c in self.cells],
        }
        return meta

    def chunks(self) -> ChunkPlan:
        c = len(self.cells)
        return ChunkPlan(self.n * c, self.chunk_size * c)

    def labels(self, key: str) -> list[str]:
        """The distinct labels of ``key``, in the order of its values."""
        seen: dict[str, None] = {}
        for c in self.cells:
            seen.setdefault(c.labels[key])
        return list(seen)


def _plain(values: dict) -> dict:
    return {k: plain(v) for k, v in values.items()}


def one_at_a_time(changes: list[dict], preset: str = "standard") -> dict:
    """A ``zip`` sweep table (Python API) over rule options: cell 0 is ``preset``'s rules,
    cell i (1, 2, ...) the same rules with ``changes[i - 1]`` (a dict of options) applied:
    each change's effect is its cell's paired difference from cell 0.  Values may be None
    (TOML has no null: null options are swept from Python)."""
    from shengji.rules.options import Rules

    defaults = Rules.preset(preset).to_dict()
    keys: dict[str, None] = {}
    for change in changes:
        for key in change:
            if key not in defaults:
                raise ConfigError(f"one_at_a_time: {key!r} is not a rule option (docs/rules.md §9)")
            keys.setdefault(key)
    table: dict[str, Any] = {MODE_KEY: "zip"}
    for key in keys:
        table[key] = [defaults[key]] + [c.get(key, defaults[key]) for c in changes]
    return table


def make_sweep_config(data: dict, *, source: str = "", overrides: dict | None = None):
    """A study table with a ``[sweep]`` table (plus CLI overrides) -> (SweepStudy,
    SweepConfig); ConfigError with one line naming what is wrong."""
    from shengji.rules.options import OPTIONS

    data = dict(data)
    for key, value in (overrides or {}).items():
        if value is not None:
            data[key] = value
    table = data.pop("sweep")
    if not isinstance(table, dict):
        raise ConfigError("sweep: expected a table ([sweep]) of keys, each with a list of values")
    table = dict(table)
    mode = table.pop(MODE_KEY, "grid")
    if mode not in MODES:
        raise ConfigError(f"sweep: mode: unknown value {mode!r}; allowed: 'grid', 'zip'")
    if not table:
        raise ConfigError("sweep: the table sweeps nothing; give a key with a list of values")
    # The file without its sweep names what every cell shares; its errors are reported
    # as they are for any study, unless only a swept value makes it valid (e.g. secret_bids
    # in [rules] with overturn_after_kitty swept): then the cells decide.
    from shengji.studies import get_study

    try:
        make_plain_config(data, source=source)
        base_error = None
    except ConfigError as exc:
        base_error = exc
    try:
        base_kind = get_study(str(data.get("study")))
    except ValueError:
        raise (base_error or ConfigError("study: missing or unknown study kind")) from None
    kind_keys = {f.name for f in base_kind.keys}
    rule_keys = {o.name for o in OPTIONS}
    rules_table = data.get("rules", {}) or {}
    _check_swept(table, data, kind_keys, rule_keys, rules_table)
    keys = tuple(table)
    if mode == "zip":
        lengths = {k: len(v) for k, v in table.items()}
        if len(set(lengths.values())) > 1:
            raise ConfigError(
                "sweep: mode = 'zip' needs lists of one length; got "
                + ", ".join(f"{k} {n}" for k, n in lengths.items())
            )
        combos = list(zip(*table.values(), strict=True))
    else:
        combos = list(itertools.product(*table.values()))
    if len(combos) > MAX_CELLS:
        raise ConfigError(f"sweep: {len(combos):,} cells; at most {MAX_CELLS:,}")
    cells = []
    seen: dict[object, int] = {}
    for i, combo in enumerate(combos):
        kind, cfg, shown = _cell_config(
            data, rules_table, rule_keys, keys, combo, source, base_error
        )
        values = _swept_values(cfg, keys, kind_keys)
        labels = {k: label(v) for k, v in values.items()}
        ident = tuple(labels.values())
        if ident in seen:
            raise ConfigError(
                f"sweep: the cell {shown} is the same as cell {seen[ident]} (a value is repeated)"
            )
        seen[ident] = i
        cells.append(Cell(i, values, labels, cfg))
    base = cells[0].cfg  # the run's n, seed; its preset, level, rules, options: cell 0's
    if base.n * len(cells) > MAX_N:
        raise ConfigError(f"n: {base.n} items x {len(cells)} cells is more than {MAX_N}")
    if "chunk_size" in data:
        chunk_size = check_value(CHUNK_SIZE, data["chunk_size"])
    else:
        per_cell = min(base_kind.chunk_size_for(c.cfg.options) for c in cells)
        chunk_size = max(1, per_cell // len(cells))
    tables = [base_kind.tables(c.cfg) for c in cells]
    if any(t != tables[0] for t in tables):
        raise ConfigError(
            "sweep: the cells would write different tables (e.g. store_cards swept); "
            "sweep only what keeps the tables"
        )
    cells = [Cell(c.index, c.values, c.labels, _with_chunk(c.cfg, chunk_size)) for c in cells]
    taken = _column_names(base_kind, cells[0].cfg)
    columns = tuple(f"sweep_{k}" if k in taken else k for k in keys)
    # cell 0's config, but for the sweep's chunk size and source
    plain = {f.name: getattr(base, f.name) for f in fields(StudyConfig)}
    plain.update(chunk_size=chunk_size, source=source)
    cfg = SweepConfig(
        **plain,
        mode=mode,
        keys=keys,
        cells=tuple(cells),
        columns=columns,
    )
    return SweepStudy(base_kind), cfg


def _check_swept(
    table: dict, data: dict, kind_keys: set[str], rule_keys: set[str], rules_table: dict
) -> None:
    """Each swept key: one a cell may vary, with a list of values, set in no other place."""
    for key, values in table.items():
        if key in NOT_SWEPT:
            raise ConfigError(
                f"sweep: {key!r} cannot be swept (it is the run's: one {key} for every cell)"
            )
        if key not in rule_keys | kind_keys | set(SWEPT_COMMON):
            import difflib

            close = difflib.get_close_matches(
                key, sorted(rule_keys | kind_keys | set(SWEPT_COMMON)), n=1
            )
            raise ConfigError(
                f"sweep: unknown key {key!r}"
                + (f" (did you mean {close[0]!r}?)" if close else "")
                + "; a sweep takes preset, level, "
                + "".join(f"{k}, " for k in sorted(kind_keys))
                + "mode, or any rule option of docs/rules.md §9 (e.g. kitty_multiplier)"
            )
        if not isinstance(values, list):
            raise ConfigError(
                f"sweep: {key}: expected a list of values, e.g. {key} = [{_example(values)}]"
            )
        if not values:
            raise ConfigError(f"sweep: {key}: empty list; give at least one value")
        if len(values) > MAX_VALUES:
            raise ConfigError(f"sweep: {key}: {len(values)} values; at most {MAX_VALUES}")
        if key in rule_keys and key in rules_table:
            raise ConfigError(f"sweep: {key} is set in [rules] too; set it in one place")
        if key not in rule_keys and key in data:
            raise ConfigError(f"sweep: {key} is set outside [sweep] too; set it in one place")


def _cell_config(
    data: dict,
    rules_table: dict,
    rule_keys: set[str],
    keys: tuple,
    combo: tuple,
    source: str,
    base_error: ConfigError | None,
) -> tuple[Study, StudyConfig, str]:
    """A cell's (kind, config) and how its values are shown: the file's table with the
    cell's values (a rule option's in [rules]), validated as a plain study's."""
    cell_data = {k: v for k, v in data.items() if k != "chunk_size"}
    cell_rules = dict(rules_table)
    for key, value in zip(keys, combo, strict=True):
        if key in rule_keys and key not in SWEPT_COMMON:
            cell_rules[key] = value
        else:
            cell_data[key] = value
    cell_data["rules"] = cell_rules
    shown = ", ".join(f"{k} = {_example(v)}" for k, v in zip(keys, combo, strict=True))
    try:
        kind, cfg = make_plain_config(cell_data, source=source)
        kind.tables(cfg)
    except ConfigError as exc:
        if base_error is not None:
            raise base_error from None
        raise ConfigError(f"sweep: the cell {shown}: {exc}") from None
    if kind.aggregates(cfg):
        raise ConfigError(
            "sweep: aggregate runs (aggregate = true) cannot be swept: they keep no rows"
        )
    if type(cfg).chunks is not StudyConfig.chunks:
        raise ConfigError(
            f"sweep: a {kind.name} study plans its own chunks and cannot be swept; "
            "run one study per variant"
        )
    return kind, cfg, shown


def _swept_values(cfg: StudyConfig, keys: tuple, kind_keys: set[str]) -> dict:
    """A cell's canonical value of each swept key."""
    values = {}
    for key in keys:
        if key == "preset":
            values[key] = cfg.preset
        elif key == "level":
            values[key] = cfg.level
        elif key in kind_keys:
            values[key] = cfg.options[key]
        else:
            values[key] = cfg.rules.to_dict()[key]
    return values


def _example(value) -> str:
    if isinstance(value, str):
        return repr(value).replace("'", '"')
    return label(value)


def _with_chunk(cfg: StudyConfig, chunk_size: int) -> StudyConfig:
    from dataclasses import replace

    return replace(cfg, chunk_size=chunk_size)


def _column_names(kind: Study, cfg: StudyConfig) -> set[str]:
    """The names a swept column may not take: the kind's own columns (from a one-item
    probe of its first chunk) and ``cell``.  A swept key among them is named sweep_<key>."""
    probe = kind.run_chunk(cfg, Chunk(0, 0, 1)).tables
    return {name for t in probe.values() for name in t.column_names} | {CELL_COLUMN}


# -- the study ------------------------------------------------------------------------


def _sweep_config(cfg: StudyConfig) -> SweepConfig:
    """The runner hands a sweep its own config back; anything else is a programming error."""
    if not isinstance(cfg, SweepConfig):
        raise TypeError(f"a sweep runs a SweepConfig, not {type(cfg).__name__}")
    return cfg


class SweepStudy(Study):
    """Runs a kind over the cells of a ``SweepConfig`` (module docstring).  Pickles as its
    inner kind's name (workers import the kind)."""

    def __init__(self, inner: Study):
        self.inner = inner

    def __reduce__(self):
        return (_sweep_of, (self.inner.name,))

    @property
    def name(self):  # type: ignore[override]  # a property over the wrapped kind's class attribute
        return self.inner.name

    @property
    def unit(self):  # type: ignore[override]  # a property over the wrapped kind's class attribute
        return self.inner.unit

    @property
    def keys(self):  # type: ignore[override]  # a property over the wrapped kind's class attribute
        return self.inner.keys

    def tables(self, cfg: StudyConfig) -> list[str]:
        cfg = _sweep_config(cfg)
        return self.inner.tables(cfg.cells[0].cfg)

    def run_chunk(self, cfg: StudyConfig, chunk: Chunk) -> ChunkResult:
        cfg = _sweep_config(cfg)
        import pyarrow as pa

        c = len(cfg.cells)
        j, start, count = chunk.index, chunk.start // c, chunk.count // c
        inner_chunk = Chunk(j, start, count)
        parts: dict[str, list] = {}
        stats: dict[str, int] = {"items": chunk.count}
        summary = SUMMARY.get(cfg.study, ())
        base_values: dict[str, np.ndarray] = {}
        codes = {k: {lab: i for i, lab in enumerate(cfg.labels(k))} for k in cfg.keys}
        for cell in cfg.cells:
            res = self.inner.run_chunk(cell.cfg, inner_chunk)
            for key in ("deal_deals", "deal_tries"):  # the [deal] table's counts, all cells
                if key in res.stats:
                    stats[key] = stats.get(key, 0) + res.stats[key]
            for name, table in res.tables.items():
                rows = table.num_rows
                extra = {CELL_COLUMN: arrow_array(np.full(rows, cell.index, np.int16))}
                for key, column in zip(cfg.keys, cfg.columns, strict=True):
                    extra[column] = arrow_dictionary(
                        np.full(rows, codes[key][cell.labels[key]], np.int8), cfg.labels(key)
                    )
                parts.setdefault(name, []).append(_prepend(table, extra))
            for m in summary:
                metric = METRICS[cfg.study][m]
                x = item_values(
                    metric,
                    res.tables[metric.table],
                    item_column(res.tables[metric.table].column_names),
                    count,
                    start,
                )
                base_values.setdefault(m, x)
                d = x - base_values[m]
                pre = f"c{cell.index}.{m}"
                stats[pre] = int(x.sum())
                stats[pre + ".sq"] = int((x * x).sum())
                stats[pre + ".d"] = int(d.sum())
                stats[pre + ".dsq"] = int((d * d).sum())
        tables = {name: pa.concat_tables(ts).combine_chunks() for name, ts in parts.items()}
        meta = None
        if "deal_tries" in stats:
            meta = {"deal_stats": {"deals": stats["deal_deals"], "tries": stats["deal_tries"]}}
        return ChunkResult(tables=tables, stats=stats, metadata=meta)

    def summary(self, cfg: StudyConfig, stats: dict) -> list[str]:
        cfg = _sweep_config(cfg)
        n = stats.get("items", 0) // max(1, len(cfg.cells))
        from shengji.studies.conditioned import summary_lines as deal_lines

        lines = [
            f"sweep ({cfg.mode}) over {', '.join(cfg.keys)}: {len(cfg.cells)} cells x "
            f"{n:,} {self.unit}, paired on the same deals"
        ] + deal_lines(cfg, stats)
        for m in SUMMARY.get(cfg.study, ()):
            metric = METRICS[cfg.study][m]
            rows = [
                summary_row(
                    n,
                    stats.get(f"c{c.index}.{m}", 0),
                    stats.get(f"c{c.index}.{m}.sq", 0),
                    stats.get(f"c{c.index}.{m}.d", 0),
                    stats.get(f"c{c.index}.{m}.dsq", 0),
                    stats.get(f"c0.{m}", 0),
                    stats.get(f"c0.{m}.sq", 0),
                    metric.rate,
                    baseline=c.index == 0,
                )
                for c in cfg.cells
            ]
            lines.append(f"{m} ({metric.doc}); differences from cell 0, paired:")
            lines.extend(
                format_table([c.labels for c in cfg.cells], list(cfg.keys), rows, rate=metric.rate)
            )
        return lines


def _sweep_of(name: str) -> SweepStudy:
    from shengji.studies import get_study

    return SweepStudy(get_study(name))


def _prepend(table, extra: dict):
    import pyarrow as pa

    arrays = list(extra.values()) + list(table.columns)
    fields = [pa.field(k, a.type, nullable=False) for k, a in extra.items()] + list(table.schema)
    return pa.Table.from_arrays(arrays, schema=pa.schema(fields, metadata=table.schema.metadata))
