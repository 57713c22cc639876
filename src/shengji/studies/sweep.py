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
from dataclasses import dataclass
from typing import Any

import numpy as np

from shengji.runner.plan import (
    MAX_CHUNK_SIZE,
    MAX_N,
    Chunk,
    ChunkPlan,
    ChunkResult,
    ConfigError,
    Study,
    StudyConfig,
)
from shengji.stats import mean_interval, welch_interval, wilson

MODES = ("grid", "zip")
MODE_KEY = "mode"
# run-wide keys: a sweep's cells differ in nothing else than their swept values
NOT_SWEPT = ("study", "n", "seed", "chunk_size", "description", "rules")
MAX_CELLS = 2**15 - 1  # the int16 cell column
MAX_VALUES = 127  # a swept column's int8 dictionary codes
CELL_COLUMN = "cell"
ITEM_COLUMNS = ("hand", "match", "deal")  # what n counts, by table


# -- metrics: one definition, used by the summary and by shengji.analysis.compare ---------
@dataclass(frozen=True)
class Metric:
    """A per-item quantity: ``rows(columns) -> values`` per row of ``table``, summed over an
    item's rows (``per_item = "sum"``) or averaged (``"mean"``: a match's hands).  ``rate``:
    0/1 per item (its interval is Wilson's)."""

    table: str
    rows: Any
    doc: str
    rate: bool = False
    per_item: str = "sum"


def _side(cols, name, side):
    return (cols[name] == side).astype(np.int64)


def _signed_levels(cols):
    up = cols["level_side"] == "banker"
    lv = cols["levels"].astype(np.int64)
    return np.where(up, lv, -lv)


def _d(cols):
    return cols["defender_points"].astype(np.int64)


_HAND_METRICS = {
    "D": ("defender_points: the defenders' total (table + kitty + penalty)", _d, False),
    "level_up": (
        "the banker team levels up (level_side = banker)",
        lambda c: _side(c, "level_side", "banker"),
        True,
    ),
    "levels": (
        "the banker team's signed levels (+ up, - when the defenders level)",
        _signed_levels,
        False,
    ),
    "defenders_last": (
        "the defenders take the last trick",
        lambda c: _side(c, "last_winner_side", "defenders"),
        True,
    ),
    "failed_throws": ("failed throws", lambda c: c["failed_throws"].astype(np.int64), False),
}

METRICS: dict[str, dict[str, Metric]] = {
    "scoring": {k: Metric("hands", f, doc, rate) for k, (doc, f, rate) in _HAND_METRICS.items()},
    "match": {
        "match_length": Metric(
            "matches", lambda c: c["hands"].astype(np.int64), "hands in the match"
        ),
        "team0_wins": Metric(
            "matches", lambda c: (c["winner_team"] == 0).astype(np.int64), "team 0 wins", True
        ),
        **{
            k: Metric("hands", f, doc + " (per hand, averaged over the match)", False, "mean")
            for k, (doc, f, _rate) in _HAND_METRICS.items()
        },
    },
    "duel": {
        # the duel's swing per deal: D(orientation 1) - D(orientation 0) (studies.duel)
        "swing_points": Metric(
            "duel",
            lambda c: np.where(c["orientation"] == 1, 1, -1) * _d(c),
            "team_a's swing per deal, D(orientation 1) - D(orientation 0)",
        ),
        "D": Metric("duel", _d, "defender_points, both orientations", False, "mean"),
    },
    "bid_odds": {
        "no_bid": Metric("bids", lambda c: c["no_bid"].astype(np.int64), "nobody declares", True),
        "no_trump": Metric(
            "bids", lambda c: (c["trump"] == "NT").astype(np.int64), "no-trump", True
        ),
        "overturned": Metric(
            "bids", lambda c: (c["overturns"] > 0).astype(np.int64), "an overturn", True
        ),
        "banker_trumps": Metric(
            "bids", lambda c: c["banker_trumps"].astype(np.int64), "the banker's trumps"
        ),
    },
    "deals": {},
}
# the metrics the summary of a sweep prints, per kind (integer per item: exact sums)
SUMMARY = {
    "scoring": ("D", "level_up"),
    "match": ("match_length", "team0_wins"),
    "duel": ("swing_points",),
    "bid_odds": ("no_bid", "no_trump"),
    "deals": (),
}


