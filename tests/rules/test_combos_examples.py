"""The public rules API (``shengji.rules.combos``, the C core behind it) against the rule book.

Every worked example of docs/rules.md §11 (level 2, hearts trump unless said), the throw example
of §3, the kitty table of §5 and the level tables of §6, each under every preset where it
applies (the option it depends on is read from the preset), then the edge cases pinned
down by docs/rules-engine.md and the error messages of the API boundary.
"""

from __future__ import annotations

import numpy as np
import pytest

import shengji
from shengji import (
    Rules,
    Trump,
    check_throw,
    classify,
    is_legal_follow,
    kitty_multiplier,
    level_change,
    trick_winner,
)
from shengji.cards import format_cards, parse_cards
from shengji.rules.options import PRESETS

ALL_PRESETS = list(PRESETS)
HEARTS = ("2", "H")
SPADES = ("2", "S")
NT2 = ("2", None)


@pytest.fixture(params=ALL_PRESETS)
def preset(request):
    return request.param


def kind(text, trump=HEARTS, rules=None):
    return classify(text, trump, rules).kind


def beats(high, low, trump=HEARTS, rules=None):
    """high played after low wins, and low played after high does not."""
    return (
        trick_winner([low, high], trump, rules) == 1
        and trick_winner([high, low], trump, rules) == 0
    )


def component_texts(combo):
    return [(c.kind, format_cards(c.cards)) for c in combo.components]


# ---------------------------------------------------------------------------------------
# docs/rules.md §11 worked examples
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
    for high, low in zip(chain, chain[1:], strict=False):
        assert beats(high, low, HEARTS, preset), (high, low)
    # Off-suit level cards are equal: the one played first wins, either way round.
    for a in ("2S", "2C", "2D"):
        for b in ("2S", "2C", "2D"):
            if a != b:
                assert trick_winner([a, b], HEARTS, preset) == 0
                assert (
                    classify(a, HEARTS, preset).top_order == classify(b, HEARTS, preset).top_order
                )
    # AS is a side card below every trump: any trump ruffs it.
    for trump_card in chain:
        assert trick_winner(["AS", trump_card], HEARTS, preset) == 1
        assert classify("AS", HEARTS, preset).suit == "S"
        assert classify(trump_card, HEARTS, preset).suit == "T"
    orders = [classify(c, HEARTS, preset).top_order for c in chain]
    assert orders == sorted(orders, reverse=True)


def test_example_2_pairs(preset):
    combo = classify("2S 2C", HEARTS, preset)
    assert combo.kind == "throw" and combo.suit == "T" and combo.pairs == 0
    assert [c.kind for c in combo.components] == ["single", "single"]
    pair = classify("2S 2S", HEARTS, preset)
    assert pair.kind == "pair" and pair.suit == "T" and pair.pairs == 1
    assert pair.components == [pair]


def test_example_3_gap_tractor(preset):
    eight_spades = ("8", "S")
    combo = classify("9C 9C 7C 7C", eight_spades, preset)
    assert combo.kind == "tractor" and combo.suit == "C" and combo.pairs == 2
    no_wrap = classify("AC AC 2C 2C", eight_spades, preset)
    assert no_wrap.kind == "throw"
    assert component_texts(no_wrap) == [("pair", "AC AC"), ("pair", "2C 2C")]


@pytest.mark.parametrize(
    "cards, expected",
    [
        ("AS AS 2H 2H", "tractor"),
        ("2H 2H 2C 2C", "throw"),
        ("2S 2S 2H 2H", "tractor"),
        ("SJ SJ 2S 2S", "tractor"),
        ("BJ BJ SJ SJ", "tractor"),
    ],
)
def test_example_4_trump_tractors(preset, cards, expected):
    combo = classify(cards, SPADES, preset)
    assert combo.kind == expected and combo.suit == "T"
    if expected == "throw":
        assert [c.kind for c in combo.components] == ["pair", "pair"]


