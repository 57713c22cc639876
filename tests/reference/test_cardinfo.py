"""reference/cardinfo.py: a trump resolved from its forms, each kind's following suit and
order under a trump, and card input checked in one line."""

from __future__ import annotations

import pytest

from shengji.cards import kind_of, parse_cards
from shengji.reference.cardinfo import (
    ORDER_BIG_JOKER,
    ORDER_OFF_SUIT_LEVEL,
    ORDER_SMALL_JOKER,
    ORDER_TRUMP_SUIT_LEVEL,
    TRUMP,
    TrumpSpec,
    check_at_most_two,
    follow_suit_of,
    is_trump,
    order_of,
    parse,
    resolve_kind,
    resolve_trump_spec,
)
from shengji.rules.trump import Trump

HEARTS = TrumpSpec(0, 1)
NT = TrumpSpec(0, 4)


def k(text: str) -> int:
    return kind_of(parse_cards(text)[0])


def test_a_trump_in_each_form():
    assert resolve_trump_spec(("2", "H")) == HEARTS
    assert resolve_trump_spec(("2", "NT")) == resolve_trump_spec(("2", None)) == NT
    assert resolve_trump_spec(Trump("2", "H")) == HEARTS
    with pytest.raises(ValueError, match="trump must be a Trump or a"):
        resolve_trump_spec("2H")


def test_following_suit_and_order():
    assert follow_suit_of(k("AS"), HEARTS) == "S" and follow_suit_of(k("2S"), HEARTS) == TRUMP
    assert is_trump(k("3H"), HEARTS) and not is_trump(k("3H"), NT)
    assert order_of(k("2S"), HEARTS) == ORDER_OFF_SUIT_LEVEL
    assert order_of(k("2H"), HEARTS) == ORDER_TRUMP_SUIT_LEVEL
    assert order_of(k("2H"), NT) == ORDER_OFF_SUIT_LEVEL
    assert (order_of(k("SJ"), HEARTS), order_of(k("BJ"), HEARTS)) == (
        ORDER_SMALL_JOKER,
        ORDER_BIG_JOKER,
    )
    assert order_of(k("3S"), HEARTS) < order_of(k("AS"), HEARTS) < ORDER_OFF_SUIT_LEVEL


def test_card_input_checks():
    assert resolve_kind("BJ") == 53 == resolve_kind(53) and resolve_kind(7) == 7
    with pytest.raises(ValueError, match="exactly one card"):
        resolve_kind("AS KS")
    with pytest.raises(ValueError, match="not an integer in 0..53"):
        resolve_kind(54)
    with pytest.raises(ValueError, match="^hand: "):
        parse("ZZ", "hand")
    with pytest.raises(ValueError, match="hand: expected card notation"):
        parse(3.5, "hand")
    with pytest.raises(ValueError, match="appears 3 times"):
        check_at_most_two([parse_cards("AS AS"), parse_cards("AS")], "deal")
