"""analysis/rating_fit.py: ratings recovered from exact pair means (the linear fit and the
saturating link), the anchor at 0, pairs that do not connect refused, and a replicate's
refit equal to the full fit it approximates."""

from __future__ import annotations

import numpy as np
import pytest

from shengji.analysis.rating_fit import fit_link, fit_ratings, link_value, refit_link

NAMES = ["a", "b", "c", "d"]
PAIRS = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
TRUE = np.array([0.0, -6.0, 4.0, 10.0])


def means(scale=None):
    return np.array([link_value(TRUE[i] - TRUE[j], scale) for i, j in PAIRS])


def test_the_linear_fit_recovers_exact_means():
    w = np.array([1.0, 2.0, 1.0, 3.0, 1.0, 1.0])
    assert fit_ratings(NAMES, PAIRS, means(), w, 0) == pytest.approx(TRUE)
    shifted = fit_ratings(NAMES, PAIRS, means(), w, 2)
    assert shifted == pytest.approx(TRUE - TRUE[2])  # anchored at c
    rows = fit_ratings(NAMES, PAIRS, np.stack([means(), 2 * means()]), w, 0)
    assert rows.shape == (2, 4) and rows[1] == pytest.approx(2 * TRUE)


def test_pairs_that_do_not_connect_are_refused():
    with pytest.raises(ValueError, match="do not connect every bot"):
        fit_ratings(NAMES, [(0, 1), (2, 3)], np.ones(2), np.ones(2), 0)


def test_the_link_saturates_and_its_fit_finds_the_scale():
    assert link_value(1e6, 20.0) == pytest.approx(20.0) and link_value(3.0, None) == 3.0
    ratings, scale = fit_link(NAMES, PAIRS, means(12.0), np.ones(6), 0)
    assert scale == pytest.approx(12.0, rel=1e-3)
    assert ratings == pytest.approx(TRUE, abs=1e-3)
    lin, none = fit_link(NAMES, PAIRS[:3], means()[:3], np.ones(3), 0)  # no freedom left
    assert none is None and lin == pytest.approx(TRUE)


def test_a_replicates_refit_is_the_fit():
    w = np.ones(6)
    start = fit_link(NAMES, PAIRS, means(12.0), w, 0)
    nearby = means(12.0) + np.array([0.3, -0.2, 0.1, 0.0, -0.1, 0.2])
    top = float(np.max(np.abs(means(12.0))))
    (refit,) = refit_link(NAMES, PAIRS, nearby[None, :], w, 0, start, top)
    full, _ = fit_link(NAMES, PAIRS, nearby, w, 0, start=start)
    assert refit == pytest.approx(full, abs=1e-3)
