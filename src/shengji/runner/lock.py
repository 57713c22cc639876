"""The output directory's lock: one run at a time in a directory, for the whole run.

An OS advisory lock (``flock``) on ``OUT/.shengji.lock``.  The kernel releases it when the
process ends, however it ends (a SIGKILL, the OOM killer), so a killed run never leaves a
stale lock: the file may stay, the lock does not.  The file holds the holder's pid, host,
start time and command, which a refused run names.

Why a file inside ``OUT`` and not the directory itself: ``flock`` on a directory does not
work on NFS (Linux turns ``flock`` there into a POSIX lock, which needs a file open for
writing), and the lock must outlive ``--overwrite``, which clears the directory but for the
lock file.  On NFS the lock is an NFS lock (lockd or NFSv4): it holds between machines, and
a machine that dies holding it loses it when the server's lease runs out.  A file system
without locks makes the run refuse to start rather than run unprotected.

The holder removes the file when the run ends.  A file that is removed while other runs
may be waiting on it is the classic race of lock files; it is closed here the classic way:
after locking, a run checks that the name still refers to the file it locked, and starts
again if not.
"""

from __future__ import annotations

import errno as E
import json
import os
import socket
import time
from datetime import datetime
from pathlib import Path

from shengji.runner.errors import REFUSED, DirectoryInUse, OutputError, reason
from shengji.runner.output import LOCK_NAME


def _missing_dirs(out: Path) -> list[Path]:
    """``out`` and its missing ancestors, outermost first (nothing is created)."""
    missing = []
    p = out
    while True:
        try:
            os.stat(p)
        except (FileNotFoundError, NotADirectoryError):  # (a file on the way: found below)
            missing.append(p)
            if p.parent == p:
                break
            p = p.parent
            continue
        if not os.path.isdir(p):
            raise OutputError(
                f"cannot use output directory {str(out)!r}: {str(p)!r} is a file, not a directory",
                REFUSED,
                E.ENOTDIR,
                str(p),
            )
        break
    return missing[::-1]


