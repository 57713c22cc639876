"""The almanac's exact laws of a deal (shengji.almanac.laws) against brute force on small
hands, and against the deal kernel's histograms at a fixed seed: every column of the deal
study has a law, each pmf sums to 1."""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import pytest

from shengji._core.base.rng import chunk_state
from shengji._core.deal.deal import FEATURE_NAMES, deal_chunk
from shengji.almanac.laws import DECK, chi2_pvalue, law
from shengji.reference.deal import TRACTOR_NAMES, hand_features, hand_tractors
from shengji.rules.options import Rules

OPTIONS = [(True, True), (False, True), (True, False), (False, False)]


@pytest.mark.parametrize("cards", [8, 25])
def test_every_column_has_a_law_that_sums_to_one(cards):
    for column in (*FEATURE_NAMES, "kitty_points"):
        pmf = law(column, cards)
        assert pmf is not None, column
        assert pmf.shape == (256,) and (pmf >= 0).all()
        assert pmf.sum() == pytest.approx(1.0, abs=1e-12), column
    assert law("no_such_column", cards) is None


@pytest.mark.parametrize("level", [0, 7])
def test_the_card_count_laws_are_brute_forces_on_every_three_card_hand(level):
    # every 3-subset of the 108 cards, counted
    names = FEATURE_NAMES[: len(FEATURE_NAMES) - len(TRACTOR_NAMES)]
    counts = {name: np.zeros(256, np.int64) for name in names}
    for hand in combinations(range(DECK), 3):
        f = hand_features(hand, level)
        for name in names:
            counts[name][f[name]] += 1
    total = comb(DECK, 3)
    for name in names:
        np.testing.assert_allclose(counts[name] / total, law(name, 3, level), atol=1e-15)


def _tractor_brute_force(cards: int, level: int, rules: Rules) -> dict[str, np.ndarray]:
    """Tractors depend only on the kinds held twice: sum over every set S of kinds held
    twice (|S| <= cards / 2) of the hands whose other cards are singles of other kinds,
    C(54 - |S|, cards - 2|S|) 2^(cards - 2|S|) of them."""
    out = {name: np.zeros(256) for name in TRACTOR_NAMES}
    for size in range(cards // 2 + 1):
        singles = cards - 2 * size
        weight = comb(54 - size, singles) * 2**singles / comb(DECK, cards)
        for kinds in combinations(range(54), size):
            got = hand_tractors([2 * k + c for k in kinds for c in (0, 1)], level, rules)
            for name in TRACTOR_NAMES:
                out[name][got[name]] += weight
    return out


@pytest.mark.parametrize("gap, chain", OPTIONS)
@pytest.mark.parametrize("level", [0, 6, 12])
def test_the_tractor_laws_are_brute_forces_on_four_card_hands(gap, chain, level):
    want = _tractor_brute_force(4, level, Rules(tractor_gap=gap, trump_chain=chain))
    for name in TRACTOR_NAMES:
        np.testing.assert_allclose(law(name, 4, level, gap, chain), want[name], atol=1e-15)


def test_the_tractor_laws_are_brute_forces_on_six_card_hands():
    # three pairs: runs of three, runs through the parallel level pairs, two runs
    want = _tractor_brute_force(6, 0, Rules())
    for name in TRACTOR_NAMES:
        np.testing.assert_allclose(law(name, 6), want[name], atol=1e-15)


@pytest.mark.parametrize(
    "level, gap, chain", [(0, True, True), (6, False, True), (12, False, False)]
)
def test_the_laws_hold_for_the_deal_kernels_histograms(level, gap, chain):
    # 200,000 deals at a fixed seed: every column and seat, p > 1e-4 (and the kitty)
    n = 200_000
    hist = np.zeros((len(FEATURE_NAMES), 4, 256), np.int64)
    kitty = np.zeros(256, np.int64)
    deal_chunk(
        chunk_state(42, level),
        n,
        level,
        hist=hist,
        kitty_hist=kitty,
        tractor_gap=gap,
        trump_chain=chain,
    )
    for i, name in enumerate(FEATURE_NAMES):
        pmf = law(name, 25, level, gap, chain)
        for s in range(4):
            assert chi2_pvalue(hist[i, s], pmf) > 1e-4, (name, s)
    assert chi2_pvalue(kitty, law("kitty_points", 8)) > 1e-4
