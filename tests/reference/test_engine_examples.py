"""The reference oracle (``shengji.reference``) against the edge cases pinned down in
docs/rules-engine.md: decomposition, follow legality, the trick winner, the errors (the rule
book's worked examples: test_examples.py).  Examples whose outcome does not depend on the
preset run under every preset.
"""

from __future__ import annotations

import pytest

import shengji.reference as ref
from shengji.rules.options import Rules
from tests.support.rule_examples import ALL_PRESETS, HEARTS, NT2, SPADES, ids, k, kinds_text, shape


@pytest.fixture(params=ALL_PRESETS)
def preset(request):
    return request.param


# ---------------------------------------------------------------------------------------
# docs/rules-engine.md: decomposition
# ---------------------------------------------------------------------------------------


def test_components_largest_first():
    c = ref.classify("AS KS KS 3S 3S 4S 4S", HEARTS)
    assert c.kind == "throw" and c.suit == "S" and c.pairs == 2
    assert [x.kind for x in c.components] == ["tractor", "pair", "single"]
    assert [kinds_text(x) for x in c.components] == ["3S 3S 4S 4S", "KS KS", "AS"]
    assert c.cards == ids("AS KS KS 3S 3S 4S 4S")
    assert c.top_order == ref.order("AS", HEARTS)
    singles = ref.classify("3S QS 9S", HEARTS).components
    assert [kinds_text(x) for x in singles] == ["QS", "9S", "3S"]


def test_components_cards_are_the_given_ids():
    given = [k("KS") * 2 + 1, k("AS") * 2, k("KS") * 2]
    c = ref.classify(given, HEARTS)
    assert c.cards == given
    assert sorted(c.components[0].cards) == sorted([k("KS") * 2 + 1, k("KS") * 2])
    assert c.components[1].cards == [k("AS") * 2]


def test_greedy_longest_tractor_first():
    c = ref.classify("3S 3S 4S 4S 6S 6S 7S 7S 8S 8S", HEARTS)
    assert [x.pairs for x in c.components] == [3, 2]
    assert kinds_text(c.components[0]) == "6S 6S 7S 7S 8S 8S"
    assert c.pairs == 3


def test_greedy_tie_highest_top():
    c = ref.classify("3S 3S 4S 4S 6S 6S 7S 7S", HEARTS)
    assert [kinds_text(x) for x in c.components] == ["6S 6S 7S 7S", "3S 3S 4S 4S"]


def test_parallel_off_suit_level_pairs():
    # two off-suit level pairs are parallel, never adjacent
    c = ref.classify("2S 2S 2C 2C", HEARTS)
    assert c.kind == "throw" and [x.kind for x in c.components] == ["pair", "pair"]
    assert [kinds_text(x) for x in c.components] == ["2S 2S", "2C 2C"]  # equal order: kind id
    assert shape("2S 2S 2C 2C 2D 2D") == "throw"
    # ...but each is adjacent to the positions either side
    for lvl in ("2S", "2C", "2D"):
        assert shape(f"AH AH {lvl} {lvl}") == "tractor"
        assert shape(f"{lvl} {lvl} 2H 2H") == "tractor"
    # a run through the parallel position uses the smallest kind id there
    c = ref.classify("2C 2C 2S 2S 2H 2H", HEARTS)
    assert [kinds_text(x) for x in c.components] == ["2S 2S 2H 2H", "2C 2C"]
    c = ref.classify("AH AH 2D 2D 2S 2S 2H 2H SJ SJ", HEARTS)
    assert [x.kind for x in c.components] == ["tractor", "pair"]
    assert kinds_text(c.components[0]) == "2S 2S 2H 2H AH AH SJ SJ"
    assert kinds_text(c.components[1]) == "2D 2D"


