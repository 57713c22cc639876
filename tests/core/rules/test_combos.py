"""_core/rules/combos.pyx, the compiled rules engine: its single-item functions on kind
counts (against the reference), its batched functions row by row the single calls, and a
bad row a negative status instead of an exception."""

from __future__ import annotations

import numpy as np

import shengji.reference as ref
from shengji import classify, is_legal_follow, trick_winner
from shengji._core.rules import combos as core
from shengji.cards import parse_cards
from tests.support.core_args import core_rules

HEARTS = ("2", "H")
SPADES = ("2", "S")


def counts(text: str) -> np.ndarray:
    return np.bincount([c // 2 for c in parse_cards(text)], minlength=54).astype(np.uint8)


def test_single_items_on_counts_are_the_references():
    for text in ("AS AS KS KS", "3H 3H 2S 2S", "AS KS KS", "BJ BJ SJ SJ", "9C"):
        suit, shape, pairs, _, top_kind, parts = core.classify(counts(text), 0, 1, core_rules())
        c = ref.classify(text, HEARTS)
        assert (core.SHAPE_NAMES[shape], core.SUIT_NAMES[suit], pairs) == (c.kind, c.suit, c.pairs)
        assert top_kind == c.top_kind and len(parts) == len(c.components)
    hand, lead = counts("AS 3S KC KC"), counts("QS")
    assert core.legal_follow(hand, lead, counts("3S"), 0, 1, core_rules())
    assert not core.legal_follow(hand, lead, counts("KC"), 0, 1, core_rules())


def _padded(rows, width):
    out = np.zeros((len(rows), width), dtype=np.uint8)
    for i, r in enumerate(rows):
        out[i, : len(r)] = [c // 2 for c in r]
    return out, np.array([len(r) for r in rows], dtype=np.int32)


def test_batches_match_single_calls():
    texts = ["AS AS 2H 2H", "9S 9S 7S 7S", "KS QS 3S 3S", "BJ", "2S 2C", "AS AH", ""]
    rows = [parse_cards(t) for t in texts]
    kinds, lengths = _padded(rows, 8)
    shape, suit, pairs, n_comp = core.classify_batch(kinds, lengths, 0, 0, core_rules())
    for i, t in enumerate(texts):
        if t in ("AS AH", ""):
            assert shape[i] < 0
            continue
        c = classify(t, SPADES)
        assert core.SHAPE_NAMES[shape[i]] == c.kind and core.SUIT_NAMES[suit[i]] == c.suit
        assert pairs[i] == c.pairs and n_comp[i] == len(c.components)

    tricks = [
        ["KC KC", "4H 5H", "3H 3H", "4C 6C"],
        ["AS", "3S", "AS", "4S"],
        ["3S 3S", "AS KS", "2S 2S", "4D 4D"],
    ]
    plays = np.zeros((len(tricks), 4, 2), dtype=np.uint8)
    for i, trick in enumerate(tricks):
        for j, p in enumerate(trick):
            plays[i, j, : len(p.split())] = [c // 2 for c in parse_cards(p)]
    winners = core.trick_winner_batch(plays, [2, 1, 2], 0, 1, core_rules())
    assert list(winners) == [trick_winner(t, HEARTS) for t in tricks]

    triples = [
        ("8S 8S 9S 9S 5S 6S AH", "3S 3S 4S 4S", "8S 8S 5S 6S"),
        ("8S 8S 9S 9S 5S 6S AH", "3S 3S 4S 4S", "8S 8S 9S 9S"),
        ("8S 9S AH AH KD", "3S 3S 4S 4S", "8S 9S AH KD"),
        ("8S 9S", "3S 3S", "8S 8S"),
    ]
    h, hl = _padded([parse_cards(a) for a, _, _ in triples], 25)
    ld, ll = _padded([parse_cards(b) for _, b, _ in triples], 25)
    p, pl = _padded([parse_cards(c) for _, _, c in triples], 25)
    legal = core.legal_follow_batch(h, hl, ld, ll, p, pl, 0, 1, core_rules())
    assert list(legal) == [int(is_legal_follow(a, b, c, HEARTS)) for a, b, c in triples]
