#!/usr/bin/env python
"""Performance regression guard for the shengji benchmark suite.

Reads a pytest-benchmark JSON report (``--benchmark-json=...``), groups the
benchmarks by ``(kernel, batch)``, and computes for every baseline
implementation the throughput ratio ``core / baseline`` measured *in the same
run*.  Ratios are compared with the floors in ``benchmarks/floors.toml``.

Usage::

    python benchmarks/guard.py REPORT.json                 # table + check
    python benchmarks/guard.py REPORT.json --table         # table only, exit 0
    python benchmarks/guard.py REPORT.json --floors FILE   # other floors file

Exit status: 0 all floors met (or ``--table``); 1 a ratio below its floor, a
floored kernel/impl/batch missing from the report, or a benchmark breaking the
convention; 2 unreadable report or floors file.

Benchmark convention (see ``benchmarks/README.md``): each benchmark records
``benchmark.extra_info.update(kernel=..., impl=..., items=N)`` with ``items``
the number of items processed per timed call, and takes its batch size from a
pytest parameter named ``batch``.  Throughput = items / median seconds.

Floors file format (TOML)::

    [deal]                # kernel name, as in extra_info["kernel"]
    numpy = 5.0           # core must be >= 5x the numpy baseline's throughput
    python = 100.0        # ... at every batch size of this kernel

    [deal.batch.1000000]  # optional per-batch override (the batch parameter)
    numpy = 8.0
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

try:  # Python >= 3.11
    import tomllib
except ModuleNotFoundError:  # pragma: no cover - Python 3.10
    import tomli as tomllib

CORE = "core"
BATCH_PARAM = "batch"
DEFAULT_FLOORS = Path(__file__).resolve().parent / "floors.toml"

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


class GuardInputError(Exception):
    """The report or the floors file cannot be used (exit status 2)."""


# --------------------------------------------------------------------------- #
# report
# --------------------------------------------------------------------------- #
@dataclass(frozen=True)
class Entry:
    name: str
    kernel: str
    impl: str
    batch: str
    items: int
    median: float

    @property
    def throughput(self) -> float:
        return self.items / self.median


def batch_label(bench: dict) -> str:
    """The batch a benchmark belongs to, as a string.

    ``extra_info["batch"]`` if given, else the ``batch`` pytest parameter, else
    the other pytest parameters (``impl``/``kernel`` excluded) as ``k=v,...``,
    else ``"-"`` (an unparametrised benchmark).
    """
    extra = bench.get("extra_info") or {}
    params = bench.get("params") or {}
    if BATCH_PARAM in extra:
        return str(extra[BATCH_PARAM])
    if BATCH_PARAM in params:
        return str(params[BATCH_PARAM])
    rest = {k: v for k, v in params.items() if k not in ("impl", "kernel")}
    if rest:
        return ",".join(f"{k}={rest[k]}" for k in sorted(rest))
    return "-"


def load_report(path: Path) -> dict:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise GuardInputError(f"cannot read report {path}: {exc}") from exc
    try:
        report = json.loads(text)
    except json.JSONDecodeError as exc:
        raise GuardInputError(f"report {path} is not valid JSON: {exc}") from exc
    if not isinstance(report, dict) or not isinstance(report.get("benchmarks"), list):
        raise GuardInputError(
            f"report {path} is not a pytest-benchmark JSON report "
            "(no 'benchmarks' list); produce it with --benchmark-json=FILE"
        )
    return report


def parse_entries(report: dict) -> tuple[list[Entry], list[str]]:
    """Turn report benchmarks into entries; also return convention problems."""
    entries: list[Entry] = []
    problems: list[str] = []
    for i, bench in enumerate(report["benchmarks"]):
        name = str(bench.get("fullname") or bench.get("name") or f"benchmarks[{i}]")
        extra = bench.get("extra_info") or {}
        kernel, impl, items = extra.get("kernel"), extra.get("impl"), extra.get("items")
        median = (bench.get("stats") or {}).get("median")
        bad = []
        if not (isinstance(kernel, str) and kernel):
            bad.append(f"kernel={kernel!r}")
        if not (isinstance(impl, str) and impl):
            bad.append(f"impl={impl!r}")
        if isinstance(items, bool) or not isinstance(items, (int, float)) or not items > 0:
            bad.append(f"items={items!r}")
        if (
            isinstance(median, bool)
            or not isinstance(median, (int, float))
            or not math.isfinite(median)
            or median <= 0
        ):
            bad.append(f"stats.median={median!r}")
        if bad:
            problems.append(
                f"{name}: breaks the benchmark convention ({', '.join(bad)}); "
                "expected extra_info kernel/impl/items and a positive stats.median"
            )
            continue
        entries.append(Entry(name, kernel, impl, batch_label(bench), int(items), float(median)))
    return entries, problems


# --------------------------------------------------------------------------- #
# floors
# --------------------------------------------------------------------------- #
@dataclass
class KernelFloors:
    default: dict[str, float] = field(default_factory=dict)
    batch: dict[str, dict[str, float]] = field(default_factory=dict)

    def floor(self, batch: str, impl: str) -> float | None:
        override = self.batch.get(batch, {})
        if impl in override:
            return override[impl]
        return self.default.get(impl)


def _floor_table(where: str, table: dict) -> dict[str, float]:
    out = {}
    for impl, value in table.items():
        if impl == CORE:
            raise GuardInputError(
                f"{where}: a floor for '{CORE}' makes no sense (ratio is core/baseline)"
            )
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
            raise GuardInputError(f"{where}.{impl}: floor must be a positive number, got {value!r}")
        out[impl] = float(value)
    return out


def parse_floors(data: dict, source: str = "floors") -> dict[str, KernelFloors]:
    floors: dict[str, KernelFloors] = {}
    for kernel, table in data.items():
        if not isinstance(table, dict):
            raise GuardInputError(
                f"{source}: top-level key {kernel!r} must be a [kernel] table, got {table!r}"
            )
        kf = KernelFloors()
        plain = {k: v for k, v in table.items() if k != "batch"}
        kf.default = _floor_table(f"{source}: [{kernel}]", plain)
        batches = table.get("batch", {})
        if not isinstance(batches, dict):
            raise GuardInputError(
                f"{source}: [{kernel}].batch must be a table of [{kernel}.batch.N] tables"
            )
        for batch, override in batches.items():
            if not isinstance(override, dict):
                raise GuardInputError(
                    f"{source}: [{kernel}.batch.{batch}] must be a table of impl = floor"
                )
            kf.batch[str(batch)] = _floor_table(f"{source}: [{kernel}.batch.{batch}]", override)
        floors[kernel] = kf
    return floors


def load_floors(path: Path) -> dict[str, KernelFloors]:
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except OSError as exc:
        raise GuardInputError(f"cannot read floors file {path}: {exc}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise GuardInputError(f"floors file {path} is not valid TOML: {exc}") from exc
    return parse_floors(data, str(path))


# --------------------------------------------------------------------------- #
# evaluation
# --------------------------------------------------------------------------- #
@dataclass
class Row:
    kernel: str
    batch: str
    impl: str
    items: int
    median: float
    throughput: float
    ratio: float | None = None
    floor: float | None = None
    status: str = ""


@dataclass
class Result:
    rows: list[Row]
    failures: list[str]
    warnings: list[str]

    @property
    def ok(self) -> bool:
        return not self.failures


def _batch_sort_key(batch: str):
    try:
        return (0, float(batch), batch)
    except ValueError:
        return (1, 0.0, batch)


def evaluate(entries: list[Entry], floors: dict[str, KernelFloors]) -> Result:
    rows: list[Row] = []
    failures: list[str] = []
    warnings: list[str] = []

    groups: dict[tuple[str, str], dict[str, Entry]] = defaultdict(dict)
    for e in entries:
        group = groups[(e.kernel, e.batch)]
        if e.impl in group:
            failures.append(
                f"kernel {e.kernel!r} batch {e.batch}: impl {e.impl!r} reported twice "
                f"({group[e.impl].name} and {e.name}); give each benchmark its own "
                "kernel/impl/batch"
            )
            continue
        group[e.impl] = e

    compared: set[tuple[str, str]] = set()  # (kernel, impl) with a core-vs-impl ratio
    for kernel, batch in sorted(groups, key=lambda kb: (kb[0], _batch_sort_key(kb[1]))):
        group = groups[(kernel, batch)]
        kf = floors.get(kernel)
        core = group.get(CORE)
        impls = sorted(group, key=lambda i: (i != CORE, i))
        for impl in impls:
            e = group[impl]
            row = Row(kernel, batch, impl, e.items, e.median, e.throughput)
            rows.append(row)
            if impl == CORE:
                row.ratio = 1.0
                row.status = "core"
                continue
            row.floor = kf.floor(batch, impl) if kf else None
            if core is None:
                row.status = "no core"
                msg = (
                    f"kernel {kernel!r} batch {batch}: baseline {impl!r} has no core "
                    "benchmark to compare with"
                )
                (failures if row.floor is not None else warnings).append(msg)
                continue
            row.ratio = core.throughput / e.throughput
            compared.add((kernel, impl))
            if row.floor is None:
                row.status = "no floor"
                if kf is not None:
                    warnings.append(
                        f"kernel {kernel!r}: no floor for impl {impl!r} (add it to the floors file)"
                    )
            elif row.ratio >= row.floor:
                row.status = "ok"
            else:
                row.status = "FAIL"
                failures.append(
                    f"kernel {kernel!r} batch {batch}: core is {row.ratio:.3g}x {impl!r}, "
                    f"below the floor of {row.floor:g}x "
                    f"(core {_si(core.throughput)} items/s, {impl} {_si(e.throughput)} items/s)"
                )

    reported_kernels = {k for k, _ in groups}
    for kernel in sorted(reported_kernels - set(floors)):
        warnings.append(f"kernel {kernel!r} has no floors in the floors file (not guarded)")
    for kernel, kf in sorted(floors.items()):
        if kernel not in reported_kernels:
            failures.append(
                f"kernel {kernel!r} has floors but no benchmark in the report "
                "(benchmark removed, renamed, skipped or failed?)"
            )
            continue
        for impl in sorted(kf.default):
            if (kernel, impl) not in compared:
                failures.append(
                    f"kernel {kernel!r}: floor for {impl!r} but no batch of the report "
                    f"times both {CORE!r} and {impl!r}"
                )
        for batch, override in sorted(kf.batch.items()):
            group = groups.get((kernel, batch))
            if group is None:
                reported = sorted((b for k, b in groups if k == kernel), key=_batch_sort_key)
                failures.append(
                    f"kernel {kernel!r}: per-batch floor for batch {batch} but that batch "
                    f"is not in the report (reported: {', '.join(reported)})"
                )
                continue
            for impl in sorted(override):
                if impl not in group or CORE not in group:
                    failures.append(
                        f"kernel {kernel!r} batch {batch}: floor for {impl!r} but the report "
                        f"lacks {CORE!r} or {impl!r} at that batch"
                    )
    return Result(rows, failures, list(dict.fromkeys(warnings)))


# --------------------------------------------------------------------------- #
# output
# --------------------------------------------------------------------------- #
def _si(x: float) -> str:
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if abs(x) >= scale:
            return f"{x / scale:.3g}{unit}"
    return f"{x:.3g}"


def _seconds(t: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6)):
        if t >= scale:
            return f"{t / scale:.3g}{unit}"
    return f"{t / 1e-9:.3g}ns"


HEADER = ("kernel", "batch", "impl", "items", "median", "items/s", "ratio", "floor", "status")


def format_table(rows: list[Row]) -> str:
    body = [
        (
            r.kernel,
            r.batch,
            r.impl,
            str(r.items),
            _seconds(r.median),
            _si(r.throughput),
            "-" if r.ratio is None else f"{r.ratio:.3g}x",
            "-" if r.floor is None else f"{r.floor:g}x",
            r.status,
        )
        for r in rows
    ]
    widths = [max(len(c) for c in col) for col in zip(HEADER, *body, strict=False)]
    right = {3, 4, 5, 6, 7}

    def fmt(cells):
        return "  ".join(
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=False))
        ).rstrip()

    lines = [fmt(HEADER), fmt(["-" * w for w in widths])]
    lines += [fmt(cells) for cells in body]
    return "\n".join(lines)


# --------------------------------------------------------------------------- #
# CLI
# --------------------------------------------------------------------------- #
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="benchmarks/guard.py",
        description="Check core/baseline throughput ratios of a pytest-benchmark "
        "JSON report against benchmarks/floors.toml.",
    )
    parser.add_argument("report", type=Path, help="pytest-benchmark JSON report (--benchmark-json)")
    parser.add_argument(
        "--floors",
        type=Path,
        default=DEFAULT_FLOORS,
        help=f"floors file (default: {DEFAULT_FLOORS.name} next to this script)",
    )
    parser.add_argument(
        "--table",
        action="store_true",
        help="only print the ratio table; never fail on floors (exit 0)",
    )
    args = parser.parse_args(argv)

    try:
        report = load_report(args.report)
        floors = {} if args.table and not args.floors.exists() else load_floors(args.floors)
    except GuardInputError as exc:
        print(f"guard: error: {exc}", file=sys.stderr)
        return EXIT_USAGE

    entries, problems = parse_entries(report)
    result = evaluate(entries, floors)

    if result.rows:
        print(format_table(result.rows))
    else:
        print("(no benchmark following the kernel/impl/items convention in the report)")
    print()
    for msg in result.warnings:
        print(f"warning: {msg}")

    if args.table:
        for msg in problems + result.failures:
            print(f"note: {msg}")
        return EXIT_OK

    failures = problems + result.failures
    if not entries and not problems:
        failures.append("the report contains no benchmarks")
    if failures:
        sys.stdout.flush()
        print(
            f"\nPERFORMANCE GUARD FAILED ({len(failures)} problem(s), floors: {args.floors}):",
            file=sys.stderr,
        )
        for msg in failures:
            print(f"  - {msg}", file=sys.stderr)
        print(
            "\nA ratio below its floor means the core kernel lost ground against a "
            "baseline measured in the same run. If the change is intended, update "
            "the floors (benchmarks/README.md, 'Updating the floors').",
            file=sys.stderr,
        )
        return EXIT_FAIL
    n_checked = sum(1 for r in result.rows if r.status == "ok")
    print(f"performance guard passed: {n_checked} ratio(s) at or above their floors")
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