def test_chain_positions():
    assert [ref.chain(c, HEARTS) for c in ["AH", "2S", "2C", "2H", "SJ", "BJ"]] == [
        11,
        12,
        12,
        13,
        14,
        15,
    ]
    t8 = ("8", "S")
    assert ref.chain("9C", t8) == 6 and ref.chain("7C", t8) == 5
    nogap = {"tractor_gap": False}
    assert ref.chain("9C", t8, nogap) == 7 and ref.chain("7C", t8, nogap) == 5
    assert ref.chain("AS", t8, nogap) == 12 and ref.chain("8H", t8, nogap) == 13
    nochain = {"trump_chain": False}
    assert [ref.chain(c, HEARTS, nochain) for c in ["AH", "2S", "2H", "SJ", "BJ"]] == [
        11,
        13,
        15,
        17,
        19,
    ]
    assert [ref.chain(c, NT2) for c in ["2D", "SJ", "BJ"]] == [21, 22, 23]
    assert ref.chain("AS", NT2) == 11


def test_tractor_gap_off(preset):
    rules = Rules.preset(preset).replace(tractor_gap=False)
    t8 = ("8", "S")
    assert shape("9C 9C 7C 7C", t8, rules) == "throw"
    assert shape("9S 9S 7S 7S", t8, rules) == "throw"
    assert shape("9C 9C TC TC", t8, rules) == "tractor"
    assert shape("AS AS 8H 8H", t8, rules) == "tractor"
    assert shape("KS KS AS AS", t8, rules) == "tractor"
    # level A: the highest plain trump is K, adjacent to the off-suit level pairs
    assert shape("KS KS AH AH", ("A", "S"), rules) == "tractor"
    assert shape("QS QS KS KS", ("A", "S"), rules) == "tractor"
    # the trump chain itself is untouched
    assert shape("BJ BJ SJ SJ 8S 8S 8H 8H", t8, rules) == "tractor"


def test_trump_chain_off(preset):
    rules = Rules.preset(preset).replace(trump_chain=False)
    for cards in ["AS AS 2H 2H", "2S 2S 2H 2H", "SJ SJ 2S 2S", "BJ BJ SJ SJ"]:
        assert shape(cards, SPADES, rules) == "throw", cards
    assert shape("KS KS AS AS", SPADES, rules) == "tractor"
    assert shape("SJ SJ 2D 2D", NT2, rules) == "throw"
    assert shape("BJ BJ SJ SJ", NT2, rules) == "throw"
    # a ruff by two joker pairs no longer matches a tractor lead
    assert ref.trick_winner(["3C 3C 4C 4C", "BJ BJ SJ SJ"], SPADES, rules) == 0
    assert ref.trick_winner(["3C 3C 4C 4C", "BJ BJ SJ SJ"], SPADES, preset) == 1


def test_no_trump_chains(preset):
    assert shape("BJ BJ SJ SJ", NT2, preset) == "tractor"
    assert shape("BJ BJ SJ SJ 2H 2H", NT2, preset) == "tractor"
    assert shape("2D 2D 2C 2C", NT2, preset) == "throw"
    c = ref.classify("SJ SJ 2C 2C 2S 2S", NT2, preset)
    assert [kinds_text(x) for x in c.components] == ["2S 2S SJ SJ", "2C 2C"]
    c = ref.classify("AS AS KS KS", NT2, preset)
    assert c.kind == "tractor" and c.suit == "S"
    assert shape("6S 6S 4S 4S", ("5", None), preset) == "tractor"
    assert shape("AS AS 2S 2S", ("5", None), preset) == "throw"  # no wrap-around


def test_no_wrap_around(preset):
    assert shape("AC AC 2C 2C", ("5", "S"), preset) == "throw"
    assert shape("AC AC 3C 3C", HEARTS, preset) == "throw"


# ---------------------------------------------------------------------------------------
# docs/rules-engine.md: follow legality
# ---------------------------------------------------------------------------------------

TRACTOR_LEAD = "3S 3S 4S 4S"