def test_example_5_no_trump(preset):
    combo = classify("SJ SJ 2D 2D", NT2, preset)
    assert combo.kind == "tractor" and combo.suit == "T"
    # In no-trump AS is a side card, so 2D 2D AS AS is not even one combination.
    with pytest.raises(ValueError, match="following-suit"):
        classify("2D 2D AS AS", NT2, preset)
    # A level pair beside a trump AA that is not there: level pairs are all parallel.
    assert kind("2D 2D 2S 2S", NT2, preset) == "throw"


def test_example_6_ruff_needs_the_shape(preset):
    # The example's source plays 3H three times across its two void seats; the deck holds
    # two, so the two answers are checked as separate tricks and then together with 4H 5H.
    assert trick_winner(["KC KC", "3H 5H"], HEARTS, preset) == 0
    assert trick_winner(["KC KC", "3H 3H"], HEARTS, preset) == 1
    assert trick_winner(["KC KC", "4H 5H", "3H 3H", "4C 6C"], HEARTS, preset) == 2


def test_example_7_first_played_wins_ties(preset):
    assert trick_winner(["AS", "3S", "AS", "4S"], HEARTS, preset) == 0


KITTY_TABLE = {  # docs/rules.md §5 / §11.8: multiplier for a 2-pair and a 3-pair tractor
    "linear4": (8, 12),
    "plus2": (6, 8),
    "power2": (8, 16),
}


def test_example_8_kitty(preset):
    option = Rules.preset(preset).kitty_multiplier
    two, three = KITTY_TABLE[option]
    assert 25 * kitty_multiplier("7H 7H 8H 8H", HEARTS, preset) == 25 * two
    assert 25 * kitty_multiplier("7S 7S 8S 8S 9S 9S", HEARTS, preset) == 25 * three
    points = {"linear4": (200, 300), "plus2": (150, 200), "power2": (200, 400)}[option]
    assert (25 * two, 25 * three) == points
    assert kitty_multiplier("AS", HEARTS, preset) == 2
    assert kitty_multiplier("AS AS", HEARTS, preset) == 4
    # A throw counts by its largest component, never summed.
    assert kitty_multiplier("AS KS KS", HEARTS, preset) == 4


LEVEL_EXAMPLES = {  # docs/rules.md §11.9, before any cap
    "classic": [
        (0, "banker", 3),
        (35, "banker", 2),
        (40, "banker", 1),
        (80, "defenders", 0),
        (120, "defenders", 1),
        (160, "defenders", 2),
    ],
    "league": [(80, "defenders", 1), (120, "defenders", 1), (160, "defenders", 2)],
    "step20": [(25, "banker", 3), (100, "defenders", 1)],
}


def test_example_9_level_tables(preset):
    rules = Rules.preset(preset)
    for d, side, levels in LEVEL_EXAMPLES[rules.level_table]:
        assert level_change(d, preset) == (side, levels), d


# ---------------------------------------------------------------------------------------
# docs/rules.md §3 throw example and §6 tables in full
# ---------------------------------------------------------------------------------------


def test_throw_example(preset):
    ok, forced = check_throw("KS QS 3S 3S", ["AS AS"], HEARTS, preset)
    assert not ok and format_cards(forced) == "QS"
    assert forced == parse_cards("KS QS 3S 3S")[1:2]  # the lead's own id
    assert check_throw("KS QS 3S 3S", ["4S 5S", "AH AH"], HEARTS, preset) == (True, [])


@pytest.mark.parametrize(
    "d, classic, league, step20",
    [
        (-10, ("banker", 3), ("banker", 3), ("banker", 4)),
        (0, ("banker", 3), ("banker", 3), ("banker", 4)),
        (5, ("banker", 2), ("banker", 2), ("banker", 3)),
        (30, ("banker", 2), ("banker", 2), ("banker", 2)),
        (50, ("banker", 1), ("banker", 1), ("banker", 2)),
        (55, ("banker", 1), ("banker", 1), ("banker", 1)),
        (75, ("banker", 1), ("banker", 1), ("banker", 1)),
        (95, ("defenders", 0), ("defenders", 1), ("defenders", 0)),
        (115, ("defenders", 0), ("defenders", 1), ("defenders", 1)),
        (135, ("defenders", 1), ("defenders", 1), ("defenders", 2)),
        (155, ("defenders", 1), ("defenders", 1), ("defenders", 3)),
        (200, ("defenders", 3), ("defenders", 3), ("defenders", 6)),
        (320, ("defenders", 6), ("defenders", 6), ("defenders", 12)),
    ],
)
def test_level_tables(d, classic, league, step20):
    assert level_change(d, {"level_table": "classic"}) == classic
    assert level_change(d, {"level_table": "league"}) == league
    assert level_change(d, {"level_table": "step20"}) == step20


