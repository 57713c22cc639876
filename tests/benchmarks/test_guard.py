"""Tests of the performance regression guard (benchmarks/guard.py) and of the
benchmark-suite plumbing (benchmarks/conftest.py).

Most tests feed the guard doctored pytest-benchmark JSON reports; one runs
pytest-benchmark for real on a throwaway ``bench_*.py`` file (collected through
the real ``benchmarks/conftest.py``) and checks the guard reads its report.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BENCH_DIR = REPO / "benchmarks"
GUARD_PATH = BENCH_DIR / "guard.py"


def _load_guard():
    spec = importlib.util.spec_from_file_location("shengji_bench_guard", GUARD_PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


guard = _load_guard()


# --------------------------------------------------------------------------- #
# doctored reports
# --------------------------------------------------------------------------- #
def bench(kernel, impl, batch, median, items=None, **extra):
    """One benchmark entry shaped like pytest-benchmark's JSON output."""
    name = f"test_{kernel}[{impl}-{batch}]"
    return {
        "group": None,
        "name": name,
        "fullname": f"benchmarks/bench_{kernel}.py::{name}",
        "params": {"impl": impl, "batch": batch},
        "param": f"{impl}-{batch}",
        "extra_info": {
            "kernel": kernel,
            "impl": impl,
            "items": batch if items is None else items,
            **extra,
        },
        "options": {},
        "stats": {
            "min": median * 0.9,
            "max": median * 1.2,
            "mean": median,
            "median": median,
            "rounds": 5,
        },
    }


def report(*benches):
    return {
        "machine_info": {},
        "commit_info": {},
        "benchmarks": list(benches),
        "datetime": "",
        "version": "5.3.1",
    }


def healthy():
    """deal: core 20x numpy, 500x python at both batch sizes; bidding: core 8x reference."""
    return report(
        bench("deal", "core", 1000, 1e-4),
        bench("deal", "numpy", 1000, 2e-3),
        bench("deal", "python", 1000, 5e-2),
        bench("deal", "core", 100000, 1e-2),
        bench("deal", "numpy", 100000, 2e-1),
        bench("deal", "python", 100000, 5.0),
        bench("bidding", "core", 1000, 1e-3),
        bench("bidding", "reference", 1000, 8e-3),
    )


FLOORS = {"deal": {"numpy": 10.0, "python": 250.0}, "bidding": {"reference": 4.0}}


def run(rep, floors=FLOORS):
    entries, problems = guard.parse_entries(rep)
    return guard.evaluate(entries, guard.parse_floors(floors)), problems


def slow_down(rep, kernel, impl="core", factor=10.0, batch=None):
    for b in rep["benchmarks"]:
        ei = b["extra_info"]
        if (
            ei["kernel"] == kernel
            and ei["impl"] == impl
            and (batch is None or b["params"]["batch"] == batch)
        ):
            b["stats"]["median"] *= factor
    return rep


def statuses(result):
    return {(r.kernel, r.batch, r.impl): r.status for r in result.rows}


# --------------------------------------------------------------------------- #
# evaluation
# --------------------------------------------------------------------------- #
def test_passes_when_ratios_above_floors():
    result, problems = run(healthy())
    assert problems == [] and result.ok and result.warnings == []
    rows = {(r.kernel, r.batch, r.impl): r for r in result.rows}
    assert rows[("deal", "1000", "numpy")].ratio == pytest.approx(20.0)
    assert rows[("deal", "100000", "python")].ratio == pytest.approx(500.0)
    assert rows[("bidding", "1000", "reference")].ratio == pytest.approx(8.0)
    assert rows[("deal", "1000", "core")].status == "core"
    assert {r.status for r in result.rows if r.impl != "core"} == {"ok"}
    assert rows[("deal", "1000", "core")].throughput == pytest.approx(1e7)


