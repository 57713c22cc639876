"""Differential test of exact placement: the C core against the reference on random
multi-tractor tricks (docs/rules-engine.md "Placement", "Shape match", "Key", "Follow
legality", "Throw check").

Each case is one trick from ``multi_tractor_cases.make_case`` (a throw with two or more
tractor components, usually; ruffers with dense trump chains, parallel level pairs and
jokers; followers with dense runs), under a random preset, level, trump and, a third of the
time, random ``tractor_gap`` / ``trump_chain``.  For each case both engines answer: the
lead's decomposition, how every candidate play and every seat's cards of the led suit
match the lead (``match_shape``: tractors held, shape, key), the legality of every
candidate follow, the winner of a trick made of the candidates, the throw check against
the three seats, and the kitty multiplier of the winning play.  Any difference fails with
the case's seed.

The default run checks tricks until 2 x 10^3 of them had a multi-tractor lead (about 2,600
tricks, some 25 s), judging one seat's plays per trick; ``-m slow`` checks 10^5 more multi-tractor
tricks, every seat's plays (about 30 minutes: the reference answers some 20 questions per
trick).
"""

from __future__ import annotations

import numpy as np
import pytest

import shengji.reference as ref
import shengji.rules.combos as core
from shengji import Trump
from shengji.cards import RANKS, SUITS, format_cards
from shengji.rules.options import PRESETS, Rules
from tests.support.multi_tractor_cases import make_case

LEVELS = [r if r != "T" else "10" for r in RANKS]
PRESET_NAMES = sorted(PRESETS)


def draw_setting(rng):
    rules = Rules.preset(PRESET_NAMES[int(rng.integers(len(PRESET_NAMES)))])
    if rng.random() < 1 / 3:
        rules = rules.replace(tractor_gap=bool(rng.integers(2)), trump_chain=bool(rng.integers(2)))
    trump = Trump(
        LEVELS[int(rng.integers(len(LEVELS)))], [*SUITS, None][int(rng.integers(len(SUITS) + 1))]
    )
    return trump, rules


def combo_view(c):
    return (
        c.kind,
        c.suit,
        c.pairs,
        c.top_order,
        sorted(c.cards),
        [(p.kind, p.pairs, p.top_order, sorted(p.cards)) for p in c.components],
    )


def one_suit(cards, trump) -> bool:
    return len({trump.follow_suit(c) for c in cards}) == 1


def check_case(seed: int, all_seats: bool = True) -> dict[str, int]:
    """Both engines on the case of ``seed``; returns how many questions of each kind were
    asked (assertion error, with the seed, on the first difference).  Without
    ``all_seats`` only one seat's plays (by the seed) are matched and judged as follows."""
    rng = np.random.default_rng(seed)
    trump, rules = draw_setting(rng)
    case = make_case(rng, trump, rules)
    lead = case.lead
    where = f"seed {seed}: {trump!r} {rules!r} lead {format_cards(lead)}"
    asked = {
        "tricks": 1,
        "multi": 0,
        "classify": 1,
        "match": 0,
        "follow": 0,
        "winner": 0,
        "throw": 1,
        "kitty": 0,
    }

    got = core.classify(lead, trump, rules)
    assert combo_view(got) == combo_view(ref.classify(lead, trump, rules)), where
    asked["multi"] = int(sum(c.kind == "tractor" for c in got.components) >= 2)
    seats = range(3) if all_seats else [seed % 3]
    for hand, cands in [(case.hands[i], case.plays[i]) for i in seats]:
        # The candidates in the led suit or in trump (a follow or a ruff), and the seat's
        # cards of the led suit where it holds more of them than the lead (what it owes).
        suit_cards = [c for c in hand if trump.follow_suit(c) == got.suit]
        matched = [
            p for p in cands if one_suit(p, trump) and trump.follow_suit(p[0]) in (got.suit, "T")
        ]
        if len(suit_cards) > len(lead):
            matched.append(suit_cards)
        for cards in matched:
            a = core.match_shape(cards, lead, trump, rules)
            assert tuple(a) == ref.match_shape(cards, lead, trump, rules), (
                where,
                format_cards(cards),
            )
            asked["match"] += 1
        for play in cands:
            a = core.is_legal_follow(hand, lead, play, trump, rules)
            assert a == ref.is_legal_follow(hand, lead, play, trump, rules), (
                where,
                format_cards(hand),
                format_cards(play),
            )
            asked["follow"] += 1
    for first in range(2):
        trick = case.trick([first, first + 1, first + 2])
        if len({len(p) for p in trick}) != 1:
            continue
        win = core.trick_winner(trick, trump, rules)
        assert win == ref.trick_winner(trick, trump, rules), (
            where,
            [format_cards(p) for p in trick],
        )
        assert core.kitty_multiplier(trick[win], trump, rules) == ref.kitty_multiplier(
            trick[win], trump, rules
        ), (where, format_cards(trick[win]))
        asked["winner"] += 1
        asked["kitty"] += 1
    assert core.check_throw(lead, case.hands, trump, rules) == ref.check_throw(
        lead, case.hands, trump, rules
    ), (where, case.hands)
    return asked


def run(n_multi: int, seed: int, all_seats: bool = True) -> dict[str, int]:
    """Check tricks until ``n_multi`` of them had a lead with two or more tractors (about
    three in four do; the others, single tractors and pairs, are checked too)."""
    total: dict[str, int] = {"multi": 0}
    seeds = np.random.SeedSequence(seed).generate_state(2 * n_multi, dtype=np.uint32)
    for s in seeds:
        for k, v in check_case(int(s), all_seats).items():
            total[k] = total.get(k, 0) + v
        if total["multi"] == n_multi:
            return total
    raise AssertionError(f"only {total['multi']} multi-tractor leads in {len(seeds)} tricks")


def test_core_matches_reference_on_500_multi_tractor_tricks():
    # One seat's plays per trick (the seat rotates with the seed), to keep the default run
    # short; the slow run judges every seat's, on 10^5 more.
    asked = run(500, seed=20261201, all_seats=False)
    # Every trick asks every kind of question (every seat has plays of the lead's size).
    assert asked["multi"] == 500
    assert asked["classify"] == asked["throw"] == asked["tricks"]
    assert asked["match"] > 1.5 * asked["tricks"] and asked["follow"] > 3 * asked["tricks"]
    assert asked["winner"] == asked["kitty"] == 2 * asked["tricks"]


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(10))
def test_core_matches_reference_on_100k_multi_tractor_tricks(chunk):
    assert run(10_000, seed=20261202 + chunk)["multi"] == 10_000
