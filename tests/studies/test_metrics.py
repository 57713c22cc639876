"""studies/metrics.py: the per-item metrics computed from small hand-made tables (sums per
item, a match's mean over its hands, the duel's signed swing), the item column, and one
sweep cell's row and its text."""

from __future__ import annotations

import math

import pyarrow as pa
import pytest

from shengji.stats import mean_interval, wilson
from shengji.studies.metrics import (
    METRICS,
    column_values,
    format_table,
    item_column,
    item_values,
    summary_row,
)

HANDS = pa.table(
    {
        "hand": [0, 1, 2],
        "defender_points": [40, 85, 120],
        "level_side": pa.array(["banker", "defenders", "banker"]).dictionary_encode(),
        "levels": [2, 1, 0],
    }
)


def test_dictionary_columns_read_as_their_strings():
    assert column_values(HANDS, "level_side").tolist() == ["banker", "defenders", "banker"]


def test_hand_metrics_per_item():
    scoring = METRICS["scoring"]
    assert item_values(scoring["D"], HANDS, "hand", 3).tolist() == [40, 85, 120]
    assert item_values(scoring["level_up"], HANDS, "hand", 3).tolist() == [1, 0, 1]
    assert item_values(scoring["levels"], HANDS, "hand", 3).tolist() == [2, -1, 0]


def test_a_matchs_hand_metric_is_the_mean_over_its_hands():
    table = HANDS.append_column("match", pa.array([5, 5, 6]))
    got = item_values(METRICS["match"]["D"], table, "match", 2, first=5)
    assert got.tolist() == [62.5, 120.0]


def test_the_duels_swing_is_signed_by_orientation():
    duel = pa.table({"deal": [0, 0, 1, 1], "orientation": [0, 1, 0, 1],
                     "defender_points": [60, 100, 80, 30]})  # fmt: skip
    assert item_values(METRICS["duel"]["swing_points"], duel, "deal", 2).tolist() == [40, -50]
    assert item_column(duel.column_names) == "deal"
    with pytest.raises(ValueError, match="no item column"):
        item_column(["seat"])


def test_summary_row_and_its_text():
    row = summary_row(10, 4, 4, 2, 6, 2, 2, True)
    assert (row["low"], row["high"]) == pytest.approx(wilson(4, 10))
    d, dh = mean_interval(10, 2, 6)
    assert (row["diff"], row["diff_low"], row["diff_high"]) == pytest.approx((d, d - dh, d + dh))
    base = summary_row(10, 4, 4, 0, 0, 4, 4, True, baseline=True)
    assert base["diff"] == 0 and math.isnan(base["diff_low"])
    lines = format_table([{"k": 1}, {"k": 2}], ["k"], [base, row], rate=True)
    assert lines[0].split()[:2] == ["k", "mean"]
    assert "(baseline)" in lines[1] and "40.00%" in lines[1]
    assert "20.00% [" in lines[2]