def test_fails_on_artificial_core_slowdown():
    result, _ = run(slow_down(healthy(), "deal", factor=10.0))
    assert not result.ok
    st = statuses(result)
    # 20x -> 2x < 10 and 500x -> 50x < 250, at both batch sizes
    assert [k for k, v in st.items() if v == "FAIL"] == [
        ("deal", "1000", "numpy"),
        ("deal", "1000", "python"),
        ("deal", "100000", "numpy"),
        ("deal", "100000", "python"),
    ]
    assert st[("bidding", "1000", "reference")] == "ok"
    assert any(
        "'deal' batch 1000: core is 2x 'numpy', below the floor of 10x" in f
        for f in result.failures
    )


def test_slowdown_at_a_single_batch_is_caught():
    result, _ = run(slow_down(healthy(), "deal", factor=10.0, batch=100000))
    st = statuses(result)
    assert st[("deal", "1000", "numpy")] == "ok"
    assert st[("deal", "100000", "numpy")] == "FAIL"
    assert not result.ok


def test_faster_baseline_is_a_regression_too():
    # the ratio is what is guarded: a baseline getting 3x faster while core
    # stays put drops core/numpy from 20x to 6.7x
    result, _ = run(slow_down(healthy(), "deal", impl="numpy", factor=1 / 3))
    assert statuses(result)[("deal", "1000", "numpy")] == "FAIL"


def test_ratio_exactly_at_floor_passes():
    result, _ = run(healthy(), {"deal": {"numpy": 20.0}})
    assert result.ok


def test_throughput_uses_items_not_raw_time():
    # python baseline timed on 10 items instead of 1000: same median means 100x
    # lower throughput for it
    rep = report(bench("deal", "core", 1000, 1e-3), bench("deal", "python", 1000, 1e-3, items=10))
    result, _ = run(rep, {"deal": {"python": 99.0}})
    assert result.ok
    assert [r.ratio for r in result.rows if r.impl == "python"] == [pytest.approx(100.0)]


def test_missing_floored_kernel_fails():
    rep = healthy()
    rep["benchmarks"] = [b for b in rep["benchmarks"] if b["extra_info"]["kernel"] != "bidding"]
    result, _ = run(rep)
    assert not result.ok
    assert any("'bidding' has floors but no benchmark in the report" in f for f in result.failures)


def test_floored_impl_never_compared_fails():
    rep = healthy()
    rep["benchmarks"] = [b for b in rep["benchmarks"] if b["extra_info"]["impl"] != "python"]
    result, _ = run(rep)
    assert any(
        "floor for 'python' but no batch of the report times both" in f for f in result.failures
    )


def test_baseline_at_some_batches_only_is_fine():
    # pure-python baselines are often only run at small batches
    rep = healthy()
    rep["benchmarks"] = [
        b
        for b in rep["benchmarks"]
        if not (b["extra_info"]["impl"] == "python" and b["params"]["batch"] == 100000)
    ]
    result, _ = run(rep)
    assert result.ok


def test_baseline_without_core_fails_when_floored():
    rep = healthy()
    rep["benchmarks"] = [
        b
        for b in rep["benchmarks"]
        if not (
            b["extra_info"]["impl"] == "core"
            and b["params"]["batch"] == 1000
            and b["extra_info"]["kernel"] == "deal"
        )
    ]
    result, _ = run(rep)
    assert statuses(result)[("deal", "1000", "numpy")] == "no core"
    assert any("has no core benchmark to compare with" in f for f in result.failures)


def test_unfloored_kernel_only_warns():
    rep = healthy()
    rep["benchmarks"] += [bench("playouts", "core", 64, 1e-3), bench("playouts", "python", 64, 1.0)]
    result, _ = run(rep)
    assert result.ok
    assert statuses(result)[("playouts", "64", "python")] == "no floor"
    assert any("'playouts' has no floors" in w for w in result.warnings)


