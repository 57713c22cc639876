"""The published almanac (docs/results/almanac/) and its page agree: the page holds what
``shengji.almanac.report.markdown`` draws from the committed tables, whose digests are
manifest.json's, and its figures exist (shengji.almanac.report)."""

from __future__ import annotations

import hashlib
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
