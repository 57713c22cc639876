"""_core/base/cards.pyx: the per-trump order table (trump_table) and its range checks.
(The sizes it exports are checked against the names in test_names.py.)"""

from __future__ import annotations

import numpy as np
import pytest

from shengji._core.base.cards import (
    BIG_JOKER,
    N_KINDS,
    N_RANKS,
    NO_TRUMP,
    SMALL_JOKER,
    TOTAL_POINTS,
    TRUMP,
    trump_table,
)
from shengji.cards import kind_of, parse_cards


def _kind(text: str) -> int:
    return kind_of(parse_cards(text)[0])


def test_the_tables_are_one_row_per_kind():
    for table in trump_table(0, 0):
        assert table.dtype == np.uint8 and table.shape == (N_KINDS,)


def test_points_are_fives_tens_and_kings():
    points = trump_table(0, 0)[3]
    assert int(points.sum()) * 2 == TOTAL_POINTS  # two copies of each kind
    assert points[_kind("5S")] == 5 and points[_kind("10H")] == 10 and points[_kind("KD")] == 10
    assert points[_kind("QC")] == 0


def test_trumps_follow_as_one_suit_and_rank_in_order():
    follow, order, _, _ = trump_table(0, 1)  # level 2, hearts trump
    trumps = [_kind(t) for t in ("3H", "AH", "2S", "2H")] + [SMALL_JOKER, BIG_JOKER]
    assert {int(follow[k]) for k in trumps} == {TRUMP}
    assert follow[_kind("AS")] != TRUMP
    ranked = [int(order[k]) for k in trumps]
    assert ranked == sorted(ranked) and len(set(ranked)) == len(ranked)
    assert order[_kind("AS")] > order[_kind("KS")] > order[_kind("3S")]  # in its own suit


def test_no_trump_leaves_only_jokers_and_level_cards_in_trump():
    follow = trump_table(0, NO_TRUMP)[0]
    in_trump = {k for k in range(N_KINDS) if follow[k] == TRUMP}
    assert in_trump == {_kind(t) for t in ("2S", "2H", "2C", "2D")} | {SMALL_JOKER, BIG_JOKER}


def test_bad_level_or_suit_is_one_value_error():
    with pytest.raises(ValueError, match="level rank index"):
        trump_table(N_RANKS, 0)
    with pytest.raises(ValueError, match="suit index"):
        trump_table(0, NO_TRUMP + 1)
