"""Engines: where chunks run.  An engine is started when made (workers up, or the cluster
reached: a failure there is a refusal and nothing has been written), yields chunk records as
chunks finish (in any order; the data does not depend on it), keeps at most
``2 × workers`` chunks in flight — the chunk plan is consumed lazily, so memory stays flat
whatever n — and is shut down with ``close()``.

* ``local``: processes on this machine (spawned, without re-running the user's script:
  ``processes.py``), or in-process for one worker.
* ``dask``: a ``dask.distributed`` cluster — an existing one (``scheduler`` address) or a
  ``LocalCluster`` of ``workers`` single-threaded worker processes.  Workers write their chunk
  files themselves, so the output directory must be visible to every worker under the same
  path (a shared filesystem for a multi-machine cluster).

Workers write chunk files under temporary names only (see output.py); the run puts them in
place.
"""

from __future__ import annotations

import importlib
import logging
import os
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import islice
from pathlib import Path
from typing import Any

from shengji.names import install_hint
from shengji.runner.errors import FAILED, REFUSED, RunError, is_file_system_error
from shengji.runner.output import (
    CHUNKS_DIR,
    aggregate_name,
    part_name,
    save_arrays_temp,
    write_table_temp,
)
from shengji.runner.plan import Chunk, Study, StudyConfig

ENGINES = ("local", "dask")


def compute_chunk(
    kind: Study, cfg: StudyConfig, chunk: Chunk, out: str, digits: int = 6, progress=None
) -> dict:
    """Run one chunk and write its files under temporary names; returns its record (each
    file with its ``tmp`` name).  Runs in a worker.  ``progress(k)``, if given, hears of the
    items done within the chunk as it goes (kinds with ``reports_progress``; it never
    changes the data)."""
    if progress is not None and kind.reports_progress:
        # only the kinds that set reports_progress take it
        res = kind.run_chunk(cfg, chunk, progress=progress)  # type: ignore[call-arg]
    else:
        res = kind.run_chunk(cfg, chunk)
    meta = dict(cfg.metadata(), chunk=chunk.index, start=chunk.start, count=chunk.count)
    meta.update(res.metadata or {})
    files: dict[str, dict] = {}
    outp = Path(out)
    try:
        for table, data in res.tables.items():
            rel = f"{table}/{part_name(chunk.index, digits)}"
            files[rel] = write_table_temp(data, outp / rel, meta)
        if res.aggregate is not None:
            rel = f"{CHUNKS_DIR}/{aggregate_name(chunk.index, digits)}"
            files[rel] = save_arrays_temp(res.aggregate, outp / rel)
    except BaseException:
        for rel, f in files.items():  # this chunk's other files: no use alone
            try:
                (outp / rel).with_name(f["tmp"]).unlink(missing_ok=True)
            except OSError:
                pass
        raise
    return {
        "chunk": chunk.index,
        "start": chunk.start,
        "count": chunk.count,
        "files": files,
        "stats": res.stats,
    }


def _ready(module: str) -> int:
    """A worker's first task: import the study's code (so that a broken install fails the
    start, before anything is written, and the import is not counted in the run's rate)."""
    importlib.import_module(module)
    return os.getpid()


# -- local ----------------------------------------------------------------------------
_PROGRESS_QUEUE = None  # in a worker process: where it reports progress within a chunk


def _compute_reporting(kind: Study, cfg: StudyConfig, chunk: Chunk, out: str, digits: int):
    """compute_chunk in a worker, reporting (chunk, items done) to the run's queue."""
    queue = _PROGRESS_QUEUE

    def progress(k: int) -> None:
        if queue is not None:
            queue.put((chunk.index, k))

    return compute_chunk(kind, cfg, chunk, out, digits, progress)


