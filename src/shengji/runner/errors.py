"""Why a run could not start or could not finish, in one line for the user.

``RunError.status`` is the command's exit status: 2 when the run was refused or could not
start (nothing was written), 1 when it failed part-way (the finished chunks are kept and
``--resume`` completes the run).
"""

from __future__ import annotations

import errno as E
import os
from typing import TypeGuard

REFUSED = 2  # nothing written
FAILED = 1  # failed mid-run: finished chunks kept


class RunError(RuntimeError):
    """A run was refused or failed; ``str()`` is one line, ``status`` the exit status."""

    def __init__(self, message: str, status: int = FAILED):
        super().__init__(message)
        self.status = status


class OutputError(RunError):
    """A file-system failure in the output directory (``errno``, ``filename`` as in
    OSError when known)."""

    def __init__(
        self,
        message: str,
        status: int = FAILED,
        errno: int | None = None,
        filename: str | None = None,
    ):
        super().__init__(message, status)
        self.errno, self.filename = errno, filename


class DirectoryInUse(RunError):
    """Another run holds the output directory's lock."""

    def __init__(self, message: str, holder: dict | None = None):
        super().__init__(message, REFUSED)
        self.holder = holder or {}


# errno -> what the user is told (os.strerror is used for the rest)
_REASONS = {
    E.ENOSPC: "the disk is full",
    E.EDQUOT: "the disk quota is exceeded",
    E.EROFS: "the file system is read-only",
    E.EACCES: "permission denied",
    E.EPERM: "operation not permitted",
    E.ENOTDIR: "a part of the path is a file, not a directory",
    E.EISDIR: "it is a directory",
    E.ENOENT: "no such file or directory",
    E.EIO: "an input/output error (a failing disk or a lost network file system)",
    E.ENAMETOOLONG: "the name is too long",
    E.ENOLCK: "the file system does not support locks",
    E.EOPNOTSUPP: "the file system does not support locks",
    E.ESTALE: "a stale network file handle (the directory was removed on the server)",
    E.EMFILE: "too many open files",
    E.EFBIG: "the file is too large for the file system or the file size limit",
}


def reason(exc: OSError) -> str:
    if exc.errno in _REASONS:
        return _REASONS[exc.errno]
    if exc.errno:
        return os.strerror(exc.errno).lower()
    return str(exc) or type(exc).__name__


def errno_of(exc: BaseException) -> int | None:
    return exc.errno if isinstance(exc, OSError) else None


def is_file_system_error(exc: BaseException) -> TypeGuard[OSError]:
    """An OSError about a file (not a network error of a Dask cluster, which are OSErrors
    too but carry no errno of the file system)."""
    return isinstance(exc, OSError) and (exc.errno is not None or exc.filename is not None)
