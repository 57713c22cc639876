"""The runner: chunk plan, engines, durable Parquet output, resume, progress and summary.

Every study kind runs the same way: the run's seed and the chunk index alone decide a
chunk's random streams (``SeedSequence(seed, spawn_key=(k,))``), so chunk k holds the same
items whatever the number of workers or the engine, and the output files are the same
bytes.  Chunks are written one by one (temporary name, then rename) and recorded in the
append-only manifest with their row counts and sha256, which is what makes ``resume`` safe:
a finished chunk whose files still match is kept, anything else is redone.
"""
from __future__ import annotations

import json
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..studies.base import Chunk, ConfigError, Study, StudyConfig
from .engines import ENGINES, compute_chunk, execute_dask, execute_local
from .output import (CHUNKS_DIR, Manifest, clear_output, file_matches, holds_data,
                     is_shengji_output, load_manifest_complete, part_name,
                     remove_temp_files, write_table_atomic)

__all__ = ["RunResult", "run_study", "compute_chunk", "default_workers", "ENGINES"]


@dataclass
class RunResult:
    out: Path
    items: int
    seconds: float
    stats: dict
    tables: list[str]
    summary: list[str] = field(default_factory=list)
    engine: str = "local"
    reused: int = 0          # resume: chunks kept from the interrupted run
    redone: list[int] = field(default_factory=list)  # resume: recorded chunks whose files were bad
    chunks: int = 0          # chunks in the plan


def default_workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _progress(total: int, unit: str, quiet: bool, initial: int = 0):
    if quiet:
        return None
    from tqdm import tqdm

    # Shown only for runs longer than a second; goes to stderr so that stdout stays clean.
    return tqdm(total=total, initial=initial, unit=f" {unit}", unit_scale=True, delay=1.0,
                file=sys.stderr, dynamic_ncols=True, smoothing=0.1)


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


def _verify(out: Path, chunks: list[Chunk], records: list[dict]) -> tuple[dict, list[int]]:
    """The recorded chunks whose files all still match (index -> record), and the indices of
    recorded chunks found damaged or missing.  Files are hashed in a few threads."""
    plan = {c.index: c for c in chunks}
    latest: dict[int, dict] = {}
    for rec in records:  # a chunk recorded twice (redone earlier): its last record counts
        c = plan.get(rec.get("chunk"))
        if c is not None and rec.get("start") == c.start and rec.get("count") == c.count:
            latest[c.index] = rec

    def ok(rec):
        return all(file_matches(out / rel, meta) for rel, meta in rec["files"].items())

    with ThreadPoolExecutor(max_workers=min(8, (os.cpu_count() or 1) + 1)) as pool:
        good = dict(zip(latest, pool.map(ok, latest.values())))
    kept = {k: latest[k] for k in sorted(latest) if good[k]}
    return kept, sorted(k for k in latest if not good[k])