def test_follow_tractor_held_must_be_played(preset):
    hand = "9S 9S TS TS QS QS 5S KH"
    assert ref.is_legal_follow(hand, TRACTOR_LEAD, "9S 9S TS TS", HEARTS, preset)
    assert not ref.is_legal_follow(hand, TRACTOR_LEAD, "9S 9S QS QS", HEARTS, preset)
    assert not ref.is_legal_follow(hand, TRACTOR_LEAD, "9S 9S 5S QS", HEARTS, preset)
    # a longer run: any two adjacent pairs of it
    hand = "7S 7S 8S 8S 9S 9S 5S"
    assert ref.is_legal_follow(hand, TRACTOR_LEAD, "7S 7S 8S 8S", HEARTS, preset)
    assert ref.is_legal_follow(hand, TRACTOR_LEAD, "8S 8S 9S 9S", HEARTS, preset)
    assert not ref.is_legal_follow(hand, TRACTOR_LEAD, "7S 7S 9S 9S", HEARTS, preset)
    # a trump tractor lead through the level/joker chain
    hand = "AH AH 2S 2S 3H 4H KC"
    assert ref.is_legal_follow(hand, "SJ SJ BJ BJ", "AH AH 2S 2S", HEARTS, preset)
    assert not ref.is_legal_follow(hand, "SJ SJ BJ BJ", "AH AH 3H 4H", HEARTS, preset)


def test_follow_pairs_when_no_tractor(preset):
    hand = "9S 9S JS JS 5S 6S 7S"
    assert ref.is_legal_follow(hand, TRACTOR_LEAD, "9S 9S JS JS", HEARTS, preset)
    assert not ref.is_legal_follow(hand, TRACTOR_LEAD, "9S 9S 5S 6S", HEARTS, preset)
    hand = "9S 9S 5S 6S 7S"
    assert ref.is_legal_follow(hand, TRACTOR_LEAD, "9S 9S 5S 6S", HEARTS, preset)
    assert ref.is_legal_follow(hand, TRACTOR_LEAD, "9S 9S 6S 7S", HEARTS, preset)
    assert not ref.is_legal_follow(hand, TRACTOR_LEAD, "5S 6S 7S 9S", HEARTS, preset)
    # a pair lead needs a pair when held
    assert ref.is_legal_follow("9S 9S 5S", "KS KS", "9S 9S", HEARTS, preset)
    assert not ref.is_legal_follow("9S 9S 5S", "KS KS", "9S 5S", HEARTS, preset)
    assert ref.is_legal_follow("9S 6S 5S", "KS KS", "9S 5S", HEARTS, preset)
    # the off-suit level pairs of a trump hand are pairs too
    assert not ref.is_legal_follow("2S 2S 5H 3D", "KH KH", "2S 5H", HEARTS, preset)


def test_follow_throw_components(preset):
    # pairs of a throw made of singles count as singles (002)
    assert ref.is_legal_follow("5S 5S 7S", "AS KS", "5S 7S", HEARTS, preset)
    assert ref.is_legal_follow("5S 5S 7S", "AS KS", "5S 5S", HEARTS, preset)
    # pair + single: the pair must be matched
    assert ref.is_legal_follow("5S 5S 7S 8S", "AS AS KS", "5S 5S 7S", HEARTS, preset)
    assert not ref.is_legal_follow("5S 5S 7S 8S", "AS AS KS", "5S 7S 8S", HEARTS, preset)
    # tractor + pair: both
    lead = "3S 3S 4S 4S KS KS"
    hand = "6S 6S 7S 7S 9S 9S JS"
    assert ref.is_legal_follow(hand, lead, "6S 6S 7S 7S 9S 9S", HEARTS, preset)
    hand = "6S 6S 7S 7S 9S JS QS"
    assert ref.is_legal_follow(hand, lead, "6S 6S 7S 7S 9S JS", HEARTS, preset)
    assert not ref.is_legal_follow(hand, lead, "6S 6S 7S 9S JS QS", HEARTS, preset)


