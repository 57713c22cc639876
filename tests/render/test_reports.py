"""render/reports.py: the reports as HTML (a duel's summary, a finished run, the
advisor's table): they parse, show their numbers and escape what they were given."""

from __future__ import annotations

from shengji.render.reports import duel_summary_html
from tests.support.show_tree import parse

DUEL = dict(
    team_a="memory",
    team_b="greedy",
    deals=1200,
    confidence=0.9,
    points={"mean": -0.25, "low": -1.5, "high": 1.0, "sd": 6.0},
    levels={"mean": 0.0125, "low": -0.01, "high": 0.035, "sd": 0.4},
    a_banks={"mean_d": 70.0, "level_up": 0.625, "defenders_last": 0.4},
    b_banks={"mean_d": 75.5, "level_up": 0.5, "defenders_last": 0.45},
)


def test_a_duels_summary():
    root = parse(duel_summary_html(DUEL))
    text = root.text()
    assert "memory (team_a) vs greedy (team_b)" in text and "1,200 deals" in text
    assert "90% interval" in text and "-0.2" in text and "+0.013" in text
    rows = [r.text() for r in root.find(tag="tr")]
    assert any("memory" in r and "70.0" in r and "62.5%" in r for r in rows)
    assert any("greedy" in r and "75.5" in r and "45.0%" in r for r in rows)


def test_run_result_html_escapes_the_path():
    from shengji.runner import RunResult

    r = RunResult(
        out="out/<b>x", items=5, seconds=0.5, stats={}, tables=["hands"], summary=["mean D 1 < 2"]
    )
    html = r._repr_html_()
    assert "<b>x" not in html and "1 &lt; 2" in html
    parse(html)


def test_advice_html_marks_the_best_option():
    from shengji.analysis.advisor import advise

    a = advise("2S 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
               n=40, seed=1)  # fmt: skip
    root = parse(a._repr_html_())
    best = root.find(tag="tr", **{"class": "sj-best"})
    assert len(best) == 1 and a.best.option in ("pass", *"SHCD", "NT")