class DirLock:
    """Take with :meth:`acquire`, give back with :meth:`release`.  While held, ``dir_fd``
    is an open descriptor of the output directory: the holder writes through it, so that
    its writes fail (instead of landing elsewhere) if the directory is removed or replaced
    during the run."""

    def __init__(self, out: Path):
        self.out = Path(out)
        self.dir_fd: int | None = None
        self.fd: int | None = None
        self.created: list[Path] = []  # directories this run made (removed on undo)
        self._times: tuple[int, int] | None = None

    @property
    def held(self) -> bool:
        return self.fd is not None

    def acquire(self, command: str) -> None:
        """Create ``out`` if needed and lock it, or raise DirectoryInUse (exit 2, nothing
        touched) or OutputError (exit 2)."""
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not a POSIX system
            raise OutputError(
                "cannot lock output directories on this system (no fcntl): "
                "shengji runs on Linux and other POSIX systems",
                REFUSED,
            ) from None
        for _ in range(100):  # retries only when the directory or lock file vanished under us
            self._make_dirs()
            try:
                dir_fd = os.open(self.out, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
            except FileNotFoundError:
                continue  # a run that failed to start removed it: make it again
            except OSError as exc:
                self._undo()
                raise self._error(exc) from None
            times = os.fstat(dir_fd)
            try:
                try:
                    fd = os.open(
                        LOCK_NAME,
                        os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC,
                        0o644,
                        dir_fd=dir_fd,
                    )
                    made = True
                except FileExistsError:
                    fd = os.open(LOCK_NAME, os.O_RDWR | os.O_CLOEXEC, dir_fd=dir_fd)
                    made = False
            except FileNotFoundError:
                os.close(dir_fd)
                continue
            except OSError as exc:
                os.close(dir_fd)
                self._undo()
                raise self._error(exc) from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _read_holder(fd)
                os.close(fd)
                os.close(dir_fd)
                raise DirectoryInUse(self._busy_message(holder), holder) from None
            except OSError as exc:
                os.close(fd)
                os.close(dir_fd)
                self._undo()
                raise self._error(exc, locking=True) from None
            # Locked; but is it still the file that the name refers to?  (Its holder may
            # have removed it, ending its run, between our open and our lock.)
            try:
                same = (
                    os.stat(LOCK_NAME, dir_fd=dir_fd, follow_symlinks=False).st_ino
                    == os.fstat(fd).st_ino
                )
            except FileNotFoundError:
                same = False
            if not same:
                os.close(fd)
                os.close(dir_fd)
                continue
            self.fd, self.dir_fd = fd, dir_fd
            # a run that ends up writing nothing puts the directory's times back too
            self._times = (times.st_atime_ns, times.st_mtime_ns) if made else None
            self._write_holder(fd, command)
            return
        raise OutputError(
            f"cannot lock output directory {str(self.out)!r}: it keeps "
            "disappearing (removed and re-made by another process?)",
            REFUSED,
        )

    def _make_dirs(self) -> None:
        for d in _missing_dirs(self.out):
            try:
                os.mkdir(d)
            except FileExistsError:
                if not d.is_dir():
                    self._undo()
                    raise OutputError(
                        f"cannot use output directory {str(self.out)!r}: "
                        f"{str(d)!r} is a file, not a directory",
                        REFUSED,
                        E.ENOTDIR,
                        str(d),
                    ) from None
                continue  # made by someone else meanwhile: not ours to remove
            except OSError as exc:
                self._undo()
                raise self._error(exc, making=d) from None
            self.created.append(d)

    def _write_holder(self, fd: int, command: str) -> None:
        info = {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "started": datetime.now().astimezone().isoformat(timespec="seconds"),
            "command": command,
        }
        data = json.dumps(info).encode()
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, data, 0)
        except OSError as exc:
            self.release(undo=True)
            raise self._error(exc) from None

    def _busy_message(self, holder: dict | None) -> str:
        where = f"output directory {str(self.out)!r} is in use by another shengji run"
        if not holder:
            return where + " (it has not written its details yet); wait for it to finish"
        return (
            f"{where}: pid {holder.get('pid')} on {holder.get('host')}, started "
            f"{holder.get('started')}, command: {holder.get('command')}; wait for it to "
            "finish or stop it (its lock is released the moment it ends)"
        )

    def _error(
        self, exc: OSError, *, locking: bool = False, making: Path | None = None
    ) -> OutputError:
        if locking:
            msg = f"cannot lock output directory {str(self.out)!r}: {reason(exc)}"
        elif making is not None:
            msg = f"cannot create output directory {str(self.out)!r}: {reason(exc)}"
            if making != self.out:
                msg += f" (making {str(making)!r})"
        else:
            msg = f"cannot write to output directory {str(self.out)!r}: {reason(exc)}"
        return OutputError(msg, REFUSED, exc.errno, exc.filename)

    def release(self, *, undo: bool = False) -> None:
        """Remove the lock file and give back the lock.  ``undo``: also remove the
        directories this run made (if still empty): a run that failed to start leaves the
        file system as it found it."""
        if self.fd is not None and self.dir_fd is not None:  # held: both are set
            try:
                os.unlink(LOCK_NAME, dir_fd=self.dir_fd)  # while holding: see the module doc
                if undo and self._times is not None:
                    os.utime(self.dir_fd, ns=self._times)
            except OSError:
                pass  # the directory is gone, or read-only now: the lock goes anyway
            os.close(self.fd)
            os.close(self.dir_fd)
            self.fd = self.dir_fd = None
        if undo:
            self._undo()
        self.created = []

    def _undo(self) -> None:
        for d in reversed(self.created):
            try:
                os.rmdir(d)
            except OSError:
                break  # not empty (another run is starting there) or gone: leave it
        self.created = []


def _read_holder(fd: int) -> dict | None:
    """The holder's details; it writes them right after locking, so wait a moment for
    them rather than report an empty file."""
    deadline = time.monotonic() + 1.0
    while True:
        try:
            raw = os.pread(fd, 4096, 0)
            info = json.loads(raw)
            if isinstance(info, dict):
                return info
        except (OSError, ValueError):
            pass
        if time.monotonic() > deadline:
            return None
        time.sleep(0.02)
