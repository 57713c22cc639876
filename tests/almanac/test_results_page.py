"""The results page (docs/results/index.md) is drawn from the almanac's published tables: its
generated part is what ``shengji.almanac.results_page.markdown`` draws from the committed
tables, every number with its interval, and ``python -m shengji.almanac.report`` redraws it
beside the almanac's page (``report.update``)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import shengji.almanac as almanac
from shengji.almanac import report
from shengji.almanac.markup import BEGIN, END, FIGURE_LADDER, FIGURE_MATCH, FIGURE_RULES
from shengji.almanac.results_page import LARGEST, markdown

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "docs" / "results" / "almanac"
PAGE = ROOT / "docs" / "results" / "index.md"


def _generated(text: str) -> str:
    start, end = text.index(BEGIN), text.index(END) + len(END) + 1
    return text[start:end]


def test_the_page_s_generated_part_is_a_fresh_render_of_the_committed_tables():
    text = PAGE.read_text()
    assert text.count(BEGIN) == 1 and text.count(END) == 1
    assert _generated(text) == markdown(DATA), "rerun: python -m shengji.almanac.report"


def test_the_page_is_drawn_from_the_almanac_only():
    """Outside its generated part the page holds no number (the toctree and the prose only),
    and it shows only the almanac's figures."""
    text = PAGE.read_text()
    outside = text.replace(_generated(text), "")
    assert not re.findall(r"\d+\.\d|\d,\d{3}|\d+ ?%", outside), outside
    figures = re.findall(r"\]\(\.\./figures/([^)]+)\)", text)
    assert sorted(set(figures)) == sorted([FIGURE_LADDER, FIGURE_MATCH, FIGURE_RULES])


def test_every_bot_and_net_s_duels_are_on_it():
    df = almanac.load(DATA)
    part = markdown(DATA)
    ladder = df[(df.analysis == "ladder") & (df.metric == "rating")]
    for r in ladder.itertuples():
        row = f"| `{r.variant}` | {r.mean:.1f} [{r.low:.1f}, {r.high:.1f}] | {r.n:,} |"
        assert row in part, row
    for other in set(ladder.variant) - {"net"}:
        assert f"against `{other}` " in part, other


def test_every_estimate_has_its_interval_and_the_commands_are_there():
    part = markdown(DATA)
    man = almanac.manifest(DATA)
    assert f"shengji almanac --out out/almanac --scale {man['scale']}" in part
    assert "python -m shengji.almanac.report docs/results/almanac" in part
    lines = part.splitlines()
    rows = [r for r in lines if r.startswith("| ")]
    head: list[str] = []
    for i, row in enumerate(lines):
        if not row.startswith("| "):
            continue
        cells = [c.strip() for c in row.strip("|").split("|")]
        if lines[i + 1].startswith("|---"):
            head = cells  # a table's header: the exact law's means and p-values go bare
            continue
        bare = [
            h
            for h, c in zip(head, cells, strict=True)
            if re.fullmatch(r"[+-]?\d+\.\d+", c) and h != "exact" and not h.startswith("p")
        ]
        assert not bare, row
    largest = [r for r in rows if r.startswith("| `") and r.count("[") == 4]
    assert len(largest) >= LARGEST


def test_the_report_command_redraws_both_pages(tmp_path):
    """``report.update`` (what ``python -m shengji.almanac.report`` runs) rewrites the results
    page and the almanac's page from the tables, and draws the figures."""
    assert set(report.PAGES) == {"docs/results/index.md", "docs/results/almanac.md"}
    for name in report.PAGES:
        page = tmp_path / name
        page.parent.mkdir(parents=True, exist_ok=True)
        text = (ROOT / name).read_text()
        shutil.copy(ROOT / name, page)
        page.write_text(text.replace(_generated(text), f"{BEGIN}\nstale\n{END}\n"))
    (tmp_path / "docs" / "figures").mkdir()
    changed = report.update(DATA, tmp_path)
    assert changed == dict.fromkeys(report.PAGES, True)
    for name in report.PAGES:
        assert (tmp_path / name).read_text() == (ROOT / name).read_text(), name
    for figure in (FIGURE_RULES, FIGURE_MATCH, FIGURE_LADDER):
        assert (tmp_path / "docs" / "figures" / figure).stat().st_size > 10_000
    assert report.update(DATA, tmp_path) == dict.fromkeys(report.PAGES, False)
