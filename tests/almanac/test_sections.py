"""``shengji.almanac.sections``: the page is its head and its sections, in ``SECTIONS``'s
order, each drawn from the published tables."""

from __future__ import annotations

from pathlib import Path

import shengji.almanac as almanac
from shengji.almanac.markup import BEGIN, END
from shengji.almanac.report import markdown
from shengji.almanac.sections import SECTIONS, head

DATA = Path(__file__).resolve().parents[2] / "docs" / "results" / "almanac"


def _args():
    df = almanac.load(DATA)
    parts = {p["name"]: p for p in df.attrs["almanac"]["parts"]}
    g = df.set_index(["analysis", "preset", "variant", "hand", "metric", "by"]).sort_index()
    return df, (lambda *key: g.loc[key]), parts


def test_the_page_is_the_head_and_the_sections_in_order():
    df, get, parts = _args()
    drawn = {name: draw(df, get, parts) for name, draw in SECTIONS.items()}
    lines = [BEGIN, "", *head(df, get, parts)]
    for name in SECTIONS:
        # each section opens with a blank line and its heading
        assert drawn[name][0] == "" and drawn[name][1].startswith("### "), name
        lines += drawn[name]
    assert markdown(DATA) == "\n".join([*lines, "", END]) + "\n"
    opening = [drawn[name][1] for name in SECTIONS]
    assert [line for line in markdown(DATA).splitlines() if line in opening] == opening
