"""Card encoding and text notation (docs/rules.md §1–2).

Encoding (the one scheme used everywhere; the sizes are the core's, ``shengji.names``):

* a card **kind** is ``suit * 13 + rank`` with suit 0..3 = S, H, C, D and rank 0..12 = 2..A;
  kind 52 is the small joker, 53 the big joker;
* a **physical card** is ``kind * 2 + copy`` (copy 0 or 1), so ids run 0..107.

Text notation: rank then suit, ranks ``2-9 T J Q K A`` (also ``10``), suits ``S H C D``
(also ``♠ ♥ ♣ ♦``), jokers ``SJ`` and ``BJ``; case-insensitive; space-separated.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from shengji.names import (
    BIG_JOKER,
    HAND_SIZE,
    KITTY_SIZE,
    N_CARDS,
    N_COPIES,
    N_KINDS,
    N_RANKS,
    N_SEATS,
    N_SUITS,
    RANKS,
    SMALL_JOKER,
    SUITS,
    TOTAL_POINTS,
)

SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♣": "C", "♦": "D", "♤": "S", "♡": "H", "♧": "C", "♢": "D"}
RANK_ALIASES = {"10": "T"}

__all__ = [
    "N_SUITS",
    "N_RANKS",
    "N_KINDS",
    "N_CARDS",
    "N_SEATS",
    "HAND_SIZE",
    "KITTY_SIZE",
    "TOTAL_POINTS",
    "SMALL_JOKER",
    "BIG_JOKER",
    "SUITS",
    "RANKS",
    "parse_cards",
    "format_cards",
    "parse_rank",
    "parse_suit",
    "kind_of",
    "kind_name",
    "kind_points",
    "card_points",
    "as_cards",
]


def parse_rank(text: str) -> int:
    """Rank text ("2".."9", "T"/"10", "J", "Q", "K", "A") -> rank index 0..12."""
    t = str(text).strip().upper()
    t = RANK_ALIASES.get(t, t)
    if len(t) != 1 or t not in RANKS:
        raise ValueError(
            f"unknown rank {text!r}: expected one of 2 3 4 5 6 7 8 9 10 (or T) J Q K A"
        )
    return RANKS.index(t)


def parse_suit(text: str) -> int:
    """Suit text ("S", "H", "C", "D" or a suit symbol) -> suit index 0..3."""
    t = str(text).strip()
    t = SUIT_SYMBOLS.get(t, t).upper()
    if len(t) != 1 or t not in SUITS:
        raise ValueError(f"unknown suit {text!r}: expected one of S H C D")
    return SUITS.index(t)


def _parse_kind(token: str) -> int:
    t = token.strip()
    up = t.upper()
    if up in ("SJ", "BJ"):
        return SMALL_JOKER if up == "SJ" else BIG_JOKER
    if len(t) < 2:
        raise ValueError(f"unknown card {token!r}: expected rank then suit, e.g. TH, 2S, SJ, BJ")
    rank_text, suit_text = t[:-1], t[-1]
    try:
        rank = parse_rank(rank_text)
        suit = parse_suit(suit_text)
    except ValueError:
        raise ValueError(
            f"unknown card {token!r}: expected rank then suit, e.g. TH, 2S, SJ, BJ"
        ) from None
    return suit * N_RANKS + rank


def parse_cards(text: str) -> list[int]:
    """Parse space-separated notation into physical card ids (0..107).

    The first occurrence of a kind gets copy 0, the second copy 1; a third is an error,
    since the two decks hold only two of each card.
    """
    if not isinstance(text, str):
        raise ValueError(f"card text must be a string, not {type(text).__name__}")
    seen = [0] * N_KINDS
    out = []
    for token in text.replace(",", " ").split():
        kind = _parse_kind(token)
        if seen[kind] >= N_COPIES:
            raise ValueError(f"card {token!r} given more than twice: the deck holds two of each")
        out.append(kind * N_COPIES + seen[kind])
        seen[kind] += 1
    return out


def kind_name(kind: int) -> str:
    if kind == SMALL_JOKER:
        return "SJ"
    if kind == BIG_JOKER:
        return "BJ"
    return RANKS[kind % N_RANKS] + SUITS[kind // N_RANKS]


def kind_of(card: int) -> int:
    return int(card) // N_COPIES


def kind_points(kind: int) -> int:
    if kind >= SMALL_JOKER:
        return 0
    rank = kind % N_RANKS
    return 5 if rank == 3 else 10 if rank in (8, 11) else 0


def card_points(cards) -> int:
    """The points of cards (docs/rules.md §5): 5 for each five, 10 for each ten and king,
    0 for the rest; ``cards`` is one physical id, a sequence of ids or notation text."""
    if isinstance(cards, str):
        cards = parse_cards(cards)
    elif not hasattr(cards, "__iter__"):
        cards = [cards]
    points = 0
    for c in cards:  # bots call this on every candidate play: one lookup per card
        points += _ID_POINTS[c if type(c) is int and 0 <= c < N_CARDS else _check_id(c)]
    return points


def _check_id(card) -> int:
    if isinstance(card, (bool, np.bool_)):  # True == 1, but a flag is no card
        raise ValueError(f"card id {card!r} is a bool, not an integer in 0..107")
    try:
        c = int(card)
    except (TypeError, ValueError, OverflowError):  # OverflowError: an infinite float
        raise ValueError(f"card id {card!r:.40} is not an integer in 0..107") from None
    if c != card or not 0 <= c < N_CARDS:
        raise ValueError(f"card id {card!r} is out of range: ids run 0..107")
    return c


def format_cards(cards: Iterable[int]) -> str:
    """Physical card ids -> space-separated notation (``T`` for ten)."""
    return " ".join(kind_name(_check_id(c) // N_COPIES) for c in cards)


def as_cards(cards) -> list[int]:
    """Accept notation text or a sequence of physical ids; return validated ids.

    Raises ``ValueError`` for an unknown card, an id out of range, or the same physical
    card twice.
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    out = [_check_id(c) for c in cards]
    if len(set(out)) != len(out):
        dup = next(c for c in out if out.count(c) > 1)
        raise ValueError(f"card id {dup} ({kind_name(dup // 2)}) given twice")
    return out


_ID_POINTS = tuple(kind_points(c // N_COPIES) for c in range(N_CARDS))  # card_points
