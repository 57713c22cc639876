"""The run's side of the output directory: what it holds before the run (read only), and,
under the lock, clearing it (``--overwrite``), making the table folders, putting finished
chunk files in place and sweeping temporary files.

What shengji writes, and so what ``--overwrite`` may remove: ``_manifest.jsonl``, the lock
file, hidden temporary files (``.*.tmp``), and in its table folders (those the manifest
names, those the new run writes, and ``_chunks``) the chunk files ``part-N.parquet`` /
``aggregate-N.npz``.  Anything else in a table folder makes ``--overwrite`` and
``--resume`` refuse; anything else beside them (a notes file in ``OUT``) is left alone.
"""

from __future__ import annotations

import errno as E
import os
from dataclasses import dataclass, field
from pathlib import Path

from shengji.runner.errors import FAILED, OutputError, reason
from shengji.runner.manifest import Manifest
from shengji.runner.output import (
    CHUNKS_DIR,
    LOCK_NAME,
    MANIFEST,
    META_KEY,
    is_data_name,
    is_temp_name,
)

_SHOWN = 3  # foreign names quoted in a message


@dataclass
class Contents:
    """What an output directory holds, seen before a run writes anything."""

    entries: list[str] = field(default_factory=list)  # all but the lock and temp files
    manifest: bool = False
    header: dict | None = None
    shengji_tables: list[str] = field(default_factory=list)  # folders of shengji chunk files
    foreign: dict[str, list[str]] = field(default_factory=dict)  # table folder -> other names

    @property
    def empty(self) -> bool:
        return not self.entries

    @property
    def is_shengji(self) -> bool:
        return self.manifest or bool(self.shengji_tables)

    def folders(self, tables: list[str]) -> list[str]:
        """The table folders a run with ``tables`` writes into or may remove."""
        names = list((self.header or {}).get("tables") or []) + list(tables) + self.shengji_tables
        return list(dict.fromkeys(n for n in names + [CHUNKS_DIR] if _plain(n)))


def _plain(name) -> bool:
    return isinstance(name, str) and name not in ("", ".", "..") and "/" not in name


def _has_shengji_parts(folder: Path) -> bool:
    """Whether ``folder`` holds chunk files written by shengji (their metadata says so)."""
    import pyarrow.parquet as pq

    with os.scandir(folder) as entries:
        for e in entries:
            if (
                e.is_file(follow_symlinks=False)
                and is_data_name(folder.name, e.name)
                and not is_temp_name(e.name)
            ):
                if folder.name == CHUNKS_DIR:
                    return True
                try:
                    return META_KEY in (pq.read_schema(e.path).metadata or {})
                except Exception:  # not Parquet at all
                    return False
    return False


def _empty_folder(p: Path) -> bool:
    if p.is_symlink() or not p.is_dir():
        return False
    return all(is_temp_name(name) for name in os.listdir(p))


def inspect(out: Path, tables: list[str]) -> Contents:
    """Read-only look at ``out`` (which may not exist)."""
    c = Contents()
    try:
        names = sorted(os.listdir(out))
    except FileNotFoundError:
        return c
    # Not data: the lock file, temporary files, and empty folders (a run killed between
    # making its table folders and writing its manifest leaves just those).
    c.entries = [
        n for n in names if n != LOCK_NAME and not is_temp_name(n) and not _empty_folder(out / n)
    ]
    c.manifest = MANIFEST in c.entries
    if c.manifest:
        c.header = Manifest(out).header()
    for name in c.entries:
        p = out / name
        if name not in (MANIFEST,) and p.is_dir() and not p.is_symlink() and _has_shengji_parts(p):
            c.shengji_tables.append(name)
    for name in c.folders(tables):
        p = out / name
        if p.is_dir():
            other = sorted(
                e.name
                for e in p.iterdir()
                if not (is_data_name(name, e.name) and e.is_file() and not e.is_symlink())
            )
            if other:
                c.foreign[name] = other
    return c


def foreign_message(out: Path, foreign: dict[str, list[str]]) -> str:
    shown = []
    for folder, names in foreign.items():
        shown += [f"{folder}/{n}" for n in names]
    more = f" and {len(shown) - _SHOWN} more" if len(shown) > _SHOWN else ""
    return (
        "its table folders hold files shengji did not write ("
        + ", ".join(shown[:_SHOWN])
        + more
        + f"); move them out of {str(out)!r} first"
    )


