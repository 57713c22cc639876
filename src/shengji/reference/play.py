"""Playing a trick (docs/rules.md §3–4): follow legality, the trick winner, the throw check.

Written from docs/rules-engine.md "Follow legality", "Trick winner" and "Throw check".
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from shengji.reference.cardinfo import (
    TRUMP,
    TrumpSpec,
    check_at_most_two,
    follow_suit_of,
    kinds_of,
    order_of,
    parse,
    resolve,
)
from shengji.reference.combos import (
    SHAPE_RANK,
    Combo,
    classify_ids,
    count_pairs,
    has_lead_shape,
    maximal_runs,
    pairs_by_position,
    run_length,
    shape_key,
    total_lead_pairs,
    tractor_fit,
)


def _one_suit_lead(ids, spec, rules, what="lead") -> Combo:
    if not ids:
        raise ValueError(f"{what} is empty: a lead needs at least one card")
    suits = {follow_suit_of(k, spec) for k in kinds_of(ids)}
    if len(suits) != 1:
        raise ValueError(
            f"{what} mixes following-suits ({', '.join(sorted(suits))}): "
            "a lead is one following-suit"
        )
    return classify_ids(ids, spec, rules)


def _is_sub_multiset(small, big) -> bool:
    need, have = Counter(small), Counter(big)
    return all(have[k] >= n for k, n in need.items())


# -- follow legality (docs/rules.md §4) -------------------------------------------------


def is_legal_follow(hand, lead, play, trump, rules=None) -> bool:
    """May a seat holding ``hand`` answer ``lead`` with ``play``?  (docs/rules.md §4)

    * same number of cards as the lead, all taken from the hand (by kind) — else False;
    * holding no more cards of the led suit than the lead has: play all of them (垫牌: the
      rest is free; under ``short_suit_trumps``, with a side suit led, the rest holds as
      many trumps as the hand has, up to the rest's size: 贴主, docs/rules.md §4);
    * otherwise play only the led suit, matching the shape as far as the hand allows:
      (a) at least as many pairs as the lead's pair count or as the hand has, whichever is
      smaller, and (b) as much of the lead's tractors, largest first, as the hand's cards
      of the suit could hold at once (the same lexicographically largest placement).
    """
    spec, rules = resolve(trump, rules)
    hand_ids = parse(hand, "hand")
    lead_ids = parse(lead, "lead")
    play_ids = parse(play, "play")
    check_at_most_two([hand_ids, lead_ids], "hand and lead together")
    check_at_most_two([play_ids], "play")
    lead_combo = _one_suit_lead(lead_ids, spec, rules)

    hand_k, play_k = kinds_of(hand_ids), kinds_of(play_ids)
    n = len(lead_ids)
    if len(play_k) != n or not _is_sub_multiset(play_k, hand_k):
        return False

    s = lead_combo.suit
    hand_s = [k for k in hand_k if follow_suit_of(k, spec) == s]
    play_s = [k for k in play_k if follow_suit_of(k, spec) == s]

    if len(hand_s) <= n:
        if Counter(play_s) != Counter(hand_s):
            return False
        if rules.short_suit_trumps and s != TRUMP:
            trumps_held = sum(1 for k in hand_k if follow_suit_of(k, spec) == TRUMP)
            trumps_played = sum(1 for k in play_k if follow_suit_of(k, spec) == TRUMP)
            return trumps_played >= min(n - len(hand_s), trumps_held)
        return True
    if len(play_s) != n:
        return False  # enough of the suit in hand: every card played must be of it

    needed_pairs = min(total_lead_pairs(lead_combo), count_pairs(hand_s))
    if count_pairs(play_s) < needed_pairs:
        return False
    return tractor_fit(play_s, lead_combo, spec, rules) >= tractor_fit(
        hand_s, lead_combo, spec, rules
    )


# -- shape match (docs/rules.md §3–4) ---------------------------------------------------


class ShapeMatch(NamedTuple):
    """``match_shape``'s answer (the same fields as the core's)."""

    tractors: tuple[bool, ...]
    has_shape: bool
    key: int | None


def match_shape(cards, lead, trump, rules=None) -> ShapeMatch:
    """How ``cards`` (of one following-suit, any number) meet the lead's shape:
    ``(tractors, has_shape, key)`` -- which of the lead's tractor components (largest
    first) the cards can hold at once, the largest-first choice; whether the cards have the
    lead's size and decomposition; and then their key against the lead, else None."""
    spec, rules = resolve(trump, rules)
    ids = parse(cards, "cards")
    lead_ids = parse(lead, "lead")
    check_at_most_two([ids, lead_ids], "cards and lead together")
    lead_combo = _one_suit_lead(lead_ids, spec, rules)
    _one_suit_lead(ids, spec, rules, what="cards")
    kinds = kinds_of(ids)
    tractors = tuple(bool(f) for f in tractor_fit(kinds, lead_combo, spec, rules))
    has = len(kinds) == len(lead_ids) and has_lead_shape(kinds, lead_combo, spec, rules)
    return ShapeMatch(tractors, has, shape_key(kinds, lead_combo, spec, rules) if has else None)


