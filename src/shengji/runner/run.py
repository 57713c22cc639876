"""A study's run, in order (``run_study``): the chunk plan, the engines, the durable Parquet
output, resume, progress and summary.

Every study kind runs the same way: the run's seed and the chunk index alone decide a
chunk's random streams, so chunk k holds the same items whatever the number of workers or
the engine, and the output files are the same bytes.

A run, in order:

1. validate the options (nothing touched);
2. lock the output directory (``lock.py``; made if missing) — a directory in use is refused;
3. look at what it holds, read only: refuse a plain run into data, ``--overwrite`` of files
   shengji did not write, ``--resume`` with other settings; for ``--resume``, verify the
   finished chunks against their checksums;
4. start the engine (workers up, cluster reached);
5. only now write: clear (``--overwrite``), sweep temporary files, write the manifest's header
   (or compact it to the verified chunks); then run the chunks, putting each chunk's files in
   place and appending its record to the manifest;
6. unlock (removing the lock file).

A refusal or a failure before 5 leaves the directory as it was (a directory made in 2 is
removed again) and exits 2; a failure in 5 keeps the finished chunks, exits 1, and
``--resume`` completes the run to the same bytes.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
import time
from array import array
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from shengji.runner.engines import ENGINES, start_engine
from shengji.runner.errors import (
    REFUSED,
    OutputError,
    is_file_system_error,
    reason,
)
from shengji.runner.lock import DirLock
from shengji.runner.manifest import Manifest
from shengji.runner.outdir import OutputDir, describe_failure, foreign_message, inspect
from shengji.runner.output import (
    CHUNKS_DIR,
    MANIFEST,
    aggregate_name,
    chunk_files,
    file_matches,
    part_name,
    write_table_temp,
)
from shengji.runner.plan import ChunkPlan, ConfigError, Study, StudyConfig
from shengji.runner.progress import ItemCosts, make_progress

__all__ = ["RunResult", "default_workers", "run_study"]

_VERIFY_BATCH = 256  # records hashed at a time (threads), so that no list grows with the run


@dataclass
class RunResult:
    out: Path
    items: int
    seconds: float
    stats: dict
    tables: list[str]
    summary: list[str] = field(default_factory=list)
    engine: str = "local"
    reused: int = 0  # resume: chunks kept from the interrupted run
    redone: list[int] = field(default_factory=list)  # resume: recorded chunks whose files were bad
    chunks: int = 0  # chunks in the plan

    def _repr_html_(self) -> str:
        from shengji.render.reports import run_result_html

        return run_result_html(self)


def default_workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _normal(obj):
    """As it reads back from the manifest (tuples become lists, keys strings)."""
    return json.loads(json.dumps(obj, sort_keys=True))


def _show(value) -> str:
    return json.dumps(value) if not isinstance(value, str) else repr(value)


def _differences(old: dict, new: dict) -> list[str]:
    diffs = []
    for key in sorted(set(old) | set(new)):
        if key == "version":
            continue
        a, b = old.get(key), new.get(key)
        if a == b:
            continue
        if isinstance(a, dict) and isinstance(b, dict):
            for sub in sorted(set(a) | set(b)):
                if a.get(sub) != b.get(sub):
                    diffs.append(f"{key}.{sub} {_show(a.get(sub))} there, {_show(b.get(sub))} now")
        else:
            diffs.append(f"{key} {_show(a)} there, {_show(b)} now")
    return diffs


def _check_contents(
    contents, out: Path, tables: list[str], header: dict, *, overwrite: bool, resume: bool
) -> dict | None:
    """Refuse what must be refused (ConfigError: exit 2, nothing touched); returns the
    interrupted run's header for ``--resume``."""
    c, where = contents, repr(str(out))
    if c.empty:
        return None
    if resume:
        if not c.is_shengji:
            raise ConfigError(
                f"cannot --resume in {where}: it holds files that are not a shengji run"
            )
        if not c.manifest:
            raise ConfigError(
                f"cannot --resume in {where}: its {MANIFEST} is missing (deleted?), "
                "so its chunks cannot be verified; use --overwrite to start again"
            )
        if c.header is None:
            raise ConfigError(
                f"cannot --resume in {where}: its manifest has no run header; use "
                "--overwrite to start again"
            )
        diffs = _differences(c.header, header)
        if diffs:
            raise ConfigError(
                f"cannot --resume in {where}: it holds a run with other settings ("
                + "; ".join(diffs)
                + "); resume with the same study file and options, or use "
                "--overwrite to start again"
            )
        if c.foreign:
            raise ConfigError(f"cannot --resume in {where}: " + foreign_message(out, c.foreign))
        return c.header
    if not overwrite:
        if c.manifest:
            raise ConfigError(
                f"output directory {where} already holds data; use --overwrite to "
                "replace it, or --resume to finish an interrupted run"
            )
        if c.is_shengji:
            raise ConfigError(
                f"output directory {where} holds shengji output whose {MANIFEST} "
                "is missing (deleted?); use --overwrite to replace it"
            )
        shown = ", ".join(c.entries[:3]) + (", ..." if len(c.entries) > 3 else "")
        raise ConfigError(
            f"output directory {where} holds files that are not a shengji run "
            f"({shown}); choose a new or empty directory"
        )
    if not c.is_shengji:
        raise ConfigError(
            f"output directory {where} holds files that are not a shengji run; "
            "refusing to overwrite them"
        )
    if c.foreign:
        raise ConfigError(f"cannot --overwrite {where}: " + foreign_message(out, c.foreign))
    return None