def test_follow_short_suit_plays_all(preset):
    hand = "9S 9S KH KH 5C 6C"
    # short_suit_trumps (贴主): the fill takes the trumps first
    fill_trumps = Rules.preset(preset).short_suit_trumps
    assert ref.is_legal_follow(hand, TRACTOR_LEAD, "9S 9S 5C 6C", HEARTS, preset) != fill_trumps
    assert ref.is_legal_follow(hand, TRACTOR_LEAD, "9S 9S KH KH", HEARTS, preset)
    assert not ref.is_legal_follow(hand, TRACTOR_LEAD, "9S KH KH 5C", HEARTS, preset)
    # exactly as many of the suit as the lead: all of them, whatever their shape
    hand = "9S TS JS QS KH"
    assert ref.is_legal_follow(hand, TRACTOR_LEAD, "9S TS JS QS", HEARTS, preset)
    assert not ref.is_legal_follow(hand, TRACTOR_LEAD, "9S TS JS KH", HEARTS, preset)
    # trump is the led suit: level cards and jokers are of it
    assert ref.is_legal_follow("2S 5C 6C", "3H 3H", "2S 5C", HEARTS, preset)
    assert not ref.is_legal_follow("2S 5C 6C", "3H 3H", "5C 6C", HEARTS, preset)


def test_follow_void_may_play_anything(preset):
    hand = "3H 5H KC QD 2C BJ"
    fill_trumps = Rules.preset(preset).short_suit_trumps
    for play in ["3H 5H KC QD", "KC QD 2C BJ", "3H KC QD BJ"]:
        assert ref.is_legal_follow(hand, TRACTOR_LEAD, play, HEARTS, preset) != fill_trumps, play
    # four trumps (3H 5H 2C BJ) fill the four places: the only follow under short_suit_trumps
    assert ref.is_legal_follow(hand, TRACTOR_LEAD, "3H 5H 2C BJ", HEARTS, preset)


def test_follow_wrong_size_or_not_in_hand_is_false(preset):
    hand = "9S 9S TS 5C"
    assert not ref.is_legal_follow(hand, "KS KS", "9S", HEARTS, preset)
    assert not ref.is_legal_follow(hand, "KS KS", "9S 9S TS", HEARTS, preset)
    assert not ref.is_legal_follow(hand, "KS KS", "TS TS", HEARTS, preset)
    assert not ref.is_legal_follow(hand, "KS KS", "AS AS", HEARTS, preset)
    # physical copies do not matter, kinds do
    assert ref.is_legal_follow(
        ids("9S 9S TS 5C"), "KS KS", [k("9S") * 2 + 1, k("9S") * 2], HEARTS, preset
    )
    assert ref.is_legal_follow(hand, "KS KS", "9S 9S", HEARTS, preset)


def test_follow_no_trump(preset):
    # in no-trump the level 2S is trump, not a spade
    hand = "2S 5S 6S 7S"
    assert ref.is_legal_follow(hand, "KS", "5S", NT2, preset)
    assert not ref.is_legal_follow(hand, "KS", "2S", NT2, preset)
    assert ref.is_legal_follow(hand, "SJ", "2S", NT2, preset)


# ---------------------------------------------------------------------------------------
# docs/rules-engine.md: trick winner
# ---------------------------------------------------------------------------------------


