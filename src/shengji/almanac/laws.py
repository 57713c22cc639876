"""The exact laws of a deal (two decks, 108 cards; 25 to a seat, 8 to the kitty), against
which the almanac's deal histograms are checked: the same laws as tests/studies/test_deals.py.

A seat's 25 cards are a uniform 25-subset of the 108, so the count of any set of K cards in
them is hypergeometric (108, K, 25): the trumps with a trump suit (K = 36: 24 suit cards off
the level, 8 level cards, 4 jokers), in no-trump (K = 12: level cards and jokers), the level
cards (8), each joker (2).  Points (8 fives, 16 tens and kings, 84 others) are a
multivariate hypergeometric sum.  ``law(column, cards)``: the pmf over 0..255, or None where
no law is stated (pairs, level pairs, the longest side suit).
"""

from __future__ import annotations

from math import comb

import numpy as np

__all__ = ["DECK", "law", "chi2_pvalue"]

DECK = 108
_COUNTED = {
    "trumps_s": 36,
    "trumps_h": 36,
    "trumps_c": 36,
    "trumps_d": 36,
    "trumps_nt": 12,
    "level_cards": 8,
    "small_jokers": 2,
    "big_jokers": 2,
}


def _hypergeom(k_cards: int, drawn: int) -> np.ndarray:
    pmf = np.zeros(256)
    total = comb(DECK, drawn)
    for x in range(min(k_cards, drawn) + 1):
        pmf[x] = comb(k_cards, x) * comb(DECK - k_cards, drawn - x) / total
    return pmf


def _points(drawn: int) -> np.ndarray:
    pmf = np.zeros(256)
    total = comb(DECK, drawn)
    for a in range(min(8, drawn) + 1):
        for b in range(min(16, drawn - a) + 1):
            pmf[5 * a + 10 * b] += comb(8, a) * comb(16, b) * comb(84, drawn - a - b) / total
    return pmf


def law(column: str, cards: int) -> np.ndarray | None:
    """The exact pmf of ``column`` over 0..255 for a hand of ``cards`` cards (25 a seat, 8
    the kitty), or None where no exact law is stated."""
    if column in _COUNTED:
        return _hypergeom(_COUNTED[column], cards)
    if column in ("points", "kitty_points"):
        return _points(cards)
    return None


def chi2_pvalue(counts: np.ndarray, pmf: np.ndarray, minimum: float = 5.0) -> float:
    """The chi-square test's p-value of observed ``counts`` (index = value) against ``pmf``,
    the bins merged in value order until each expects at least ``minimum``."""
    from scipy import stats

    n = counts.sum()
    keep = pmf > 0
    if (counts[~keep] > 0).any():
        return 0.0  # a value the law makes impossible
    exp, obs = pmf[keep] * n, counts[keep].astype(np.float64)
    e_b, o_b, e, o = [], [], 0.0, 0.0
    for ei, oi in zip(exp, obs, strict=True):
        e, o = e + ei, o + oi
        if e >= minimum:
            e_b.append(e)
            o_b.append(o)
            e = o = 0.0
    if e_b:
        e_b[-1] += e
        o_b[-1] += o
    if len(e_b) < 2:
        return 1.0
    e_arr = np.array(e_b) * (n / np.sum(e_b))
    return float(stats.chisquare(np.array(o_b), e_arr).pvalue)
