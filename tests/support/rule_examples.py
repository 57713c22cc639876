"""The rule book's worked examples' shared helpers (tests/reference/test_examples.py and
test_engine_examples.py): the trumps they use, card notation to ids and kinds, a play's
shape by the reference oracle."""

from __future__ import annotations

import shengji.reference as ref
from shengji.cards import format_cards, parse_cards
from shengji.rules.options import PRESETS

ALL_PRESETS = list(PRESETS)
HEARTS = ("2", "H")
SPADES = ("2", "S")
NT2 = ("2", None)


def k(card: str) -> int:
    """Kind of one card in notation."""
    return parse_cards(card)[0] // 2


def ids(text: str) -> list[int]:
    return parse_cards(text)


def shape(text, trump=HEARTS, rules=None) -> str:
    return ref.classify(text, trump, rules).kind


def kinds_text(combo) -> str:
    return format_cards(sorted(combo.cards))
