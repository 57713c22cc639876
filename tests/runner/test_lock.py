"""The output directory's lock (issue #13), with real processes: a second run, --overwrite or
--resume into a directory in use is refused with one line naming the holder and touches
nothing; a killed holder leaves no stale lock; two writers racing never leave a manifest
entry that does not match its file."""

from __future__ import annotations

import json
import random
import signal
import socket
import time

import pytest

from shengji.runner import DirectoryInUse, run_study
from shengji.runner.lock import DirLock
from shengji.runner.manifest import Manifest
from shengji.runner.output import LOCK_NAME
from shengji.studies.base import make_config
from tests.support.runsupport import (
    chunk_count,
    data_files,
    kill_group,
    manifest_problems,
    one_error_line,
    run_cli,
    start,
    study_file,
    temp_files,
    wait_for,
)

# The holder: paused (SIGSTOP, its lock held) while others try the directory.
LONG = {"study": "deals", "n": 240_000, "seed": 31, "chunk_size": 30_000}
# The race: a few chunks, about a second a run.
RACE = {"study": "deals", "n": 40_000, "seed": 1, "chunk_size": 10_000}


def reference(base, name, data):
    kind, cfg = make_config(data)
    run_study(kind, cfg, base / name, workers=1)
    return data_files(base / name)


@pytest.fixture(scope="module")
def refs(tmp_path_factory):
    base = tmp_path_factory.mktemp("lockref")
    return {
        "long": reference(base, "long", LONG),
        "race1": reference(base, "race1", RACE),
        "race2": reference(base, "race2", dict(RACE, seed=2)),
    }


def test_second_run_overwrite_and_resume_are_refused(tmp_path, refs):
    study = study_file(tmp_path, LONG)
    out = tmp_path / "out"
    holder = start(["run", study, "--out", out, "--workers", "2", "--quiet"])
    try:
        wait_for(lambda: chunk_count(out) >= 1, holder)
        kill_group(holder, signal.SIGSTOP)  # mid-run, and held for as long as this takes
        assert not Manifest(out).complete()
        info = json.loads((out / LOCK_NAME).read_text())
        assert info["pid"] == holder.pid and info["host"] == socket.gethostname()
        for extra in ([], ["--overwrite", "--seed", "2"], ["--resume"]):
            res = run_cli(["run", study, "--out", out, "--workers", "1", "--quiet"] + extra)
            line = one_error_line(res.stderr)
            assert res.returncode == 2, res.stderr
            assert "in use by another shengji run" in line
            assert f"pid {holder.pid} on {socket.gethostname()}" in line
            assert info["started"] in line and f"--out {out}" in line
        assert holder.poll() is None, "the holder must still be running"
    finally:
        kill_group(holder, signal.SIGCONT)
        rc = holder.wait(timeout=120)
    # The refused runs touched nothing: the holder finished the very same bytes.
    assert rc == 0, holder.stderr.read()
    assert data_files(out) == refs["long"]
    assert manifest_problems(out) == [] and Manifest(out).complete()
    assert not (out / LOCK_NAME).exists() and temp_files(out) == []


def test_killed_holder_leaves_no_stale_lock(tmp_path, refs):
    study = study_file(tmp_path, LONG)
    out = tmp_path / "out"
    holder = start(["run", study, "--out", out, "--workers", "2", "--quiet"])
    wait_for(lambda: chunk_count(out) >= 2, holder)
    kill_group(holder, signal.SIGSTOP)
    assert not Manifest(out).complete()
    kill_group(holder, signal.SIGKILL)
    holder.wait()
    assert (out / LOCK_NAME).exists()  # the file stays; the lock went with the process
    res = run_cli(["run", study, "--out", out, "--workers", "2", "--quiet", "--resume"])
    assert res.returncode == 0, res.stderr
    assert data_files(out) == refs["long"] and manifest_problems(out) == []


def test_lock_in_process(tmp_path):
    """The lock itself: held for the run's life, refused to a second taker, released (and
    its file removed) by the holder; a directory made for a run that then fails to start is
    removed again."""
    a = DirLock(tmp_path / "x" / "y")
    a.acquire("first")
    assert json.loads((tmp_path / "x" / "y" / LOCK_NAME).read_text())["command"] == "first"
    b = DirLock(tmp_path / "x" / "y")
    with pytest.raises(DirectoryInUse, match="in use by another shengji run.*command: first"):
        b.acquire("second")
    a.release()
    assert not (tmp_path / "x" / "y" / LOCK_NAME).exists()
    b.acquire("second")
    b.release(undo=True)  # made by a, not b: kept
    assert (tmp_path / "x" / "y").is_dir()
    c = DirLock(tmp_path / "new" / "deep")
    c.acquire("c")
    c.release(undo=True)
    assert not (tmp_path / "new").exists()


def _race(tmp_path, refs, rounds: int):
    study = study_file(tmp_path, RACE)
    rng = random.Random(13)
    outcomes = set()
    for i in range(rounds):
        out = tmp_path / f"race{i}"
        a = start(["run", study, "--out", out, "--workers", "1", "--quiet"])
        time.sleep(rng.uniform(0, 0.6))  # start-up takes about 0.5 s: overlaps every way
        b = start(
            ["run", study, "--out", out, "--workers", "1", "--quiet", "--overwrite", "--seed", "2"]
        )
        ra, rb = a.wait(timeout=120), b.wait(timeout=120)
        ea, eb = a.stderr.read().decode(), b.stderr.read().decode()
        assert {ra, rb} <= {0, 2}, (ea, eb)
        for rc, err in ((ra, ea), (rb, eb)):
            if rc == 2:
                line = one_error_line(err)
                assert "in use by another shengji run" in line or "already holds data" in line
            else:
                assert err == ""
        assert ra == 0 or rb == 0
        # Runs were one at a time: B last if it succeeded (A, a plain run, is refused
        # after B), else A.  Every manifest entry matches its file; the data are the
        # last run's, whole.
        assert manifest_problems(out) == []
        header, records = Manifest(out).read()
        want = 2 if rb == 0 else 1
        assert header["seed"] == want and Manifest(out).complete()
        assert data_files(out) == refs[f"race{want}"]
        assert len(records) == 4 and temp_files(out) == []
        outcomes.add((ra, rb))
    return outcomes


def test_two_writers_race(tmp_path, refs):
    _race(tmp_path, refs, 3)


@pytest.mark.slow
def test_two_writers_race_20_times(tmp_path, refs):
    outcomes = _race(tmp_path, refs, 20)
    assert len(outcomes) >= 2, outcomes  # the timing did make them collide
