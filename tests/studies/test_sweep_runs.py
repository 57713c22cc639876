"""Sweeps (issue 24): a [sweep] table runs a kind over its cells in one run, paired on the same
deals; resume after a real kill, any worker count and Dask give the same bytes; rows carry
the swept columns; cell c's rows are a plain run of its settings."""

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

from shengji.runner import run_study
from shengji.runner.manifest import Manifest
from shengji.runner.output import LOCK_NAME, MANIFEST
from shengji.studies.base import load_study_file, make_config

ROOT = Path(__file__).resolve().parents[2]

# two values of one option x two presets: four cells
SWEEP = """\
study = "scoring"
n = 96
seed = 11
policy = "greedy"
chunk_size = 8

[sweep]
throw_penalty = ["none", "per_card"]
preset = ["standard", "club-84022"]
"""


def write(folder: Path, text: str = SWEEP, name: str = "sweep.toml") -> str:
    p = Path(folder) / name
    p.write_text(text)
    return str(p)


def data_files(out: Path) -> dict:
    return {
        str(p.relative_to(out)): p.read_bytes()
        for p in sorted(Path(out).rglob("*"))
        if p.is_file() and p.name not in (MANIFEST, LOCK_NAME)
    }


def run_file(path: str, out: Path, **kw):
    kind, cfg = make_config(load_study_file(path), source=path)
    return run_study(kind, cfg, out, quiet=True, **kw)


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    base = tmp_path_factory.mktemp("sweep-ref")
    path = write(base)
    run_file(path, base / "out", workers=1)
    return base / "out"


def test_rows_carry_the_swept_columns_and_metadata_lists_cells(reference):
    t = pq.read_table(reference / "hands")
    assert t.num_rows == 4 * 96
    for name in ("cell", "throw_penalty", "preset"):
        assert name in t.column_names
    assert str(t.schema.field("throw_penalty").type).startswith("dictionary")
    assert str(t.schema.field("preset").type).startswith("dictionary")
    rows = t.select(["cell", "throw_penalty", "preset"]).to_pylist()
    combos = {(r["cell"], r["throw_penalty"], r["preset"]) for r in rows}
    assert combos == {
        (0, "none", "standard"),
        (1, "none", "club-84022"),
        (2, "per_card", "standard"),
        (3, "per_card", "club-84022"),
    }
    meta = json.loads(t.schema.metadata[b"shengji"])
    assert meta["sweep"]["mode"] == "grid"
    assert meta["sweep"]["keys"] == ["throw_penalty", "preset"]
    assert [c["cell"] for c in meta["sweep"]["cells"]] == [0, 1, 2, 3]
    assert meta["sweep"]["cells"][3] == {
        "cell": 3,
        "throw_penalty": "per_card",
        "preset": "club-84022",
    }
    # every cell has items 0..n-1: item k of every cell is the pair
    for c in range(4):
        hands = sorted(r["hand"] for r in t.filter(t["cell"].to_numpy() == c).to_pylist())
        assert hands == list(range(96))


def test_each_cell_is_a_plain_run_of_its_settings(reference, tmp_path):
    """The seeding rule of a sweep: cell c's rows are exactly a plain run of that cell's
    settings with the same seed and chunk size (so every cell plays the same deals)."""
    t = pq.read_table(reference / "hands")
    plain = {
        "study": "scoring",
        "n": 96,
        "seed": 11,
        "policy": "greedy",
        "chunk_size": 8,
        "preset": "club-84022",
        "rules": {"throw_penalty": "per_card"},
    }
    kind, cfg = make_config(plain)
    run_study(kind, cfg, tmp_path / "plain", workers=1, quiet=True)
    p = pq.read_table(tmp_path / "plain" / "hands")
    mine = t.filter(t["cell"].to_numpy() == 3).drop_columns(["cell", "throw_penalty", "preset"])
    assert (
        mine.replace_schema_metadata(None)
        .cast(p.schema.remove_metadata())
        .equals(p.replace_schema_metadata(None))
    )
    # and the deals are shared: trump and banker of the first (no-bid-changing) cells agree
    c0 = t.filter(t["cell"].to_numpy() == 0)
    c2 = t.filter(t["cell"].to_numpy() == 2)
    assert c0["trump"].to_pylist() == c2["trump"].to_pylist()
    assert c0["kitty_points"].to_pylist() == c2["kitty_points"].to_pylist()


