"""The old import paths of the modules that moved when the package was laid out by layer
(0.2.0), deprecated: ``import shengji.openspiel`` gives the module
``shengji.adapters.openspiel`` itself (the same object: one import, one registration with
OpenSpiel) and a ``DeprecationWarning`` naming the new path.  They go in 0.3.0
(CHANGELOG.md, "Deprecated").

``MOVED`` is the one table of old -> new paths; CHANGELOG.md lists it for users.  The
finder serves them; type checkers see only the real paths.  (``shengji.vector``, the short
path the Gymnasium docs of the vector environment name, is a real module.)
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from types import FrameType, ModuleType

MOVED = {
    "shengji.trump": "shengji.rules.trump",
    "shengji.combos": "shengji.rules.combos",
    "shengji.bid_types": "shengji.rules.bid_types",
    "shengji.bid_phase": "shengji.bidding.phase",
    "shengji.bots": "shengji.game.botspec",
    "shengji.advisor": "shengji.analysis.advisor",
    "shengji.encoding": "shengji.adapters.encoding",
    "shengji.resample": "shengji.adapters.resample",
    "shengji.openspiel": "shengji.adapters.openspiel",
    "shengji.pettingzoo": "shengji.adapters.pettingzoo",
}
REMOVED_IN = "0.3.0"


def _caller_level() -> int:
    """The stack level of the code that imports, past this file, so that the warning names
    the importing line (``warnings.warn`` itself skips the import machinery's frames)."""
    frame: FrameType | None = sys._getframe(1)
    level = 1
    while frame is not None and (
        frame.f_code.co_filename == __file__ or frame.f_code.co_filename.startswith("<frozen")
    ):
        if frame.f_code.co_filename == __file__:
            level += 1
        frame = frame.f_back
    return level


class _MovedFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds an old path of ``MOVED`` and loads it as the module at its new path."""

    def __init__(self) -> None:
        self._specs: dict[str, importlib.machinery.ModuleSpec | None] = {}

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in MOVED:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec):
        new = MOVED[spec.name]
        warnings.warn(
            f"{spec.name} is deprecated: import {new} (the old path goes in {REMOVED_IN})",
            DeprecationWarning,
            stacklevel=_caller_level(),
        )
        module = importlib.import_module(new)
        self._specs[spec.name] = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # the import system set the module's __spec__ to the old path's: give it back its own
        # (its name, file and reload stay those of the new path)
        spec = self._specs.pop(module.__spec__.name if module.__spec__ else "", None)
        if spec is not None:
            module.__spec__ = spec


def install() -> None:
    """Put the finder on ``sys.meta_path`` (once)."""
    if not any(isinstance(f, _MovedFinder) for f in sys.meta_path):
        sys.meta_path.append(_MovedFinder())
