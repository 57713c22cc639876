"""Card notation and encoding (docs/rules.md §1)."""

import pytest

from shengji import Trump, format_cards, parse_cards
from shengji.cards import N_CARDS, as_cards, kind_points


def test_all_108_cards_round_trip():
    text = format_cards(range(N_CARDS))
    assert parse_cards(text) == list(range(N_CARDS))
    for card in range(N_CARDS):
        # one card alone is always copy 0 of its kind
        assert parse_cards(format_cards([card])) == [card - card % 2]


@pytest.mark.parametrize(
    "text,expected",
    [
        ("TH", "TH"),
        ("10h", "TH"),
        ("th", "TH"),
        ("2S", "2S"),
        ("♠A", None),
        ("A♠", "AS"),
        ("sj", "SJ"),
        ("BJ", "BJ"),
        ("Q♦", "QD"),
        ("k♣", "KC"),
    ],
)
def test_aliases_and_case(text, expected):
    if expected is None:
        with pytest.raises(ValueError, match="♠A"):
            parse_cards(text)
    else:
        assert format_cards(parse_cards(text)) == expected


def test_copies_are_numbered_in_order():
    assert parse_cards("AS AS") == [24, 25]
    assert parse_cards("BJ SJ BJ") == [106, 104, 107]


@pytest.mark.parametrize("bad", ["1S", "XH", "AS AS AS", "10", "S", "AZ", "JJ"])
def test_bad_tokens_are_named(bad):
    with pytest.raises(ValueError) as exc:
        parse_cards(bad)
    token = bad.split()[-1]
    assert repr(token) in str(exc.value) or token in str(exc.value)


def test_id_validation():
    with pytest.raises(ValueError, match="out of range"):
        as_cards([108])
    with pytest.raises(ValueError, match="given twice"):
        as_cards([5, 5])
    with pytest.raises(ValueError, match="not an integer"):
        as_cards(["x"])


def test_points_total_200():
    assert sum(kind_points(c // 2) for c in range(N_CARDS)) == 200


def test_trump_order_example_1():
    # docs/rules.md §11.1: level 2, hearts trump
    t = Trump("2", "H")
    chain = ["BJ", "SJ", "2H", "2S", "AH", "KH", "3H"]
    orders = [t.order(c) for c in chain]
    assert orders == sorted(orders, reverse=True) and len(set(orders)) == len(orders)
    assert t.order("2S") == t.order("2C") == t.order("2D")
    assert all(t.is_trump(c) for c in chain + ["2C", "2D"])
    assert t.follow_suit("AS") == "S" and not t.is_trump("AS")


def test_trump_no_trump_and_errors():
    t = Trump("10", None)
    assert t.level == "10" and t.suit is None
    assert Trump("T", "NT") == t
    assert sum(t.is_trump(c) for c in range(0, N_CARDS, 2)) == 6  # 4 tens + 2 jokers (kinds)
    assert sum(Trump("2", "S").is_trump(c) for c in range(0, N_CARDS, 2)) == 18
    with pytest.raises(ValueError, match="rank"):
        Trump("1", "S")
    with pytest.raises(ValueError, match="suit"):
        Trump("2", "X")


def test_a_cards_argument_is_refused_in_one_line_naming_it():
    from shengji.cards import cards_argument

    assert cards_argument("TH TH", "lead") == [42, 43]
    with pytest.raises(ValueError, match=r"^lead: card id 42 \(TH\) given twice$"):
        cards_argument([42, 42], "lead")
    with pytest.raises(ValueError, match="^play 2: expected card notation text or a sequence"):
        cards_argument(3.5, "play 2")