@dataclass
class _Kept:
    """The verified chunks of an interrupted run (index and manifest offset, in chunk
    order: 16 bytes each, never the plan), their summed stats, the damaged ones."""

    index: array = field(default_factory=lambda: array("q"))
    offset: array = field(default_factory=lambda: array("q"))
    stats: dict = field(default_factory=dict)
    items: int = 0
    aggregate: bool = False
    redone: list[int] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.index)


def _verify(out: Path, plan: ChunkPlan, tables: list[str]) -> _Kept:
    """The recorded chunks whose files all still match their size and sha256; files are
    hashed in a few threads, a batch at a time."""
    manifest = Manifest(out)

    def accept(rec) -> bool:
        files = rec.get("files")
        return (
            plan.matches(rec.get("chunk"), rec.get("start"), rec.get("count"))
            and isinstance(files, dict)
            and bool(files)
            and isinstance(rec.get("stats"), dict)
            and set(files) <= chunk_files(tables, rec["chunk"], plan.digits)
        )

    def ok(rec) -> bool:
        return all(file_matches(out / rel, meta) for rel, meta in rec["files"].items())

    kept = _Kept()
    records = manifest.latest_records(accept)
    with ThreadPoolExecutor(max_workers=min(8, (os.cpu_count() or 1) + 1)) as pool:
        while True:
            batch = [
                r for r in (next(records, None) for _ in range(_VERIFY_BATCH)) if r is not None
            ]
            if not batch:
                break
            for (offset, rec), good in zip(
                batch, pool.map(lambda r: ok(r[1]), batch), strict=False
            ):
                if good:
                    kept.index.append(rec["chunk"])
                    kept.offset.append(offset)
                    kept.items += rec["count"]
                    kept.aggregate |= _add(kept.stats, rec)
                else:
                    kept.redone.append(rec["chunk"])
    return kept


def _default_command() -> str:
    return " ".join(shlex.quote(a) for a in [os.path.basename(sys.executable)] + sys.argv)