def test_level_cap_and_must_play(preset):
    rules = Rules.preset(preset)
    side, levels = level_change(400, preset)
    uncapped = level_change(400, rules.replace(level_cap=None))[1]
    assert side == "defenders"
    assert levels == (uncapped if rules.level_cap is None else min(uncapped, rules.level_cap))
    assert level_change(0, {"level_cap": 2}) == ("banker", 2)
    # must_play: a jump stops at the first must-play rank strictly inside it.
    ja = {"must_play": ["J", "A"]}
    assert level_change(0, ja, level="9") == ("banker", 2)  # 9 -> J, not Q
    assert level_change(0, ja, level="10") == ("banker", 1)  # 10 -> J
    assert level_change(0, ja, level="J") == ("banker", 3)  # J -> A (lands on it)
    assert level_change(0, ja, level="Q") == ("banker", 2)  # Q -> A, cannot pass
    assert level_change(0, ja) == ("banker", 3)  # no level: not applied
    assert level_change(200, {"must_play": ["10"]}, level="8") == ("defenders", 2)
    assert level_change(200, {"must_play": "10", "level_cap": 1}, level="8") == ("defenders", 1)


def test_level_change_any_integer():
    assert level_change(7) == ("banker", 2)
    assert level_change(np.int64(120)) == ("defenders", 1)
    assert level_change(10**30)[1] == 1 + (10**30 - 120) // 40
    assert level_change(10**30, {"level_cap": 4}) == ("defenders", 4)
    assert level_change(10**30, {"must_play": ["A"]}, level="Q") == ("defenders", 2)
    assert level_change(-(10**30)) == ("banker", 3)
    for bad in (1.5, "80", True, None):
        with pytest.raises(ValueError, match="integer"):
            level_change(bad)
    with pytest.raises(ValueError, match="rank"):
        level_change(0, None, level="Z")


# ---------------------------------------------------------------------------------------
# docs/rules-engine.md edge cases
# ---------------------------------------------------------------------------------------


def test_decomposition_greedy_and_parallel_pairs():
    # Off-suit level pairs are parallel; one rides in the tractor, the smallest kind id.
    combo = classify("AH AH 2S 2S 2C 2C 2H 2H", HEARTS)
    assert combo.kind == "throw" and combo.pairs == 3
    assert component_texts(combo) == [("tractor", "AH AH 2S 2S 2H 2H"), ("pair", "2C 2C")]
    combo = classify("2D 2D 2C 2C 2S 2S", HEARTS)
    assert component_texts(combo) == [("pair", "2S 2S"), ("pair", "2C 2C"), ("pair", "2D 2D")]
    # The longest run is taken first, whole.
    combo = classify("3S 3S 4S 4S 6S 6S 7S 7S 8S 8S 9S", HEARTS)
    assert component_texts(combo) == [
        ("tractor", "6S 6S 7S 7S 8S 8S"),
        ("tractor", "3S 3S 4S 4S"),
        ("single", "9S"),
    ]
    # Ties in length: the highest top first; singles by order, pairs before singles.
    combo = classify("3S 3S 4S 4S 6S 6S 7S 7S AS KS KS", HEARTS)
    assert component_texts(combo) == [
        ("tractor", "6S 6S 7S 7S"),
        ("tractor", "3S 3S 4S 4S"),
        ("pair", "KS KS"),
        ("single", "AS"),
    ]
    assert combo.pairs == 2 and combo.top_order == 12
    # A throw of singles has pairs 0; cards keep the order given.
    combo = classify("3S AS 9S", HEARTS)
    assert combo.pairs == 0 and format_cards(combo.cards) == "3S AS 9S"
    assert [format_cards(c.cards) for c in combo.components] == ["AS", "9S", "3S"]