def test_ruff_of_wrong_shape_never_wins(preset):
    assert ref.trick_winner(["3C 3C 4C 4C", "5H 5H 7H 7H"], HEARTS, preset) == 0
    assert ref.trick_winner(["3C 3C 4C 4C", "5H 5H 6H 6H"], HEARTS, preset) == 1
    assert ref.trick_winner(["3C 3C 4C 4C", "BJ BJ SJ 5H"], HEARTS, preset) == 0
    # mixed trump and side cards never win
    assert ref.trick_winner(["3C 3C", "BJ 5C"], HEARTS, preset) == 0
    # throws: the ruff needs the same decomposition
    assert ref.trick_winner(["AC KC", "3H 5H"], HEARTS, preset) == 1
    assert ref.trick_winner(["AC AC KC", "3H 3H 5H"], HEARTS, preset) == 1
    assert ref.trick_winner(["AC AC KC", "3H 4H 5H"], HEARTS, preset) == 0
    assert ref.trick_winner(["AC AC KC KC 9C", "3H 3H 4H 4H 9H"], HEARTS, preset) == 1
    assert ref.trick_winner(["AC AC KC KC 9C", "3H 3H 5H 5H 9H"], HEARTS, preset) == 0
    # a pair may stand in for two singles, a tractor for its pairs
    assert ref.trick_winner(["AC KC", "3H 3H"], HEARTS, preset) == 1
    assert ref.trick_winner(["AC AC JC JC", "3H 3H 4H 4H"], HEARTS, preset) == 1
    # a longer run stands in for a shorter tractor
    assert ref.trick_winner(["3C 3C 4C 4C 9C 9C", "3H 3H 4H 4H 5H 5H"], HEARTS, preset) == 1


def test_overtrump(preset):
    assert ref.trick_winner(["KC KC", "3H 3H", "5H 5H", "4H 4H"], HEARTS, preset) == 2
    assert ref.trick_winner(["KC", "3H", "2S", "BJ"], HEARTS, preset) == 3
    assert ref.trick_winner(["KC", "2S", "2D", "AH"], HEARTS, preset) == 1  # tie: earlier
    assert ref.trick_winner(["KC", "2S", "2H", "2D"], HEARTS, preset) == 2
    # a wrong-shape trump after a ruff does not overtrump
    assert ref.trick_winner(["KC KC", "3H 3H", "BJ SJ"], HEARTS, preset) == 1
    # a later side-suit play cannot take the trick back from a ruff
    assert ref.trick_winner(["KC KC", "3H 3H", "AC AC"], HEARTS, preset) == 1
    # tractor ruffs compared by the top of the run
    assert ref.trick_winner(["3C 3C 4C 4C", "5H 5H 6H 6H", "AH AH 2S 2S"], HEARTS, preset) == 2
    assert ref.trick_winner(["3C 3C 4C 4C", "AH AH 2S 2S", "KH KH QH QH"], HEARTS, preset) == 1
    assert ref.trick_winner(["3C 3C 4C 4C", "AH AH 2S 2S", "2D 2D 2H 2H"], HEARTS, preset) == 2


def test_ties_go_to_earlier_play(preset):
    assert ref.trick_winner(["AS", "AS"], HEARTS, preset) == 0
    assert ref.trick_winner(["3S", "AS", "AS", "KS"], HEARTS, preset) == 1
    assert ref.trick_winner(["3H", "2S", "2C", "2D"], HEARTS, preset) == 1
    assert ref.trick_winner(["3H 3H", "2S 2S", "2C 2C", "2D 2D"], HEARTS, preset) == 1
    assert ref.trick_winner(["3C", "2S", "2D"], NT2, preset) == 1
    assert ref.trick_winner(["3C", "2S", "2H"], NT2, preset) == 1


def test_in_suit_follow(preset):
    assert ref.trick_winner(["3C 3C", "5C 5C", "4C 4C", "JC 9C"], HEARTS, preset) == 1
    assert ref.trick_winner(["3C 3C 4C 4C", "9C 9C TC TC", "JC JC QC QC"], HEARTS, preset) == 2
    assert ref.trick_winner(["3C 3C 4C 4C", "AC AC QC QC"], HEARTS, preset) == 0
    assert ref.trick_winner(["3C", "AD", "2C"], HEARTS, preset) == 2  # 2C is trump: a ruff
    assert ref.trick_winner(["3C", "AD", "4C"], HEARTS, preset) == 2  # discards never win
    # a trump lead: followed in trump
    assert ref.trick_winner(["3H 3H", "SJ SJ", "BJ 4H"], HEARTS, preset) == 1
    assert ref.trick_winner(["3H", "AS", "4H"], HEARTS, preset) == 2
    # throw followed in suit: by the largest component
    assert ref.trick_winner(["KC KC 5C", "AC AC 3C", "QC QC JC"], HEARTS, preset) == 1
    # single lead of 1 play
    assert ref.trick_winner(["3C"], HEARTS, preset) == 0