def run_study(
    kind: Study,
    cfg: StudyConfig,
    out: str | Path,
    *,
    workers: int | None = None,
    overwrite: bool = False,
    quiet: bool = True,
    engine: str = "local",
    scheduler: str | None = None,
    resume: bool = False,
    command: str | None = None,
) -> RunResult:
    """Run a validated study into directory ``out``.

    ``engine``: ``"local"`` (processes on this machine) or ``"dask"`` (``scheduler``: the
    address of an existing cluster; else a LocalCluster of ``workers`` processes).
    ``resume``: finish the interrupted run in ``out`` — which must have the same settings
    (everything in ``cfg.metadata()`` but the version) — redoing only the chunks that are
    missing or whose files no longer match their checksums; an empty or missing ``out`` just
    runs.  ``command``: how the run is named to another run refused by its lock.

    Raises ConfigError (bad options, or a directory that must not be written: nothing
    touched), RunError (``DirectoryInUse``: another run holds ``out``; ``OutputError``: a
    file-system failure; ``status`` 2 before anything was written, 1 part-way, the finished
    chunks kept for ``resume``).
    """
    out = Path(out)
    tables = kind.tables(cfg)  # may raise ConfigError for inconsistent options
    workers = _check_run_options(out, engine, scheduler, workers, resume, overwrite)
    header = _normal(dict(cfg.metadata(), tables=tables))
    plan = cfg.chunks()
    folders = tables + ([CHUNKS_DIR] if kind.aggregates(cfg) else [])

    lock = DirLock(out)
    lock.acquire(command or _default_command())
    stream = outdir = None
    writing = failed = False
    kept = _Kept()
    try:
        # 3. read only
        contents = inspect(out, tables)
        old_header = _check_contents(
            contents, out, tables, header, overwrite=overwrite, resume=resume
        )
        if old_header is not None:
            kept = _verify(out, plan, tables)
        todo = len(plan) - len(kept)
        # 4. the engine; workers may run elsewhere: an absolute path
        if todo:
            stream = start_engine(
                engine,
                kind,
                cfg,
                plan.skipping(np.frombuffer(kept.index, np.int64)),
                todo,
                str(out.absolute()),
                workers,
                plan.digits,
                scheduler,
                quiet,
            )
        # 5. writes
        writing = True
        dir_fd = lock.dir_fd
        assert dir_fd is not None  # held: acquire() above returned
        outdir = OutputDir(out, dir_fd, engine)
        _prepare(outdir, contents, tables, folders, overwrite, header, old_header, kept)
        result = _run_chunks(
            kind, cfg, plan, out, outdir, stream, kept, todo, tables, quiet=quiet, resume=resume
        )
        gone = outdir.removed()
        if gone:
            raise outdir.removed_error(gone)
        outdir.sweep()
    except BaseException as exc:
        failed = True
        if not is_file_system_error(exc):
            raise
        if writing:
            done = len(kept) + (outdir.committed if outdir is not None else 0)
            raise describe_failure(exc, out, outdir, done, len(plan)) from None
        raise OutputError(
            f"cannot use output directory {str(out)!r}: {reason(exc)}"
            + (f" ({exc.filename})" if exc.filename else ""),
            REFUSED,
            exc.errno,
            exc.filename,
        ) from None
    finally:
        if stream is not None:
            stream.close(abort=failed)
        if outdir is not None:
            if failed:
                try:
                    outdir.sweep(quiet=True)  # a failed chunk's temporary files, if any
                except OSError:
                    pass
            outdir.close()
        lock.release(undo=not writing)
    result.engine = engine
    result.reused, result.redone, result.chunks = len(kept), kept.redone, len(plan)
    return result


def _check_run_options(out: Path, engine, scheduler, workers, resume, overwrite) -> int:
    """``run_study``'s options checked before anything is touched: the number of workers."""
    if engine not in ENGINES:
        raise ConfigError(f"unknown engine {engine!r}; allowed: " + ", ".join(ENGINES))
    if scheduler and engine != "dask":
        raise ConfigError("--scheduler needs --engine dask")
    workers = default_workers() if workers is None else workers
    if workers < 1:
        raise ConfigError(f"--workers must be >= 1, got {workers}")
    if resume and overwrite:
        raise ConfigError(
            "--resume and --overwrite cannot be combined: --resume keeps the "
            "finished chunks, --overwrite starts again"
        )
    if out.exists() and not out.is_dir():
        raise OutputError(f"output directory {str(out)!r} exists and is not a directory", REFUSED)
    return workers