def test_long_trump_tractor_through_the_level_cards():
    combo = classify("KH KH AH AH 2S 2S 2H 2H SJ SJ BJ BJ", HEARTS)
    assert combo.kind == "tractor" and combo.pairs == 6
    # Without trump_chain the joker / level links break.
    combo = classify("KH KH AH AH 2S 2S 2H 2H SJ SJ BJ BJ", HEARTS, {"trump_chain": False})
    assert [c.kind for c in combo.components] == ["tractor", "pair", "pair", "pair", "pair"]
    # No-trump: level pair - SJ - BJ.
    assert kind("2C 2C SJ SJ BJ BJ", NT2) == "tractor"
    assert kind("2C 2C SJ SJ BJ BJ", NT2, {"trump_chain": False}) == "throw"


def test_tractor_gap_option():
    assert kind("9C 9C 7C 7C", ("8", "S"), {"tractor_gap": False}) == "throw"
    # Level A: without the gap, K is the top plain trump; K K + off-suit level pair.
    assert kind("KS KS AH AH", ("A", "S"), {"tractor_gap": False}) == "tractor"
    assert kind("KS KS AH AH", ("A", "S")) == "tractor"
    # Level 5 without the gap: 4 4 6 6 of a side suit are not adjacent.
    assert kind("4C 4C 6C 6C", ("5", "S"), {"tractor_gap": False}) == "throw"
    assert kind("4C 4C 6C 6C", ("5", "S")) == "tractor"


def test_trick_winner_shapes():
    # A longer run stands in for a shorter tractor; a pair for two singles.
    assert trick_winner(["3S 3S 4S 4S", "6S 6S 7S 7S"], HEARTS) == 1
    assert trick_winner(["3S 4S", "KS KS"], HEARTS) == 1
    # The wrong shape in the led suit never wins, even when higher.
    assert trick_winner(["3S 3S 4S 4S", "AS AS KS QS"], HEARTS) == 0
    # Ruffs: two trump singles never beat a pair; a later higher ruff overtrumps;
    # a later follower in the led suit cannot beat a ruff.
    assert trick_winner(["KC KC", "3H 5H", "4H 4H", "AC AC"], HEARTS) == 2
    assert trick_winner(["KC KC", "4H 4H", "5H 5H", "6H 6H"], HEARTS) == 3
    assert trick_winner(["KC KC", "5H 5H", "4H 4H", "AC AC"], HEARTS) == 1
    # A mixed trump/side play never wins.
    assert trick_winner(["KC QC", "AH AC", "3C 4C", "5C 6C"], HEARTS) == 0
    # A throw: ruff needs the whole decomposition; key by the largest component.
    assert trick_winner(["AC KC KC", "3H 4H 4H", "5H 6H 7H"], HEARTS) == 1
    assert trick_winner(["AC KC KC", "5H 6H 7H", "3H 4H 4H", "AH 9H 9H"], HEARTS) == 3
    # Trump lead: every later trump play of the shape competes on the key.
    assert trick_winner(["3H 3H", "BJ BJ", "SJ SJ"], HEARTS) == 1
    assert trick_winner(["2S", "2C", "2D", "3H"], HEARTS) == 0
    # One play is a trick.
    assert trick_winner(["AS"], HEARTS) == 0


