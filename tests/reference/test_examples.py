"""The reference oracle (``shengji.reference``) against the rule book.

Every worked example of docs/rules.md §11 (hearts trump, level 2 unless said), the throw example
of §3, the kitty table of §5 and the level tables of §6 (the edge cases pinned down in
docs/rules-engine.md: test_engine_examples.py).  Examples whose outcome does not depend on
the preset run under every preset; examples that depend on an option read it from the preset.
"""

from __future__ import annotations

import pytest

import shengji.reference as ref
from shengji import Trump
from shengji.rules.options import Rules
from tests.support.rule_examples import ALL_PRESETS, HEARTS, NT2, SPADES, ids, k, shape


@pytest.fixture(params=ALL_PRESETS)
def preset(request):
    return request.param


# ---------------------------------------------------------------------------------------
# §11.1 card order
# ---------------------------------------------------------------------------------------


def test_example_1_trump_order(preset):
    chain = [
        "BJ",
        "SJ",
        "2H",
        "2S",
        "AH",
        "KH",
        "QH",
        "JH",
        "TH",
        "9H",
        "8H",
        "7H",
        "6H",
        "5H",
        "4H",
        "3H",
    ]
    orders = [ref.order(c, HEARTS) for c in chain]
    assert orders == sorted(orders, reverse=True)
    assert len(set(orders)) == len(orders)
    assert ref.order("2S", HEARTS) == ref.order("2C", HEARTS) == ref.order("2D", HEARTS)
    for c in chain + ["2C", "2D"]:
        assert ref.follow_suit(c, HEARTS) == "T"
    assert ref.follow_suit("AS", HEARTS) == "S"
    # AS is below every trump: every trump single ruffs it
    for c in chain + ["2C", "2D"]:
        assert ref.trick_winner(["AS", c], HEARTS, preset) == 1
    # each card of the chain beats the next one when led after it
    for hi, lo in zip(chain, chain[1:], strict=False):
        assert ref.trick_winner([lo, hi], HEARTS, preset) == 1
        assert ref.trick_winner([hi, lo], HEARTS, preset) == 0


def test_example_1_equal_off_suit_level_cards(preset):
    assert ref.trick_winner(["2S", "2C", "2D"], HEARTS, preset) == 0
    assert ref.trick_winner(["3H", "2C", "2D", "2S"], HEARTS, preset) == 1


def test_order_values():
    assert ref.order("BJ", HEARTS) == 16
    assert ref.order("SJ", HEARTS) == 15
    assert ref.order("2H", HEARTS) == 14
    assert ref.order("2S", HEARTS) == 13
    assert ref.order("AH", HEARTS) == 12
    assert ref.order("3H", HEARTS) == 1
    assert ref.order(k("AS"), HEARTS) == 12
    for c in ["2S", "2H", "2C", "2D"]:
        assert ref.order(c, NT2) == 13
        assert ref.follow_suit(c, NT2) == "T"
    assert ref.follow_suit("AH", NT2) == "H"
    assert ref.order("BJ", NT2) == 16 and ref.order("SJ", NT2) == 15


def test_trump_object_and_tuple_agree():
    t = Trump("8", "S")
    for kind in range(54):
        assert ref.order(kind, t) == ref.order(kind, ("8", "S"))
        assert ref.follow_suit(kind, t) == ref.follow_suit(kind, ("8", "S"))
        assert ref.chain(kind, t) == ref.chain(kind, ("8", "S"))
    assert ref.order("2S", Trump("2", None)) == 13
    assert ref.classify("9C 9C 7C 7C", t).kind == "tractor"


# ---------------------------------------------------------------------------------------
# §11.2–5 combinations
# ---------------------------------------------------------------------------------------


def test_example_2_pairs(preset):
    c = ref.classify("2S 2C", HEARTS, preset)
    assert c.kind == "throw" and c.suit == "T" and c.pairs == 0
    assert [x.kind for x in c.components] == ["single", "single"]
    p = ref.classify("2S 2S", HEARTS, preset)
    assert p.kind == "pair" and p.suit == "T" and p.pairs == 1 and p.top_order == 13
    assert p.components == [p]


def test_example_3_gap_tractor(preset):
    t = ("8", "S")
    c = ref.classify("9C 9C 7C 7C", t, preset)
    assert c.kind == "tractor" and c.suit == "C" and c.pairs == 2
    assert c.top_order == ref.order("9C", t)
    assert shape("AC AC 2C 2C", t, preset) == "throw"


@pytest.mark.parametrize(
    "cards,expected",
    [
        ("AS AS 2H 2H", "tractor"),
        ("2H 2H 2C 2C", "throw"),
        ("2S 2S 2H 2H", "tractor"),
        ("SJ SJ 2S 2S", "tractor"),
        ("BJ BJ SJ SJ", "tractor"),
    ],
)
def test_example_4_trump_chain(preset, cards, expected):
    c = ref.classify(cards, SPADES, preset)
    assert c.kind == expected and c.suit == "T"