def column_values(table, name: str) -> np.ndarray:
    """A column of a pyarrow table as numpy: dictionary columns as their strings."""
    import pyarrow as pa

    col = table.column(name)
    if pa.types.is_dictionary(col.type):
        col = col.combine_chunks() if col.num_chunks != 1 else col.chunk(0)
        names = np.asarray(col.dictionary.to_pylist(), dtype=object)
        return names[col.indices.to_numpy(zero_copy_only=False)]
    return col.to_numpy()


class _Columns(dict):
    """Columns of a table, converted to numpy on first use."""

    def __init__(self, table):
        super().__init__()
        self.table = table

    def __missing__(self, name):
        value = self[name] = column_values(self.table, name)
        return value


def item_values(metric: Metric, table, item_column: str, n_items: int, first: int = 0):
    """The metric per item ``first .. first + n_items - 1`` of ``table`` (rows of one cell):
    float64 (per_item "mean") or int64 (sums)."""
    cols = _Columns(table)
    values = np.asarray(metric.rows(cols))
    items = np.asarray(cols[item_column], np.int64) - first
    total = np.bincount(items, weights=values.astype(np.float64), minlength=n_items)
    if metric.per_item == "mean":
        count = np.bincount(items, minlength=n_items)
        with np.errstate(invalid="ignore", divide="ignore"):
            return total / count
    return np.rint(total).astype(np.int64)


# -- the sweep table ------------------------------------------------------------------
def label(value) -> str:
    """A swept value as its column's text: true/false, null, [J, A], a bot's label."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(map(str, value)) + "]"
    if isinstance(value, dict):
        from shengji.game.botspec import parse_bot

        return parse_bot("value", value).label
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
    return {k: list(v) if isinstance(v, tuple) else v for k, v in values.items()}


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
    from shengji.studies.base import make_config, v_int

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
        make_config(data, source=source)
        base_error = None
    except ConfigError as exc:
        base_error = exc
    try:
        base_kind = get_study(str(data.get("study")))
    except ValueError:
        raise (base_error or ConfigError("study: missing or unknown study kind")) from None
    kind_keys = set(base_kind.option_keys)
    rule_keys = {o.name for o in OPTIONS}
    rules_table = data.get("rules", {}) or {}
    for key, values in table.items():
        if key in NOT_SWEPT:
            raise ConfigError(
                f"sweep: {key!r} cannot be swept (it is the run's: one {key} for every cell)"
            )
        if key not in rule_keys | kind_keys | {"preset", "level"}:
            import difflib

            close = difflib.get_close_matches(
                key, sorted(rule_keys | kind_keys | {"preset", "level"}), n=1
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
        cell_data = {k: v for k, v in data.items() if k != "chunk_size"}
        cell_rules = dict(rules_table)
        for key, value in zip(keys, combo, strict=True):
            if key in rule_keys and key not in ("preset", "level"):
                cell_rules[key] = value
            else:
                cell_data[key] = value
        cell_data["rules"] = cell_rules
        shown = ", ".join(f"{k} = {_example(v)}" for k, v in zip(keys, combo, strict=True))
        try:
            kind, cfg = make_config(cell_data, source=source)
            kind.tables(cfg)
        except ConfigError as exc:
            if base_error is not None:
                raise base_error from None
            raise ConfigError(f"sweep: the cell {shown}: {exc}") from None
        if kind.aggregates(cfg):
            raise ConfigError(
                "sweep: aggregate runs (aggregate = true) cannot be swept: they keep no rows"
            )
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
        chunk_size = v_int(1, MAX_CHUNK_SIZE)("chunk_size", data["chunk_size"])
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
    cfg = SweepConfig(
        study=base.study,
        n=base.n,
        seed=base.seed,
        level=base.level,
        preset=base.preset,
        rules=base.rules,
        chunk_size=chunk_size,
        options=base.options,
        description=base.description,
        source=source,
        recorded_when_set=base.recorded_when_set,
        mode=mode,
        keys=keys,
        cells=tuple(cells),
        columns=columns,
    )
    return SweepStudy(base_kind), cfg


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
    def option_keys(self):  # type: ignore[override]  # a property over the wrapped kind's class attribute
        return self.inner.option_keys

    def tables(self, cfg: StudyConfig) -> list[str]:
        cfg = _sweep_config(cfg)
        return self.inner.tables(cfg.cells[0].cfg)

    def run_chunk(self, cfg: StudyConfig, chunk: Chunk) -> ChunkResult:
        cfg = _sweep_config(cfg)
        import pyarrow as pa

        from shengji.studies.base import arrow_array, arrow_dictionary

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
        return ChunkResult(tables=tables, stats=stats)

    def summary(self, cfg: StudyConfig, stats: dict) -> list[str]:
        cfg = _sweep_config(cfg)
        n = stats.get("items", 0) // max(1, len(cfg.cells))
        lines = [
            f"sweep ({cfg.mode}) over {', '.join(cfg.keys)}: {len(cfg.cells)} cells x "
            f"{n:,} {self.unit}, paired on the same deals"
        ]
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


def item_column(names) -> str:
    """The item column (what n counts) among a table's column names."""
    names = list(names)
    for name in ITEM_COLUMNS:
        if name in names:
            return name
    raise ValueError(f"no item column ({', '.join(ITEM_COLUMNS)}) among {names}")