def _worker_init(parent: int, queue=None) -> None:
    """Worker initializer.  Ctrl-C reaches every process of the terminal's group: the run
    handles it (and stops its workers), so a worker ignores it rather than print its own
    traceback.  And a worker exits when the run that started it is gone (killed), instead
    of lingering as an orphan that keeps writing files."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    global _PROGRESS_QUEUE
    _PROGRESS_QUEUE = queue

    def watch():
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="shengji-parent-watch", daemon=True).start()


@contextmanager
def _sigint_ignored():
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


class LocalStream:
    """Chunk records as chunks finish.  Set ``on_progress(chunk_index, k)`` to hear of the
    items done within running chunks too (between records: never after a chunk's record)."""

    def __init__(
        self,
        kind: Study,
        cfg: StudyConfig,
        chunks: Iterator[Chunk],
        count: int,
        out: str,
        workers: int,
        digits: int,
        quiet: bool = True,
    ):
        self.args = (kind, cfg, out, digits)
        # the kind and the config as the worker processes are sent them (processes.sendable)
        self.sent: tuple[Any, Any] = (kind, cfg)
        self.chunks, self.workers, self.pool, self.queue = chunks, workers, None, None
        self.on_progress = None
        if workers > 1 and count > 1:
            from concurrent.futures import ProcessPoolExecutor

            from shengji.runner.processes import sendable, worker_context

            # spawned, without re-running the user's script (processes.py)
            ctx = worker_context((kind, cfg))
            self.sent = (sendable(kind), sendable(cfg))
            n = min(workers, count)
            self.queue = ctx.Queue() if not quiet else None
            self.pool = ProcessPoolExecutor(
                max_workers=n,
                mp_context=ctx,
                initializer=_worker_init,
                initargs=(os.getpid(), self.queue),
            )
            try:
                # The workers start (spawn) at these submits.  They start with SIGINT
                # ignored (Python keeps a disposition it inherits as ignored), so that a
                # Ctrl-C, which reaches the terminal's whole process group, does not make
                # them print tracebacks: the run handles it.  (The parent ignores it for
                # the milliseconds the spawning takes.)
                with _sigint_ignored():
                    futures = [self.pool.submit(_ready, type(kind).__module__) for _ in range(n)]
                for fut in futures:
                    fut.result()
            except BaseException as exc:
                self.close(abort=True)
                if isinstance(exc, Exception):
                    raise RunError(
                        f"the worker processes could not start: {exc}", REFUSED
                    ) from None
                raise

    def _drain(self, running: dict) -> None:
        """Pass on the progress reports of running chunks (a report may come after its
        chunk's record: the chunk is no longer running then, and the report is dropped)."""
        import queue as queue_module

        if self.queue is None:  # quiet: no reports
            return
        while True:
            try:
                index, k = self.queue.get_nowait()
            except queue_module.Empty:
                return
            if index in running and self.on_progress is not None:
                self.on_progress(index, k)

    def __iter__(self) -> Iterator[dict]:
        kind, cfg, out, digits = self.args
        if self.pool is None:
            for chunk in self.chunks:
                report = self.on_progress
                progress = None if report is None else (lambda k, i=chunk.index, r=report: r(i, k))
                yield compute_chunk(kind, cfg, chunk, out, digits, progress)
            return
        from concurrent.futures import FIRST_COMPLETED, wait
        from concurrent.futures.process import BrokenProcessPool

        pool = self.pool
        task = compute_chunk if self.queue is None else _compute_reporting
        running: dict = {}  # future -> chunk index, and chunk index -> future

        def submit(c: Chunk):
            fut = pool.submit(task, self.sent[0], self.sent[1], c, out, digits)
            running[fut], running[c.index] = c.index, fut
            return fut

        try:
            pending = {submit(c) for c in islice(self.chunks, 2 * self.workers)}
            tick = 0.25 if self.queue is not None else None
            while pending:
                done, pending = wait(pending, timeout=tick, return_when=FIRST_COMPLETED)
                if self.queue is not None:
                    self._drain(running)
                for fut in done:
                    del running[running.pop(fut)]
                    yield fut.result()
                    nxt = next(self.chunks, None)
                    if nxt is not None:
                        pending.add(submit(nxt))
        except BrokenProcessPool:
            raise RunError(
                "a worker process died during the run (killed, or out of memory?); "
                "the finished chunks are kept: run the same command with --resume "
                "to finish",
                FAILED,
            ) from None

    def close(self, abort: bool = False) -> None:
        """Shut the workers down.  ``abort`` (an error, Ctrl-C, SIGTERM): drop the queued
        chunks and stop the running ones now rather than wait for them (their temporary
        files are swept by the run)."""
        pool, self.pool = self.pool, None
        queue, self.queue = self.queue, None
        if queue is not None:
            queue.close()
            queue.cancel_join_thread()  # the parent only reads: nothing of its own to flush
        if pool is None:
            return
        if not abort:
            pool.shutdown(wait=True)
            return
        procs = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in procs:
            if proc.is_alive():
                proc.terminate()
        for proc in procs:
            proc.join(timeout=10)


# -- dask -----------------------------------------------------------------------------
_NOISY_LOGGERS = ("distributed", "tornado", "asyncio")


def _import_distributed():
    try:
        import distributed
    except ImportError:
        raise RunError(
            f"--engine dask needs dask.distributed: {install_hint('dask')}", REFUSED
        ) from None
    return distributed


def _cluster_failure(exc: BaseException) -> bool:
    """A failure of the cluster (lost scheduler, killed workers, closed connections), as
    opposed to an error raised by a chunk (a full disk is reported as such)."""
    if is_file_system_error(exc):
        return False
    mod = type(exc).__module__ or ""
    return mod.split(".")[0] in ("distributed", "tornado", "asyncio") or isinstance(
        exc, (TimeoutError, ConnectionError, OSError)
    )


class DaskStream:
    """Connects (or starts a LocalCluster) when made, so that the cluster's start-up is not
    counted in the run's rate; iterate for chunk records; ``close()`` releases the cluster."""

    def __init__(
        self,
        kind: Study,
        cfg: StudyConfig,
        chunks: Iterator[Chunk],
        count: int,
        out: str,
        workers: int,
        digits: int,
        scheduler: str | None = None,
        quiet: bool = True,
    ):
        distributed = _import_distributed()
        self._levels = {}
        if quiet:  # our own one line reports any failure; Dask's log tracebacks are noise
            # (every such logger: Dask's config gives some, e.g. distributed.client, their
            # own level, which a parent's level would not override)
            names = [
                n
                for n in list(logging.root.manager.loggerDict)
                if n.split(".")[0] in _NOISY_LOGGERS
            ] + list(_NOISY_LOGGERS)
            for name in dict.fromkeys(names):
                log = logging.getLogger(name)
                self._levels[name] = log.level
                log.setLevel(logging.CRITICAL + 1)
        self._as_completed = distributed.as_completed
        # distributed's LocalCluster and Client (untyped: Any); None once closed
        self.cluster: Any = None
        self.client: Any = None
        try:
            if scheduler:
                import dask

                # Dask's own setting (DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT; 30 s)
                timeout = dask.config.get("distributed.comm.timeouts.connect", "30s")
                try:
                    self.client = distributed.Client(scheduler, timeout=timeout)
                except (OSError, TimeoutError) as exc:
                    raise RunError(
                        f"cannot reach the Dask scheduler at {scheduler!r}: {exc}", REFUSED
                    ) from None
                try:
                    self.client.wait_for_workers(1, timeout=120)
                except (TimeoutError, OSError):
                    raise RunError(
                        f"the Dask scheduler at {scheduler!r} has no workers", REFUSED
                    ) from None
            else:
                # its worker processes are spawned while it starts: from a clean __main__,
                # so that a script without a __main__ guard is not run again in each (what
                # they run comes pickled by value, cloudpickle's way with __main__'s)
                from shengji.runner.processes import clean_main

                with clean_main():
                    self.cluster = distributed.LocalCluster(
                        n_workers=workers,
                        threads_per_worker=1,
                        processes=True,
                        dashboard_address=None,
                        silence_logs=logging.ERROR,
                    )
                self.client = distributed.Client(self.cluster)
        except BaseException:
            self.close()
            raise
        self.args = (kind, cfg, chunks, out, digits, scheduler)

    def _slots(self) -> int:
        return max(1, sum(self.client.nthreads().values()))

    def __iter__(self) -> Iterator[dict]:
        kind, cfg, chunks, out, digits, scheduler = self.args
        client, token = self.client, uuid.uuid4().hex[:12]

        def submit(chunk: Chunk):
            return client.submit(
                compute_chunk,
                kind,
                cfg,
                chunk,
                out,
                digits,
                pure=False,
                retries=2,
                key=f"shengji-chunk-{chunk.index:06d}-{token}",
            )

        try:
            limit, checked = 2 * self._slots(), time.monotonic()
            pending = self._as_completed([submit(c) for c in islice(chunks, limit)])
            in_flight = pending.count()
            for fut in pending:
                record = fut.result()
                fut.release()
                in_flight -= 1
                yield record
                if time.monotonic() - checked > 5:  # workers may join or leave a cluster
                    limit, checked = 2 * self._slots(), time.monotonic()
                for chunk in islice(chunks, max(0, limit - in_flight)):
                    pending.add(submit(chunk))
                    in_flight += 1
        except Exception as exc:
            if not _cluster_failure(exc):
                raise
            first = (str(exc).strip().splitlines() or [""])[0]
            where = f" at {scheduler}" if scheduler else ""
            raise RunError(
                f"the Dask cluster{where} failed during the run ({type(exc).__name__}"
                f"{': ' + first if first else ''}); the finished chunks are kept: "
                "run the same command with --resume to finish",
                FAILED,
            ) from None

    def close(self, abort: bool = False) -> None:
        try:
            if self.client is not None:
                try:
                    self.client.close(timeout=10)
                except Exception:
                    pass  # a lost scheduler: nothing to release
            if self.cluster is not None:
                try:
                    self.cluster.close(timeout=10)
                except Exception:
                    pass
        finally:
            self.client = self.cluster = None
            for name, level in self._levels.items():
                logging.getLogger(name).setLevel(level)
            self._levels = {}


def start_engine(
    engine: str,
    kind: Study,
    cfg: StudyConfig,
    chunks: Iterator[Chunk],
    count: int,
    out: str,
    workers: int,
    digits: int,
    scheduler: str | None = None,
    quiet: bool = True,
):
    if engine == "dask":
        return DaskStream(kind, cfg, chunks, count, out, workers, digits, scheduler, quiet)
    return LocalStream(kind, cfg, chunks, count, out, workers, digits, quiet)
