"""``shengji.reference`` — the rules as plain Python.

An independent, deliberately simple implementation of docs/rules.md and
docs/rules-engine.md, used by the tests as an oracle for the Cython core.  It shares no
rules logic with the core (nothing from the compiled core ``_core``, ``shengji.rules.trump``,
``shengji.rules.combos``, ``shengji.bidding.simulate`` or ``shengji.game``); only card notation
(``shengji.cards``), names and sizes (``shengji.names``), rule options (``shengji.rules.options``)
and the bidding's data types (``shengji.rules.bid_types``) are reused.

``shengji.reference.bidding`` is the bidding twin (docs/rules.md §7): ``bid_python``
runs one dealing order with any Python policy; ``shengji.bidding.simulate`` uses it for callable
policies and ``engine="python"``.

Cards are notation text (``"AS AS 2H"``) or physical ids 0..107; ``trump`` is a
``shengji.Trump`` or a ``(level, suit)`` tuple (``suit`` None for no-trump); ``rules`` is
None, a preset name, a dict of options or a ``shengji.Rules``.
"""

from __future__ import annotations

from shengji.reference.bidding import bid_python
from shengji.reference.cardinfo import (
    chain_of,
    follow_suit_of,
    order_of,
    parse,
    resolve,
    resolve_kind,
)
from shengji.reference.cardinfo import resolve_trump_spec as _resolve_trump_spec
from shengji.reference.combos import Combo, classify_ids
from shengji.reference.play import check_throw, is_legal_follow, match_shape, trick_winner
from shengji.reference.scoring import kitty_multiplier, level_change

__all__ = [
    "Combo",
    "classify",
    "is_legal_follow",
    "trick_winner",
    "check_throw",
    "match_shape",
    "kitty_multiplier",
    "level_change",
    "follow_suit",
    "order",
    "chain",
    "bid_python",
]


def classify(cards, trump, rules=None) -> Combo:
    """Decompose cards of one following-suit into single / pair / tractor / throw
    (docs/rules.md §3; docs/rules-engine.md "Decomposition")."""
    spec, rules = resolve(trump, rules)
    return classify_ids(parse(cards, "cards"), spec, rules)


def follow_suit(card_kind, trump, rules=None) -> str:
    """Following-suit of a card kind (0..53, or one card's notation): "S" "H" "C" "D" or
    "T" for trump (docs/rules.md §2)."""
    return follow_suit_of(resolve_kind(card_kind), _resolve_trump_spec(trump))


def order(card_kind, trump) -> int:
    """Order of a card kind inside its following-suit (docs/rules.md §2): rank 0..12 for plain
    cards, 13 off-suit level (every level card in no-trump), 14 trump-suit level, 15 SJ,
    16 BJ."""
    return order_of(resolve_kind(card_kind), _resolve_trump_spec(trump))


def chain(card_kind, trump, rules=None) -> int:
    """Chain position of a card kind (tractor adjacency, docs/rules.md §3)."""
    spec, rules = resolve(trump, rules)
    return chain_of(resolve_kind(card_kind), spec, rules)
