"""Interval helpers shared by the studies, the advisor and the analyses: one confidence level,
one t interval for a mean, one score interval for a rate."""

from __future__ import annotations

import math

__all__ = ["CONFIDENCE", "mean_interval", "wilson"]

CONFIDENCE = 0.95


def mean_interval(n: int, total: float, total_sq: float, confidence: float = CONFIDENCE):
    """(mean, half-width) of a Student t interval for a mean from n values' sum and sum of
    squares (the per-deal swings: paired by construction); half-width nan when n < 2."""
    # the quantile from scipy.special (scipy.stats takes seconds to import: the advisor's
    # whole budget)
    from scipy.special import stdtrit

    if n < 1:
        return math.nan, math.nan
    mean = total / n
    if n < 2:
        return mean, math.nan
    var = max(total_sq - n * mean * mean, 0.0) / (n - 1)
    return mean, float(stdtrit(n - 1, 0.5 + confidence / 2)) * math.sqrt(var / n)


def wilson(k: int, n: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The Wilson score interval of a rate k / n (Wilson 1927): good at rates near 0 or 1,
    where the plain normal interval fails."""
    from statistics import NormalDist

    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (0.0 if k == 0 else centre - half), (1.0 if k == n else centre + half)
