"""The runner: chunk plan, engines, durable Parquet output, progress and summary.

Every study kind runs the same way: the run's seed and the chunk index alone decide a
chunk's random streams (``SeedSequence(seed, spawn_key=(k,))``), so chunk k holds the same
items whatever the number of workers or the engine, and the output files are the same
bytes.
"""
from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..studies.base import Chunk, ConfigError, Study, StudyConfig
from .output import (CHUNKS_DIR, Manifest, clear_output, holds_data, is_shengji_output,
                     part_name, save_array_atomic, write_table_atomic)


@dataclass
class RunResult:
    out: Path
    items: int
    seconds: float
    stats: dict
    tables: list[str]
    summary: list[str] = field(default_factory=list)


def default_workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def compute_chunk(kind: Study, cfg: StudyConfig, chunk: Chunk, out: str) -> dict:
    """Run one chunk and write its files; returns its manifest record.  Runs in a worker."""
    res = kind.run_chunk(cfg, chunk)
    meta = dict(cfg.metadata(), chunk=chunk.index, start=chunk.start, count=chunk.count)
    files = {}
    outp = Path(out)
    for table, data in res.tables.items():
        rel = f"{table}/{part_name(chunk.index)}"
        files[rel] = {"sha256": write_table_atomic(data, outp / rel, meta), "rows": data.num_rows}
    if res.aggregate is not None:
        rel = f"{CHUNKS_DIR}/aggregate-{chunk.index:06d}.npz"
        files[rel] = {"sha256": save_array_atomic(res.aggregate, outp / rel), "rows": 0}
    return {"chunk": chunk.index, "start": chunk.start, "count": chunk.count,
            "files": files, "stats": res.stats}


def _progress(total: int, unit: str, quiet: bool):
    if quiet:
        return None
    from tqdm import tqdm

    # Shown only for runs longer than a second; goes to stderr so that stdout stays clean.
    return tqdm(total=total, unit=f" {unit}", unit_scale=True, delay=1.0, file=sys.stderr,
                dynamic_ncols=True, smoothing=0.1)


def run_study(kind: Study, cfg: StudyConfig, out: str | Path, *, workers: int | None = None,
              overwrite: bool = False, quiet: bool = True) -> RunResult:
    """Run a validated study into directory ``out``."""
    out = Path(out)
    tables = kind.tables(cfg)  # may raise ConfigError for inconsistent options
    workers = default_workers() if workers is None else workers
    if workers < 1:
        raise ConfigError(f"--workers must be >= 1, got {workers}")
    if out.exists() and not out.is_dir():
        raise ConfigError(f"output {str(out)!r} exists and is not a directory")
    if holds_data(out):
        if not overwrite:
            raise ConfigError(
                f"output directory {str(out)!r} already holds data; use --overwrite to replace it"
            )
        if not is_shengji_output(out):
            raise ConfigError(
                f"output directory {str(out)!r} holds files that are not a shengji run; "
                "refusing to overwrite them"
            )
        old_header, _ = Manifest(out).read()
        clear_output(out, (old_header or {}).get("tables", []) + tables)
    out.mkdir(parents=True, exist_ok=True)
    manifest = Manifest(out)
    manifest.start(dict(cfg.metadata(), tables=tables))

    chunks = cfg.chunks()
    stats: dict = {}
    aggregate: dict | None = None
    has_aggregate = False
    bar = _progress(cfg.n, kind.unit, quiet)
    t0 = time.perf_counter()
    try:
        for record in _execute(kind, cfg, chunks, str(out), workers):
            manifest.append(record)
            has_aggregate |= any(rel.startswith(CHUNKS_DIR) for rel in record["files"])
            for key, value in record["stats"].items():
                stats[key] = stats.get(key, 0) + value
            if bar is not None:
                bar.update(record["count"])
    finally:
        if bar is not None:
            bar.close()
    if has_aggregate:
        aggregate = _merge_aggregates(out, chunks)
        for table, data in kind.finish(cfg, aggregate).items():
            write_table_atomic(data, out / table / part_name(0), cfg.metadata())
        stats.update(kind.stats_from_aggregate(aggregate))
    seconds = time.perf_counter() - t0
    manifest.append({"complete": True, "items": cfg.n, "seconds": round(seconds, 3)})
    return RunResult(out=out, items=cfg.n, seconds=seconds, stats=stats, tables=tables,
                     summary=kind.summary(cfg, stats))


def _merge_aggregates(out: Path, chunks: list[Chunk]) -> dict:
    total: dict = {}
    for chunk in chunks:
        with np.load(out / CHUNKS_DIR / f"aggregate-{chunk.index:06d}.npz") as data:
            for key in data.files:
                total[key] = total[key] + data[key] if key in total else data[key].copy()
    return total


def _execute(kind: Study, cfg: StudyConfig, chunks: list[Chunk], out: str, workers: int):
    """Yield chunk records as chunks finish (any order; the data does not depend on it)."""
    if workers == 1 or len(chunks) == 1:
        for chunk in chunks:
            yield compute_chunk(kind, cfg, chunk, out)
        return
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    # spawn, not fork: the parent may hold threads (progress bar, BLAS) that fork breaks.
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(workers, len(chunks)), mp_context=ctx) as pool:
        pending = set()
        queue = iter(chunks)
        # Bounded in-flight work keeps memory flat whatever n.
        for chunk in queue:
            pending.add(pool.submit(compute_chunk, kind, cfg, chunk, out))
            if len(pending) >= 2 * workers:
                break
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                yield fut.result()
                nxt = next(queue, None)
                if nxt is not None:
                    pending.add(pool.submit(compute_chunk, kind, cfg, nxt, out))
