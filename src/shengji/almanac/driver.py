"""``shengji almanac``: run every part as an ordinary study (``shengji.runner.run_study``)
into ``DIR/parts/<part>``, then reduce them to the tidy tables ``DIR/<analysis>.parquet``
and ``DIR/manifest.json``.

Resume is the runner's: every part runs with ``resume`` (a finished part is verified and
kept, an interrupted one finished to the same bytes), so ``--resume`` after a kill redoes
only what is missing.  The tables are the same bytes for any number of workers and either
engine (the parts are; the reduction reads them in chunk order); ``manifest.json`` too,
but for the CPU- and wall-seconds it measures (``cpu_seconds``, ``wall_seconds``).

CPU-seconds: this process's and its children's (``getrusage``: the local engine's worker
processes, a LocalCluster's), summed over every invocation that worked on the part
(``parts/_cpu.jsonl``).  A remote Dask cluster's workers are not counted.
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import TextIO

from shengji.almanac.parts import PLAN, SCALES, Part, parts
from shengji.almanac.tidy import write
from shengji.runner.errors import FAILED, REFUSED, OutputError, reason
from shengji.runner.plan import ConfigError

__all__ = ["MANIFEST", "PARTS", "estimate", "run"]

PARTS = "parts"
MANIFEST = "manifest.json"
MARK = "_almanac.json"  # parts/_almanac.json: the scale this directory was started with
CPU_LOG = "_cpu.jsonl"
TIMED = ("cpu_seconds", "wall_seconds", "cpu_seconds_total", "wall_seconds_total")


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _commit() -> str | None:
    """The source tree's commit (``+dirty`` with uncommitted changes), None outside git."""
    here = Path(__file__).resolve().parent

    def git(*args: str) -> str:
        run = subprocess.run(
            ["git", *args], cwd=here, capture_output=True, text=True, timeout=10, check=True
        )
        return run.stdout.strip()

    try:
        head = git("rev-parse", "HEAD")
        dirty = git("status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.SubprocessError):
        return None
    return head + ("+dirty" if dirty else "")


def played_bots(study: str | None, options: dict) -> dict:
    """The bots a part's recorded options name with parameters, {name: record}: its study
    kind's keys whose kind is a bot's (``shengji.studies.kinds.BotKind``), in key order."""
    from shengji.studies import KINDS, get_study
    from shengji.studies.kinds import BotKind

    if study not in KINDS:
        return {}
    bots: dict = {}
    for f in get_study(study).keys:
        if isinstance(f.kind, BotKind) and f.name in options:
            bots.update(f.kind.recorded_bots(options[f.name]))
    return bots


def _ratio(spent: dict[str, list[float]], part: Part) -> float:
    """The measured CPU-seconds over the estimate of the parts of ``part``'s analysis done
    so far (1 before any, or while they were too short to say)."""
    cpu, est = spent.get(part.analysis, (0.0, 0.0))
    return cpu / est if est > 1 else 1.0


def estimate(plan: tuple[Part, ...], workers: int) -> tuple[float, float]:
    """(CPU-seconds, wall-seconds at ``workers`` processes) the plan should take."""
    cpu = sum(p.cost for p in plan)
    return cpu, cpu / max(1, min(workers, os.cpu_count() or 1))


def _check_dir(out: Path, scale: str, resume: bool) -> None:
    """Refuse a directory that holds something else, or another scale (one line)."""
    where = repr(str(out))
    if out.exists() and not out.is_dir():
        raise ConfigError(f"--out {where} exists and is not a directory")
    if not out.is_dir() or not any(out.iterdir()):
        return
    mark = out / PARTS / MARK
    if not mark.is_file():
        raise ConfigError(
            f"--out {where} holds files that are not an almanac; choose a new or empty directory"
        )
    try:
        started = json.loads(mark.read_text())["scale"]
    except (OSError, ValueError, KeyError, TypeError):
        raise ConfigError(f"{str(mark)!r} is damaged; choose a new directory") from None
    if not resume:
        raise ConfigError(
            f"--out {where} already holds an almanac ({started} scale); use "
            "--resume to finish or re-reduce it, or choose a new directory"
        )
    if started != scale:
        raise ConfigError(
            f"cannot --resume in {where}: it holds the {started} scale, not "
            f"{scale}; pass --scale {started}, or choose a new directory"
        )


def _say(stream: TextIO | None, text: str) -> None:
    if stream is not None:
        print(text, file=stream, flush=True)


def _cpu_log(root: Path) -> dict[str, list[float]]:
    spent: dict[str, list[float]] = {}
    path = root / CPU_LOG
    if path.is_file():
        for line in path.read_text().splitlines():
            try:
                rec = json.loads(line)
                cpu, wall = float(rec["cpu_seconds"]), float(rec["wall_seconds"])
            except (ValueError, KeyError, TypeError):
                continue  # a line cut by a kill
            got = spent.setdefault(str(rec["part"]), [0.0, 0.0])
            got[0] += cpu
            got[1] += wall
    return spent


def _checked(scale: str, engine: str, workers: int | None) -> int:
    """Refuse a bad scale, engine or workers (one line); the workers (default: all)."""
    from shengji.runner.engines import ENGINES
    from shengji.runner.run import default_workers

    if scale not in SCALES:
        raise ConfigError(f"--scale: unknown scale {scale!r}; allowed: " + ", ".join(SCALES))
    if engine not in ENGINES:
        raise ConfigError(f"--engine: unknown engine {engine!r}; allowed: " + ", ".join(ENGINES))
    workers = default_workers() if workers is None else workers
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ConfigError(f"--workers must be an integer >= 1, got {workers!r}")
    return workers


def _start(out: Path, scale: str) -> Path:
    """``out/parts``, made and marked with ``scale`` (``MARK``) if it is new."""
    root = out / PARTS
    try:
        root.mkdir(parents=True, exist_ok=True)
        mark = root / MARK
        if not mark.is_file():
            mark.write_text(json.dumps({"scale": scale}) + "\n")
    except OSError as exc:
        raise OutputError(f"cannot use --out {str(out)!r}: {reason(exc)}", REFUSED) from None
    return root


def _run_part(part: Part, kind, cfg, root: Path, **how) -> tuple[float, float]:
    """Run (or resume) one part into ``root/<part>`` as ``shengji run`` would (``how``:
    ``run_study``'s keywords), log its CPU- and wall-seconds; returns them."""
    from shengji.runner import run_study

    c0, w0 = _cpu(), time.perf_counter()
    run_study(kind, cfg, root / part.name, resume=True, **how)
    cpu, wall = _cpu() - c0, time.perf_counter() - w0
    with open(root / CPU_LOG, "a") as fh:
        fh.write(
            json.dumps(
                {"part": part.name, "cpu_seconds": round(cpu, 3), "wall_seconds": round(wall, 3)}
            )
            + "\n"
        )
    return cpu, wall


def run(
    out: str | Path,
    scale: str = "quick",
    *,
    workers: int | None = None,
    resume: bool = False,
    engine: str = "local",
    scheduler: str | None = None,
    stream: TextIO | None = sys.stderr,
    progress: bool = True,
) -> Path:
    """Run the almanac at a scale and reduce it to its tables (``shengji almanac``).

    Every part (``shengji.almanac.parts``) runs as an ordinary study into
    ``out/parts/<part>``, resumed if it is there; then every analysis is reduced to
    ``out/<analysis>.parquet`` (``shengji.almanac.tidy``'s columns) and ``out/manifest.json``.

    Parameters
    ----------
    out : str or path-like
        The almanac's directory: new or empty, or (``resume``) one this function started.
    scale : {"quick", "full", "tiny"}, default "quick"
        The sizes (``shengji.almanac.SCALES``): ``quick`` the published tables (CPU-minutes),
        ``full`` the issue's (CPU-hours: docs/results/almanac.md), ``tiny`` the tests' (seconds).
    workers : int, optional
        Worker processes (default: every core); the tables do not depend on it.
    resume : bool, default False
        Finish an interrupted almanac in ``out`` (or reduce a finished one again).
    engine : {"local", "dask"}, default "local"
        As for ``shengji run``: processes here, or a Dask cluster.
    scheduler : str, optional
        A Dask scheduler's address (with ``engine="dask"``).
    stream : file-like or None, default sys.stderr
        Where the plan, the estimate and a line per part go (None: nowhere).
    progress : bool, default True
        Each part's progress, as ``shengji run`` reports it (on stderr).

    Returns
    -------
    pathlib.Path
        ``out``, for :func:`shengji.almanac.load`.

    Raises
    ------
    shengji.runner.plan.ConfigError
        (a ValueError) For a bad scale, engine or workers, or a directory that holds
        something else or another scale: one line, nothing written.
    shengji.runner.RunError
        When a part fails (its finished chunks kept: ``resume=True`` finishes it) or the
        directory cannot be written.

    Examples
    --------
    >>> import tempfile
    >>> import shengji.almanac
    >>> out = shengji.almanac.run(tempfile.mkdtemp() + "/alm", "tiny", workers=1,
    ...                           stream=None, progress=False)
    >>> rules = shengji.almanac.load(out, "rules")
    >>> sorted(set(rules.hand)), int(rules.n.iloc[0])
    (['first', 'later'], 64)
    """
    from shengji.studies.base import make_config

    workers = _checked(scale, engine, workers)
    out = Path(out)
    _check_dir(out, scale, resume)
    plan = parts(scale)
    configs = [make_config(dict(p.study), source=f"almanac part {p.name}") for p in plan]
    cpu_est, wall_est = estimate(plan, workers)
    _say(
        stream,
        f"almanac ({scale}): {len(plan)} parts, {sum(p.items for p in plan):,} items; "
        f"estimate {cpu_est / 60:.1f} CPU-minutes, {wall_est / 60:.1f} minutes on "
        f"{workers} worker(s)",
    )
    root = _start(out, scale)
    t_all = time.perf_counter()
    # each analysis's measured CPU-seconds over its estimate so far: the parts left are
    # scaled by their own analysis's (the cheap deal parts come first; their speed says
    # nothing of the network's)
    spent: dict[str, list[float]] = {}
    for i, (part, (kind, cfg)) in enumerate(zip(plan, configs, strict=True), 1):
        left = sum(p.cost * _ratio(spent, p) for p in plan[i - 1 :])
        _say(
            stream,
            f"[{i}/{len(plan)}] {part.name}: {part.items:,} items, estimate "
            f"{part.cost * _ratio(spent, part):.0f} CPU-s (all left: {left / 60:.1f} CPU-min)",
        )
        cpu, wall = _run_part(
            part,
            kind,
            cfg,
            root,
            workers=workers,
            quiet=not progress,
            engine=engine,
            scheduler=scheduler,
            command=f"shengji almanac --out {out}",
        )
        done = spent.setdefault(part.analysis, [0.0, 0.0])
        done[0] += cpu
        done[1] += part.cost
        _say(stream, f"      done in {wall:.1f} s, {cpu:.1f} CPU-s")
    _say(stream, "reducing to the tables ...")
    try:
        manifest = _reduce(out, scale, plan, root)
    except OSError as exc:
        raise OutputError(
            f"cannot write the tables in {str(out)!r}: {reason(exc)} (the "
            "parts are kept: --resume reduces them again)",
            FAILED,
        ) from None
    _say(
        stream,
        f"almanac: {len(manifest['tables'])} tables in {out} ({time.perf_counter() - t_all:.0f} s; "
        f"{manifest['cpu_seconds_total']:.0f} CPU-s in all runs of its parts)",
    )
    return out


def _reduce(out: Path, scale: str, plan, root: Path) -> dict:
    """Write every analysis's table and the manifest; returns the manifest."""
    tables = {}
    for analysis in PLAN:
        rows = analysis.reduce(
            analysis.name, [p for p in plan if p.analysis == analysis.name], root
        )
        path = out / f"{analysis.name}.parquet"
        write(rows, path)
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        tables[analysis.name] = {"rows": len(rows), "sha256": digest}
    manifest = _manifest(scale, plan, root, tables)
    tmp = out / ("." + MANIFEST + ".tmp")
    tmp.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    os.replace(tmp, out / MANIFEST)
    return manifest


def _manifest(scale: str, plan, root: Path, tables: dict) -> dict:
    from shengji.names import VERSION
    from shengji.runner.manifest import Manifest

    spent = _cpu_log(root)
    entries = []
    for p in plan:
        header = Manifest(root / p.name).header() or {}
        cpu, wall = spent.get(p.name, [0.0, 0.0])
        entries.append(
            {
                "name": p.name,
                "analysis": p.analysis,
                "study": header.get("study"),
                "seed": header.get("seed"),
                "n": header.get("n"),
                "items": p.items,
                "preset": header.get("preset"),
                "level": header.get("level"),
                "options": header.get("options"),
                "rules": header.get("rules"),
                "sweep_cells": len(header.get("sweep", {}).get("cells", [])) or None,
                "cpu_seconds": round(cpu, 1),
                "wall_seconds": round(wall, 1),
            }
        )
    bots = {}
    for e in entries:
        bots.update(played_bots(e["study"], e["options"] or {}))
    return {
        "almanac": 1,
        "scale": scale,
        "commit": _commit(),
        "version": VERSION,
        "bots": bots,
        "parts": entries,
        "tables": tables,
        "cpu_seconds_total": round(sum(e["cpu_seconds"] for e in entries), 1),
        "wall_seconds_total": round(sum(e["wall_seconds"] for e in entries), 1),
    }
