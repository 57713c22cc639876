"""reference/combos.py: runs of positions, a one-suit multiset decomposed into tractors,
pairs and singles (largest first), and a play classified with its pairs and top card."""

from __future__ import annotations

from shengji.cards import kind_of, parse_cards
from shengji.reference.cardinfo import TrumpSpec
from shengji.reference.combos import (
    classify_ids,
    count_pairs,
    decompose,
    maximal_runs,
    run_length,
)
from shengji.rules.options import Rules

HEARTS = TrumpSpec(0, 1)
RULES = Rules()


def kinds(text: str) -> list[int]:
    return [kind_of(c) for c in parse_cards(text)]


def test_runs():
    assert maximal_runs([5, 1, 2, 3, 9, 2]) == [(1, 3), (5, 5), (9, 9)]
    assert run_length((4, 7)) == 4
    assert count_pairs(kinds("AS AS KS KS QS")) == 2


def test_decompose_takes_the_longest_tractor_first():
    parts = decompose(kinds("3S 3S 4S 4S 5S 5S 9S 9S JS"), HEARTS, RULES)
    assert [shape for shape, _ in parts] == ["tractor", "pair", "single"]
    assert parts[0][1] == kinds("5S 5S 4S 4S 3S 3S")[::2]  # from its top down


def test_classify():
    c = classify_ids(parse_cards("AH AH KH KH"), HEARTS, RULES)
    assert (c.kind, c.suit, c.pairs, len(c)) == ("tractor", "T", 2, 4)
    throw = classify_ids(parse_cards("AS KS KS"), HEARTS, RULES)
    assert throw.kind == "throw" and [p.kind for p in throw.components] == ["pair", "single"]
    assert classify_ids(parse_cards("2S 2S 2H 2H"), HEARTS, RULES).kind == "tractor"
