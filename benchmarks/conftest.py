"""Shared pytest configuration for the benchmark suite (``benchmarks/``).

What this file does (see ``benchmarks/README.md`` for the full convention):

* **Collection.**  Benchmark modules are named ``bench_<kernel>.py``.  The root
  ``pyproject.toml`` only configures ``testpaths = ["tests"]`` and the default
  ``python_files`` (``test_*.py``), so ``pytest benchmarks ...`` would collect
  nothing here.  The :func:`pytest_collect_file` hook below collects
  ``bench_*.py`` files located under this directory, without duplicating a
  module that pytest collects by itself (a file named on the command line, or
  a ``python_files`` setting that already matches).
* **Convention check.**  Every test in these files that uses the ``benchmark``
  fixture must record ``benchmark.extra_info.update(kernel=..., impl=...,
  items=...)``.  A benchmark that passes without doing so errors at teardown,
  so a malformed benchmark is caught when it is written (also under
  ``--benchmark-disable``) instead of confusing ``benchmarks/guard.py`` later.
* **Terminal table.**  pytest-benchmark's own table is grouped by
  ``kernel batch=N`` (core first), so each core kernel sits next to the
  baselines it is compared with (pass ``--benchmark-group-by=...`` to override).
* **Quick mode.**  ``--bench-max-batch=N`` deselects parametrised cases whose
  ``batch`` parameter exceeds ``N`` (handy for a fast local smoke run).
"""

from __future__ import annotations

import numbers
from pathlib import Path

import pytest

BENCH_DIR = Path(__file__).resolve().parent

#: Keys every benchmark must put in ``benchmark.extra_info``.
REQUIRED_EXTRA_INFO = ("kernel", "impl", "items")

#: The implementation names used across the suite.  ``core`` is the optimised
#: kernel; every other name is a baseline the guard compares ``core`` against.
#: Other names are accepted, these are the conventional ones.
KNOWN_IMPLS = ("core", "numpy", "python", "reference")

#: Name of the pytest parameter carrying the batch size.
BATCH_PARAM = "batch"


# --------------------------------------------------------------------------- #
# collection of bench_*.py
# --------------------------------------------------------------------------- #
def _is_bench_module(file_path: Path) -> bool:
    return (
        file_path.suffix == ".py"
        and file_path.name.startswith("bench_")
        and BENCH_DIR in file_path.resolve().parents
    )


def pytest_collect_file(file_path: Path, parent: pytest.Collector):
    if not _is_bench_module(file_path):
        return None
    session = parent.session
    # pytest's own python plugin already collects files named on the command
    # line and files matching ``python_files``: returning a module here too
    # would run every benchmark twice.
    if session.isinitpath(file_path):
        return None
    patterns = parent.config.getini("python_files")
    if any(file_path.match(p) for p in patterns):
        return None
    ihook = session.gethookproxy(file_path)
    return ihook.pytest_pycollect_makemodule(module_path=file_path, parent=parent)


# --------------------------------------------------------------------------- #
# quick mode
# --------------------------------------------------------------------------- #
def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("shengji benchmarks")
    group.addoption(
        "--bench-max-batch",
        type=int,
        default=None,
        metavar="N",
        help="deselect benchmark cases whose 'batch' parameter is larger than N "
        "(quick local runs; CI runs every batch size)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list) -> None:
    limit = config.getoption("--bench-max-batch")
    if limit is None:
        return
    keep, drop = [], []
    for item in items:
        callspec = getattr(item, "callspec", None)
        batch = callspec.params.get(BATCH_PARAM) if callspec is not None else None
        if (
            _is_bench_module(Path(str(item.path)))
            and isinstance(batch, numbers.Real)
            and batch > limit
        ):
            drop.append(item)
        else:
            keep.append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


# --------------------------------------------------------------------------- #
# extra_info convention check
# --------------------------------------------------------------------------- #
def convention_problems(extra_info: dict) -> list[str]:
    """Return what is wrong with a benchmark's ``extra_info`` (empty if fine)."""
    problems = []
    missing = [k for k in REQUIRED_EXTRA_INFO if k not in extra_info]
    if missing:
        problems.append("missing extra_info key(s): " + ", ".join(missing))
    for key in ("kernel", "impl"):
        value = extra_info.get(key)
        if key in extra_info and not (isinstance(value, str) and value):
            problems.append(f"extra_info[{key!r}] must be a non-empty str, got {value!r}")
    if "items" in extra_info:
        items = extra_info["items"]
        if isinstance(items, bool) or not isinstance(items, int) or items <= 0:
            problems.append(
                "extra_info['items'] must be a positive Python int "
                f"(use int(...) for numpy integers), got {items!r} ({type(items).__name__})"
            )
    return problems


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item._shengji_call_passed = report.passed


@pytest.fixture(autouse=True)
def _benchmark_convention(request: pytest.FixtureRequest):
    """Fail a passing benchmark that did not record kernel/impl/items."""
    if "benchmark" not in request.fixturenames or not _is_bench_module(
        Path(str(request.node.path))
    ):
        yield
        return
    bench = request.getfixturevalue("benchmark")  # skips under --benchmark-skip
    yield
    if not getattr(request.node, "_shengji_call_passed", False):
        return  # the test itself failed or was skipped: don't pile on
    problems = convention_problems(bench.extra_info)
    if problems:
        pytest.fail(
            f"{request.node.nodeid} breaks the benchmark convention "
            "(benchmarks/README.md): "
            + "; ".join(problems)
            + ".  Expected e.g. benchmark.extra_info.update("
            'kernel="deal", impl="core", items=batch)',
            pytrace=False,
        )


# --------------------------------------------------------------------------- #
# pytest-benchmark terminal table: one group per (kernel, batch)
# --------------------------------------------------------------------------- #
def _group_key(bench) -> str | None:
    extra = bench.get("extra_info") or {}
    kernel = extra.get("kernel")
    if not isinstance(kernel, str) or bench.get("group") is not None:
        return None
    params = bench.get("params") or {}
    batch = extra.get(BATCH_PARAM, params.get(BATCH_PARAM))
    return kernel if batch is None else f"{kernel} {BATCH_PARAM}={batch}"


@pytest.hookimpl(tryfirst=True)
def pytest_benchmark_group_stats(config, benchmarks, group_by):
    """Group by ``kernel batch=N`` under the default ``--benchmark-group-by``.

    Returns None (pytest-benchmark's own grouping) unless every benchmark
    follows the convention and none sets an explicit group.
    """
    if group_by != "group" or not benchmarks:
        return None
    keys = [_group_key(b) for b in benchmarks]
    if any(k is None for k in keys):
        return None
    groups: dict[str, list] = {}
    for key, bench in zip(keys, benchmarks, strict=False):
        groups.setdefault(key, []).append(bench)

    def impl_order(bench):
        impl = (bench.get("extra_info") or {}).get("impl", "")
        return (impl != "core", str(impl), bench["name"])

    def group_order(key):
        kernel, _, batch = key.partition(f" {BATCH_PARAM}=")
        try:
            return (kernel, 0, float(batch), batch)
        except ValueError:
            return (kernel, 1, 0.0, batch)

    return [(key, sorted(groups[key], key=impl_order)) for key in sorted(groups, key=group_order)]