def test_example_5_no_trump(preset):
    c = ref.classify("SJ SJ 2D 2D", NT2, preset)
    assert c.kind == "tractor" and c.suit == "T"
    # 2D is trump and AS a side card: not even one combination
    with pytest.raises(ValueError):
        ref.classify("2D 2D AS AS", NT2, preset)
    assert ref.classify("2D 2D AS AS".split()[2] + " AS", NT2).kind == "pair"


# ---------------------------------------------------------------------------------------
# §11.6–7 trick winner
# ---------------------------------------------------------------------------------------


def test_example_6_ruff_needs_the_shape(preset):
    assert ref.trick_winner(["KC KC", "3H 5H"], HEARTS, preset) == 0
    assert ref.trick_winner(["KC KC", "3H 3H"], HEARTS, preset) == 1
    # the example in one trick (its two 3H plays would need three 3H: use 4H 5H)
    assert ref.trick_winner(["KC KC", "4H 5H", "3H 3H"], HEARTS, preset) == 2
    assert ref.trick_winner(["KC KC", "4H 5H", "3H 3H", "4C 5C"], HEARTS, preset) == 2
    # a void seat may play the non-pair (trumping is never forced nor forbidden)
    assert ref.is_legal_follow("3H 5H 6D", "KC KC", "3H 5H", HEARTS, preset)


def test_example_7_first_played_wins_ties(preset):
    assert ref.trick_winner(["AS", "3S", "AS", "4S"], HEARTS, preset) == 0


# ---------------------------------------------------------------------------------------
# §11.8 and §5: the kitty multiplier
# ---------------------------------------------------------------------------------------

MULTIPLIER = {
    "linear4": lambda n: 4 * n,
    "plus2": lambda n: 2 * (n + 1),
    "power2": lambda n: 2 ** (n + 1),
}


def test_example_8_kitty_points(preset):
    option = Rules.preset(preset).kitty_multiplier
    two = ref.kitty_multiplier("3H 3H 4H 4H", HEARTS, preset) * 25
    three = ref.kitty_multiplier("3H 3H 4H 4H 5H 5H", HEARTS, preset) * 25
    assert (two, three) == {"linear4": (200, 300), "plus2": (150, 200), "power2": (200, 400)}[
        option
    ]


@pytest.mark.parametrize("option", ["linear4", "plus2", "power2"])
def test_kitty_multiplier_table(option):
    rules = {"kitty_multiplier": option}
    assert ref.kitty_multiplier("5S", HEARTS, rules) == 2
    assert ref.kitty_multiplier("BJ", HEARTS, rules) == 2
    assert ref.kitty_multiplier("KD KD", HEARTS, rules) == 4
    runs = [
        "3C 3C 4C 4C",
        "3C 3C 4C 4C 5C 5C",
        "3C 3C 4C 4C 5C 5C 6C 6C",
        "3C 3C 4C 4C 5C 5C 6C 6C 7C 7C",
    ]
    for n, cards in enumerate(runs, start=2):
        assert ref.kitty_multiplier(cards, HEARTS, rules) == MULTIPLIER[option](n)
    # a throw counts by its largest component, never summed
    assert ref.kitty_multiplier("AC KC", HEARTS, rules) == 2
    assert ref.kitty_multiplier("AC KC KC", HEARTS, rules) == 4
    assert ref.kitty_multiplier("AC AC 3C 3C 4C 4C 9C", HEARTS, rules) == MULTIPLIER[option](2)
    # a trump tractor through the joker/level chain
    assert ref.kitty_multiplier("BJ BJ SJ SJ 2H 2H", HEARTS, rules) == MULTIPLIER[option](3)


def test_kitty_multiplier_presets(preset):
    option = Rules.preset(preset).kitty_multiplier
    assert ref.kitty_multiplier("AC", HEARTS, preset) == 2
    assert ref.kitty_multiplier("AC AC", HEARTS, preset) == 4
    assert ref.kitty_multiplier("KC KC AC AC", HEARTS, preset) == MULTIPLIER[option](2)


# ---------------------------------------------------------------------------------------
# §11.9 and §6: levelling
# ---------------------------------------------------------------------------------------

