"""The published almanac (docs/results/almanac/) and its page agree: the page holds what
``shengji.almanac.report.markdown`` draws from the committed tables, whose digests are
manifest.json's, and its figures exist (shengji.almanac.report)."""

from __future__ import annotations

import hashlib
import math
from pathlib import Path

import pyarrow.parquet as pq
import pytest

import shengji.almanac as almanac
from shengji.almanac.parts import ANALYSES, SCALES
from shengji.almanac.report import (
    BEGIN,
    END,
    FIGURE_LADDER,
    FIGURE_MATCH,
    FIGURE_RULES,
    markdown,
)
from shengji.almanac.tidy import schema

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "docs" / "results" / "almanac"
PAGE = ROOT / "docs" / "results" / "almanac.md"


def test_the_committed_tables_are_the_manifests():
    man = almanac.manifest(DATA)
    assert man["scale"] in SCALES
    assert sorted(man["tables"]) == sorted(ANALYSES)
    for analysis, t in man["tables"].items():
        path = DATA / f"{analysis}.parquet"
        assert hashlib.sha256(path.read_bytes()).hexdigest() == t["sha256"], analysis
        table = pq.read_table(path)
        assert table.schema.equals(schema()) and table.num_rows == t["rows"]
    assert sorted(p.name for p in DATA.iterdir()) == sorted(
        [*(f"{a}.parquet" for a in ANALYSES), "manifest.json"]
    ), "only the reduced tables are published (the raw per-hand Parquet stays out of git)"


def test_the_page_holds_what_the_tables_give():
    text = PAGE.read_text()
    assert text.count(BEGIN) == 1 and text.count(END) == 1
    assert markdown(DATA) in text, "rerun: python -m shengji.almanac.report"


def _page_rows(text: str, header: str) -> list[list[str]]:
    """The cells of the markdown table under the header row that starts with ``header``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header)) + 2
    rows = []
    for line in lines[start:]:
        if not line.startswith("| "):
            break
        rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows


def test_the_page_s_figures_are_the_tables_and_the_counting():
    """What the page prints, checked against values found here without the report: the
    deals' exact means by counting, the measured means and the ladder read from the
    Parquet tables with pyarrow."""
    text = PAGE.read_text()
    # a seat's 25 of the 108 cards (two decks): with hearts trump 36 trumps (2 x 13
    # hearts, the 6 other level cards, 4 jokers), in no-trump 12 (8 level cards, 4
    # jokers), and each of the 54 kinds a pair with probability C(25,2) / C(108,2)
    exact = {
        "trumps_h": 25 * 36 / 108,
        "trumps_nt": 25 * 12 / 108,
        "pairs": 54 * math.comb(25, 2) / math.comb(108, 2),
    }
    deals = pq.read_table(DATA / "deals.parquet").to_pylist()
    mean = {(r["preset"], r["metric"]): r["mean"] for r in deals if r["by"] == "seat=0"}
    rows = _page_rows(text, "| preset | trumps, suit (exact)")
    assert {r[0] for r in rows} == {r["preset"] for r in deals}
    for row in rows:
        for cell, column in zip(row[1:4], exact, strict=True):
            assert cell == f"{mean[row[0], column]:.4f} ({exact[column]:.4f})", (row[0], column)
    ladder = [
        r for r in pq.read_table(DATA / "ladder.parquet").to_pylist() if r["metric"] == "rating"
    ]
    rows = _page_rows(text, "| bot | rating | deals |")
    want = [
        [f"`{r['variant']}`", f"{r['mean']:.1f} [{r['low']:.1f}, {r['high']:.1f}]", f"{r['n']:,}"]
        for r in ladder
    ]
    assert sorted(rows) == sorted(want)


def test_the_page_s_scales_are_the_code_s():
    def rows(x: int) -> str:
        return f"{x:,}" if x < 10**6 else f"10^{len(str(x)) - 1}"

    text = PAGE.read_text()
    for name in ("quick", "full"):
        s = SCALES[name]
        search = round(s.ladder_search * s.ladder)
        slow = round(s.ladder_slow * s.ladder)
        row = (
            f"| `{name}` | {rows(s.rules)} hands | {rows(s.matches)} | {rows(s.scoring)} hands | "
            f"{rows(s.deals)} | {rows(s.bids)} | {rows(s.ladder)} ({search:,}, {slow:,}) |"
        )
        assert row in text, row


def test_the_figures_exist():
    for name in (FIGURE_RULES, FIGURE_MATCH, FIGURE_LADDER):
        assert (ROOT / "docs" / "figures" / name).stat().st_size > 10_000
        assert f"../figures/{name}" in PAGE.read_text()


@pytest.mark.slow
def test_the_published_scale_remakes_the_published_tables(tmp_path, slow_only):
    """The published tables are what ``shengji almanac`` makes today, byte for byte, at the
    published scale (its CPU time is the manifest's: about 80 CPU-minutes at the full scale,
    5 at the quick: ``-m slow``)."""
    man = almanac.manifest(DATA)
    out = tmp_path / "remade"
    almanac.run(out, man["scale"], workers=2, stream=None, progress=False)
    for analysis in ANALYSES:
        name = f"{analysis}.parquet"
        assert (out / name).read_bytes() == (DATA / name).read_bytes(), (
            f"{name} differs: rerun shengji almanac --scale {man['scale']}, copy its tables "
            "and manifest.json to docs/results/almanac/, then python -m shengji.almanac.report"
        )