def test_unfloored_impl_of_floored_kernel_warns_once():
    rep = healthy()
    rep["benchmarks"] += [
        bench("deal", "reference", 1000, 1.0),
        bench("deal", "reference", 100000, 90.0),
    ]
    result, _ = run(rep)
    assert result.ok
    assert [w for w in result.warnings if "no floor for impl 'reference'" in w] == [
        "kernel 'deal': no floor for impl 'reference' (add it to the floors file)"
    ]


def test_per_batch_override():
    floors = {"deal": {"numpy": 10.0, "python": 250.0, "batch": {"100000": {"numpy": 30.0}}}}
    result, _ = run(healthy(), floors)
    rows = {(r.kernel, r.batch, r.impl): r for r in result.rows}
    assert (
        rows[("deal", "1000", "numpy")].floor == 10.0
        and rows[("deal", "1000", "numpy")].status == "ok"
    )
    assert (
        rows[("deal", "100000", "numpy")].floor == 30.0
        and rows[("deal", "100000", "numpy")].status == "FAIL"
    )
    assert rows[("deal", "100000", "python")].floor == 250.0
    # an override may also lower a floor for one batch
    floors = {
        "deal": {"numpy": 25.0, "batch": {"1000": {"numpy": 15.0}, "100000": {"numpy": 15.0}}}
    }
    assert run(healthy(), floors)[0].ok


def test_per_batch_override_for_missing_batch_fails():
    floors = {"deal": {"numpy": 10.0, "batch": {"5000": {"numpy": 10.0}}}}
    result, _ = run(healthy(), floors)
    assert any(
        "per-batch floor for batch 5000 but that batch is not in the report" in f
        for f in result.failures
    )


def test_duplicate_benchmark_fails():
    rep = healthy()
    rep["benchmarks"].append(bench("deal", "numpy", 1000, 1e-3))
    result, _ = run(rep)
    assert any("reported twice" in f for f in result.failures)


@pytest.mark.parametrize(
    "mutate",
    [
        lambda b: b["extra_info"].pop("kernel"),
        lambda b: b["extra_info"].pop("items"),
        lambda b: b["extra_info"].update(items=0),
        lambda b: b["extra_info"].update(impl=""),
        lambda b: b["stats"].update(median=0.0),
        lambda b: b.pop("stats"),
    ],
)
def test_convention_breakage_is_reported(mutate):
    rep = healthy()
    mutate(rep["benchmarks"][0])
    entries, problems = guard.parse_entries(rep)
    assert len(entries) == len(rep["benchmarks"]) - 1
    assert len(problems) == 1 and "breaks the benchmark convention" in problems[0]


def test_batch_label_fallbacks():
    assert guard.batch_label({"params": {"batch": 64, "impl": "core"}}) == "64"
    assert guard.batch_label({"params": {"batch": 64}, "extra_info": {"batch": "small"}}) == "small"
    assert guard.batch_label({"params": {"impl": "core", "n": 10, "mode": "x"}}) == "mode=x,n=10"
    assert guard.batch_label({"params": None}) == "-"


@pytest.mark.parametrize(
    "floors, message",
    [
        ({"deal": {"core": 2.0}}, "makes no sense"),
        ({"deal": {"numpy": 0}}, "positive number"),
        ({"deal": {"numpy": "5"}}, "positive number"),
        ({"deal": 5.0}, "must be a [kernel] table"),
        ({"deal": {"batch": {"10": 3.0}}}, "must be a table of impl = floor"),
    ],
)
def test_invalid_floors_rejected(floors, message):
    with pytest.raises(
        guard.GuardInputError, match=message.replace("[", r"\[").replace("]", r"\]")
    ):
        guard.parse_floors(floors)


def test_committed_floors_file_is_valid():
    floors = guard.load_floors(BENCH_DIR / "floors.toml")
    assert isinstance(floors, dict)


def test_table_formatting():
    result, _ = run(healthy())
    table = guard.format_table(result.rows)
    lines = table.splitlines()
    assert lines[0].split() == [
        "kernel",
        "batch",
        "impl",
        "items",
        "median",
        "items/s",
        "ratio",
        "floor",
        "status",
    ]
    assert len(lines) == 2 + len(result.rows)
    assert any(
        line.split()[:3] == ["deal", "1000", "numpy"] and line.split()[-3:] == ["20x", "10x", "ok"]
        for line in lines
    )