class OutputDir:
    """Writes of the lock holder.  Every write goes through descriptors of the locked
    directory and its folders, so a directory removed during the run makes the writes fail
    (and the run report it) instead of landing in whatever takes its name."""

    def __init__(self, out: Path, dir_fd: int, engine: str = "local"):
        self.out = Path(out)
        self.dir_fd = dir_fd
        self.engine = engine
        self.manifest = Manifest(self.out, dir_fd)
        self._folders: dict[str, int] = {}
        self.committed = 0  # chunks put in place by this run

    # -- before the run -----------------------------------------------------------------
    def clear(self, folders: list[str]) -> None:
        """Remove what a previous run wrote (checked beforehand: only shengji's files)."""
        for name in folders:
            try:
                fd = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC, dir_fd=self.dir_fd)
            except (FileNotFoundError, NotADirectoryError):
                continue
            try:
                for entry in os.listdir(fd):
                    if is_data_name(name, entry):
                        os.unlink(entry, dir_fd=fd)
            finally:
                os.close(fd)
            try:
                os.rmdir(name, dir_fd=self.dir_fd)
            except OSError:
                pass
        try:
            os.unlink(MANIFEST, dir_fd=self.dir_fd)
        except FileNotFoundError:
            pass
        self.sweep([])

    def make_folders(self, folders: list[str]) -> None:
        for name in folders:
            try:
                os.mkdir(name, dir_fd=self.dir_fd)
            except FileExistsError:
                pass
            self._folders[name] = os.open(
                name, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC, dir_fd=self.dir_fd
            )

    def sweep(self, folders: list[str] | None = None, *, quiet: bool = False) -> int:
        """Remove temporary files (a killed run's, or a failed chunk's) from ``OUT`` and
        its folders.  ``quiet``: best effort, errors ignored (used on the way out of a
        failed run)."""
        removed = 0
        targets: list[tuple[int | None, int]] = [(None, self.dir_fd)]  # (to close, fd)
        for name in folders if folders is not None else list(self._folders):
            fd = self._folders.get(name)
            if fd is None:
                try:
                    fd = os.open(
                        name, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC, dir_fd=self.dir_fd
                    )
                except OSError:
                    continue
                targets.append((fd, fd))
            else:
                targets.append((None, fd))
        try:
            for _, fd in targets:
                try:
                    for entry in os.listdir(fd):
                        if is_temp_name(entry):
                            try:
                                os.unlink(entry, dir_fd=fd)
                                removed += 1
                            except FileNotFoundError:
                                pass
                except OSError:
                    if not quiet:
                        raise
        finally:
            for own, _ in targets:
                if own is not None:
                    os.close(own)
        return removed

    # -- during the run -----------------------------------------------------------------
    def commit(self, record: dict) -> dict:
        """Put a finished chunk's files in place (rename from their temporary names);
        returns the record as the manifest keeps it."""
        files = {}
        for rel, meta in record["files"].items():
            meta = dict(meta)
            self.put(rel, meta.pop("tmp"), record["chunk"])
            files[rel] = meta
        self.committed += 1
        return dict(record, files=files)

    def put(self, rel: str, tmp: str, chunk: int | None = None) -> None:
        """Rename the temporary file ``tmp`` (in the folder of ``rel``) to ``rel``."""
        folder, name = rel.split("/", 1)
        fd = self._folders[folder]
        try:
            os.replace(tmp, name, src_dir_fd=fd, dst_dir_fd=fd)
        except FileNotFoundError as exc:
            raise self._vanished(rel, chunk, exc) from None

    def _vanished(self, rel: str, chunk: int | None, exc: OSError) -> OutputError:
        gone = self.removed()
        if gone:
            return self.removed_error(gone)
        if self.engine == "dask":
            return OutputError(
                f"chunk {chunk}: a Dask worker wrote {rel} but it is not visible in "
                f"{str(self.out)!r} here; the output directory must be on a file system shared "
                "by the client and every worker, under the same path",
                FAILED,
                exc.errno,
                rel,
            )
        return OutputError(
            f"{rel} vanished before it was put in "
            f"place in {str(self.out)!r}: is another program removing files "
            "there?",
            FAILED,
            exc.errno,
            rel,
        )

    def removed(self) -> str | None:
        """The name of the output directory or folder removed during the run, if any."""
        if os.fstat(self.dir_fd).st_nlink == 0:
            return str(self.out)
        for name, fd in self._folders.items():
            if os.fstat(fd).st_nlink == 0:
                return str(self.out / name)
        return None

    def removed_error(self, what: str) -> OutputError:
        return OutputError(
            f"{what!r} was removed during the run: the run cannot go on "
            "(its data there is gone; run it again)",
            FAILED,
            E.ENOENT,
            what,
        )

    def close(self) -> None:
        for fd in self._folders.values():
            os.close(fd)
        self._folders = {}


def describe_failure(
    exc: OSError, out: Path, outdir: OutputDir | None, done: int, total: int
) -> OutputError:
    """A file-system error that stopped a run part-way, as one line (exit 1)."""
    if outdir is not None:
        gone = outdir.removed()
        if gone:
            return outdir.removed_error(gone)
    where = f" writing {exc.filename}" if exc.filename else ""
    progress = f"after {done:,} of {total:,} chunks" if total else ""
    hint = (
        "free some space, then run the same command with --resume to finish it"
        if exc.errno in (E.ENOSPC, E.EDQUOT)
        else "fix that, then run the same command with --resume to finish it"
    )
    return OutputError(
        f"the run stopped {progress}: {reason(exc)}{where}; the finished chunks "
        f"in {str(out)!r} are kept: {hint}",
        FAILED,
        exc.errno,
        exc.filename,
    )
