"""Per-card facts for the reference: following-suit, order, chain position.

Plain, table-free Python written from docs/rules.md §2–3 and docs/rules-engine.md
("Cards, following-suit, order, chain").  Nothing here comes from the C core.

A card *kind* is ``suit * 13 + rank`` (suits S H C D = 0..3, ranks 2..A = 0..12),
52 = small joker (SJ), 53 = big joker (BJ).  A physical card id is ``kind * 2 + copy``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from shengji.cards import (
    N_RANKS,
    SUITS,
    as_cards,
    cards_argument,
    kind_name,
    parse_rank,
    parse_suit,
)
from shengji.names import BIG_JOKER, FOLLOW_NAMES, NO_TRUMP, SMALL_JOKER
from shengji.names import TRUMP as _TRUMP_FOLLOW
from shengji.rules.options import Rules

TRUMP = FOLLOW_NAMES[_TRUMP_FOLLOW]  # "T": the following-suit of every trump

# Orders (docs/rules-engine.md "order"): plain cards use their rank 0..12.
ORDER_OFF_SUIT_LEVEL = 13  # also every level card in no-trump
ORDER_TRUMP_SUIT_LEVEL = 14
ORDER_SMALL_JOKER = 15
ORDER_BIG_JOKER = 16


@dataclass(frozen=True)
class TrumpSpec:
    """The two facts the rules need about a hand's trump: the level rank (0..12) and the
    trump suit index (0..3, or 4 for no-trump)."""

    level_rank: int
    suit_index: int

    @property
    def no_trump(self) -> bool:
        return self.suit_index == NO_TRUMP


def resolve_trump_spec(trump) -> TrumpSpec:
    """Accept a ``shengji.Trump`` (only ``.level_rank`` and ``.suit_index`` are read) or a
    ``(level, suit)`` tuple such as ``("2", "H")`` or ``("2", None)`` (``"NT"`` also means
    no-trump)."""
    if isinstance(trump, TrumpSpec):
        return trump
    if hasattr(trump, "level_rank") and hasattr(trump, "suit_index"):
        level_rank, suit_index = int(trump.level_rank), int(trump.suit_index)
        if not 0 <= level_rank < N_RANKS or not 0 <= suit_index <= NO_TRUMP:
            raise ValueError(f"bad trump {trump!r}: level_rank 0..12, suit_index 0..4")
        return TrumpSpec(level_rank, suit_index)
    if isinstance(trump, (tuple, list)) and len(trump) == 2:
        level, suit = trump
        level_rank = parse_rank(str(level))
        if suit is None or (isinstance(suit, str) and suit.strip().upper() in ("NT", "N", "")):
            return TrumpSpec(level_rank, NO_TRUMP)
        return TrumpSpec(level_rank, parse_suit(suit))
    raise ValueError(f"trump must be a Trump or a (level, suit) pair, not {trump!r}")


def resolve_kind(card_kind) -> int:
    """A kind 0..53, or the notation of one card (``"AS"``, ``"BJ"``)."""
    if isinstance(card_kind, str):
        ids = as_cards(card_kind)
        if len(ids) != 1:
            raise ValueError(f"expected exactly one card, got {card_kind!r}")
        return ids[0] // 2
    if isinstance(card_kind, bool) or int(card_kind) != card_kind or not 0 <= int(card_kind) <= 53:
        raise ValueError(f"card kind {card_kind!r} is not an integer in 0..53")
    return int(card_kind)


def _suit_of(kind: int) -> int:
    return kind // N_RANKS


def _rank_of(kind: int) -> int:
    return kind % N_RANKS


def is_joker(kind: int) -> bool:
    return kind >= SMALL_JOKER


def is_level_card(kind: int, spec: TrumpSpec) -> bool:
    return not is_joker(kind) and _rank_of(kind) == spec.level_rank


def is_trump(kind: int, spec: TrumpSpec) -> bool:
    """docs/rules.md §2: both jokers, all 8 level cards, and every card of the trump suit."""
    if is_joker(kind) or is_level_card(kind, spec):
        return True
    return _suit_of(kind) == spec.suit_index


def follow_suit_of(kind: int, spec: TrumpSpec) -> str:
    """Following-suit: ``"T"`` for any trump, else the card's own suit letter."""
    return TRUMP if is_trump(kind, spec) else SUITS[_suit_of(kind)]


def order_of(kind: int, spec: TrumpSpec) -> int:
    """Strength inside the card's following-suit (docs/rules.md §2; docs "order")."""
    if kind == BIG_JOKER:
        return ORDER_BIG_JOKER
    if kind == SMALL_JOKER:
        return ORDER_SMALL_JOKER
    if is_level_card(kind, spec):
        if not spec.no_trump and _suit_of(kind) == spec.suit_index:
            return ORDER_TRUMP_SUIT_LEVEL
        return ORDER_OFF_SUIT_LEVEL
    return _rank_of(kind)


def chain_of(kind: int, spec: TrumpSpec, rules: Rules) -> int:
    """Chain position for tractor adjacency (docs/rules.md §3; docs "chain position").

    Two pairs of one following-suit are adjacent when their positions differ by exactly 1.
    """
    step = 1 if rules.trump_chain else 2
    if spec.no_trump:
        top = 20  # nothing plain is trump
        if kind == BIG_JOKER:
            return top + 3 * step
        if kind == SMALL_JOKER:
            return top + 2 * step
        if is_level_card(kind, spec):
            return top + step
        return _plain_position(_rank_of(kind), spec, rules)
    if rules.tractor_gap:
        top = 11
    else:
        top = 11 if spec.level_rank == N_RANKS - 1 else 12
    if kind == BIG_JOKER:
        return top + 4 * step
    if kind == SMALL_JOKER:
        return top + 3 * step
    if is_level_card(kind, spec):
        if _suit_of(kind) == spec.suit_index:
            return top + 2 * step
        return top + step
    return _plain_position(_rank_of(kind), spec, rules)


def _plain_position(rank: int, spec: TrumpSpec, rules: Rules) -> int:
    """Side-suit and plain trump-suit cards: the rank, with the level rank squeezed out
    when ``tractor_gap`` is on (缺口牌: at level 8, 9 and 7 are adjacent)."""
    if rules.tractor_gap and rank > spec.level_rank:
        return rank - 1
    return rank


# -- input handling ---------------------------------------------------------------------


def parse(cards, what: str = "cards") -> list[int]:
    """Notation text or physical ids -> validated physical ids (``cards_argument``)."""
    return cards_argument(cards, what)


def kinds_of(ids) -> list[int]:
    return [c // 2 for c in ids]


def check_at_most_two(groups, what: str) -> None:
    """The two decks hold two of each kind: raise if the given groups of cards, which must
    coexist, hold a kind more than twice (compared by kind, not by physical id)."""
    counts: Counter[int] = Counter()
    for ids in groups:
        counts.update(kinds_of(ids))
    for kind, n in sorted(counts.items()):
        if n > 2:
            raise ValueError(
                f"{what}: {kind_name(kind)} appears {n} times, but the deck holds two of each card"
            )


def rules_of(rules) -> Rules:
    """The reference's own reading of a rules argument: a ``Rules``, a preset name, a dict
    of options, or None (the defaults)."""
    if rules is None:
        return Rules()
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules.preset(rules)
    if isinstance(rules, dict):
        return Rules(**rules)
    raise ValueError(f"rules must be a Rules, a preset name or a dict, not {type(rules).__name__}")


def resolve(trump, rules) -> tuple[TrumpSpec, Rules]:
    return resolve_trump_spec(trump), rules_of(rules)
