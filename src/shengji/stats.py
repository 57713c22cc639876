"""Interval helpers shared by the studies, the advisor and the analyses: one confidence level,
one t interval for a mean, one score interval for a rate, and the intervals of a
difference between two variants: paired (the same items under both) or not (Welch)."""

from __future__ import annotations

import math

__all__ = [
    "CONFIDENCE",
    "mean_interval",
    "paired_difference",
    "sample_interval",
    "unpaired_difference",
    "welch_interval",
    "wilson",
]

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


def sample_interval(values, confidence: float = CONFIDENCE):
    """(mean, half-width) of the t interval for the mean of ``values`` (a 1-D array)."""
    import numpy as np

    x = np.asarray(values, dtype=np.float64)
    return mean_interval(len(x), float(x.sum()), float((x * x).sum()), confidence)


def paired_difference(x, y, confidence: float = CONFIDENCE):
    """(mean, half-width) of the mean of ``x - y``, item i of ``x`` paired with item i of
    ``y`` (the same deal under two variants): the t interval of the per-item differences."""
    import numpy as np

    x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    if x.shape != y.shape:
        raise ValueError(f"paired_difference: {x.shape} values paired with {y.shape}")
    return sample_interval(x - y, confidence)


def welch_interval(
    n1: int, s1: float, ss1: float, n2: int, s2: float, ss2: float, confidence: float = CONFIDENCE
):
    """(mean, half-width) of the difference of two independent means (Welch's t interval,
    Welch-Satterthwaite degrees of freedom) from each sample's n, sum and sum of squares:
    what the difference's interval would be without pairing."""
    from scipy.special import stdtrit

    if n1 < 2 or n2 < 2:
        return (s1 / n1 - s2 / n2 if n1 and n2 else math.nan), math.nan
    m1, m2 = s1 / n1, s2 / n2
    v1 = max(ss1 - n1 * m1 * m1, 0.0) / (n1 - 1) / n1
    v2 = max(ss2 - n2 * m2 * m2, 0.0) / (n2 - 1) / n2
    se2 = v1 + v2
    if se2 == 0:
        return m1 - m2, 0.0
    df = se2 * se2 / (v1 * v1 / (n1 - 1) + v2 * v2 / (n2 - 1))
    return m1 - m2, float(stdtrit(df, 0.5 + confidence / 2)) * math.sqrt(se2)


def unpaired_difference(x, y, confidence: float = CONFIDENCE):
    """(mean, half-width) of mean(x) - mean(y) treating the samples as independent
    (:func:`welch_interval`)."""
    import numpy as np

    x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    return welch_interval(
        len(x),
        float(x.sum()),
        float((x * x).sum()),
        len(y),
        float(y.sum()),
        float((y * y).sum()),
        confidence,
    )
