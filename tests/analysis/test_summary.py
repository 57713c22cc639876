"""analysis/summary.py: ``DuelSummary`` is the plain dict of its items (equal to it, JSON
as it), shown in Jupyter as the escaped table of ``shengji.render.reports``."""

from __future__ import annotations

import json

from shengji.analysis.summary import DuelSummary
from shengji.render.reports import duel_summary_html
from tests.support.show_tree import parse


def test_duel_summary_is_a_dict_with_an_escaped_table():
    d = DuelSummary(
        team_a="<script>alert(1)</script>",
        team_b="greedy",
        deals=10,
        confidence=0.95,
        points={"mean": 1.5, "low": -2.0, "high": 5.0, "sd": 3.0},
        levels={"mean": 0.1, "low": -0.2, "high": 0.4, "sd": 0.5},
        a_banks={"mean_d": 70.0, "level_up": 0.6, "defenders_last": 0.4},
        b_banks={"mean_d": 75.0, "level_up": 0.5, "defenders_last": 0.45},
    )
    assert d == dict(d) and isinstance(d, dict)
    html = d._repr_html_()
    assert "<script>" not in html and "&lt;script&gt;" in html
    text = parse(html).text()
    assert "+1.5" in text and "-2.0 \u2026 +5.0" in text and "60.0%" in text


def test_it_is_its_items_as_json_and_shows_the_reports_table():
    items = {"team_a": "memory", "team_b": "greedy", "deals": 2, "confidence": 0.95,
             "points": {"mean": 1.0, "low": 0.0, "high": 2.0, "sd": 1.0},
             "levels": {"mean": 0.0, "low": 0.0, "high": 0.0, "sd": 0.0},
             "a_banks": {"mean_d": 1.0, "level_up": 0.0, "defenders_last": 0.0},
             "b_banks": {"mean_d": 1.0, "level_up": 0.0, "defenders_last": 0.0}}  # fmt: skip
    d = DuelSummary(items)
    assert json.loads(json.dumps(d)) == items == d
    assert d._repr_html_() == duel_summary_html(items)
    assert not hasattr(d, "__dict__")  # no state beside the items
