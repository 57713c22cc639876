"""The almanac end to end at the tiny scale (shengji.almanac.driver): one tidy schema, every
variant and bot, the exact laws hold, the same bytes for 1 and 2 workers, resume after a
SIGKILL, one-line errors for bad flags."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest

import shengji
import shengji.almanac as almanac
from shengji._core.bots.table import NAMES as BOT_NAMES
from shengji.almanac.driver import MANIFEST, TIMED, _ratio
from shengji.almanac.parts import ANALYSES, Part
from shengji.almanac.tidy import HANDS, schema
from shengji.almanac.variants import variants
from shengji.cli import main

ROOT = Path(__file__).resolve().parents[2]


def tables(out: Path) -> dict[str, bytes]:
    return {a: (out / f"{a}.parquet").read_bytes() for a in ANALYSES}


def untimed(out: Path) -> dict:
    """manifest.json without what it measures (CPU- and wall-seconds) nor the commit."""

    def strip(obj):
        if isinstance(obj, dict):
            return {k: strip(v) for k, v in obj.items() if k not in TIMED}
        if isinstance(obj, list):
            return [strip(v) for v in obj]
        return obj

    return strip(json.loads((out / MANIFEST).read_text()))


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    out = tmp_path_factory.mktemp("alm") / "one"
    almanac.run(out, "tiny", workers=1, stream=None, progress=False)
    return out


def test_one_tidy_schema_and_every_part(tiny):
    for analysis in ANALYSES:
        table = pq.read_table(tiny / f"{analysis}.parquet")
        assert table.schema.equals(schema()), analysis
    df = almanac.load(tiny)
    assert list(df.analysis.unique()) == list(ANALYSES)
    assert set(df.hand) <= set(HANDS)
    assert (df.n > 0).all()
    rules = df[df.analysis == "rules"]
    labels = ["standard", *(v.label for v in variants())]
    for hand in ("first", "later"):
        sub = rules[rules.hand == hand]
        assert sorted(set(sub.variant)) == sorted(labels)
        assert set(sub.metric) == {"level_up", "bank_kept", "D"}
    std = rules[rules.variant == "standard"]
    assert (std["diff"] == 0).all()
    assert rules[rules.variant != "standard"]["diff"].notna().all()
    memory = df[df.analysis == "rules_memory"]
    assert len(memory) == len(rules) and set(memory.variant) == set(rules.variant)
    match = df[df.analysis == "match"]
    assert set(match.variant) == {"standard", *(v.label for v in variants() if v.match_level)}
    ladder = df[(df.analysis == "ladder") & (df.metric == "rating")]
    assert set(ladder.variant) == {*BOT_NAMES, "pimc_infer", "pimc_net"}
    scoring = df[df.analysis == "scoring"]
    from shengji.rules import PRESETS

    assert set(scoring.preset) == set(PRESETS)
    assert almanac.load(tiny, "match").equals(match.reset_index(drop=True))
    assert df.attrs["almanac"]["scale"] == "tiny"


def test_the_deals_follow_their_exact_laws(tiny):
    deals = almanac.load(tiny, "deals")
    checks = deals[deals.metric.str.endswith(":chi2_p")]
    assert len(checks) > 100
    # 2,000 deals a preset: each law's chi-square p-value; the smallest of hundreds of
    # tests (not independent: 11 presets' deals of one seed) stays well above 1e-5
    assert checks["mean"].min() > 1e-5
    # each mean's 95 % interval holds its exact value (hundreds of them: covering at least
    # 90 % and at most 99.5 % is each more than 3 binomial standard deviations from 95 %),
    # and no mean lies 5 of its standard errors (its interval's half-width / 1.96) away
    means = deals[deals.exact.notna() & ~deals.metric.str.contains("=|:")]
    assert len(means) > 500
    covered = (means.low <= means.exact) & (means.exact <= means.high)
    assert 0.90 <= covered.mean() <= 0.995, covered.mean()
    se = (means.high - means.low) / (2 * 1.96)
    assert ((means["mean"] - means.exact).abs() < 5 * se).all()


def test_manifest(tiny):
    m = almanac.manifest(tiny)
    assert m["scale"] == "tiny" and m["almanac"] == 1
    assert len(m["bots"]["net"]["weights_sha256"]) == 64
    assert m["bots"]["pimc_net"]["rollout"] == "net"
    names = [p["name"] for p in m["parts"]]
    assert "rules/later" in names and "ladder" in names
    assert all(p["seed"] is not None and p["n"] and p["cpu_seconds"] >= 0 for p in m["parts"])
    for analysis, t in m["tables"].items():
        assert t["rows"] == len(almanac.load(tiny, analysis))


def test_same_bytes_for_two_workers(tiny, tmp_path):
    out = tmp_path / "two"
    almanac.run(out, "tiny", workers=2, stream=None, progress=False)
    assert tables(out) == tables(tiny)
    assert untimed(out) == untimed(tiny)


def test_sigkill_then_resume_equals_uninterrupted(tiny, tmp_path):
    out = tmp_path / "killed"
    cmd = [
        sys.executable,
        "-m",
        "shengji",
        "almanac",
        "--out",
        str(out),
        "--scale",
        "tiny",
        "--workers",
        "2",
        "--quiet",
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    proc = subprocess.Popen(
        cmd, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env
    )
    # killed once the scoring part has finished: mid-way through the rule variants
    done = out / "parts" / "scoring" / "presets" / "_manifest.jsonl"
    deadline = time.monotonic() + 120
    while not (done.is_file() and '"complete"' in done.read_text()):
        assert proc.poll() is None, proc.stderr.read()
        assert time.monotonic() < deadline
        time.sleep(0.01)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    proc.stderr.close()
    assert not (out / MANIFEST).exists()
    # without --resume the directory is refused; with it the run finishes
    assert main(["almanac", "--out", str(out), "--scale", "tiny", "--quiet"]) == 2
    assert (
        main(
            [
                "almanac",
                "--out",
                str(out),
                "--scale",
                "tiny",
                "--workers",
                "2",
                "--resume",
                "--quiet",
            ]
        )
        == 0
    )
    assert tables(out) == tables(tiny)
    assert untimed(out) == untimed(tiny)


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["almanac"], "required: --out"),
        (["almanac", "--out", "{d}/a", "--scale", "huge"], "unknown scale 'huge'"),
        (["almanac", "--out", "{d}/a", "--workers", "0"], "--workers"),
        (["almanac", "--out", "{d}/a", "--engine", "spark"], "--engine"),
        (
            ["almanac", "--out", "{d}/a", "--scheduler", "tcp://x:1", "--engine", "local"],
            "--scheduler needs --engine dask",
        ),
        (["almanac", "--out", "{d}/file"], "not a directory"),
        (["almanac", "--out", "{d}/foreign"], "not an almanac"),
    ],
)
def test_bad_flags_one_line_and_nothing_written(tmp_path, capsys, argv, needle):
    (tmp_path / "file").write_text("x")
    (tmp_path / "foreign").mkdir()
    (tmp_path / "foreign" / "notes.txt").write_text("mine")
    before = sorted(p.name for p in tmp_path.rglob("*"))
    assert main([a.format(d=tmp_path) for a in argv]) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


def test_resume_refuses_another_scale(tiny, capsys):
    assert main(["almanac", "--out", str(tiny), "--scale", "quick", "--resume"]) == 2
    assert "holds the tiny scale" in capsys.readouterr().err


def test_both_pages_render_from_any_scale_s_tables(tiny):
    """The report's pages are drawn from a run at another scale than the published one too
    (the tiny scale's few hands: no empty cell breaks them)."""
    from shengji.almanac import report, results_page

    for render in (report.markdown, results_page.markdown):
        page = render(tiny)
        assert page.startswith(report.BEGIN) and page.endswith(report.END + "\n")
        assert "Scale **tiny**" in page


def test_shengji_load_names_the_almanac_loader(tiny):
    with pytest.raises(ValueError, match=r"is an almanac: read its tables with shengji\.almanac"):
        shengji.load(tiny)
    assert len(shengji.load(tiny / "parts" / "rules" / "later")) == 64 * (len(variants()) + 1)


def test_load_refuses_a_directory_without_tables(tmp_path):
    with pytest.raises(ValueError, match="not an almanac"):
        almanac.load(tmp_path)
    with pytest.raises(ValueError, match="unknown"):
        almanac.load(tmp_path, "cards")


def test_the_estimate_left_scales_each_analysis_by_its_own_speed():
    # the deals ran at a third of their estimate: that says nothing of the rule variants
    deals = Part("deals/standard", "deals", {}, 10, 7.0)
    rules = Part("rules/later", "rules", {}, 10, 1200.0)
    spent = {"deals": [2.4, 7.0]}
    assert _ratio(spent, deals) == pytest.approx(2.4 / 7.0)
    assert _ratio(spent, rules) == 1.0
    assert _ratio({"rules": [0.2, 0.5]}, rules) == 1.0  # too short to say
