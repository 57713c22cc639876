"""Durable output: Parquet chunk files written under a temporary name and renamed when
whole, and an append-only manifest of finished chunks.

Layout of an output directory ``OUT``::

    OUT/_manifest.jsonl        line 1: the run's metadata; then one line per finished chunk
    OUT/<table>/part-000123.parquet
    OUT/_chunks/...            per-chunk aggregate arrays (aggregate runs), merged at the end

Readers (pyarrow.dataset, pandas, polars, DuckDB) skip names starting with "_" or ".", so
they see only complete chunk files: a file is written (and fsynced) under a hidden temporary
name, ``.part-000123.parquet.<pid>.<random>.tmp`` (unique, so that two attempts at one chunk,
e.g. a Dask retry, never share one), and renamed into place when whole.  A killed run leaves
at most hidden temporary files, which ``--resume`` removes.
"""
from __future__ import annotations

import hashlib
import json
import os
import secrets
import shutil
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

MANIFEST = "_manifest.jsonl"
CHUNKS_DIR = "_chunks"
META_KEY = b"shengji"


def part_name(index: int) -> str:
    return f"part-{index:06d}.parquet"


def _encodings(schema: pa.Schema) -> dict:
    """Per-column encodings: delta for the monotone int64 index columns, byte-stream-split
    for small integers; dictionary encoding off.  About halves the writer's cost against
    the defaults, at a similar size."""
    enc = {}
    for f in schema:
        if pa.types.is_int64(f.type) and f.name in ("deal", "hand", "match"):
            enc[f.name] = "DELTA_BINARY_PACKED"
        elif pa.types.is_integer(f.type):
            enc[f.name] = "BYTE_STREAM_SPLIT"
    return enc


def temp_path(path: Path) -> Path:
    """A hidden, unique temporary name next to ``path`` (see :func:`is_temp_name`)."""
    return path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")


def is_temp_name(name: str) -> bool:
    return name.startswith(".") and name.endswith(".tmp")


def _seal(tmp: Path, path: Path) -> str:
    """Hash and fsync the finished temporary file, then rename it to ``path``."""
    h = hashlib.sha256()
    with open(tmp, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
        os.fsync(fh.fileno())
    os.replace(tmp, path)
    return h.hexdigest()


def write_table_atomic(table: pa.Table, path: Path, metadata: dict) -> str:
    """Write ``table`` to ``path`` via a temporary name; return the file's sha256."""
    path.parent.mkdir(parents=True, exist_ok=True)
    meta = dict(table.schema.metadata or {})
    meta[META_KEY] = json.dumps(metadata, sort_keys=True).encode()
    table = table.replace_schema_metadata(meta)
    tmp = temp_path(path)
    enc = _encodings(table.schema)
    try:
        pq.write_table(
            table, tmp, compression="zstd",
            use_dictionary=[c for c in table.column_names if c not in enc],
            column_encoding=enc or None, write_statistics=True,
        )
        return _seal(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def save_array_atomic(arrays: dict, path: Path) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = temp_path(path)
    try:
        with open(tmp, "wb") as fh:
            np.savez(fh, **arrays)
        return _seal(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


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
        return file_sha256(path) == expected["sha256"]
    except OSError:
        return False


def remove_temp_files(out: Path, dirs: list[str]) -> int:
    """Remove the hidden temporary files a killed run left in ``out`` and its ``dirs``."""
    removed = 0
    for d in [out] + [out / name for name in dirs]:
        if not d.is_dir():
            continue
        for p in d.iterdir():
            if is_temp_name(p.name) and p.is_file():
                p.unlink(missing_ok=True)
                removed += 1
    return removed


class Manifest:
    """Append-only JSON lines; a torn last line (a killed run) is ignored on reading."""

    def __init__(self, out: Path):
        self.path = out / MANIFEST

    def exists(self) -> bool:
        return self.path.exists()

    def start(self, header: dict, records: list[dict] = ()) -> None:
        """Write a fresh manifest (header, then ``records``) atomically.  ``--resume`` uses it
        to compact an interrupted run's manifest to the chunks that were verified."""
        tmp = temp_path(self.path)
        try:
            with open(tmp, "w") as fh:
                fh.write(json.dumps({"run": header}, sort_keys=True) + "\n")
                for rec in records:
                    fh.write(json.dumps(rec, sort_keys=True) + "\n")
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
        finally:
            tmp.unlink(missing_ok=True)

    def append(self, record: dict) -> None:
        with open(self.path, "a") as fh:
            fh.write(json.dumps(record, sort_keys=True) + "\n")
            fh.flush()
            os.fsync(fh.fileno())

    def read(self) -> tuple[dict | None, list[dict]]:
        """(header, chunk records in order of finishing); see also :meth:`complete`."""
        header, records = None, []
        try:
            text = self.path.read_text()
        except FileNotFoundError:
            return None, []
        for line in text.splitlines():
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue  # torn write of a killed run
            if "run" in rec and header is None:
                header = rec["run"]
            elif "chunk" in rec:
                records.append(rec)
        return header, records


def holds_data(out: Path) -> bool:
    return out.exists() and any(out.iterdir())


def clear_output(out: Path, tables: list[str]) -> None:
    """Remove a previous shengji run's files (only ours)."""
    for name in list(tables) + [CHUNKS_DIR]:
        p = out / name
        if p.is_dir():
            shutil.rmtree(p)
    (out / MANIFEST).unlink(missing_ok=True)
    remove_temp_files(out, [])  # e.g. a manifest being rewritten when a run was killed


def is_shengji_output(out: Path) -> bool:
    return (out / MANIFEST).exists()


def load_manifest_complete(out: Path) -> bool:
    """Whether the run in ``out`` finished (its manifest ends with a complete record)."""
    try:
        text = (out / MANIFEST).read_text()
    except FileNotFoundError:
        return False
    for line in reversed(text.splitlines()):
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            continue
        return bool(rec.get("complete"))
    return False