def test_two_workers_same_bytes(reference, tmp_path):
    path = write(tmp_path)
    run_file(path, tmp_path / "out", workers=2)
    assert data_files(tmp_path / "out") == data_files(reference)


def test_dask_same_bytes(reference, tmp_path):
    pytest.importorskip("distributed")
    path = write(tmp_path)
    run_file(path, tmp_path / "out", workers=2, engine="dask")
    assert data_files(tmp_path / "out") == data_files(reference)


def test_sigkill_of_a_real_run_then_resume_same_bytes(tmp_path):
    """SIGKILL a real `shengji run` of a sweep part-way, then --resume: the same bytes as an
    uninterrupted run."""
    text = SWEEP.replace("n = 96", "n = 480").replace('policy = "greedy"', 'policy = "memory"')
    path = write(tmp_path, text)
    ref = tmp_path / "ref"
    run_file(path, ref, workers=1)
    out = tmp_path / "out"
    env = dict(os.environ)  # the child imports the shengji this process does
    cmd = [
        sys.executable,
        "-m",
        "shengji",
        "run",
        path,
        "--out",
        str(out),
        "--workers",
        "1",
        "--quiet",
    ]
    proc = subprocess.Popen(
        cmd, start_new_session=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    deadline = time.monotonic() + 120
    try:
        while True:
            assert proc.poll() is None, proc.stderr.read().decode()
            assert time.monotonic() < deadline
            if (out / MANIFEST).exists() and len(Manifest(out).read()[1]) >= 3:
                break
            time.sleep(0.005)
        os.killpg(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    done = len(Manifest(out).read()[1])
    plan = 480 // 8
    assert done < plan, "the run finished before the kill: make it longer"
    res = subprocess.run(cmd + ["--resume"], env=env, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert "resumed:" in res.stdout
    assert data_files(out) == data_files(ref)
    assert Manifest(out).complete()


def test_resume_with_another_sweep_is_refused(reference, tmp_path):
    path = write(tmp_path, SWEEP.replace('"per_card"', '"fixed20"'))
    import shutil

    out = tmp_path / "out"
    shutil.copytree(reference, out)
    from shengji.studies.base import ConfigError

    with pytest.raises(ConfigError, match="other settings.*sweep"):
        run_file(path, out, workers=1, resume=True)


def test_progress_counts_items_over_all_cells(reference):
    header, records = Manifest(reference).read()
    assert sum(r["count"] for r in records) == 4 * 96
    assert header["n"] == 96 and header["chunk_size"] == 8
    last = Manifest(reference).path
    with open(last) as fh:
        lines = [json.loads(x) for x in fh]
    assert lines[-1]["complete"] and lines[-1]["items"] == 4 * 96


def test_zip_mode_and_policies_and_level(tmp_path):
    text = """\
study = "scoring"
n = 16
seed = 2
chunk_size = 4

[sweep]
mode = "zip"
policy = ["greedy", "memory"]
level = ["2", "9"]
"""
    path = write(tmp_path, text)
    run_file(path, tmp_path / "out", workers=1)
    t = pq.read_table(tmp_path / "out" / "hands")
    # "level" is a column of hands/: the swept one is sweep_level
    got = {
        (r["policy"], r["sweep_level"], r["level"])
        for r in t.select(["policy", "sweep_level", "level"]).to_pylist()
    }
    assert got == {("greedy", "2", "2"), ("memory", "9", "9")}


def test_match_sweep_runs(tmp_path):
    text = """\
study = "match"
n = 6
seed = 3
chunk_size = 3

[sweep]
overturn_takes_bank = [true, false]
"""
    path = write(tmp_path, text)
    res = run_file(path, tmp_path / "out", workers=1)
    assert res.items == 12
    m = pq.read_table(tmp_path / "out" / "matches")
    assert set(m["overturn_takes_bank"].to_pylist()) == {"true", "false"}
    h = pq.read_table(tmp_path / "out" / "hands")
    assert "overturn_takes_bank" in h.column_names and "cell" in h.column_names
    assert any("match_length" in line for line in res.summary)
