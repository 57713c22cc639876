"""The memory bot (issue #16): legal and deterministic under every preset, throws that never
fail, and the rules its docstring states, each on a hand built for it (beside greedy,
which plays the same spots differently)."""

from __future__ import annotations

import numpy as np
import pytest

from shengji.cards import format_cards, parse_cards
from shengji.game import HandState, play_hand
from shengji.names import N_CARDS, N_DEALT
from shengji.rules.options import PRESETS

BURY = 8


def build_deal(seats: dict, seed=0) -> list[int]:
    """A deal (physical ids in dealing order) with the given cards in the given seats (the
    banker's entry may hold 33: the kitty is its last 8 cards) and the rest at random."""
    rng = np.random.default_rng(seed)
    used = set()

    def take(text):
        ids = []
        for c in parse_cards(text):
            c -= c % 2
            c += c in used  # the other copy when the first is taken
            assert c not in used, text
            used.add(c)
            ids.append(c)
        return ids

    fixed = {s: take(t) for s, t in seats.items()}
    rest = [c for c in rng.permutation(N_CARDS).tolist() if c not in used]
    hands = {}
    for s in range(4):
        ids = fixed.get(s, [])
        need = (33 if len(ids) > 25 else 25) - len(ids)
        hands[s] = ids + [rest.pop() for _ in range(max(need, 0))]
    deal = [0] * N_CARDS
    kitty = []
    for s in range(4):
        cards = hands[s]
        if len(cards) == 33:
            cards, kitty = cards[:25], cards[25:]
        for i, c in enumerate(cards):
            deal[s + 4 * i] = c
    kitty = kitty or rest[:BURY]
    deal[N_DEALT:] = kitty
    assert sorted(deal) == list(range(N_CARDS))
    return deal


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_memory_plays_legal_hands_with_safe_throws(preset):
    for seed in range(4):
        mix = [("memory",) * 4, ("memory", "greedy") * 2, ("random", "memory") * 2][seed % 3]
        s = play_hand(preset, "2", policies=mix, banker=seed % 4, seed=seed)
        r = s.result()
        assert (
            r["defender_points"]
            == r["table_points"] + r["kitty_points"] * r["kitty_multiplier"] + r["penalty"]
        )
        # memory's throws are of components nothing unseen can beat: they never fail
        if "random" not in mix:
            assert not s.failed_throws


def test_memory_is_deterministic():
    s = HandState("standard", "2", banker=1, seed=4)
    while not s.is_over():
        a = s.bot_action("memory")
        assert s.clone().bot_action("memory") == a
        s.apply(a)


def _spot(seats, trump, bury, plays=()):
    s = HandState("standard", "2", banker=0, deal=build_deal(seats), trump=trump)
    s.apply(parse_and_find(s, 0, bury))
    for seat, text in plays:
        assert s.to_play == seat
        s.apply(parse_and_find(s, seat, text))
    return s


def parse_and_find(s, seat, text):
    """The seat's physical ids for the cards of `text`."""
    hand = list(s.hands[seat])
    out = []
    for c in parse_cards(text):
        k = c // 2
        pick = next(x for x in hand if x // 2 == k)
        hand.remove(pick)
        out.append(pick)
    return out


# The banker (seat 0, trump hearts, level 2) holds 33 cards: no side ace, the pairs 9S 9S
# and 4D 4D, five trumps; it buries eight singles.
BANKER = (
    "9S 9S 4D 4D KS QS 7S 5S  KD QD TD 7D 6D  KC QC JC 9C 7C 5C 3C  "
    "KH QH 8H 6H 3H  JS 8S 6D 8C 6C 4C TS JD"
)
BANKER_BURY = "JS 8S 6D 8C 6C 4C TS JD"


def test_leads_its_highest_side_pair_before_a_low_single():
    s = _spot({0: BANKER}, "H", BANKER_BURY)
    assert format_cards(s.bot_action("memory")) == "9S 9S"
    assert len(s.bot_action("greedy")) == 1


def test_does_not_cash_a_sure_trump_pair_when_short_of_trumps():
    banker = BANKER.replace("KH QH", "BJ BJ")  # the big jokers: a sure pair
    s = _spot({0: banker}, "H", BANKER_BURY)
    assert format_cards(s.bot_action("greedy")) == "BJ BJ"
    assert "BJ" not in format_cards(s.bot_action("memory"))


def test_second_hand_does_not_spend_a_sure_ace_on_a_pointless_trick():
    s = _spot({0: BANKER, 1: "AS AS 4S"}, "H", BANKER_BURY, [(0, "7S")])
    assert format_cards(s.bot_action("memory")) == "4S"
    assert format_cards(s.bot_action("greedy")) == "AS"


def test_feeds_points_to_a_partner_winning_for_sure():
    banker = BANKER.replace("9S 9S", "AS AS")
    s = _spot({0: banker, 2: "TS 4S"}, "H", BANKER_BURY, [(0, "AS")])
    s.apply(s.bot_action("greedy"))  # seat 1 follows as it likes
    assert s.to_play == 2
    assert format_cards(s.bot_action("memory")) == "TS"
