"""almanac/tidy.py: the one table shape (schema and COLUMNS agree), rows of a rate, a mean
and a paired difference with their intervals, and ``write``'s Parquet the same bytes for
the same rows."""

from __future__ import annotations

import math

import pyarrow.parquet as pq
import pytest

from shengji.almanac.tidy import COLUMNS, mean_row, paired_row, rate_row, row, schema, write
from shengji.stats import mean_interval, sample_interval, wilson

KEY = {"analysis": "scoring", "preset": "standard", "variant": "", "hand": "first",
       "metric": "level_up", "by": ""}  # fmt: skip


def test_the_schema_is_the_columns():
    assert tuple(schema().names) == COLUMNS
    assert list(row(KEY, 1, 0.5, 0, 1)) == list(COLUMNS)
    with pytest.raises(ValueError, match="hand: 'second' is not one of first, later, match"):
        row({**KEY, "hand": "second"}, 1, 0, 0, 0)


def test_rate_and_mean_rows():
    r = rate_row(KEY, 3, 10, exact=0.25)
    assert (r["n"], r["mean"], (r["low"], r["high"]), r["exact"]) == (10, 0.3, wilson(3, 10), 0.25)
    assert math.isnan(rate_row(KEY, 0, 0)["mean"])
    assert mean_row(KEY, [1, 0, 0, 1, 1], rate=True)["mean"] == 0.6
    m = mean_row(KEY, [10.0, 20.0, 40.0])
    mean, half = sample_interval([10.0, 20.0, 40.0])
    assert (m["mean"], m["low"], m["high"]) == pytest.approx((mean, mean - half, mean + half))
    assert math.isnan(m["diff"])


def test_paired_rows():
    r = paired_row(KEY, [5.0, 7.0, 9.0], [4.0, 7.0, 6.0])
    d, h = mean_interval(3, 4.0, 10.0)
    assert (r["diff"], r["diff_low"], r["diff_high"]) == pytest.approx((d, d - h, d + h))
    same = paired_row(KEY, [5.0, 7.0], [5.0, 7.0])
    assert (same["diff"], same["diff_low"], same["diff_high"]) == (0.0, 0.0, 0.0)
    with pytest.raises(ValueError, match="paired with"):
        paired_row(KEY, [1.0], [1.0, 2.0])


def test_write_is_byte_stable(tmp_path):
    rows = [rate_row(KEY, 3, 10), paired_row({**KEY, "by": "seat=0"}, [1.0, 2.0], [0.0, 2.0])]
    write(rows, tmp_path / "a.parquet")
    write(rows, tmp_path / "b.parquet")
    assert (tmp_path / "a.parquet").read_bytes() == (tmp_path / "b.parquet").read_bytes()
    assert pq.read_table(tmp_path / "a.parquet").to_pylist()[1]["by"] == "seat=0"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.parquet", "b.parquet"]