def test_follow_legality():
    lead = "3S 3S 4S 4S"
    # Must play a tractor of the suit when holding one.
    assert is_legal_follow("8S 8S 9S 9S 5S 6S AH", lead, "8S 8S 9S 9S", HEARTS)
    assert not is_legal_follow("8S 8S 9S 9S 5S 6S AH", lead, "8S 8S 5S 6S", HEARTS)
    # Else as many pairs as held.
    assert is_legal_follow("8S 8S JS JS 5S 6S AH", lead, "8S 8S JS JS", HEARTS)
    assert not is_legal_follow("8S 8S JS JS 5S 6S AH", lead, "8S 8S 5S 6S", HEARTS)
    assert is_legal_follow("8S 8S JS QS 5S 6S AH", lead, "8S 8S 5S 6S", HEARTS)
    # Every card must be of the suit while holding more than the lead's size.
    assert not is_legal_follow("8S 8S JS QS 5S 6S AH", lead, "8S 8S 5S AH", HEARTS)
    # Short of the suit: all of it, then anything (a ruff is neither forced nor forbidden).
    assert is_legal_follow("8S 9S AH AH KD", lead, "8S 9S AH KD", HEARTS)
    assert is_legal_follow("8S 9S AH AH KD", lead, "8S 9S AH AH", HEARTS)
    assert not is_legal_follow("8S 9S AH AH KD", lead, "8S AH AH KD", HEARTS)
    assert is_legal_follow("AH AH KD QD", lead, "AH KD QD AH", HEARTS)
    # Pairs of a throw of singles count as singles (002); a pair lead needs a pair if held.
    assert is_legal_follow("8S 8S 9S", "3S 4S", "9S 8S", HEARTS)
    assert not is_legal_follow("8S 8S 9S", "3S 3S", "9S 8S", HEARTS)
    # Wrong size, or cards not in hand: False, not an error.
    assert not is_legal_follow("8S 8S 9S", "3S 3S", "8S", HEARTS)
    assert not is_legal_follow("8S 8S 9S", "3S 3S", "TS TS", HEARTS)
    assert not is_legal_follow("8S 9S", "3S 3S", "8S 8S", HEARTS)
    # A longer run in hand is used for a shorter tractor lead; its top k positions.
    assert is_legal_follow("7S 7S 8S 8S 9S 9S KS", lead, "8S 8S 9S 9S", HEARTS)
    assert is_legal_follow("7S 7S 8S 8S 9S 9S KS", lead, "7S 7S 8S 8S", HEARTS)


def test_follow_legality_throw_lead():
    lead = "3S 3S 4S 4S KS"
    assert is_legal_follow("6S 6S 7S 7S 9S TS", lead, "6S 6S 7S 7S 9S", HEARTS)
    assert not is_legal_follow("6S 6S 7S 7S 9S TS", lead, "6S 6S 7S 9S TS", HEARTS)
    # Pairs beyond the lead's total pair count are not required.
    assert is_legal_follow("6S 6S 9S 9S JS JS 2C", "3S 3S 5S", "6S 6S 9S", HEARTS)


def test_throw_check_edges():
    # Equals do not beat.
    assert check_throw("AS KS", ["KS 3S"], HEARTS) == (True, [])
    assert check_throw("AS KS", ["AS"], HEARTS) == (False, parse_cards("KS"))
    # A pair fails only to a higher pair; a tractor to a run at least as long, higher.
    assert check_throw("QS QS AS", ["KS JS"], HEARTS) == (True, [])
    ok, forced = check_throw("QS QS AS", ["KS KS"], HEARTS)
    assert not ok and format_cards(forced) == "QS QS"
    ok, forced = check_throw("3S 3S 4S 4S AS", ["8S 8S 9S 9S TS TS"], HEARTS)
    assert not ok and format_cards(forced) == "3S 3S 4S 4S"
    assert check_throw("5S 5S 6S 6S 7S 7S AS", ["8S 8S 9S 9S"], HEARTS) == (True, [])
    # Smallest shape first, then the lowest top order.
    ok, forced = check_throw("KS KS QS JS", ["AS AS"], HEARTS)
    assert not ok and format_cards(forced) == "JS"
    # Another seat's cards of other suits do not count; a non-throw always stands.
    assert check_throw("KS QS", ["AH AH BJ"], HEARTS) == (True, [])
    assert check_throw("3S", ["AS AS"], HEARTS) == (True, [])
    assert check_throw("3S 3S 4S 4S", ["AS AS KS KS"], HEARTS) == (True, [])
    # Off-suit level cards tie: a 2C does not beat a thrown 2S single.
    assert check_throw("2S SJ SJ", ["2C 2D"], HEARTS) == (True, [])
    assert check_throw("KS QS", [], HEARTS) == (True, [])


