"""Eager bidders in a first hand: the first declarer is the seat dealt the first level card.

Exact law.  The 8 level cards sit at a uniform random 8-subset of the 108 dealing positions.
The first of them is at position i exactly when position i holds one and the 107 - i later
positions hold the other 7:  P(first = i) = C(107 - i, 7) / C(108, 8),  i = 0..100, summing
to 1.  Nobody declares when all 8 are in the kitty (positions 100..107):
P(nobody) = C(7, 7) / C(108, 8) = 1 / C(108, 8) ~ 2.5e-12; such a deal is redealt, so the
law of the deal played is the one above restricted to i < 100 and renormalised.  Seat
s = i % 4 draws position i, so P(first_declarer = s) = sum over i = s mod 4 of P(first = i).
"""

from __future__ import annotations

from math import comb

import numpy as np
import pytest
from scipy import stats

from shengji.bidding.simulate import simulate_bids

SEED = 20240604
ALPHA = 1e-3


def exact_index_law() -> np.ndarray:
    total = comb(108, 8)
    p = np.array([comb(107 - i, 7) / total for i in range(100)])
    assert abs(p.sum() + 1 / total - 1) < 1e-12
    return p / p.sum()


def test_exact_law_sums_to_one():
    total = comb(108, 8)
    assert sum(comb(107 - i, 7) for i in range(101)) == total
    seat = exact_index_law().reshape(25, 4).sum(axis=0)
    assert seat[0] > seat[1] > seat[2] > seat[3]  # drawing first helps


def pooled(expected, observed, minimum=5.0):
    """Merge the tail bins until each expected count is >= minimum (chi-square validity)."""
    e, o = list(expected), list(observed)
    while e[-1] < minimum:
        tail_e, tail_o = e.pop(), o.pop()
        e[-1] += tail_e
        o[-1] += tail_o
    return np.array(e), np.array(o)


@pytest.mark.parametrize("n", [100_000, 1_000_000])
def test_first_declarer_matches_exact_law(n):
    cols = simulate_bids(n, SEED, level="2", rules="standard", policy="eager")
    assert (cols["redeals"] == 0).all() and not cols["no_bid"].any()
    law = exact_index_law()
    idx = cols["first_declare_index"].astype(np.int64)
    assert (idx >= 0).all() and (idx < 100).all()
    assert (cols["first_declarer"] == idx % 4).all()
    # seats: 4 cells, 3 degrees of freedom
    seat_obs = np.bincount(cols["first_declarer"], minlength=4)
    seat_p = stats.chisquare(seat_obs, law.reshape(25, 4).sum(axis=0) * n).pvalue
    # positions: 100 cells, tail pooled
    e, o = pooled(law * n, np.bincount(idx, minlength=100))
    idx_p = stats.chisquare(o, e).pvalue
    print(f"n={n}: seat chi-square p={seat_p:.4f}, index chi-square p={idx_p:.4f} ({len(e)} bins)")
    assert seat_p > ALPHA and idx_p > ALPHA


def test_first_declarer_law_at_every_level():
    # the law does not depend on the level rank (8 level cards whatever the rank)
    n = 50_000
    law = exact_index_law().reshape(25, 4).sum(axis=0)
    for level in ("7", "A"):
        cols = simulate_bids(n, SEED + 1, level=level, policy="eager")
        obs = np.bincount(cols["first_declarer"], minlength=4)
        assert stats.chisquare(obs, law * n).pvalue > ALPHA
