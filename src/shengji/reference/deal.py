"""What a deal gives each seat, recomputed plainly from the cards (the deal study's
columns, docs/rules.md §1–2): the pure-Python twin of the deal kernel's features."""

from __future__ import annotations

from shengji.cards import BIG_JOKER, N_RANKS, N_SUITS, SMALL_JOKER, kind_points

FEATURE_NAMES = (
    "trumps_s",
    "trumps_h",
    "trumps_c",
    "trumps_d",
    "trumps_nt",
    "points",
    "level_cards",
    "small_jokers",
    "big_jokers",
    "pairs",
    "level_pairs",
    "longest_side_suit",
)


def hand_features(cards, level: int) -> dict:
    """Features of one hand (physical card ids) at level rank ``level`` (0..12).

    Jokers and level cards are trump whatever the trump suit; a suit's other cards are its
    "plain" cards.  ``longest_side_suit`` is the longest suit counting plain cards only.
    """
    kinds = [c // 2 for c in cards]
    plain = [0] * N_SUITS
    level_cards = small = big = 0
    for k in kinds:
        if k == SMALL_JOKER:
            small += 1
        elif k == BIG_JOKER:
            big += 1
        elif k % N_RANKS == level:
            level_cards += 1
        else:
            plain[k // N_RANKS] += 1
    always = level_cards + small + big
    pairs = [k for k in set(kinds) if kinds.count(k) == 2]
    return {
        "trumps_s": plain[0] + always,
        "trumps_h": plain[1] + always,
        "trumps_c": plain[2] + always,
        "trumps_d": plain[3] + always,
        "trumps_nt": always,
        "points": sum(kind_points(k) for k in kinds),
        "level_cards": level_cards,
        "small_jokers": small,
        "big_jokers": big,
        "pairs": len(pairs),
        "level_pairs": sum(1 for k in pairs if k < SMALL_JOKER and k % N_RANKS == level),
        "longest_side_suit": max(plain),
    }


def kitty_points(cards) -> int:
    return sum(kind_points(c // 2) for c in cards)
