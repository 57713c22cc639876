"""The manifest, ``OUT/_manifest.jsonl``: the run's header, then one JSON line per finished
chunk (its files with their row counts, sizes and sha256, and its summary sums), then a
``complete`` line.  Only the lock holder writes it: appended line by line (each line one
``write``, fsynced), or rewritten whole under a temporary name and renamed (``--resume``
compacts it to the chunks it verified).

Reading never loads the whole file: the header is its first line, whether the run finished
is its last, and the chunk records are streamed (a run of 10^12 deals has millions).  A torn
last line (a run killed while appending) is skipped.
"""

from __future__ import annotations

import json
import os
from array import array
from collections.abc import Iterator

import numpy as np

from shengji.runner.output import MANIFEST, is_temp_name

_TAIL = 1 << 16  # bytes read from the end to find the last line


def _parse(line: bytes):
    try:
        rec = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None  # torn write of a killed run
    return rec if isinstance(rec, dict) else None


class Manifest:
    """``OUT/_manifest.jsonl``, by path for reading; writes go through ``dir_fd`` (the
    locked output directory) when given, so that they never land in another directory
    that took the same name."""

    def __init__(self, out, dir_fd: int | None = None):
        self.path = os.path.join(os.fspath(out), MANIFEST)
        self.dir_fd = dir_fd

    def exists(self) -> bool:
        return os.path.exists(self.path)

    # -- reading ----------------------------------------------------------------------
    def header(self) -> dict | None:
        """The run's header (its metadata and tables), or None (no manifest, or no header)."""
        try:
            with open(self.path, "rb") as fh:
                first = fh.readline()
        except FileNotFoundError:
            return None
        rec = _parse(first)
        return rec["run"] if rec is not None and isinstance(rec.get("run"), dict) else None

    def complete(self) -> bool:
        """Whether the run finished (the last whole line is a ``complete`` record)."""
        try:
            with open(self.path, "rb") as fh:
                fh.seek(0, os.SEEK_END)
                size = fh.tell()
                fh.seek(max(0, size - _TAIL))
                tail = fh.read()
        except FileNotFoundError:
            return False
        for line in reversed(tail.splitlines()):
            rec = _parse(line)
            if rec is not None:
                return bool(rec.get("complete"))
        return False

    def records(self) -> Iterator[tuple[int, dict]]:
        """(byte offset, record) of every chunk record, in the order written."""
        with open(self.path, "rb") as fh:
            offset = 0
            for line in fh:
                rec = _parse(line)
                if rec is not None and "chunk" in rec:
                    yield offset, rec
                offset += len(line)

    def read(self) -> tuple[dict | None, list[dict]]:
        """(header, chunk records): small manifests only (tests, tools)."""
        if not self.exists():
            return None, []
        return self.header(), [rec for _, rec in self.records()]

    def latest_records(self, accept) -> Iterator[tuple[int, dict]]:
        """(offset, record): the last record of each chunk for which ``accept(record)``
        holds, in chunk order.  Memory: 16 bytes per record (chunk index and line offset),
        never the plan."""
        index, offset = array("q"), array("q")
        for off, rec in self.records():
            if accept(rec):
                index.append(rec["chunk"])
                offset.append(off)
        if not index:
            return
        k = np.frombuffer(index, np.int64)
        o = np.frombuffer(offset, np.int64)
        # the last record of a chunk wins (an earlier one was of a damaged, redone chunk)
        order = np.lexsort((-o, k))
        first = np.ones(len(order), bool)
        first[1:] = k[order][1:] != k[order][:-1]
        with open(self.path, "rb") as fh:
            for off in o[order][first]:
                fh.seek(int(off))
                yield int(off), _parse(fh.readline())

    # -- writing (the lock holder only) -----------------------------------------------
    def _open(self, name: str, flags: int) -> int:
        if self.dir_fd is not None:
            return os.open(name, flags, 0o644, dir_fd=self.dir_fd)
        return os.open(os.path.join(os.path.dirname(self.path), name), flags, 0o644)

    def start(self, header: dict, records=()) -> None:
        """Write a fresh manifest (header, then ``records``) atomically."""
        tmp = f".{MANIFEST}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
        assert is_temp_name(tmp)
        fd = self._open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC)
        try:
            with os.fdopen(fd, "w") as fh:
                fh.write(json.dumps({"run": header}, sort_keys=True) + "\n")
                for rec in records:
                    fh.write(json.dumps(rec, sort_keys=True) + "\n")
                fh.flush()
                os.fsync(fh.fileno())
            if self.dir_fd is not None:
                os.replace(tmp, MANIFEST, src_dir_fd=self.dir_fd, dst_dir_fd=self.dir_fd)
            else:
                os.replace(os.path.join(os.path.dirname(self.path), tmp), self.path)
        except BaseException:
            try:
                if self.dir_fd is not None:
                    os.unlink(tmp, dir_fd=self.dir_fd)
                else:
                    os.unlink(os.path.join(os.path.dirname(self.path), tmp))
            except OSError:
                pass
            raise

    def append(self, record: dict) -> None:
        """One line, one write, fsynced.  The manifest must exist: one deleted during the
        run is an error, not silently re-made."""
        data = (json.dumps(record, sort_keys=True) + "\n").encode()
        fd = self._open(MANIFEST, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)
        try:
            view = memoryview(data)
            while view:  # a short write (a full disk) makes the next one raise ENOSPC
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
