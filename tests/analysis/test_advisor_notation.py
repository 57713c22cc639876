"""Advice in notation: its repr shows cards, its frame integer trump counts, its HTML a
table of the same numbers as ``table()``."""

from __future__ import annotations

import pandas as pd
import pytest

from shengji import advise, parse_cards
from shengji.cards import format_cards
from tests.support.show_tree import parse

HAND = "AS AS KS 2S 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 3C 4C 5C 6C 7C 8C 9C SJ BJ"


@pytest.fixture(scope="module")
def advice():
    return advise(HAND, "2", n=40, seed=5)


def test_repr_shows_notation_not_ids(advice):
    text = repr(advice)
    assert f"hand={format_cards(parse_cards(HAND))!r}" in text
    assert "hand=[" not in text and "bot='greedy'" in text
    assert "OptionEstimate(option='H'" in text


def test_frame_has_integer_trump_counts_and_the_same_numbers(advice):
    df = advice.to_frame()
    assert str(df["trumps"].dtype) == "Int64" and df["n"].dtype.kind == "i"
    assert list(df["option"]) == [o.option for o in advice.options]
    for row, o in zip(df.itertuples(), advice.options, strict=True):
        assert (pd.isna(row.trumps) and o.trumps is None) or row.trumps == o.trumps
        assert row.level_up == o.level_up and row.defender_points == o.defender_points
        assert row.team_levels == o.team_levels and row.you_bank == o.you_bank


def test_html_table_holds_every_option_with_the_table_numbers(advice):
    root = parse(advice._repr_html_())
    assert sorted(root.cards()) == sorted(advice.hand)
    rows = root.find(tag="tr")[1:]
    assert len(rows) == len(advice.options)
    best = [r for r in rows if "sj-best" in r.classes]
    assert len(best) == 1
    for r, o in zip(rows, advice.options, strict=True):
        cells = [td.text() for td in r.find(tag="td")]
        assert cells[1] == ("-" if o.trumps is None else str(o.trumps))
        assert cells[2] == f"{100 * o.level_up:.1f}%"
        assert cells[4] == f"{o.defender_points:.1f} \u00b1 {o.defender_points_hw:.1f}"
        assert cells[5] == f"{o.team_levels:+.2f} \u00b1 {o.team_levels_hw:.2f}"
        assert (r in best) == (o is advice.best)
    assert f"{advice.n:,} deals per option, seed {advice.seed}" in root.text()
