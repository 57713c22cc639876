"""What a deal gives each seat, recomputed plainly from the cards (the deal study's
columns, docs/rules.md §1–3): the pure-Python twin of the deal kernel's features.

The tractor columns are the decomposition's (docs/rules-engine.md "Decomposition",
``shengji.reference.combos.decompose``) applied to each following-suit of the hand, were
that suit (or no-trump) trump: the number of tractor components, under the rules'
``tractor_gap`` and ``trump_chain``."""

from __future__ import annotations

from shengji.cards import BIG_JOKER, N_RANKS, N_SUITS, SMALL_JOKER, kind_points
from shengji.names import NO_TRUMP
from shengji.reference.cardinfo import TrumpSpec, follow_suit_of, rules_of
from shengji.reference.combos import decompose

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
    "tractors_s",
    "tractors_h",
    "tractors_c",
    "tractors_d",
    "tractors_nt",
)
TRACTOR_NAMES = FEATURE_NAMES[-5:]  # trump S, H, C, D, no-trump


def hand_features(cards, level: int) -> dict:
    """The card-count features of one hand (physical card ids) at level rank ``level``
    (0..12): the columns before the tractors, those a ``[deal]`` predicate can name.

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


def hand_tractors(cards, level: int, rules=None) -> dict:
    """The tractors of one hand (physical card ids) at level rank ``level``, with each
    trump: ``tractors_s`` .. ``tractors_d`` (that suit trump), ``tractors_nt`` (no-trump).

    Each following-suit's kinds are decomposed as a play of them would be; the hand's
    tractors are the tractor components of all its following-suits.  ``rules``: a
    ``Rules``, a preset name, a dict of options, or None (the defaults)."""
    rules = rules_of(rules)
    kinds = [c // 2 for c in cards]
    out = {}
    for suit, name in zip((*range(N_SUITS), NO_TRUMP), TRACTOR_NAMES, strict=True):
        spec = TrumpSpec(level, suit)
        by_follow: dict[str, list[int]] = {}
        for k in kinds:
            by_follow.setdefault(follow_suit_of(k, spec), []).append(k)
        out[name] = sum(
            shape == "tractor"
            for part in by_follow.values()
            for shape, _ in decompose(part, spec, rules)
        )
    return out


def seat_features(cards, level: int, rules=None) -> dict:
    """Every column of a seat's row (FEATURE_NAMES): ``hand_features`` and
    ``hand_tractors``."""
    return {**hand_features(cards, level), **hand_tractors(cards, level, rules)}


def kitty_points(cards) -> int:
    return sum(kind_points(c // 2) for c in cards)
