"""How the local engine starts its worker processes: spawned (never forked: the parent may
hold threads, a progress bar's, BLAS's, that a fork breaks), and without re-running the
user's script.

A spawned process normally imports the parent's ``__main__`` again (as ``__mp_main__``), so
that functions and classes defined there can be unpickled in it.  A script without an
``if __name__ == "__main__":`` guard would then run again in every worker, start its run
again and find its own output directory in use.  So the workers import the parent's
``__main__`` only when the run's work refers to something defined there (a Python agent
written in the script); otherwise they start from a clean ``__main__``, and a script runs
with or without the guard.  Where the work needs the script's ``__main__`` and the run is
started by its unguarded top-level code, the run is refused in one line saying what to add.
A ``__main__`` with no file (a notebook's kernel, the REPL) cannot be imported again at
all: what the work takes from it (an agent written in a cell) is sent by value instead
(cloudpickle), and the workers start from a clean ``__main__``.
"""

from __future__ import annotations

import ast
import io
import multiprocessing
import pickle
import sys
import threading
import types
from contextlib import contextmanager
from multiprocessing.context import SpawnContext, SpawnProcess
from pathlib import Path
from typing import Any

from shengji.runner.errors import REFUSED, RunError

__all__ = ["clean_main", "refers_to_main", "sendable", "worker_context"]

_MAIN_LOCK = threading.Lock()


@contextmanager
def clean_main():
    """``sys.modules["__main__"]`` is an empty module while a worker is launched: the
    preparation data the child receives then names no main module to import."""
    with _MAIN_LOCK:
        main = sys.modules.get("__main__")
        sys.modules["__main__"] = types.ModuleType("__main__")
        try:
            yield
        finally:
            if main is not None:
                sys.modules["__main__"] = main


class _CleanProcess(SpawnProcess):
    """A spawned process that does not import the parent's ``__main__``."""

    @staticmethod
    def _Popen(process_obj):  # noqa: N802 (multiprocessing's name)
        with clean_main():
            return SpawnProcess._Popen(process_obj)


class _CleanSpawnContext(SpawnContext):
    Process = _CleanProcess


def refers_to_main(obj: Any) -> bool:
    """Whether pickling ``obj`` refers to a function, class or object of ``__main__`` (what
    a worker could only unpickle by importing the parent's script)."""
    found = False

    class _Pickler(pickle.Pickler):
        def reducer_override(self, o):
            nonlocal found
            if isinstance(o, (type, types.FunctionType)) and o.__module__ == "__main__":
                found = True
            return NotImplemented

    try:
        _Pickler(io.BytesIO(), protocol=pickle.HIGHEST_PROTOCOL).dump(obj)
    except Exception:  # what cannot be pickled fails when it is sent, with its own error
        pass
    return found


def _is_main_test(test: ast.expr) -> bool:
    """``__name__ == "__main__"`` (either way round)."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return False
    if not isinstance(test.ops[0], ast.Eq):
        return False
    sides = [test.left, test.comparators[0]]
    names = [s for s in sides if isinstance(s, ast.Name) and s.id == "__name__"]
    consts = [s for s in sides if isinstance(s, ast.Constant) and s.value == "__main__"]
    return len(names) == 1 and len(consts) == 1


def unguarded_line() -> tuple[str, int] | None:
    """(script, line) when this call comes from the top-level code of the script run as
    ``__main__`` outside an ``if __name__ == "__main__":`` block, else None."""
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if main is None or not isinstance(path, str):
        return None
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_globals is vars(main) and frame.f_code.co_name == "<module>":
            break
        frame = frame.f_back  # type: ignore[assignment]  # None ends the loop
    if frame is None:
        return None
    line = frame.f_lineno
    try:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError, UnicodeDecodeError):
        return None
    for node in tree.body:
        end = node.end_lineno or node.lineno
        if isinstance(node, ast.If) and _is_main_test(node.test) and node.lineno <= line <= end:
            return None
    return path, line


def _interactive_main() -> bool:
    """``__main__`` has no file to import again (a notebook's kernel, the REPL)."""
    main = sys.modules.get("__main__")
    return main is not None and not isinstance(getattr(main, "__file__", None), str)


class _ByValue:
    """An object pickled by value (cloudpickle): it unpickles as the object itself."""

    def __init__(self, obj: Any):
        import cloudpickle

        self.blob = cloudpickle.dumps(obj)

    def __reduce__(self):
        import cloudpickle

        return cloudpickle.loads, (self.blob,)


def sendable(obj: Any) -> Any:
    """``obj`` as the workers are sent it: by value when it refers to the definitions of a
    ``__main__`` they cannot import (module docstring), else itself."""
    if not (_interactive_main() and refers_to_main(obj)):
        return obj
    try:
        return _ByValue(obj)
    except ImportError:
        raise RunError(
            "an agent defined in a notebook or the REPL reaches the worker processes only "
            "with cloudpickle installed (pip install cloudpickle); or define it in a "
            "module and import it, or use workers=1",
            REFUSED,
        ) from None


def worker_context(work: Any) -> multiprocessing.context.BaseContext:
    """The multiprocessing context the run's workers start in (module docstring): a clean
    ``__main__`` unless ``work`` refers to the script's own definitions (sent as
    ``sendable`` makes them)."""
    if _interactive_main() or not refers_to_main(work):
        return _CleanSpawnContext()
    where = unguarded_line()
    if where is not None:
        script, line = where
        raise RunError(
            f"the worker processes would run {script} again (they import it for what it "
            f"defines), and its line {line} would start this run again: put the script's "
            'top-level code under `if __name__ == "__main__":`, or use workers=1',
            REFUSED,
        )
    return multiprocessing.get_context("spawn")