def test_gap_tractor_follow_and_ruff(preset):
    t8 = ("8", "S")
    assert ref.trick_winner(["7C 7C 9C 9C", "TC TC JC JC"], t8, preset) == 1
    assert ref.trick_winner(["7C 7C 9C 9C", "7S 7S 9S 9S"], t8, preset) == 1
    assert ref.trick_winner(["7C 7C 9C 9C", "AS AS 8H 8H", "8S 8S SJ SJ"], t8, preset) == 2


# ---------------------------------------------------------------------------------------
# errors
# ---------------------------------------------------------------------------------------


def test_classify_errors():
    with pytest.raises(ValueError):
        ref.classify("", HEARTS)
    with pytest.raises(ValueError):
        ref.classify([], HEARTS)
    with pytest.raises(ValueError):
        ref.classify("AS AC", HEARTS)
    with pytest.raises(ValueError):
        ref.classify("AS 3H", HEARTS)
    with pytest.raises(ValueError):
        ref.classify("1X", HEARTS)
    with pytest.raises(ValueError):
        ref.classify("AS AS AS", HEARTS)
    with pytest.raises(ValueError):
        ref.classify([200], HEARTS)
    with pytest.raises(ValueError):
        ref.classify("AS", HEARTS, "no-such-preset")


def test_trick_winner_errors():
    with pytest.raises(ValueError):
        ref.trick_winner([], HEARTS)
    with pytest.raises(ValueError):
        ref.trick_winner(["AS", "KS KS"], HEARTS)
    with pytest.raises(ValueError):
        ref.trick_winner(["AS KC", "QS QC"], HEARTS)  # the lead mixes suits
    with pytest.raises(ValueError):
        ref.trick_winner(["AS", "AS", "AS"], HEARTS)  # three of a kind across plays
    with pytest.raises(ValueError):
        ref.trick_winner(["", ""], HEARTS)


def test_is_legal_follow_errors():
    with pytest.raises(ValueError):
        ref.is_legal_follow("AS AS", "AS", "AS", HEARTS)  # three AS in hand + lead
    with pytest.raises(ValueError):
        ref.is_legal_follow("AS 1Z", "KS", "AS", HEARTS)
    with pytest.raises(ValueError):
        ref.is_legal_follow("AS KC", "KS 3C", "AS KC", HEARTS)  # mixed lead
    # a play holding a card the hand lacks is just illegal
    assert ref.is_legal_follow("AS 3S", "KS", "QS", HEARTS) is False


def test_check_throw_errors():
    with pytest.raises(ValueError):
        ref.check_throw("AS KS", ["AS", "AS"], HEARTS)
    with pytest.raises(ValueError):
        ref.check_throw("AS KC", ["QS"], HEARTS)
    with pytest.raises(ValueError):
        ref.check_throw("", ["QS"], HEARTS)


def test_kitty_and_level_errors():
    with pytest.raises(ValueError):
        ref.kitty_multiplier("AS KC", HEARTS)
    with pytest.raises(ValueError):
        ref.level_change(100, {"level_table": "nope"})
    with pytest.raises(ValueError):
        ref.level_change(5.5)
    with pytest.raises(ValueError):
        ref.level_change("80")
    assert ref.level_change(10**6) == ("defenders", 1 + (10**6 - 120) // 40)
    with pytest.raises(ValueError):
        ref.order("XX", HEARTS)
    with pytest.raises(ValueError):
        ref.order(54, HEARTS)
    with pytest.raises(ValueError):
        ref.classify("AS", ("1", "H"))
