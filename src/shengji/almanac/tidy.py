"""The almanac's one table shape (``COLUMNS``, ``schema()``) and its rows.

Every reduced table, whatever its analysis, has the columns

    analysis, preset, variant, hand, metric, by, n, mean, low, high, exact,
    diff, diff_low, diff_high

``analysis``: deals, bid_odds, scoring, rules (net playing), rules_memory (the same
variants, memory playing), match or ladder; ``preset``: the rules' preset;
``variant``: the rule change (``kitty_multiplier=power2``; ``standard`` its baseline), the
ladder's bot or pair, ``""`` where the preset is played as it is; ``hand``: ``first``,
``later`` or ``match``; ``metric``: what is measured (``level_up``, ``D``, ``trumps_h``,
``trumps_h=9``: the rate of that value); ``by``: the breakdown (``seat=0``, ``level=5``,
``trump=NT``; ``""``: none); ``n``: the items (deals, hands, matches) the row rests on;
``mean`` with its 95 % interval ``low``, ``high`` (Wilson's for a rate, Student's t
otherwise); ``exact``: the exact law's value where one exists (else NaN); ``diff``,
``diff_low``, ``diff_high``: a variant's paired difference from ``standard`` on the same
deals, with its 95 % interval (NaN elsewhere).

The rows are plain values (``row``, ``rate_row``, ``mean_row``, ``paired_row``) built from
numpy arrays; ``write`` makes a Parquet file of them byte for byte the same for the same rows.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from shengji.stats import CONFIDENCE, mean_interval, wilson

__all__ = ["COLUMNS", "HANDS", "mean_row", "paired_row", "rate_row", "row", "schema", "write"]

HANDS = ("first", "later", "match")
NAN = math.nan


def schema():
    """The pyarrow schema of every almanac table (pyarrow imported on first use)."""
    import pyarrow as pa

    s, f, i = pa.string(), pa.float64(), pa.int64()
    return pa.schema(
        [
            ("analysis", s),
            ("preset", s),
            ("variant", s),
            ("hand", s),
            ("metric", s),
            ("by", s),
            ("n", i),
            ("mean", f),
            ("low", f),
            ("high", f),
            ("exact", f),
            ("diff", f),
            ("diff_low", f),
            ("diff_high", f),
        ]
    )


COLUMNS = (
    "analysis",
    "preset",
    "variant",
    "hand",
    "metric",
    "by",
    "n",
    "mean",
    "low",
    "high",
    "exact",
    "diff",
    "diff_low",
    "diff_high",
)


def row(
    key: dict,
    n: int,
    mean: float,
    low: float,
    high: float,
    *,
    exact: float = NAN,
    diff: tuple[float, float, float] = (NAN, NAN, NAN),
) -> dict:
    """One row: ``key`` gives analysis, preset, variant, hand, metric and by."""
    if key["hand"] not in HANDS:
        raise ValueError(f"hand: {key['hand']!r} is not one of {', '.join(HANDS)}")
    return {
        **{k: key[k] for k in COLUMNS[:6]},
        "n": int(n),
        "mean": float(mean),
        "low": float(low),
        "high": float(high),
        "exact": float(exact),
        "diff": float(diff[0]),
        "diff_low": float(diff[1]),
        "diff_high": float(diff[2]),
    }


def rate_row(key: dict, k: int, n: int, *, exact: float = NAN) -> dict:
    """A rate ``k / n`` with Wilson's 95 % interval (NaN when n is 0)."""
    if n == 0:
        return row(key, 0, NAN, NAN, NAN, exact=exact)
    low, high = wilson(int(k), int(n), CONFIDENCE)
    return row(key, n, k / n, low, high, exact=exact)


def mean_row(key: dict, values, *, rate: bool = False, exact: float = NAN) -> dict:
    """The mean of ``values`` with its 95 % interval (Wilson's when ``rate``: 0/1 values)."""
    x = np.asarray(values, dtype=np.float64)
    if rate:
        return rate_row(key, int(round(x.sum())), len(x), exact=exact)
    mean, half = mean_interval(len(x), float(x.sum()), float((x * x).sum()), CONFIDENCE)
    return row(key, len(x), mean, mean - half, mean + half, exact=exact)


def paired_row(key: dict, values, base, *, rate: bool = False) -> dict:
    """``mean_row`` of ``values`` plus the paired difference from ``base`` (item i of both
    played on the same deal) with its Student t 95 % interval."""
    x = np.asarray(values, dtype=np.float64)
    y = np.asarray(base, dtype=np.float64)
    if x.shape != y.shape:
        raise ValueError(f"paired_row: {x.shape} values paired with {y.shape}")
    d = x - y
    mean, half = mean_interval(len(d), float(d.sum()), float((d * d).sum()), CONFIDENCE)
    if len(d) >= 2 and not (d != 0).any():
        half = 0.0  # the same on every deal: the difference is exactly 0
    out = mean_row(key, x, rate=rate)
    out.update(diff=float(mean), diff_low=float(mean - half), diff_high=float(mean + half))
    return out


def write(rows: list[dict], path: Path) -> None:
    """The rows as one Parquet file (written to a temporary name, then renamed): the same
    rows give the same bytes."""
    import os

    import pyarrow as pa
    import pyarrow.parquet as pq

    columns = {c: [r[c] for r in rows] for c in COLUMNS}
    table = pa.table(columns, schema=schema())
    tmp = path.with_name("." + path.name + ".tmp")
    pq.write_table(
        table,
        tmp,
        compression="zstd",
        use_dictionary=True,
        write_statistics=False,
        store_schema=False,
    )
    os.replace(tmp, path)
