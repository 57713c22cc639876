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

#: The confidence level of every interval shengji reports unless told otherwise.
CONFIDENCE = 0.95


def mean_interval(n: int, total: float, total_sq: float, confidence: float = CONFIDENCE):
    """Return a Student t interval for a mean, from the values' count, sum and sum of squares.

    The sums are what a study's chunks add up (the per-deal swings of a duel: paired by
    construction), so the interval needs no second pass over the values.

    Parameters
    ----------
    n : int
        How many values.
    total : float
        Their sum.
    total_sq : float
        The sum of their squares.
    confidence : float, default 0.95
        The interval's confidence level.

    Returns
    -------
    mean : float
        The mean (nan when ``n`` is 0).
    half_width : float
        The interval's half-width: the interval is ``mean ± half_width`` (nan when
        ``n < 2``).

    See Also
    --------
    sample_interval : The same interval from the values themselves.

    Examples
    --------
    >>> from shengji.stats import mean_interval
    >>> mean, half = mean_interval(4, 10.0, 30.0)     # the values 1, 2, 3, 4
    >>> round(mean, 3), round(half, 3)
    (2.5, 2.054)
    """
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
    """Return the Wilson score interval of a rate ``k / n`` (Wilson 1927).

    Unlike the plain normal interval it stays inside [0, 1] and keeps its coverage at rates
    near 0 or 1.

    Parameters
    ----------
    k : int
        The successes.
    n : int
        The trials (> 0).
    confidence : float, default 0.95
        The interval's confidence level.

    Returns
    -------
    low : float
        The interval's lower bound (0 exactly when ``k == 0``).
    high : float
        Its upper bound (1 exactly when ``k == n``).

    Examples
    --------
    >>> from shengji.stats import wilson
    >>> low, high = wilson(47, 100)
    >>> round(low, 3), round(high, 3)
    (0.375, 0.567)
    >>> wilson(0, 12)[0]
    0.0
    """
    from statistics import NormalDist

    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (0.0 if k == 0 else centre - half), (1.0 if k == n else centre + half)


def sample_interval(values, confidence: float = CONFIDENCE):
    """Return the Student t interval for the mean of some values.

    Parameters
    ----------
    values : array_like
        The values (1-D).
    confidence : float, default 0.95
        The interval's confidence level.

    Returns
    -------
    mean : float
        Their mean.
    half_width : float
        The interval's half-width (nan for fewer than two values).

    See Also
    --------
    mean_interval : The same interval from the count, sum and sum of squares.

    Examples
    --------
    >>> from shengji.stats import sample_interval
    >>> mean, half = sample_interval([1, 2, 3, 4])
    >>> round(mean, 3), round(half, 3)
    (2.5, 2.054)
    """
    import numpy as np

    x = np.asarray(values, dtype=np.float64)
    return mean_interval(len(x), float(x.sum()), float((x * x).sum()), confidence)


def paired_difference(x, y, confidence: float = CONFIDENCE):
    """Return the paired interval of the mean difference ``x - y``.

    Item i of ``x`` is paired with item i of ``y`` (the same deal under two variants): the
    interval is the Student t interval of the per-item differences, which the cards' luck
    does not widen.

    Parameters
    ----------
    x, y : array_like
        The values under each variant, of one length, item by item.
    confidence : float, default 0.95
        The interval's confidence level.

    Returns
    -------
    mean : float
        The mean difference.
    half_width : float
        The interval's half-width.

    Raises
    ------
    ValueError
        When ``x`` and ``y`` differ in shape.

    See Also
    --------
    unpaired_difference : The interval the same difference has without the pairing.

    Examples
    --------
    >>> from shengji.stats import paired_difference
    >>> mean, half = paired_difference([80, 95, 60, 120], [75, 90, 58, 113])
    >>> round(mean, 2), round(half, 2)
    (4.75, 3.28)
    """
    import numpy as np

    x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    if x.shape != y.shape:
        raise ValueError(f"paired_difference: {x.shape} values paired with {y.shape}")
    return sample_interval(x - y, confidence)


def welch_interval(
    n1: int, s1: float, ss1: float, n2: int, s2: float, ss2: float, confidence: float = CONFIDENCE
):
    """Return Welch's interval of the difference of two independent means.

    From each sample's count, sum and sum of squares; the degrees of freedom are
    Welch-Satterthwaite's. This is what the interval of a difference would be without
    pairing.

    Parameters
    ----------
    n1, s1, ss1 : int, float, float
        The first sample's count, sum and sum of squares.
    n2, s2, ss2 : int, float, float
        The second sample's.
    confidence : float, default 0.95
        The interval's confidence level.

    Returns
    -------
    mean : float
        The difference of the means, first less second.
    half_width : float
        The interval's half-width (nan when a sample has fewer than two values).

    Examples
    --------
    >>> from shengji.stats import welch_interval
    >>> mean, half = welch_interval(4, 10.0, 30.0, 4, 6.0, 14.0)
    >>> round(mean, 3), round(half, 3)
    (1.0, 2.234)
    """
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
    """Return the interval of ``mean(x) - mean(y)`` for independent samples.

    Parameters
    ----------
    x, y : array_like
        The two samples (1-D; any lengths).
    confidence : float, default 0.95
        The interval's confidence level.

    Returns
    -------
    mean : float
        The difference of the means.
    half_width : float
        Welch's half-width (:func:`welch_interval`).

    See Also
    --------
    paired_difference : The narrower interval when the items are paired.

    Examples
    --------
    >>> from shengji.stats import unpaired_difference
    >>> mean, half = unpaired_difference([80, 95, 60, 120], [75, 90, 58, 113])
    >>> round(mean, 2), round(half, 1)
    (4.75, 42.2)
    """
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