def test_trump_throws_option(preset):
    rules = Rules.preset(preset)
    result = check_throw("BJ AH AH", ["3C"], HEARTS, preset)
    if rules.trump_throws:
        assert result == (True, [])
    else:
        ok, forced = result
        # Fails outright; every component counts as failing, the smallest shape is forced.
        assert not ok and format_cards(forced) == "BJ"
    assert check_throw("BJ", ["3C"], HEARTS, preset) == (True, [])  # not a throw
    # Side-suit throws are unaffected by the option.
    assert check_throw("AS KS", ["3S"], HEARTS, preset) == (True, [])


# ---------------------------------------------------------------------------------------
# input handling and error messages
# ---------------------------------------------------------------------------------------


def test_ids_and_trump_objects():
    ids = parse_cards("9C 9C 7C 7C")
    combo = classify(ids, Trump("8", "S"))
    assert combo.kind == "tractor" and combo.cards == ids
    assert classify("9c 9c 7♣ 7c", ("8", "♠")).kind == "tractor"
    assert trick_winner([parse_cards("AS"), "KS"], Trump("2", "H")) == 0
    assert shengji.classify is classify and "Combo" in shengji.__all__


def test_errors():
    with pytest.raises(ValueError, match="unknown card 'XS'"):
        classify("XS", HEARTS)
    with pytest.raises(ValueError, match="empty"):
        classify("", HEARTS)
    with pytest.raises(ValueError, match="following-suit"):
        classify("AS AH", HEARTS)
    with pytest.raises(ValueError, match="more than twice"):
        classify("AS AS AS", HEARTS)
    with pytest.raises(ValueError, match="AS appears 3 times"):
        trick_winner(["AS AS", "AS KS"], HEARTS)
    with pytest.raises(ValueError, match="size"):
        trick_winner(["AS AS", "KS"], HEARTS)
    with pytest.raises(ValueError, match="following-suit"):
        trick_winner(["AS AH", "KS QS"], HEARTS)
    with pytest.raises(ValueError, match="at least the lead"):
        trick_winner([], HEARTS)
    with pytest.raises(ValueError, match="empty"):
        trick_winner(["", ""], HEARTS)
    with pytest.raises(ValueError, match="hand and lead: KS appears 3 times"):
        is_legal_follow("KS KS", "KS", "KS", HEARTS)
    with pytest.raises(ValueError, match="following-suit"):
        is_legal_follow("KS KS", "AS AH", "KS KS", HEARTS)
    with pytest.raises(ValueError, match="lead and other hands: AS appears 3 times"):
        check_throw("AS KS", ["AS AS"], HEARTS)
    with pytest.raises(ValueError, match="following-suit"):
        check_throw("AS KH", ["3S"], HEARTS)
    with pytest.raises(ValueError, match="following-suit"):
        kitty_multiplier("AS KH", HEARTS)
    with pytest.raises(ValueError, match="out of range"):
        classify([200], HEARTS)
    with pytest.raises(ValueError, match="trump"):
        classify("AS", "H")
    with pytest.raises(ValueError, match="unknown preset"):
        classify("AS", HEARTS, "nope")


# ---------------------------------------------------------------------------------------
# the compiled module directly: batched entry points agree with the single-item API
# ---------------------------------------------------------------------------------------


def test_match_shape_is_public_and_places_two_tractors_exactly():
    # docs/rules.md §11.12: KD-AD-2S and 2C-2D carry the 3-tractor + 2-tractor lead's shape
    # (a greedy fit that takes 2S-2D first leaves 2C alone and misses it).
    from shengji.reference.play import match_shape as ref_match_shape

    lead = "3H 3H 4H 4H 7H 7H 8H 8H 9H 9H"
    ruff = "KD KD AD AD 2S 2S 2D 2D 2C 2C"
    got = shengji.match_shape(ruff, lead, ("2", "D"))
    assert got.has_shape and got.tractors == (True, True)
    assert tuple(got) == tuple(ref_match_shape(ruff, lead, ("2", "D")))
    assert "match_shape" in shengji.__all__