def _prepare(outdir, contents, tables, folders, overwrite, header, old_header, kept) -> None:
    """The locked directory made ready for the chunks: cleared (``--overwrite``), its folders
    made, temporary files swept, the manifest started (``--resume``: with the chunks kept)."""
    if overwrite and contents.is_shengji:
        outdir.clear(contents.folders(tables))
    outdir.make_folders(folders)
    outdir.sweep(contents.folders(tables))
    if old_header is not None:
        outdir.manifest.start(old_header, _lines_at(Manifest(outdir.out), kept.offset))
    else:
        outdir.manifest.start(header)


def _lines_at(manifest: Manifest, offsets: array):
    with open(manifest.path, "rb") as fh:
        for off in offsets:
            fh.seek(off)
            yield json.loads(fh.readline())


def _run_chunks(
    kind: Study,
    cfg: StudyConfig,
    plan: ChunkPlan,
    out: Path,
    outdir: OutputDir,
    stream,
    kept: _Kept,
    todo: int,
    tables: list[str],
    *,
    quiet: bool,
    resume: bool,
) -> RunResult:
    stats = dict(kept.stats)
    has_aggregate = kept.aggregate
    steps = kind.item_costs(cfg)
    costs = ItemCosts(steps, plan.n) if steps else None
    done_cost = 0.0
    if costs is not None:
        done_cost = sum(costs.of(plan[k].start, plan[k].count) for k in kept.index)
    bar = make_progress(
        plan.n,
        kind.unit,
        quiet or not todo,
        initial=kept.items,
        costs=costs,
        initial_cost=done_cost,
    )
    t0 = time.perf_counter()
    closing = 0.0
    partial: dict[int, int] = {}  # items reported so far by chunks still running

    def advance(index: int, k: int) -> None:
        """k more items of chunk ``index`` done (a chunk's items cost alike)."""
        if costs is None:
            bar.update(k)
        else:
            chunk = plan[index]
            bar.update(k, costs.of(chunk.start, chunk.count) * k / max(1, chunk.count))

    def on_progress(index: int, k: int) -> None:
        partial[index] = partial.get(index, 0) + k
        advance(index, k)

    try:
        if stream is not None:
            if bar is not None and hasattr(stream, "on_progress"):
                stream.on_progress = on_progress
            for record in stream:
                record = outdir.commit(record)
                outdir.manifest.append(record)
                has_aggregate |= _add(stats, record)
                if bar is not None:
                    advance(record["chunk"], record["count"] - partial.pop(record["chunk"], 0))
            t_close = time.perf_counter()
            stream.close()  # a LocalCluster's shutdown is not the run's time
            closing = time.perf_counter() - t_close
    finally:
        if bar is not None:
            bar.close()
    if has_aggregate:
        aggregate = _merge_aggregates(out, plan)
        meta = {**cfg.metadata(), **kind.finish_metadata(cfg, aggregate)}
        for table, data in kind.finish(cfg, aggregate).items():
            rel = f"{table}/{part_name(0, plan.digits)}"
            outdir.put(rel, write_table_temp(data, out / rel, meta)["tmp"])
        stats.update(kind.stats_from_aggregate(aggregate))
    seconds = time.perf_counter() - t0 - closing
    if todo or not outdir.manifest.complete():
        outdir.manifest.append(
            {
                "complete": True,
                "items": plan.n,
                "seconds": round(seconds, 3),
                **({"resumed": len(kept)} if resume and len(kept) else {}),
            }
        )
    return RunResult(
        out=out,
        items=plan.n,
        seconds=seconds,
        stats=stats,
        tables=tables,
        summary=kind.summary(cfg, stats),
    )


def _add(stats: dict, record: dict) -> bool:
    for key, value in record["stats"].items():
        stats[key] = stats.get(key, 0) + value
    return any(rel.startswith(CHUNKS_DIR) for rel in record["files"])


def _merge_aggregates(out: Path, plan: ChunkPlan) -> dict:
    """Sum the per-chunk arrays, one file at a time (memory: two chunks' arrays)."""
    total: dict = {}
    for k in range(len(plan)):
        with np.load(out / CHUNKS_DIR / aggregate_name(k, plan.digits)) as data:
            for key in data.files:
                if key in total:
                    total[key] += data[key]
                else:
                    total[key] = data[key].copy()
    return total