def run_study(kind: Study, cfg: StudyConfig, out: str | Path, *, workers: int | None = None,
              overwrite: bool = False, quiet: bool = True, engine: str = "local",
              scheduler: str | None = None, resume: bool = False) -> RunResult:
    """Run a validated study into directory ``out``.

    ``engine``: ``"local"`` (processes on this machine) or ``"dask"`` (``scheduler``: the
    address of an existing cluster; else a LocalCluster of ``workers`` processes).
    ``resume``: finish the interrupted run in ``out`` — which must have the same settings
    (everything in ``cfg.metadata()`` but the version) — redoing only the chunks that are
    missing or whose files no longer match their checksums; an empty or missing ``out`` just
    runs.
    """
    out = Path(out)
    tables = kind.tables(cfg)  # may raise ConfigError for inconsistent options
    if engine not in ENGINES:
        raise ConfigError(f"unknown engine {engine!r}; allowed: " + ", ".join(ENGINES))
    if scheduler and engine != "dask":
        raise ConfigError("--scheduler needs --engine dask")
    workers = default_workers() if workers is None else workers
    if workers < 1:
        raise ConfigError(f"--workers must be >= 1, got {workers}")
    if resume and overwrite:
        raise ConfigError("--resume and --overwrite cannot be combined: --resume keeps the "
                          "finished chunks, --overwrite starts again")
    if out.exists() and not out.is_dir():
        raise ConfigError(f"output directory {str(out)!r} exists and is not a directory")
    header = _normal(dict(cfg.metadata(), tables=tables))
    chunks = cfg.chunks()
    kept: dict[int, dict] = {}
    redone: list[int] = []
    manifest = Manifest(out)
    if resume and holds_data(out):
        if not is_shengji_output(out):
            raise ConfigError(f"cannot --resume in {str(out)!r}: it holds files that are not "
                              "a shengji run")
        old_header, records = manifest.read()
        if old_header is None:
            raise ConfigError(f"cannot --resume in {str(out)!r}: its manifest has no run "
                              "header; use --overwrite to start again")
        diffs = _differences(old_header, header)
        if diffs:
            raise ConfigError(
                f"cannot --resume in {str(out)!r}: it holds a run with other settings ("
                + "; ".join(diffs) + "); resume with the same study file and options, or use "
                "--overwrite to start again"
            )
        kept, redone = _verify(out, chunks, records)
        remove_temp_files(out, tables + [CHUNKS_DIR])
        # Compact the manifest to the verified chunks (atomically), keeping the old header.
        manifest.start(old_header, [kept[k] for k in sorted(kept)])
    else:
        if holds_data(out):
            if not overwrite:
                raise ConfigError(
                    f"output directory {str(out)!r} already holds data; use --overwrite to "
                    "replace it, or --resume to finish an interrupted run"
                )
            if not is_shengji_output(out):
                raise ConfigError(
                    f"output directory {str(out)!r} holds files that are not a shengji run; "
                    "refusing to overwrite them"
                )
            old_header, _ = manifest.read()
            clear_output(out, (old_header or {}).get("tables", []) + tables)
        out.mkdir(parents=True, exist_ok=True)
        manifest.start(header)

    todo = [c for c in chunks if c.index not in kept]
    stats: dict = {}
    has_aggregate = False
    for record in kept.values():
        has_aggregate |= _add(stats, record)
    done_items = sum(rec["count"] for rec in kept.values())
    # Workers may run elsewhere (another directory, another machine): an absolute path.
    if engine == "dask":
        stream = execute_dask(kind, cfg, todo, str(out.absolute()), workers, scheduler)
    else:
        stream = execute_local(kind, cfg, todo, str(out.absolute()), workers)
    bar = _progress(cfg.n, kind.unit, quiet, initial=done_items)
    t0 = time.perf_counter()
    try:
        for record in stream:
            manifest.append(record)
            has_aggregate |= _add(stats, record)
            if bar is not None:
                bar.update(record["count"])
    finally:
        t_close = time.perf_counter()
        stream.close()  # a LocalCluster's shutdown is not the run's time
        closing = time.perf_counter() - t_close
        if bar is not None:
            bar.close()
    if has_aggregate:
        aggregate = _merge_aggregates(out, chunks)
        for table, data in kind.finish(cfg, aggregate).items():
            write_table_atomic(data, out / table / part_name(0), cfg.metadata())
        stats.update(kind.stats_from_aggregate(aggregate))
    seconds = time.perf_counter() - t0 - closing
    if todo or not load_manifest_complete(out):
        manifest.append({"complete": True, "items": cfg.n, "seconds": round(seconds, 3),
                         **({"resumed": len(kept)} if resume and kept else {})})
    return RunResult(out=out, items=cfg.n, seconds=seconds, stats=stats, tables=tables,
                     summary=kind.summary(cfg, stats), engine=engine, reused=len(kept),
                     redone=redone, chunks=len(chunks))


def _add(stats: dict, record: dict) -> bool:
    for key, value in record["stats"].items():
        stats[key] = stats.get(key, 0) + value
    return any(rel.startswith(CHUNKS_DIR) for rel in record["files"])


def _merge_aggregates(out: Path, chunks: list[Chunk]) -> dict:
    """Sum the per-chunk arrays, one file at a time (memory: two chunks' arrays)."""
    total: dict = {}
    for chunk in chunks:
        with np.load(out / CHUNKS_DIR / f"aggregate-{chunk.index:06d}.npz") as data:
            for key in data.files:
                if key in total:
                    total[key] += data[key]
                else:
                    total[key] = data[key].copy()
    return total
