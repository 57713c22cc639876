"""reference/play.py: following legality, the trick's winner and a throw's check, on small
hands written out (hearts trump at level 2)."""

from __future__ import annotations

from shengji.cards import parse_cards
from shengji.reference.play import check_throw, is_legal_follow, match_shape, trick_winner

HEARTS = ("2", "H")


def test_following_suit():
    hand = "AS 3S KC KC"
    assert is_legal_follow(hand, "QS", "3S", HEARTS)
    assert not is_legal_follow(hand, "QS", "KC", HEARTS)  # holds a spade
    assert is_legal_follow("KC KC 3D", "QS", "KC", HEARTS)  # void: anything
    assert not is_legal_follow(hand, "QC QC", "KC 3S", HEARTS)  # holds a club pair


def test_the_trick_winner():
    assert trick_winner(["AS", "KS", "3H", "2S"], HEARTS) == 3  # the off-suit level card
    assert trick_winner(["AS", "KS", "3C", "QS"], HEARTS) == 0
    assert trick_winner(["QC QC", "3H 5H", "AC AC"], HEARTS) == 2  # no trump pair


def test_shape_match_and_throws():
    pair = match_shape("KC KC", "QC QC", HEARTS)
    assert pair.has_shape and pair.key is not None
    assert not match_shape("KC 3C", "QC QC", HEARTS).has_shape
    tractor = match_shape("5C 5C 6C 6C", "3C 3C 4C 4C", HEARTS)
    assert tractor.tractors == (True,) and tractor.has_shape
    assert match_shape("5C 5C 7C 7C", "3C 3C 4C 4C", HEARTS).tractors == (False,)
    ok, _ = check_throw("AS KS", ["QS 3C", "JS", "4D"], HEARTS)
    assert ok
    ok, forced = check_throw("AS QS", ["KS 3C", "JS", "4D"], HEARTS)
    assert not ok and forced == parse_cards("QS")
