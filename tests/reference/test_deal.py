"""reference/deal.py: the deal study's per-seat features computed by hand for one small
written-out holding (counts, pairs, the longest side suit, tractors under each trump)."""

from __future__ import annotations

from shengji.cards import parse_cards
from shengji.reference.deal import (
    FEATURE_NAMES,
    hand_features,
    hand_tractors,
    kitty_points,
    seat_features,
)

HAND = parse_cards("2S 2S 3H 3H 4H 4H AS KS QS 5C 5C SJ BJ 10D")


def test_the_counts():
    f = hand_features(HAND, 0)  # level 2
    assert (f["level_cards"], f["small_jokers"], f["big_jokers"]) == (2, 1, 1)
    assert (f["trumps_s"], f["trumps_h"], f["trumps_c"], f["trumps_d"], f["trumps_nt"]) == (
        4 + 3,
        4 + 4,
        4 + 2,
        4 + 1,
        4,
    )
    assert f["points"] == 10 + 5 + 5 + 10 and f["pairs"] == 4 and f["level_pairs"] == 1
    assert f["longest_side_suit"] == 4  # hearts 3 3 4 4


def test_tractors_under_each_trump():
    t = hand_tractors(HAND, 0)
    assert t == {"tractors_s": 1, "tractors_h": 1, "tractors_c": 1, "tractors_d": 1,
                 "tractors_nt": 1}  # fmt: skip
    assert hand_tractors(HAND, 1)["tractors_h"] == 0  # level 3: the 3s are level cards


def test_a_seats_row_and_the_kitty():
    assert list(seat_features(HAND, 0)) == list(FEATURE_NAMES)
    assert kitty_points(parse_cards("5S 10H KD 3C")) == 25
