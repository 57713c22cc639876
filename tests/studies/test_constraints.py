"""The [deal] table's typed value (shengji.studies.constraints): what it reads, its canonical
form (what the metadata records reads back to the same value), and one line for every
wrong table."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from shengji.cards import parse_cards
from shengji.studies.constraints import (
    AllOf,
    AnyOf,
    Atom,
    DealConstraint,
    Not,
    Ref,
    parse_deal,
    parse_where,
)
from tests.reference.test_constraint import predicates, tables


def test_a_table_reads_into_fixed_cards_and_a_predicate():
    c = parse_deal({"seat0": "BJ BJ AH", "kitty": "5S", "where": "seat1.points >= 40"})
    assert c.fixed[0] == tuple(parse_cards("BJ BJ AH"))
    assert c.fixed[4] == tuple(parse_cards("5S"))
    assert c.fixed[1] == c.fixed[2] == c.fixed[3] == ()
    assert c.where == Atom(((1, Ref(1, "points")),), ">=", 40)
    assert c.method == "auto" and c.hands == "every"


def test_copies_of_a_kind_are_numbered_across_the_slots():
    c = parse_deal({"seat0": "BJ", "seat2": "BJ"})
    assert c.fixed[0] == (107,) or c.fixed[0] == (106,)
    assert set(c.fixed[0]) | set(c.fixed[2]) == {106, 107}
    # a list of card tokens, or of physical ids (the Python API), are the same
    assert parse_deal({"seat0": ["BJ", "AH"]}).fixed[0] == tuple(parse_cards("BJ AH"))
    assert parse_deal({"seat0": [106, 3]}).fixed[0] == (106, 3)


def test_the_where_syntax():
    where = parse_where("10 <= seat0.points <= 40 and not (kitty.BJ == 1 or seat1.10h >= 1)")
    assert isinstance(where, AllOf) and len(where.parts) == 3
    assert isinstance(where.parts[2], Not) and isinstance(where.parts[2].part, AnyOf)
    assert str(where) == (
        "seat0.points >= 10 and seat0.points <= 40 and not (kitty.BJ == 1 or seat1.TH >= 1)"
    )
    # sums, factors, constants on either side, a comparison turned round
    a = parse_where("40 > seat1.points - 2*seat3.pairs + 5")
    assert a == Atom(((1, Ref(1, "points")), (-2, Ref(3, "pairs"))), "<", 35)
    assert str(a) == "seat1.points - 2*seat3.pairs < 35"
    assert parse_where("-seat0.points >= -30") == parse_where("seat0.points <= 30")
    # and binds tighter than or
    assert isinstance(parse_where("seat0.pairs > 1 or seat1.pairs > 1 and seat2.pairs > 1"), AnyOf)
    # a list of strings is one where, joined by and
    c = parse_deal({"where": ["seat0.pairs > 1", "seat1.pairs > 1 or seat2.pairs > 1"]})
    assert str(c.where) == "seat0.pairs > 1 and (seat1.pairs > 1 or seat2.pairs > 1)"


@settings(
    max_examples=150,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
@given(predicates())
def test_the_canonical_text_reads_back_to_the_same_predicate(text):
    node = parse_where(text)
    assert parse_where(str(node)) == node


@settings(
    max_examples=80,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
@given(tables())
def test_the_canonical_table_reads_back_to_the_same_constraint(table):
    c = parse_deal(table)
    assert c is not None
    assert parse_deal(c.to_config()) == c


@pytest.mark.parametrize(
    "table",
    [
        {"seat0": [1]},
        {"seat0": [1, 0], "kitty": [5]},
        {"seat2": [107], "seat0": "BJ"},
        {"seat0": "3C", "seat1": [54]},
        {"seat0": "3C 4C", "seat3": [54], "kitty": ["4C"]},
    ],
)
def test_ids_that_card_text_would_number_otherwise_read_back_as_ids(table):
    """Card text numbers each kind's copies in slot order, so the second copy's id (1 for
    the first 2S) given alone would come back as the first's: the canonical table keeps
    the ids, and a replay deals the same cards."""
    c = parse_deal(table)
    assert parse_deal(c.to_config()) == c
    assert c.fixed == parse_deal(c.to_config()).fixed


def test_card_text_takes_the_copy_that_no_id_names():
    # seat1's 3C is the first copy (id 54) by number: seat0's text 3C is the other copy,
    # whichever slot comes first
    assert parse_deal({"seat0": "3C", "seat1": [54]}).fixed[:2] == ((55,), (54,))
    assert parse_deal({"seat0": [55], "seat1": "3C"}).fixed[:2] == ((55,), (54,))
    with pytest.raises(ValueError, match="3C fixed 3 times"):
        parse_deal({"seat0": "3C", "seat1": [54, 55]})
    with pytest.raises(ValueError, match=r"card id 54 \(3C\) fixed twice"):
        parse_deal({"seat0": [54], "seat1": [54]})


def test_an_empty_table_is_no_constraint():
    assert parse_deal({}) is None
    assert parse_deal(DealConstraint()) is None
    assert DealConstraint().empty


def test_with_fixed_adds_a_hand_and_refuses_a_clash():
    c = parse_deal({"seat1": "BJ"})
    d = c.with_fixed(0, parse_cards("SJ SJ"))
    assert d.fixed[0] == tuple(parse_cards("SJ SJ")) and d.fixed[1] == c.fixed[1]
    with pytest.raises(ValueError, match="seat1 already has fixed cards"):
        c.with_fixed(1, [0])
    with pytest.raises(ValueError, match="BJ is fixed to seat0 and elsewhere"):
        c.with_fixed(0, c.fixed[1])


@pytest.mark.parametrize(
    "table,needle",
    [
        (3, "deal: expected a table ([deal])"),
        ({"seat4": "AS"}, "deal: unknown key 'seat4' (did you mean 'seat3'?)"),
        ({"seat0": "BJ BJ", "seat1": "BJ"}, "deal: BJ fixed 3 times (seat0 2, seat1 1)"),
        ({"seat0": "AS " * 3}, "given more than twice"),
        ({"seat0": " ".join(["2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"] * 2)}, "26 cards"),
        ({"kitty": "2S 3S 4S 5S 6S 7S 8S 9S TS"}, "deal.kitty: 9 cards; the kitty holds 8"),
        ({"seat0": "XX"}, "deal.seat0: unknown card 'XX'"),
        ({"seat0": 5}, "deal.seat0: expected card text"),
        ({"seat0": [1, "AS"]}, "deal.seat0: expected card text"),
        ({"seat0": [200]}, "deal.seat0: card id 200 out of range"),
        ({"seat0": [5], "seat1": [5]}, "card id 5 (4S) fixed twice"),
        ({"where": 4}, "deal.where: expected a string"),
        ({"where": ""}, "deal.where: empty"),
        ({"where": "seat0.trump >= 3"}, "unknown feature 'trump' of seat0 (did you mean"),
        ({"where": "seat0.points = 3"}, "use '==' for equality"),
        ({"where": "seat0.points"}, "expected a comparison"),
        ({"where": "3 > 2"}, "holds no feature"),
        ({"where": "seat0.points > 1 AND seat1.pairs > 1"}, "write 'and' in lower case"),
        ({"where": "seat0.points > 1 and"}, "unexpected end"),
        ({"where": "(seat0.points > 1"}, "expected ')'"),
        ({"where": "seat0.points > 10000000"}, "is over 100,000"),
        ({"where": "seat9.points > 1"}, "unknown slot 'seat9'"),
        ({"where": "seat0 > 1"}, "expected seat0.<feature>"),
        ({"where": "foo > 1"}, "unknown name 'foo'"),
        ({"where": "seat0.points > 1 $"}, "unexpected '$'"),
        ({"where": "x" * 5000}, "at most 4000"),
        ({"where": " and ".join(["seat0.pairs > 1"] * 65)}, "more than 64 comparisons"),
        ({"method": "exact"}, "fixes no card and has no where"),
        ({"seat0": "AS", "method": "fast"}, "deal.method: unknown value 'fast'"),
        ({"seat0": "AS", "hands": "all"}, "deal.hands: unknown value 'all'"),
        ({"seat0": "AS", "method": "exact"}, "method = 'exact' needs a where"),
    ],
)
def test_every_wrong_table_is_one_line(table, needle):
    with pytest.raises(ValueError) as info:
        parse_deal(table)
    msg = str(info.value)
    assert needle in msg and "\n" not in msg, msg
