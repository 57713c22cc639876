"""The metrics of a run, defined once: a per-item quantity of a kind's table (``METRICS``),
the headline ones of each kind (``SUMMARY``), the per-item values of a table
(``item_values``), and a comparison's rows and text table (``summary_row``,
``format_table``).  A sweep's chunks sum them (``studies.sweep``: paired, per cell) and
``shengji.analysis.compare`` reads them back from a run's files: the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from shengji.stats import mean_interval, welch_interval, wilson

__all__ = [
    "ITEM_COLUMNS",
    "METRICS",
    "SUMMARY",
    "Metric",
    "column_values",
    "format_table",
    "item_column",
    "item_values",
    "summary_row",
]

ITEM_COLUMNS = ("hand", "match", "deal")  # what n counts, by table


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


def item_column(names) -> str:
    """The item column (what n counts) among a table's column names."""
    names = list(names)
    for name in ITEM_COLUMNS:
        if name in names:
            return name
    raise ValueError(f"no item column ({', '.join(ITEM_COLUMNS)}) among {names}")


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