def _prepend(table, extra: dict):
    import pyarrow as pa

    arrays = list(extra.values()) + list(table.columns)
    fields = [pa.field(k, a.type, nullable=False) for k, a in extra.items()] + list(table.schema)
    return pa.Table.from_arrays(arrays, schema=pa.schema(fields, metadata=table.schema.metadata))


# -- the table of a comparison (shared with shengji.analysis.compare) -------------------
def summary_row(
    n: int,
    s: float,
    ss: float,
    ds: float,
    dss: float,
    s0: float,
    ss0: float,
    rate: bool,
    *,
    baseline: bool = False,
    confidence: float = 0.95,
) -> dict:
    """One cell's row from sums over its n items: the mean and its 95% interval (Wilson for
    a rate), and the paired difference from the baseline (sums of the per-item differences)
    with its interval, and the half-width the difference would have unpaired (Welch)."""
    mean, half = mean_interval(n, s, ss, confidence)
    if rate and n:
        low, high = wilson(int(round(s)), n, confidence)
    else:
        low, high = mean - half, mean + half
    row = {"n": n, "mean": mean, "low": low, "high": high}
    if baseline:
        row.update(diff=0.0, diff_low=np.nan, diff_high=np.nan, unpaired_half=np.nan)
    else:
        d, dh = mean_interval(n, ds, dss, confidence)
        _, uh = welch_interval(n, s, ss, n, s0, ss0, confidence)
        row.update(diff=d, diff_low=d - dh, diff_high=d + dh, unpaired_half=uh)
    return row


def format_table(labels: list[dict], keys: list[str], rows: list[dict], *, rate: bool) -> list[str]:
    """Text lines: per cell its swept values, mean [95%], paired difference [95%]."""
    scale, unit = (100.0, "%") if rate else (1.0, "")

    def f(x):
        return "nan" if x != x else f"{x * scale:.2f}{unit}"

    head = [*keys, "mean [95%]", "diff [95%] (paired)", "unpaired ±"]
    body = []
    for lab, r in zip(labels, rows, strict=True):
        if r["diff_low"] != r["diff_low"]:
            diff = "(baseline)" if r["diff"] == 0 else f(r["diff"])
        else:
            diff = f"{f(r['diff'])} [{f(r['diff_low'])}, {f(r['diff_high'])}]"
        body.append(
            [
                *(str(lab[k]) for k in keys),
                f"{f(r['mean'])} [{f(r['low'])}, {f(r['high'])}]",
                diff,
                "" if r["unpaired_half"] != r["unpaired_half"] else f(r["unpaired_half"]),
            ]
        )
    widths = [max(len(row[i]) for row in [head, *body]) for i in range(len(head))]
    return [
        "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
        for row in [head, *body]
    ]