# --------------------------------------------------------------------------- #
# CLI (subprocess)
# --------------------------------------------------------------------------- #
FLOORS_TOML = """\
# test floors
[deal]
numpy = 10.0
python = 250.0

[bidding]
reference = 4.0
"""


def cli(tmp_path, rep, *args, floors_text=FLOORS_TOML):
    report_path = tmp_path / "report.json"
    report_path.write_text(json.dumps(rep) if not isinstance(rep, str) else rep)
    floors_path = tmp_path / "floors.toml"
    floors_path.write_text(floors_text)
    return subprocess.run(
        [sys.executable, str(GUARD_PATH), str(report_path), "--floors", str(floors_path), *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_cli_passes(tmp_path):
    proc = cli(tmp_path, healthy())
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "performance guard passed: 5 ratio(s)" in proc.stdout
    assert "kernel" in proc.stdout.splitlines()[0]


def test_cli_fails_on_slowdown(tmp_path):
    proc = cli(tmp_path, slow_down(healthy(), "deal"))
    assert proc.returncode == 1
    assert "PERFORMANCE GUARD FAILED (4 problem(s)" in proc.stderr
    assert "below the floor of 250x" in proc.stderr
    assert "FAIL" in proc.stdout  # the table still shows which rows failed


def test_cli_fails_on_missing_kernel(tmp_path):
    rep = healthy()
    rep["benchmarks"] = [b for b in rep["benchmarks"] if b["extra_info"]["kernel"] == "deal"]
    proc = cli(tmp_path, rep)
    assert proc.returncode == 1
    assert "'bidding' has floors but no benchmark" in proc.stderr


def test_cli_table_mode_never_fails(tmp_path):
    rep = slow_down(healthy(), "deal", factor=1000.0)
    rep["benchmarks"] = [b for b in rep["benchmarks"] if b["extra_info"]["kernel"] == "deal"]
    proc = cli(tmp_path, rep, "--table")
    assert proc.returncode == 0, proc.stderr
    assert "FAIL" in proc.stdout and "note:" in proc.stdout
    # the default floors file is optional in table mode
    rp = tmp_path / "report.json"
    proc = subprocess.run(
        [
            sys.executable,
            str(GUARD_PATH),
            str(rp),
            "--table",
            "--floors",
            str(tmp_path / "nope.toml"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr


def test_cli_empty_report_fails_unless_table(tmp_path):
    assert cli(tmp_path, report()).returncode == 1
    assert cli(tmp_path, report(), "--table").returncode == 0


@pytest.mark.parametrize(
    "rep, floors_text, message",
    [
        ("{not json", FLOORS_TOML, "not valid JSON"),
        ({"foo": 1}, FLOORS_TOML, "not a pytest-benchmark JSON report"),
        (None, "[deal\nnumpy = ", "not valid TOML"),
        (None, "[deal]\ncore = 3.0\n", "makes no sense"),
    ],
)
def test_cli_bad_input_exits_2(tmp_path, rep, floors_text, message):
    proc = cli(tmp_path, healthy() if rep is None else rep, floors_text=floors_text)
    assert proc.returncode == 2
    assert message in proc.stderr


# --------------------------------------------------------------------------- #
# end to end: real pytest-benchmark run through the real benchmarks/conftest.py
# --------------------------------------------------------------------------- #
TINY_BENCH = """
import time
import pytest

def core_kernel(n):
    return n

def python_baseline(n):
    time.sleep(0.002)   # >= 2 ms per call: core is orders of magnitude faster
    return n

IMPLS = {"core": core_kernel, "python": python_baseline}

@pytest.mark.parametrize("batch", [10, 1000])
@pytest.mark.parametrize("impl", ["core", "python"])
def test_tiny(benchmark, impl, batch):
    benchmark.extra_info.update(kernel="tiny", impl=impl, items=batch)
    benchmark(IMPLS[impl], batch)
"""

CONVENTION_BREAKER = """
def test_untagged(benchmark):
    benchmark(sum, [1, 2, 3])
"""


@pytest.fixture
def bench_project(tmp_path):
    """A copy of the repo's pytest configuration with a throwaway bench file."""
    pytest.importorskip("pytest_benchmark")
    (tmp_path / "benchmarks").mkdir()
    (tmp_path / "tests").mkdir()
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")  # testpaths = ["tests"]
    shutil.copy(BENCH_DIR / "conftest.py", tmp_path / "benchmarks" / "conftest.py")
    (tmp_path / "benchmarks" / "bench_tiny.py").write_text(textwrap.dedent(TINY_BENCH))
    return tmp_path


def _pytest(cwd, *args):
    # a pytest of its own: not an xdist worker's (pytest-benchmark disables itself in one,
    # and reads PYTEST_XDIST_WORKER, which this suite's workers under -n set)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_XDIST")}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_end_to_end_real_pytest_benchmark_report(bench_project):
    proc = _pytest(
        bench_project,
        "benchmarks",
        "--benchmark-only",
        "--benchmark-min-time=0.00001",
        "--benchmark-max-time=0.02",
        "--benchmark-min-rounds=3",
        "--benchmark-json=benchmark-report.json",
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "4 passed" in proc.stdout  # bench_*.py collected, once each
    assert "benchmark 'tiny batch=1000': 2 tests" in proc.stdout  # conftest's grouping

    report_path = bench_project / "benchmark-report.json"
    rep = json.loads(report_path.read_text())
    entries, problems = guard.parse_entries(rep)
    assert problems == []
    assert sorted((e.kernel, e.batch, e.impl, e.items) for e in entries) == [
        ("tiny", "10", "core", 10),
        ("tiny", "10", "python", 10),
        ("tiny", "1000", "core", 1000),
        ("tiny", "1000", "python", 1000),
    ]

    floors = bench_project / "floors.toml"
    floors.write_text("[tiny]\npython = 10.0\n")
    ok = subprocess.run(
        [sys.executable, str(GUARD_PATH), str(report_path), "--floors", str(floors)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ok.returncode == 0, ok.stdout + ok.stderr

    floors.write_text("[tiny]\npython = 1e12\n")  # an unreachable floor == a regression
    bad = subprocess.run(
        [sys.executable, str(GUARD_PATH), str(report_path), "--floors", str(floors)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 1 and "below the floor of 1e+12x" in bad.stderr

    floors.write_text("[tiny]\npython = 10.0\n[deal]\nnumpy = 5.0\n")  # a vanished kernel
    gone = subprocess.run(
        [sys.executable, str(GUARD_PATH), str(report_path), "--floors", str(floors)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert gone.returncode == 1 and "'deal' has floors but no benchmark" in gone.stderr


def test_conftest_collection_and_convention_check(bench_project):
    bench_dir = bench_project / "benchmarks"
    (bench_dir / "bench_broken.py").write_text(textwrap.dedent(CONVENTION_BREAKER))
    # plain `pytest` from the root still only looks at tests/
    proc = _pytest(bench_project, "--collect-only", "-q")
    assert "bench_" not in proc.stdout
    # naming a file explicitly does not collect it twice; quick mode
    # deselects the big batches
    proc = _pytest(
        bench_project, "benchmarks/bench_tiny.py", "--collect-only", "-q", "--bench-max-batch=100"
    )
    assert "2/4 tests collected (2 deselected)" in proc.stdout, proc.stdout
    # an untagged benchmark errors, even with benchmarks disabled
    proc = _pytest(bench_project, "benchmarks", "--benchmark-disable")
    assert proc.returncode == 1
    assert "1 error" in proc.stdout, proc.stdout  # an error at teardown
    assert "test_untagged breaks the benchmark convention" in proc.stdout
