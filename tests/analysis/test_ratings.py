"""The ladder's ratings (shengji.analysis.ratings): the least-squares fit is exact on
consistent swings and anchored, the bootstrap over deals keeps the deals common to the pairs
(a difference that is the same on every deal has no width), a single pair's interval is the
duel's own, and a ladder shows itself as a table and a plot."""

from __future__ import annotations

import numpy as np
import pytest

from shengji.analysis.ratings import _fit, fit_ratings
from shengji.stats import mean_interval

NAMES = ["a", "b", "c", "d"]


def test_the_fit_is_exact_on_consistent_means():
    truth = np.array([0.0, 10.0, 25.0, -40.0])
    pairs = [(0, 1), (0, 2), (1, 2), (2, 3), (1, 3)]
    means = np.array([truth[i] - truth[j] for i, j in pairs])
    w = np.array([1.0, 2.0, 0.5, 3.0, 1.0])
    np.testing.assert_allclose(fit_ratings(NAMES, pairs, means, w, 0), truth, atol=1e-9)
    np.testing.assert_allclose(fit_ratings(NAMES, pairs, means, w, 3), truth + 40, atol=1e-9)
    both = fit_ratings(NAMES, pairs, np.stack([means, 2 * means]), w, 0)
    np.testing.assert_allclose(both[1], 2 * truth, atol=1e-9)


def test_the_fit_weighs_the_pairs_by_their_precision():
    """Two routes a -> b that disagree: the fit is their inverse-variance mean."""
    pairs = [(0, 1), (0, 2), (2, 1)]
    means = np.array([10.0, 4.0, 2.0])  # direct 10, via c 6
    w = np.array([1.0, 1e9, 1.0])  # a - c known exactly
    r = fit_ratings(["a", "b", "c"], pairs, means, w, 0)
    # r_a - r_b = (1 * 10 + 1 * 6) / 2
    assert r[0] - r[1] == pytest.approx(8.0, abs=1e-6)


def test_a_disconnected_ladder_is_refused():
    with pytest.raises(ValueError, match="do not connect"):
        fit_ratings(NAMES, [(0, 1), (2, 3)], np.array([1.0, 2.0]), np.ones(2), 0)


def test_one_pair_is_its_duel():
    rng = np.random.default_rng(1)
    x = rng.normal(5.0, 30.0, 4000)
    lad = _fit({("a", "b"): x}, ["a", "b"], "b", "points", 2000, 0.95, 1, "test")
    r = lad.ratings.set_index("bot")
    mean, half = mean_interval(len(x), x.sum(), (x * x).sum())
    assert r.loc["a", "rating"] == pytest.approx(mean)
    assert r.loc["a", "high"] - r.loc["a", "low"] == pytest.approx(2 * half, rel=0.12)
    p = lad.pairs.iloc[0]
    assert (p.swing, p.high - p.swing) == (pytest.approx(mean), pytest.approx(half))


def test_the_bootstrap_keeps_the_deals_common():
    """a-b and a-c swing by the same deal noise plus 10 and 20: b - c is exactly 10 on
    every deal, and resampling the deals together keeps it exactly 10; b's rating alone
    carries the noise."""
    rng = np.random.default_rng(2)
    e = rng.normal(0, 40, 3000)
    x = {("a", "b"): e + 10, ("a", "c"): e + 20}
    lad = _fit(x, ["a", "b", "c"], "a", "points", 500, 0.95, 1, "test")
    d = lad.difference("b", "c")
    assert d["mean"] == pytest.approx(10.0) and d["high"] - d["low"] < 1e-9
    r = lad.ratings.set_index("bot")
    assert r.loc["b", "high"] - r.loc["b", "low"] > 2.0


def test_the_same_replicates_every_time():
    rng = np.random.default_rng(3)
    x = {("a", "b"): rng.normal(1, 10, 200), ("b", "c"): rng.normal(2, 10, 100)}
    one = _fit(x, ["a", "b", "c"], "a", "points", 300, 0.95, 9, "t")
    two = _fit(x, ["a", "b", "c"], "a", "points", 300, 0.95, 9, "t")
    np.testing.assert_array_equal(one.replicates, two.replicates)


def test_a_ladder_shows_itself():
    import matplotlib

    matplotlib.use("Agg")
    rng = np.random.default_rng(4)
    x = {("a", "b"): rng.normal(5, 10, 300), ("b", "c"): rng.normal(5, 10, 300)}
    lad = _fit(x, ["a", "b", "c"], "b", "points", 200, 0.95, 1, "out/x")
    text = lad.table()
    assert text.splitlines()[1].startswith("a ") and "b = 0" in text
    assert "<table" in lad._repr_html_()
    ax = lad.plot()
    assert [t.get_text() for t in ax.get_yticklabels()] == ["c", "b", "a"]


def test_the_saturating_link_recovers_its_own_scale():
    """Means made by M tanh(gap / M) from known ratings: fit_link finds the ratings and M;
    additive means give the linear fit (no scale)."""
    from shengji.analysis.ratings import fit_link

    truth = np.array([0.0, 25.0, 40.0, -110.0])
    pairs = [(0, 1), (0, 2), (1, 2), (2, 3), (1, 3), (0, 3)]
    gaps = np.array([truth[i] - truth[j] for i, j in pairs])
    w = np.array([1.0, 2.0, 0.5, 3.0, 1.0, 2.0])
    r, m = fit_link(NAMES, pairs, 200.0 * np.tanh(gaps / 200.0), w, 0)
    np.testing.assert_allclose(r, truth, atol=1e-4)
    assert m == pytest.approx(200.0, rel=1e-4)
    r, m = fit_link(NAMES, pairs, gaps, w, 0)
    assert m is None
    np.testing.assert_allclose(r, truth, atol=1e-9)
    # too few pairs to tell a scale: linear
    assert fit_link(NAMES[:3], pairs[:2], gaps[:2], w[:2], 0)[1] is None


def test_a_ladder_reports_its_fit():
    """Saturated duels among four bots: the link is chosen (it pays for itself) and
    reported; the linear fit misfits them; three bots leave no degree of freedom to judge a
    scale: linear."""
    rng = np.random.default_rng(5)
    truth = {"a": 0.0, "b": 30.0, "c": 60.0, "d": -80.0}
    names = list(truth)
    x = {
        (i, j): 100 * np.tanh((truth[i] - truth[j]) / 100) + rng.normal(0, 20, 4000)
        for k, i in enumerate(names)
        for j in names[k + 1 :]
    }
    lad = _fit(x, names, "a", "points", 200, 0.95, 1, "t")
    assert lad.scale == pytest.approx(100, rel=0.2) and lad.dof == 2
    assert "tanh" in lad.model() and lad.chi2 < 12
    r = lad.ratings.set_index("bot").rating
    assert r["c"] == pytest.approx(60, abs=3) and r["d"] == pytest.approx(-80, abs=4)
    lin = _fit(x, names, "a", "points", 200, 0.95, 1, "t", link="linear")
    assert lin.scale is None and lin.dof == 3 and "linear" in lin.model() and lin.chi2 > 50
    three = {k: v for k, v in x.items() if "d" not in k}
    assert _fit(three, names[:3], "a", "points", 200, 0.95, 1, "t").scale is None
