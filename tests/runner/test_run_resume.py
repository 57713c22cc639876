"""Durable output and --resume (issue #6): a run killed with SIGKILL and resumed equals an
uninterrupted one; damaged chunk files are found and redone; a resume with other settings is
refused and touches nothing; readers never see temporary files."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.dataset as ds
import pytest

from shengji.cli import main
from shengji.runner import run_study
from shengji.runner.manifest import Manifest
from shengji.runner.output import MANIFEST
from shengji.studies.base import make_config

ROWS = {"study": "deals", "n": 24_000, "seed": 7, "chunk_size": 3000}
AGG = {"study": "deals", "n": 60_000, "seed": 8, "chunk_size": 10_000, "aggregate": True}
# Killed mid-way: big enough to take a few seconds, chunks small enough to finish often.
KILLED = {"study": "deals", "n": 600_000, "seed": 9, "chunk_size": 40_000}


def toml(data: dict, rules: dict | None = None) -> str:
    text = "".join(
        f"{k} = {json.dumps(v) if not isinstance(v, bool) else str(v).lower()}\n"
        for k, v in data.items()
    )
    if rules:
        text += "[rules]\n" + "".join(f"{k} = {str(v).lower()}\n" for k, v in rules.items())
    return text


def write_study(tmp_path: Path, data: dict, name="study.toml", rules=None) -> str:
    p = tmp_path / name
    p.write_text(toml(data, rules))
    return str(p)


def files(out: Path) -> dict:
    return {
        str(p.relative_to(out)): p.read_bytes()
        for p in sorted(out.rglob("*"))
        if p.is_file() and p.name != MANIFEST
    }


def snapshot(out: Path) -> dict:
    """Everything in the directory, manifest included, with modification times."""
    return {
        str(p.relative_to(out)): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(out.rglob("*"))
        if p.is_file()
    }


def run(out: Path, data: dict, **kw):
    kind, cfg = make_config(data)
    return run_study(kind, cfg, out, **kw)


def chunk_records(out: Path) -> list[dict]:
    return Manifest(out).read()[1]


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    base = tmp_path_factory.mktemp("ref")
    for name, data in (("rows", ROWS), ("agg", AGG), ("killed", KILLED)):
        run(base / name, data, workers=1)
    return base


def test_sigkill_then_resume_equals_uninterrupted(tmp_path, reference):
    study = write_study(tmp_path, KILLED)
    out = tmp_path / "out"
    cmd = [
        sys.executable,
        "-m",
        "shengji.cli",
        "run",
        study,
        "--out",
        str(out),
        "--workers",
        "2",
        "--quiet",
    ]
    # A session of its own, so that the kill takes the run and its worker processes at once
    # (as a machine losing power or the OOM killer would).
    proc = subprocess.Popen(
        cmd, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    deadline = time.monotonic() + 60
    while not (out / MANIFEST).exists() or not chunk_records(out):
        assert proc.poll() is None, proc.stderr.read()
        assert time.monotonic() < deadline
        time.sleep(0.01)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    proc.stderr.close()
    done = {r["chunk"] for r in chunk_records(out)}
    n_chunks = -(-KILLED["n"] // KILLED["chunk_size"])
    assert 1 <= len(done) < n_chunks, "the run must be killed mid-way"
    assert "complete" not in (out / MANIFEST).read_text()
    # Readers see only whole chunk files: every file they list reads back.
    for name in ("hands", "kitty"):
        if (out / name).is_dir():
            dataset = ds.dataset(out / name)
            assert all(not Path(f).name.startswith(".") for f in dataset.files)
            dataset.to_table()

    assert main(["run", study, "--out", str(out), "--resume", "--workers", "2", "--quiet"]) == 0
    assert files(out) == files(reference / "killed")
    assert not any(p.name.endswith(".tmp") for p in out.rglob("*"))
    header, records = Manifest(out).read()
    assert sorted(r["chunk"] for r in records) == list(range(n_chunks))
    assert json.loads((out / MANIFEST).read_text().splitlines()[-1])["complete"] is True


def test_corrupt_and_truncated_chunks_are_redone(tmp_path, reference, capsys):
    out = tmp_path / "rows"
    run(out, ROWS, workers=1)
    flipped = out / "hands" / "part-000002.parquet"
    raw = bytearray(flipped.read_bytes())
    for i in range(len(raw) // 2, len(raw) // 2 + 8):
        raw[i] ^= 0xFF
    flipped.write_bytes(bytes(raw))  # same size: only the checksum tells
    truncated = out / "kitty" / "part-000005.parquet"
    truncated.write_bytes(truncated.read_bytes()[:100])
    (out / "hands" / "part-000007.parquet").unlink()  # gone altogether
    leftover = out / "hands" / ".part-000003.parquet.999.deadbeef.tmp"
    leftover.write_bytes(b"half a file")

    study = write_study(tmp_path, ROWS)
    assert main(["run", study, "--out", str(out), "--resume", "--workers", "1", "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "resumed: 5 of 8 chunks were done, 3 run now" in text
    assert "chunks 2, 5, 7" in text
    assert not leftover.exists()
    assert files(out) == files(reference / "rows")


def test_aggregate_run_resumes(tmp_path, reference):
    out = tmp_path / "agg"
    run(out, AGG, workers=1)
    # As if killed after three chunks: their records only, no final table, one chunk damaged.
    lines = (out / MANIFEST).read_text().splitlines()
    (out / MANIFEST).write_text("\n".join(lines[:4]) + '\n{"chunk": 3, "sta')  # a torn line too
    (out / "histograms" / "part-000000.parquet").unlink()
    for k in (3, 4, 5):
        (out / "_chunks" / f"aggregate-{k:06d}.npz").unlink()
    bad = out / "_chunks" / "aggregate-000001.npz"
    bad.write_bytes(bad.read_bytes()[:-10])
    res = run(out, AGG, workers=2, resume=True)
    assert res.reused == 2 and res.redone == [1]
    assert files(out) == files(reference / "agg")
    assert res.stats == run(tmp_path / "again", AGG, workers=1).stats


@pytest.mark.parametrize(
    "argv,rules,needle",
    [
        (["--seed", "8"], None, "seed 7 there, 8 now"),
        (["--n", "30000"], None, "n 24000 there, 30000 now"),
        ([], {"tractor_gap": False}, "rules.tractor_gap true there, false now"),
    ],
)
def test_resume_with_other_settings_is_refused(tmp_path, capsys, argv, rules, needle):
    out = tmp_path / "rows"
    run(out, ROWS, workers=1)
    before = snapshot(out)
    study = write_study(tmp_path, ROWS, rules=rules)
    assert main(["run", study, "--out", str(out), "--resume", "--quiet"] + argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("shengji: error: cannot --resume"), err
    assert needle in err[0] and "--overwrite" in err[0]
    assert snapshot(out) == before


def test_resume_on_missing_or_empty_dir_just_runs(tmp_path, reference):
    res = run(tmp_path / "missing", ROWS, workers=1, resume=True)
    assert res.reused == 0
    (tmp_path / "empty").mkdir()
    run(tmp_path / "empty", ROWS, workers=1, resume=True)
    assert files(tmp_path / "missing") == files(tmp_path / "empty") == files(reference / "rows")


def test_resume_refuses_foreign_files_and_overwrite(tmp_path, capsys):
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    study = write_study(tmp_path, ROWS)
    assert main(["run", study, "--out", str(other), "--resume", "--quiet"]) == 2
    assert "not a shengji run" in capsys.readouterr().err
    assert main(["run", study, "--out", str(other), "--resume", "--overwrite", "--quiet"]) == 2
    assert "cannot be combined" in capsys.readouterr().err
    assert [p.name for p in other.iterdir()] == ["notes.txt"]


def test_readers_skip_temporary_files(tmp_path):
    out = tmp_path / "rows"
    run(out, ROWS, workers=1)
    (out / "hands" / ".part-000099.parquet.123.abcd0123.tmp").write_bytes(b"PAR1 partial")
    dataset = ds.dataset(out / "hands")
    assert len(dataset.files) == 8
    assert dataset.to_table().num_rows == 4 * ROWS["n"]