CLASSIC = [
    (0, ("banker", 3)),
    (5, ("banker", 2)),
    (35, ("banker", 2)),
    (40, ("banker", 1)),
    (75, ("banker", 1)),
    (80, ("defenders", 0)),
    (115, ("defenders", 0)),
    (120, ("defenders", 1)),
    (155, ("defenders", 1)),
    (160, ("defenders", 2)),
    (195, ("defenders", 2)),
    (200, ("defenders", 3)),
    (240, ("defenders", 4)),
    (280, ("defenders", 5)),
    (320, ("defenders", 6)),
    (360, ("defenders", 7)),
    (400, ("defenders", 8)),
]
LEAGUE = [
    (0, ("banker", 3)),
    (35, ("banker", 2)),
    (40, ("banker", 1)),
    (75, ("banker", 1)),
    (80, ("defenders", 1)),
    (115, ("defenders", 1)),
    (120, ("defenders", 1)),
    (155, ("defenders", 1)),
    (160, ("defenders", 2)),
    (200, ("defenders", 3)),
    (320, ("defenders", 6)),
    (400, ("defenders", 8)),
]
STEP20 = [
    (0, ("banker", 4)),
    (5, ("banker", 3)),
    (25, ("banker", 3)),
    (30, ("banker", 2)),
    (50, ("banker", 2)),
    (55, ("banker", 1)),
    (75, ("banker", 1)),
    (80, ("defenders", 0)),
    (95, ("defenders", 0)),
    (100, ("defenders", 1)),
    (115, ("defenders", 1)),
    (120, ("defenders", 2)),
    (135, ("defenders", 2)),
    (140, ("defenders", 3)),
    (200, ("defenders", 6)),
    (260, ("defenders", 9)),
]
TABLES = {"classic": CLASSIC, "league": LEAGUE, "step20": STEP20}


def _capped(result, cap):
    side, levels = result
    return side, levels if cap is None else min(levels, cap)


@pytest.mark.parametrize("table", list(TABLES))
@pytest.mark.parametrize("cap", [None, 1, 2, 6])
def test_level_tables(table, cap):
    rules = {"level_table": table, "level_cap": cap}
    for d, expected in TABLES[table]:
        assert ref.level_change(d, rules) == _capped(expected, cap), (table, cap, d)


def test_level_tables_presets(preset):
    r = Rules.preset(preset)
    for d, expected in TABLES[r.level_table]:
        assert ref.level_change(d, preset) == _capped(expected, r.level_cap), d


def test_example_9():
    assert ref.level_change(0) == ("banker", 3)
    assert ref.level_change(35) == ("banker", 2)
    assert ref.level_change(40) == ("banker", 1)
    assert ref.level_change(80) == ("defenders", 0)
    assert ref.level_change(120) == ("defenders", 1)
    assert ref.level_change(160) == ("defenders", 2)
    assert ref.level_change(80, "league-2019") == ("defenders", 1)
    assert ref.level_change(25, "club-84022") == ("banker", 3)
    assert ref.level_change(100, "club-84022") == ("defenders", 1)


def test_level_caps_of_sources():
    # 000 (school-cup): +6 at >= 320; 003 (classic-80): no cap
    assert ref.level_change(320, "school-cup") == ("defenders", 6)
    assert ref.level_change(400, "school-cup") == ("defenders", 6)
    assert ref.level_change(400, "classic-80") == ("defenders", 8)
    assert ref.level_change(400, "league-2019") == ("defenders", 6)


def test_negative_points_level_as_zero(preset):
    assert ref.level_change(-20, preset) == ref.level_change(0, preset)
    assert ref.level_change(-5, preset)[0] == "banker"


def test_must_play():
    # club-84022: must play 10 (step20: D=5 -> banker +3)
    assert ref.level_change(5, "club-84022", level="8") == ("banker", 2)  # 8 -> 10, not J
    assert ref.level_change(5, "club-84022", level="9") == ("banker", 1)  # 9 -> 10
    assert ref.level_change(5, "club-84022", level="10") == ("banker", 3)  # starts on 10
    assert ref.level_change(5, "club-84022", level="T") == ("banker", 3)
    assert ref.level_change(5, "club-84022", level="7") == ("banker", 3)  # lands on 10
    assert ref.level_change(5, "club-84022", level="J") == ("banker", 3)
    assert ref.level_change(5, "club-84022") == ("banker", 3)  # no level given
    # must-play-ja: J and A (classic: D=0 -> banker +3)
    assert ref.level_change(0, "must-play-ja", level="9") == ("banker", 2)  # 9 -> J
    assert ref.level_change(0, "must-play-ja", level="8") == ("banker", 3)  # lands on J
    assert ref.level_change(0, "must-play-ja", level="Q") == ("banker", 2)  # Q -> A
    assert ref.level_change(240, "must-play-ja", level="K") == ("defenders", 1)
    assert ref.level_change(0, "must-play-ja", level="2") == ("banker", 3)
    assert ref.level_change(80, "must-play-ja", level="9") == ("defenders", 0)
    # the first must-play rank inside the jump stops it
    rules = {"must_play": ["5", "7"], "level_table": "step20"}
    assert ref.level_change(0, rules, level="3") == ("banker", 2)
    # no must-play: nothing changes
    assert ref.level_change(0, "standard", level="Q") == ("banker", 3)


