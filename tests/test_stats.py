"""shengji.stats: each interval against scipy.stats' own, and the edges (no values, one
value, no spread, k at 0 and n)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as sp

from shengji.stats import (
    CONFIDENCE,
    mean_interval,
    paired_difference,
    sample_interval,
    unpaired_difference,
    welch_interval,
    wilson,
)

VALUES = np.array([3.0, -1.5, 7.25, 0.0, 2.5, 11.0, -4.0])


@pytest.mark.parametrize("confidence", [CONFIDENCE, 0.8, 0.99])
def test_the_t_interval_is_scipys(confidence):
    mean, half = sample_interval(VALUES, confidence)
    low, high = sp.t.interval(confidence, len(VALUES) - 1, VALUES.mean(), sp.sem(VALUES))
    assert mean == pytest.approx(VALUES.mean())
    assert half == pytest.approx((high - low) / 2, rel=1e-9)
    assert mean_interval(len(VALUES), VALUES.sum(), (VALUES**2).sum(), confidence) == (
        pytest.approx((mean, half))
    )


def test_too_few_values_give_nan():
    assert math.isnan(mean_interval(0, 0.0, 0.0)[0])
    mean, half = mean_interval(1, 5.0, 25.0)
    assert mean == 5.0 and math.isnan(half)


def test_wilson_is_the_score_interval():
    z = sp.norm.ppf(0.975)
    k, n = 47, 100
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    assert wilson(k, n) == pytest.approx((centre - half, centre + half), rel=1e-12)
    assert wilson(0, 12)[0] == 0.0 and wilson(12, 12)[1] == 1.0
    low, high = wilson(3, 12, 0.5)
    wide_low, wide_high = wilson(3, 12, 0.99)
    assert wide_low < low < 3 / 12 < high < wide_high


def test_paired_difference_is_the_t_interval_of_the_differences():
    y = VALUES[::-1] + 1.0
    mean, half = paired_difference(VALUES, y)
    d = VALUES - y
    low, high = sp.t.interval(CONFIDENCE, len(d) - 1, d.mean(), sp.sem(d))
    assert (mean, half) == pytest.approx((d.mean(), (high - low) / 2))
    with pytest.raises(ValueError, match="paired with"):
        paired_difference([1, 2, 3], [1, 2])


def test_unpaired_difference_is_welchs():
    y = np.array([1.0, 2.0, 9.5, -3.0])
    mean, half = unpaired_difference(VALUES, y)
    r = sp.ttest_ind(VALUES, y, equal_var=False)
    low, high = r.confidence_interval(CONFIDENCE)
    assert mean == pytest.approx(VALUES.mean() - y.mean())
    assert half == pytest.approx((high - low) / 2, rel=1e-9)


def test_welch_edges():
    assert math.isnan(welch_interval(1, 1.0, 1.0, 4, 10.0, 30.0)[1])
    assert welch_interval(3, 6.0, 12.0, 3, 3.0, 3.0) == (1.0, 0.0)  # no spread in either
