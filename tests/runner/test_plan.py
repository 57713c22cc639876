"""The lazy chunk plan (issue #13): any n up to 2^63 - 1 in flat memory, for every engine,
for a run and for its --resume; beyond 2^63 - 1, one line and exit 2."""

from __future__ import annotations

import resource
import signal
import subprocess

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shengji.cli import main
from shengji.runner.manifest import Manifest
from shengji.studies.base import MAX_N, Chunk, ChunkPlan, ConfigError, make_config
from tests.support.runsupport import (
    CLI,
    chunk_count,
    kill_group,
    manifest_problems,
    one_error_line,
    study_file,
)

# Address space for a whole run (Python, numpy, pyarrow, the core): a plain run of the
# quick-start study fits in 600 MB here; a plan materialised for n = 2^63 - 1 would not
# fit in any machine.
MEMORY_LIMIT = 800 << 20


def naive(n, size):
    return [Chunk(k, s, min(size, n - s)) for k, s in enumerate(range(0, n, size))]


@given(st.integers(1, 5000), st.integers(1, 700), st.data())
def test_plan_is_the_list_it_replaces(n, size, data):
    plan, want = ChunkPlan(n, size), naive(n, size)
    assert len(plan) == len(want) and list(plan) == want
    assert [plan[k] for k in range(len(plan))] == want
    done = sorted(data.draw(st.sets(st.integers(0, len(want) - 1))))
    assert list(plan.skipping(done)) == [c for c in want if c.index not in done]
    k = data.draw(st.integers(0, len(want) - 1))
    assert plan.matches(k, want[k].start, want[k].count)
    assert not plan.matches(k, want[k].start + 1, want[k].count)
    assert not plan.matches(len(want), 0, 1) and not plan.matches("0", 0, want[0].count)


def test_largest_plan_is_instant():
    plan = ChunkPlan(MAX_N, 1 << 18)
    last = plan[len(plan) - 1]
    assert last.start + last.count == MAX_N and len(plan) == -(-MAX_N // (1 << 18))
    assert plan.digits == len(str(len(plan) - 1)) > 6
    first = next(iter(plan.skipping([0, 1, 5])))
    assert first.index == 2
    with pytest.raises(IndexError):
        plan[len(plan)]


@pytest.mark.parametrize(
    "argv,data_n",
    [
        (["--n", str(2**63)], 1000),
        ([], 10**30),
    ],
)
def test_n_beyond_the_limit_is_one_line(tmp_path, capsys, argv, data_n):
    study = study_file(tmp_path, {"study": "deals", "n": data_n, "seed": 1})
    out = tmp_path / "o"
    assert main(["run", study, "--out", str(out), "--quiet"] + argv) == 2
    line = one_error_line(capsys.readouterr().err)
    assert "n: expected an integer 1..2**63 - 1, got " in line and MAX_N == 2**63 - 1
    assert not out.exists()
    with pytest.raises(ConfigError):
        make_config({"study": "deals", "n": MAX_N + 1, "seed": 1})
    make_config({"study": "deals", "n": MAX_N, "seed": 1})


def _limited():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def _run_some_chunks(study, out, extra, at_least):
    """Start `shengji run` under the memory limit, let it finish `at_least` chunks, kill it."""
    proc = subprocess.Popen(
        CLI + ["run", study, "--out", str(out), "--quiet"] + extra,
        preexec_fn=_limited,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        import time

        deadline = time.monotonic() + 90
        while chunk_count(out) < at_least:
            assert proc.poll() is None, proc.stderr.read().decode()
            assert time.monotonic() < deadline, "no progress"
            time.sleep(0.05)
    finally:
        kill_group(proc, signal.SIGKILL)
        proc.wait()
        proc.stderr.close()


@pytest.mark.parametrize(
    "engine",
    [
        ["--workers", "1"],
        ["--workers", "2"],
        pytest.param(["--workers", "2", "--engine", "dask"], marks=pytest.mark.slow),
    ],
)
def test_largest_n_runs_and_resumes_under_a_memory_limit(tmp_path, engine):
    if engine[-1] == "dask":
        pytest.importorskip("distributed")
    study = study_file(tmp_path, {"study": "deals", "n": MAX_N, "seed": 1, "chunk_size": 500})
    out = tmp_path / "huge"
    _run_some_chunks(study, out, engine, 3)
    first = chunk_count(out)
    _run_some_chunks(study, out, engine + ["--resume"], first + 3)  # verify, then go on
    header, records = Manifest(out).read()
    assert header["n"] == MAX_N and manifest_problems(out) == []
    assert {r["chunk"] for r in records} >= set(range(3))
    names = sorted(p.name for p in (out / "hands").iterdir() if not p.name.startswith("."))
    digits = len(str(-(-MAX_N // 500) - 1))  # 2^63/500 chunks: 17 digits
    assert digits == 17 and names[0] == "part-" + "0" * digits + ".parquet"