def test_level_change_with_rules_object():
    assert ref.level_change(170, Rules(level_table="step20")) == ("defenders", 4)


# ---------------------------------------------------------------------------------------
# §3 throws
# ---------------------------------------------------------------------------------------


def test_section_3_throw_example(preset):
    ok, forced = ref.check_throw("KS QS 3S 3S", ["AS AS"], HEARTS, preset)
    assert ok is False
    assert forced == ids("QS")
    # forced cards are the lead's own physical ids
    lead = [k("KS") * 2, k("QS") * 2 + 1, k("3S") * 2, k("3S") * 2 + 1]
    assert ref.check_throw(lead, [ids("AS AS 4D")], HEARTS, preset) == (False, [k("QS") * 2 + 1])


def test_throw_not_a_throw(preset):
    assert ref.check_throw("AS", ["BJ BJ"], HEARTS, preset) == (True, [])
    assert ref.check_throw("3S 3S", ["AS AS"], HEARTS, preset) == (True, [])
    assert ref.check_throw("3S 3S 4S 4S", ["AS AS KS KS"], HEARTS, preset) == (True, [])


def test_throw_valid(preset):
    assert ref.check_throw("AS KS", ["QS JS", "3H 4H", ""], HEARTS, preset) == (True, [])
    # equal cards do not beat: the other AS cannot beat AS, nor the other KS a KS pair
    assert ref.check_throw("AS KS KS", ["AS QS", "QS"], HEARTS, preset) == (True, [])
    # a ruff is not a beating combination (only cards of the led suit count)
    assert ref.check_throw("AS KS", ["BJ BJ 2S"], HEARTS, preset) == (True, [])
    # the pieces must be in one hand: a pair split across two hands beats nothing
    assert ref.check_throw("AS QS QS", ["KS", "KS"], HEARTS, preset) == (True, [])


def test_throw_forced_smallest_shape_then_lowest(preset):
    # both fail: the single before the pair
    assert ref.check_throw("KS JS JS", ["AS QS QS"], HEARTS, preset) == (False, ids("KS"))
    # only the pair fails
    assert ref.check_throw("AS QS QS", ["KS KS"], HEARTS, preset) == (False, ids("QS QS"))
    # several singles fail: the lowest
    assert ref.check_throw("KS 9S 5S", ["AS"], HEARTS, preset) == (False, ids("5S"))
    # tractor fails against a higher run of the same length, or a longer higher run
    assert ref.check_throw("AS 3S 3S 4S 4S", ["5S 5S 6S 6S"], HEARTS, preset) == (
        False,
        ids("3S 3S 4S 4S"),
    )
    assert ref.check_throw("AS 6S 6S 7S 7S", ["3S 3S 4S 4S 5S 5S"], HEARTS, preset) == (True, [])
    assert ref.check_throw("AS 6S 6S 7S 7S", ["8S 8S 9S 9S TS TS"], HEARTS, preset)[0] is False
    assert ref.check_throw("AS 3S 3S 4S 4S", ["5S 5S 6S JS JS"], HEARTS, preset) == (True, [])
    # pair before tractor
    assert ref.check_throw("AS 3S 3S 4S 4S 8S 8S", ["9S 9S TS TS"], HEARTS, preset) == (
        False,
        ids("8S 8S"),
    )
    # shorter tractor before longer
    lead = "3S 3S 4S 4S 7S 7S 8S 8S 9S 9S"
    assert ref.check_throw(lead, ["JS JS QS QS KS KS"], HEARTS, preset) == (
        False,
        ids("3S 3S 4S 4S"),
    )


def test_trump_throw(preset):
    r = Rules.preset(preset)
    result = ref.check_throw("BJ SJ", ["AH KH"], HEARTS, preset)
    if r.trump_throws:
        assert result == (True, [])
    else:
        assert result == (False, ids("SJ"))
    # beaten trump throw: the lowest failing single is forced
    assert ref.check_throw("SJ AH", ["BJ"], HEARTS, preset) == (False, ids("AH"))
    # equal orders: lowest kind id (2S before 2C)
    assert ref.check_throw("2C 2S", ["2H"], HEARTS, preset) == (False, ids("2S"))


def test_trump_throws_off_fails_outright():
    rules = {"trump_throws": False}
    assert ref.check_throw("BJ BJ SJ", [], HEARTS, rules) == (False, ids("SJ"))
    assert ref.check_throw("BJ BJ SJ SJ 5H", [], HEARTS, rules) == (False, ids("5H"))
    assert ref.check_throw("BJ BJ SJ SJ", [], HEARTS, rules) == (True, [])  # a tractor
    assert ref.check_throw("AS KS", [], HEARTS, rules) == (True, [])  # side throws allowed
