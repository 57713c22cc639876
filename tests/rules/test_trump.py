"""rules/trump.py: ``Trump`` (its forms, following suit and order read from the core's
tables, equality) and ``resolve_trump``; checked against the reference's card order."""

from __future__ import annotations

import pytest

from shengji.reference.cardinfo import follow_suit_of, order_of, resolve_trump_spec
from shengji.rules.trump import Trump, resolve_trump


def test_the_forms_of_a_trump():
    t = Trump("10", "h")
    assert (t.level, t.suit, t.level_rank, t.suit_index) == ("10", "H", 8, 1)
    assert Trump("T", "H") == t and hash(Trump("T", "H")) == hash(t)
    assert Trump(2, "NT") == Trump("2", None) and Trump("2").suit is None
    assert str(Trump("2", None)) == "level 2, no-trump" and repr(t) == "Trump('10', 'H')"
    assert resolve_trump(("10", "H")) == t and resolve_trump(t) is t
    with pytest.raises(ValueError, match="trump must be a Trump or a"):
        resolve_trump("10H")
    with pytest.raises(ValueError):
        Trump("1", "H")


@pytest.mark.parametrize("trump", [("2", "H"), ("K", "S"), ("A", None), ("7", "D")])
def test_every_kind_follows_and_ranks_as_the_reference_says(trump):
    t, spec = Trump(*trump), resolve_trump_spec(trump)
    for kind in range(54):
        card = 2 * kind
        assert t.follow_suit(card) == follow_suit_of(kind, spec)
        assert t.order(card) == order_of(kind, spec)
        assert t.is_trump(card) == (follow_suit_of(kind, spec) == "T")
