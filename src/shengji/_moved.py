"""Import paths of the modules that moved when the package was laid out by layer (0.2.0),
kept working: ``import shengji.openspiel`` gives the module ``shengji.adapters.openspiel``
itself (the same object: one import, one registration with OpenSpiel).

``MOVED`` is the one table of old -> new paths; CHANGELOG.md lists it for users.  ``SHORT``
holds the short public paths of modules that live deeper (``shengji.vector`` for
``shengji.adapters.vector``, as the Gymnasium docs of the vector environment name it); the
finder serves both.  Type checkers see only the real paths.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from types import ModuleType

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
SHORT = {
    "shengji.vector": "shengji.adapters.vector",
}
_PATHS = {**MOVED, **SHORT}


class _MovedFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds an old path of ``MOVED`` and loads it as the module at its new path."""

    def __init__(self) -> None:
        self._specs: dict[str, importlib.machinery.ModuleSpec | None] = {}

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in _PATHS:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec):
        module = importlib.import_module(_PATHS[spec.name])
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