# -- trick winner (docs/rules.md §4) ----------------------------------------------------


def trick_winner(plays, trump, rules=None) -> int:
    """Index of the winning play; ``plays[0]`` leads.  (docs/rules.md §4)

    A follower in the led suit beats the current winner only with the lead's shape and a
    strictly higher key; a follower all in trump (led suit a side suit) with the lead's shape
    beats a side-suit winner (first ruff) or a lower trump winner (overtrump).  Anything else
    never wins; ties stay with the earlier play.
    """
    spec, rules = resolve(trump, rules)
    if isinstance(plays, (str, bytes)) or len(plays) < 1:
        raise ValueError("trick_winner needs a list of at least one play")
    ids_list = [parse(p, f"play {i}") for i, p in enumerate(plays)]
    sizes = {len(ids) for ids in ids_list}
    if len(sizes) != 1:
        raise ValueError(
            f"plays of different sizes {[len(i) for i in ids_list]}: "
            "every play of a trick has the lead's number of cards"
        )
    check_at_most_two(ids_list, "the plays of a trick")
    lead = _one_suit_lead(ids_list[0], spec, rules)
    s = lead.suit

    lead_kinds = kinds_of(ids_list[0])
    winner, winner_suit = 0, s
    winner_key = shape_key(lead_kinds, lead, spec, rules)
    for i in range(1, len(ids_list)):
        kinds = kinds_of(ids_list[i])
        suits = {follow_suit_of(k, spec) for k in kinds}
        if len(suits) != 1 or not has_lead_shape(kinds, lead, spec, rules):
            continue
        play_suit = suits.pop()
        key = shape_key(kinds, lead, spec, rules)
        if play_suit == s:
            if winner_suit == s and key > winner_key:
                winner, winner_key = i, key
        elif s != TRUMP and play_suit == TRUMP:
            if winner_suit == s or key > winner_key:
                winner, winner_suit, winner_key = i, TRUMP, key
    return winner


# -- throw check (docs/rules.md §3) -----------------------------------------------------


def check_throw(lead, other_hands, trump, rules=None) -> tuple[bool, list[int]]:
    """Is a led throw valid?  Returns ``(ok, forced)``, ``forced`` being the lead's own card
    ids the leader must play instead.  (docs/rules.md §3 甩牌)

    A component fails when another single hand holds, in the led suit, a strictly higher
    combination of its shape (single, pair, or a run of at least as many pairs).  The
    forced play is the failing component of the smallest shape, then lowest top order,
    then lowest kind id.  With ``trump_throws`` off, a trump throw fails outright.
    """
    spec, rules = resolve(trump, rules)
    lead_ids = parse(lead, "lead")
    if isinstance(other_hands, (str, bytes)):
        raise ValueError("other_hands must be a list of hands (one per other seat)")
    hands = [parse(h, f"other hand {i}") for i, h in enumerate(other_hands)]
    check_at_most_two([lead_ids, *hands], "lead and other hands together")
    combo = _one_suit_lead(lead_ids, spec, rules)
    if combo.kind != "throw":
        return True, []

    if combo.suit == TRUMP and not rules.trump_throws:
        failing = list(combo.components)
    else:
        suit_hands = [
            [k for k in kinds_of(h) if follow_suit_of(k, spec) == combo.suit] for h in hands
        ]
        failing = [
            c
            for c in combo.components
            if any(_beats_component(h, c, spec, rules) for h in suit_hands)
        ]
    if not failing:
        return True, []
    forced = min(failing, key=lambda c: (SHAPE_RANK[c.kind], c.pairs, c.top_order, c.top_kind))
    return False, list(forced.cards)


def _beats_component(kinds, comp: Combo, spec: TrumpSpec, rules) -> bool:
    """Does this hand's cards of the led suit hold a strictly higher ``comp``-shaped
    combination?"""
    if comp.kind == "single":
        return any(order_of(k, spec) > comp.top_order for k in kinds)
    table = pairs_by_position(kinds, spec, rules)
    if comp.kind == "pair":
        return any(order_of(k, spec) > comp.top_order for ks in table.values() for k in ks)
    for low, high in maximal_runs(table):
        if (
            run_length((low, high)) >= comp.pairs
            and order_of(table[high][0], spec) > comp.top_order
        ):
            return True
    return False
