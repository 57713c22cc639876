"""Engines: where chunks run.  Each yields chunk records as chunks finish (in any order; the
data does not depend on it) and keeps at most ``2 × workers`` chunks in flight, so memory
stays flat whatever n.

* ``local``: processes on this machine (``spawn``), or in-process for one worker.
* ``dask``: a ``dask.distributed`` cluster — an existing one (``scheduler`` address) or a
  ``LocalCluster`` of ``workers`` single-threaded worker processes.  Workers write their chunk
  files themselves, so the output directory must be visible to every worker under the same
  path (a shared filesystem for a multi-machine cluster).
"""
from __future__ import annotations

import logging
import os
import threading
import time
import uuid
from itertools import islice
from pathlib import Path
from typing import Iterator

from ..studies.base import Chunk, ConfigError, Study, StudyConfig
from .output import CHUNKS_DIR, part_name, save_array_atomic, write_table_atomic

ENGINES = ("local", "dask")


def compute_chunk(kind: Study, cfg: StudyConfig, chunk: Chunk, out: str) -> dict:
    """Run one chunk and write its files; returns its manifest record.  Runs in a worker."""
    res = kind.run_chunk(cfg, chunk)
    meta = dict(cfg.metadata(), chunk=chunk.index, start=chunk.start, count=chunk.count)
    files = {}
    outp = Path(out)
    for table, data in res.tables.items():
        rel = f"{table}/{part_name(chunk.index)}"
        digest = write_table_atomic(data, outp / rel, meta)
        files[rel] = {"sha256": digest, "rows": data.num_rows, "bytes": (outp / rel).stat().st_size}
    if res.aggregate is not None:
        rel = f"{CHUNKS_DIR}/aggregate-{chunk.index:06d}.npz"
        digest = save_array_atomic(res.aggregate, outp / rel)
        files[rel] = {"sha256": digest, "rows": 0, "bytes": (outp / rel).stat().st_size}
    return {"chunk": chunk.index, "start": chunk.start, "count": chunk.count,
            "files": files, "stats": res.stats}


# -- local ----------------------------------------------------------------------------
def _watch_parent(parent: int) -> None:
    """Worker initializer: exit when the run that started us is gone (killed), instead of
    lingering as an orphan that keeps writing files."""
    def watch():
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="shengji-parent-watch", daemon=True).start()


def execute_local(kind: Study, cfg: StudyConfig, chunks: list[Chunk], out: str,
                  workers: int) -> Iterator[dict]:
    if workers == 1 or len(chunks) <= 1:
        for chunk in chunks:
            yield compute_chunk(kind, cfg, chunk, out)
        return
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    # spawn, not fork: the parent may hold threads (progress bar, BLAS) that fork breaks.
    ctx = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=min(workers, len(chunks)), mp_context=ctx,
                               initializer=_watch_parent, initargs=(os.getpid(),))
    try:
        queue = iter(chunks)
        pending = {pool.submit(compute_chunk, kind, cfg, c, out)
                   for c in islice(queue, 2 * workers)}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                yield fut.result()
                nxt = next(queue, None)
                if nxt is not None:
                    pending.add(pool.submit(compute_chunk, kind, cfg, nxt, out))
    finally:
        # On an error or Ctrl-C, drop the queued chunks instead of finishing them.
        pool.shutdown(wait=True, cancel_futures=True)


# -- dask -----------------------------------------------------------------------------
def _import_distributed():
    try:
        import distributed
    except ImportError:
        raise ConfigError(
            "--engine dask needs dask.distributed: pip install 'shengji[dask]'"
        ) from None
    return distributed


class DaskStream:
    """Connects (or starts a LocalCluster) when made, so that the cluster's start-up is not
    counted in the run's rate; iterate for chunk records; ``close()`` releases the cluster."""

    def __init__(self, kind: Study, cfg: StudyConfig, chunks: list[Chunk], out: str,
                 workers: int, scheduler: str | None = None):
        distributed = _import_distributed()
        self._as_completed = distributed.as_completed
        self.cluster = None
        if scheduler:
            try:
                self.client = distributed.Client(scheduler, timeout="30s")
            except (OSError, TimeoutError) as exc:
                raise ConfigError(f"cannot reach the Dask scheduler at {scheduler!r}: {exc}") from None
            try:
                self.client.wait_for_workers(1, timeout=120)
            except (TimeoutError, OSError):
                self.client.close()
                raise ConfigError(f"the Dask scheduler at {scheduler!r} has no workers") from None
        else:
            self.cluster = distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True,
                dashboard_address=None, silence_logs=logging.ERROR,
            )
            self.client = distributed.Client(self.cluster)
        self.args = (kind, cfg, chunks, out, scheduler)

    def _slots(self) -> int:
        return max(1, sum(self.client.nthreads().values()))

    def __iter__(self) -> Iterator[dict]:
        kind, cfg, chunks, out, scheduler = self.args
        client, outp, token = self.client, Path(out), uuid.uuid4().hex[:12]

        def submit(chunk: Chunk):
            return client.submit(compute_chunk, kind, cfg, chunk, out, pure=False, retries=2,
                                 key=f"shengji-chunk-{chunk.index:06d}-{token}")

        queue = iter(chunks)
        limit, checked = 2 * self._slots(), time.monotonic()
        pending = self._as_completed([submit(c) for c in islice(queue, limit)])
        in_flight = pending.count()
        for fut in pending:
            record = fut.result()
            fut.release()
            in_flight -= 1
            _check_visible(outp, record, scheduler)
            yield record
            if time.monotonic() - checked > 5:  # workers may join or leave a cluster
                limit, checked = 2 * self._slots(), time.monotonic()
            for chunk in islice(queue, max(0, limit - in_flight)):
                pending.add(submit(chunk))
                in_flight += 1

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


execute_dask = DaskStream


def _check_visible(out: Path, record: dict, scheduler: str | None) -> None:
    for rel in record["files"]:
        if not (out / rel).exists():
            raise ConfigError(
                f"chunk {record['chunk']}: a Dask worker wrote {rel} but it is not visible in "
                f"{str(out)!r} here; the output directory must be on a filesystem shared by "
                "the client and every worker, under the same path"
                + (f" (scheduler {scheduler})" if scheduler else "")
            )
