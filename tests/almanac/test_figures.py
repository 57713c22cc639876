"""``shengji.almanac.figures``: the three figures drawn from the published tables."""

from __future__ import annotations

from pathlib import Path

from shengji.almanac.figures import figures
from shengji.almanac.markup import FIGURE_LADDER, FIGURE_MATCH, FIGURE_RULES

DATA = Path(__file__).resolve().parents[2] / "docs" / "results" / "almanac"


def test_the_figures_are_drawn_from_the_tables(tmp_path):
    drawn = figures(DATA, tmp_path)
    assert [p.name for p in drawn] == [FIGURE_RULES, FIGURE_MATCH, FIGURE_LADDER]
    for path in drawn:
        data = path.read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) > 10_000, path
