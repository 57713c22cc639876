"""The pieces both of the almanac's pages write (shengji.almanac.markup): a number and an
estimate with its interval, a markdown table, the rule variants' order, nil effects and what
changed under net, read from the committed tables (docs/results/almanac/)."""

from __future__ import annotations

from pathlib import Path

import shengji.almanac as almanac
from shengji.almanac.markup import _ci, _est, _nil, _pct, _rules_order, _table, _what_changed

DATA = Path(__file__).resolve().parents[2] / "docs" / "results" / "almanac"


def test_numbers_and_intervals():
    nan = float("nan")
    assert _pct(0.5284) == "52.8" and _pct(nan) == "–"
    assert _est(0.5284, 0.5251, 0.5313, 100) == "52.8 [52.5, 53.1]"
    assert _ci(-0.0183, -0.022, -0.015, 100) == "-1.8 [-2.2, -1.5]"
    assert _ci(nan, 0, 0) == "–" and _est(nan, 0, 0) == "–"


def test_a_table():
    assert _table(["a", "b"], [["1", "2"]]) == ["| a | b |", "|---|---|", "| 1 | 2 |"]


def test_the_variants_order_and_nil_effects():
    df = almanac.load(DATA)
    order = _rules_order(df)
    rules = df[(df.analysis == "rules") & (df.metric == "level_up")]
    assert sorted(order) == sorted(set(rules.variant) - {"standard"})
    size = [rules[rules.variant == v]["diff"].abs().max() for v in order]
    assert size == sorted(size, reverse=True)
    assert _nil(df, "clockwise=true"), "clockwise only renames the seats"
    assert not _nil(df, order[0])


def test_what_changed_needs_memory_s_table():
    df = almanac.load(DATA)
    lines = _what_changed(df)
    assert lines[1] == "### What changed under net" and "Spearman's rho" in lines[3]
    assert _what_changed(df[df.analysis != "rules_memory"]) == []
