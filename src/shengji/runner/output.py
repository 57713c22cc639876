"""The layout of an output directory, and how chunk files are written (in the workers).

Layout of an output directory ``OUT``::

    OUT/_manifest.jsonl        line 1: the run's metadata; then one line per finished chunk
    OUT/<table>/part-000123.parquet
    OUT/_chunks/aggregate-000123.npz   per-chunk arrays of aggregate runs, merged at the end
    OUT/.shengji.lock          the run's lock (see lock.py); removed when the run ends

Readers (pyarrow.dataset, pandas, polars, DuckDB) skip names starting with "_" or ".", so
they see only complete chunk files.  A worker writes (and fsyncs) each file under a hidden,
unique temporary name, ``.part-000123.parquet.<pid>.<random>.tmp``, and returns it; the run
(the lock holder, and nobody else) renames it into place and then records it in the manifest.
A killed run leaves at most hidden temporary files, which the next run into ``OUT`` removes.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
from pathlib import Path

import numpy as np

MANIFEST = "_manifest.jsonl"
CHUNKS_DIR = "_chunks"
LOCK_NAME = ".shengji.lock"
META_KEY = b"shengji"
_PART = re.compile(r"part-(\d+)\.parquet")
_AGGREGATE = re.compile(r"aggregate-(\d+)\.npz")


def part_name(index: int, digits: int = 6) -> str:
    return f"part-{index:0{digits}d}.parquet"


def aggregate_name(index: int, digits: int = 6) -> str:
    return f"aggregate-{index:0{digits}d}.npz"


def chunk_files(tables: list[str], index: int, digits: int) -> set[str]:
    """The relative paths chunk ``index`` may write (its part of each table, or its
    aggregate arrays)."""
    return {f"{t}/{part_name(index, digits)}" for t in tables} | {
        f"{CHUNKS_DIR}/{aggregate_name(index, digits)}"
    }


def temp_path(path: Path) -> Path:
    """A hidden, unique temporary name next to ``path`` (see :func:`is_temp_name`)."""
    return path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")


def is_temp_name(name: str) -> bool:
    return name.startswith(".") and name.endswith(".tmp")


def is_data_name(folder: str, name: str) -> bool:
    """Whether ``name`` inside ``OUT/<folder>`` is a file shengji writes there."""
    if is_temp_name(name):
        return True
    return bool((_AGGREGATE if folder == CHUNKS_DIR else _PART).fullmatch(name))


def _encodings(schema) -> dict:
    """Per-column encodings: delta for the monotone int64 index columns, byte-stream-split
    for small integers; dictionary encoding off.  About halves the writer's cost against
    the defaults, at a similar size."""
    import pyarrow as pa

    enc = {}
    for f in schema:
        if pa.types.is_int64(f.type) and f.name in ("deal", "hand", "match"):
            enc[f.name] = "DELTA_BINARY_PACKED"
        elif pa.types.is_integer(f.type):
            enc[f.name] = "BYTE_STREAM_SPLIT"
    return enc


def _seal(tmp: Path) -> tuple[str, int]:
    """Hash and fsync a finished temporary file: (sha256, size)."""
    h = hashlib.sha256()
    size = 0
    with open(tmp, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
            size += len(block)
        os.fsync(fh.fileno())
    return h.hexdigest(), size


def _failed(exc: OSError, path: Path) -> OSError:
    """The error as the run reports it: the errno, its plain text and the file (pyarrow's
    own messages are long and name no file)."""
    if exc.errno:
        return OSError(exc.errno, os.strerror(exc.errno), str(path))
    return OSError(None, str(exc), str(path))


def _write_temp(path: Path, write) -> dict:
    """``write(tmp)`` a file under a temporary name next to ``path``, hash and fsync it;
    returns ``{"tmp": name, "sha256", "bytes"}``.  The folder must exist: a worker never
    creates folders, so that a directory removed during a run is not half re-made.  On an
    error the temporary file is removed and the error names ``path``."""
    tmp = temp_path(path)
    try:
        write(tmp)
        sha, size = _seal(tmp)
    except OSError as exc:
        _unlink_quietly(tmp)
        raise _failed(exc, path) from None
    except BaseException:
        _unlink_quietly(tmp)
        raise
    return {"tmp": tmp.name, "sha256": sha, "bytes": size}


def write_table_temp(table, path: Path, metadata: dict) -> dict:
    """Write ``table`` as Parquet under a temporary name next to ``path`` (see
    :func:`_write_temp`); the result has ``rows`` too."""
    import pyarrow.parquet as pq

    meta = dict(table.schema.metadata or {})
    meta[META_KEY] = json.dumps(metadata, sort_keys=True).encode()
    table = table.replace_schema_metadata(meta)
    enc = _encodings(table.schema)

    def write(tmp):
        pq.write_table(
            table,
            tmp,
            compression="zstd",
            use_dictionary=[c for c in table.column_names if c not in enc],
            column_encoding=enc or None,
            write_statistics=True,
        )

    return dict(_write_temp(path, write), rows=table.num_rows)


def save_arrays_temp(arrays: dict, path: Path) -> dict:
    """``np.savez`` of ``arrays`` under a temporary name next to ``path``."""

    def write(tmp):
        with open(tmp, "xb") as fh:
            np.savez(fh, **arrays)

    return dict(_write_temp(path, write), rows=0)


def _unlink_quietly(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass  # the directory itself may be gone; the error that matters is being raised


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def file_matches(path: Path, expected: dict) -> bool:
    """Whether ``path`` exists with the size and sha256 a manifest record gives for it."""
    try:
        size = path.stat().st_size
    except OSError:
        return False
    if "bytes" in expected and size != expected["bytes"]:
        return False  # truncated or grown: no need to hash it
    try:
        return file_sha256(path) == expected.get("sha256")
    except OSError:
        return False
