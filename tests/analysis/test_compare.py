"""shengji.analysis.compare on a sweep: per-cell intervals, paired differences from a baseline,
the same numbers as the run's summary, and pairing that narrows the difference's interval."""

from __future__ import annotations

import math

import numpy as np
import pytest

from shengji.analysis import compare, plot_compare, run, sweep_cells
from shengji.stats import paired_difference, unpaired_difference, welch_interval

SWEEP = {
    "study": "scoring",
    "n": 400,
    "seed": 21,
    "policy": "memory",
    "chunk_size": 50,
    "sweep": {"throw_penalty": ["none", "per_card"], "preset": ["standard", "club-84022"]},
}


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return run(SWEEP, tmp_path_factory.mktemp("cmp") / "out", workers=1)


def test_per_cell_rows_and_paired_differences(out):
    import pyarrow.parquet as pq

    t = compare(out, "D")
    assert list(t["throw_penalty"]) == ["none", "none", "per_card", "per_card"]
    assert list(t["preset"]) == ["standard", "club-84022", "standard", "club-84022"]
    assert (t["n"] == 400).all()
    assert math.isnan(t["diff_low"][0]) and t["diff"][0] == 0
    hands = pq.read_table(out / "hands").to_pandas()
    d = {c: g.sort_values("hand")["defender_points"].to_numpy() for c, g in hands.groupby("cell")}
    for c in range(4):
        assert t["mean"][c] == pytest.approx(d[c].mean())
        assert t["low"][c] < t["mean"][c] < t["high"][c]
    for c in (1, 2, 3):
        mean, half = paired_difference(d[c], d[0])
        assert t["diff"][c] == pytest.approx(mean)
        assert t["diff_low"][c] == pytest.approx(mean - half)
        assert t["diff_high"][c] == pytest.approx(mean + half)
        assert t["unpaired_half"][c] == pytest.approx(unpaired_difference(d[c], d[0])[1])


def test_by_and_baseline(out):
    t = compare(out, "level_up", by="throw_penalty", baseline="per_card")
    assert list(t["throw_penalty"]) == ["none", "per_card"]
    assert t.attrs["baseline"] == {"throw_penalty": "per_card"}
    assert t["diff"][1] == 0 and not math.isnan(t["diff_low"][0])
    t2 = compare(out, "D", baseline={"throw_penalty": "per_card", "preset": "club-84022"})
    assert t2["diff"][3] == 0 and math.isnan(t2["diff_low"][3])
    with pytest.raises(ValueError, match="not a swept key"):
        compare(out, "D", by="level")
    with pytest.raises(ValueError, match="matches 0"):
        compare(out, "D", by="preset", baseline="tournament")
    with pytest.raises(ValueError, match="unknown metric"):
        compare(out, "nonsense")
    # any numeric column works too
    tp = compare(out, "table_points")
    assert (tp["n"] == 400).all()
    assert [c["cell"] for c in sweep_cells(out)] == [0, 1, 2, 3]


def test_summary_prints_the_same_table(tmp_path):
    from shengji.runner import run_study
    from shengji.studies.base import make_config

    kind, cfg = make_config(dict(SWEEP, n=120))
    res = run_study(kind, cfg, tmp_path / "o", workers=1, quiet=True)
    t = compare(tmp_path / "o", "D")
    text = "\n".join(res.summary)
    for c in range(1, 4):
        shown = f"{t['diff'][c]:.2f} [{t['diff_low'][c]:.2f}, {t['diff_high'][c]:.2f}]"
        assert shown in text, (shown, text)
        assert f"{t['mean'][c]:.2f} [{t['low'][c]:.2f}, {t['high'][c]:.2f}]" in text


def test_pairing_narrows_the_interval_at_least_twofold(out):
    """The point of pairing (issue 24): on a typical option the paired interval of the
    difference is at least 2x narrower than the unpaired one at the same n."""
    t = compare(out, "D", by=["throw_penalty", "preset"])
    for c in (1, 3):  # club-84022 vs standard (its rules differ in several options)
        paired = (t["diff_high"][c] - t["diff_low"][c]) / 2
        assert paired > 0
        assert t["unpaired_half"][c] >= 2 * paired, t.to_string()


def test_welch_matches_samples():
    rng = np.random.default_rng(0)
    x, y = rng.normal(0, 1, 50), rng.normal(1, 2, 80)
    m, h = welch_interval(50, x.sum(), (x * x).sum(), 80, y.sum(), (y * y).sum())
    from scipy import stats

    r = stats.ttest_ind(x, y, equal_var=False).confidence_interval(0.95)
    assert m - h == pytest.approx(r.low) and m + h == pytest.approx(r.high)


def test_plot_compare(out):
    import matplotlib

    matplotlib.use("Agg")
    ax = plot_compare(compare(out, "level_up"), title="t")
    assert len(ax.get_yticklabels()) == 3


def test_compare_refuses_a_plain_run(tmp_path):
    o = run({"study": "scoring", "n": 4, "seed": 1}, tmp_path / "p", workers=1)
    with pytest.raises(ValueError, match="without a \\[sweep\\] table"):
        compare(o, "D")
