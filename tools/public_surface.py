"""The public surface of shengji: the modules a user imports, and the names each exports.

``PUBLIC_MODULES`` lists the public modules; a module's public names are its ``__all__``.
Two things are generated from it:

* the Python API reference of the documentation site (``docs/_ext/shengji_docs/api.py``
  writes a page per module and per object at build time);
* the docstring gate (``.ci/gates docstrings``: ``tools/docstrings.py``), which validates
  the docstrings of every function and class exported by a public module (and of each
  class's own public methods and properties) against the numpydoc standard.

An object exported by several modules (``shengji.load`` is ``shengji.analysis.load``) has
one page, under the first module of ``PUBLIC_MODULES`` that exports it (its *canonical*
name); the other modules' pages link to it.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

# The public modules, in the order of the API reference (the package first: its names are
# the ones users type, so their pages are under ``shengji.``).
PUBLIC_MODULES: tuple[str, ...] = (
    "shengji",
    "shengji.analysis",
    "shengji.analysis.advisor",
    "shengji.analysis.replay",
    "shengji.analysis.summary",
    "shengji.analysis.show",
    "shengji.almanac",
    "shengji.stats",
    "shengji.cards",
    "shengji.rules",
    "shengji.rules.combos",
    "shengji.rules.trump",
    "shengji.rules.bid_types",
    "shengji.game",
    "shengji.game.botspec",
    "shengji.bidding",
    "shengji.seeds",
    "shengji.adapters.vector",
    "shengji.adapters.vector_train",
    "shengji.adapters.openspiel",
    "shengji.adapters.pettingzoo",
    "shengji.adapters.encoding",
    "shengji.adapters.compact",
    "shengji.adapters.resample",
)


@dataclass(frozen=True)
class Entry:
    """One exported name: where it is exported, the object, and its canonical page."""

    module: str  # the exporting module
    name: str  # the name in that module's __all__
    obj: Any
    canonical: str  # dotted name of the object's one page: "<first exporting module>.<name>"

    @property
    def qualname(self) -> str:
        return f"{self.module}.{self.name}"

    @property
    def is_canonical(self) -> bool:
        return self.canonical == self.qualname

    @property
    def kind(self) -> str:
        """ "class", "function" or "data" (a constant, a table, an instance)."""
        if inspect.isclass(self.obj):
            return "class"
        if callable(self.obj) and not isinstance(self.obj, (dict, tuple, list)):
            return "function"
        return "data"


def module(name: str) -> ModuleType:
    return importlib.import_module(name)


def exported(name: str) -> list[str]:
    """The module's ``__all__`` (a public module without one is an error)."""
    names = getattr(module(name), "__all__", None)
    if names is None:
        raise ValueError(f"public module {name} has no __all__: declare its public names")
    return list(names)


def _key(obj: Any) -> Any:
    """How an object is recognised across modules: by identity, except plain values
    (numbers, strings), which are only the same export where the names match too."""
    if isinstance(obj, (int, float, str, bytes, bool)) or obj is None:
        return None
    return id(obj)


def entries(modules: tuple[str, ...] = PUBLIC_MODULES) -> list[Entry]:
    """Every exported name of ``modules``, in order, with its canonical page."""
    first: dict[Any, str] = {}
    out = []
    for mod in modules:
        m = module(mod)
        for name in exported(mod):
            obj = getattr(m, name)
            key = _key(obj)
            canonical = first.setdefault(key, f"{mod}.{name}") if key is not None else None
            out.append(Entry(mod, name, obj, canonical or f"{mod}.{name}"))
    return out


def members(cls: type) -> Iterator[tuple[str, Any]]:
    """The public methods and properties of a class: its own and those it inherits from
    shengji's classes (``HandState``'s from its split-out parts), not a third-party base's
    (Gymnasium's, ``Exception``'s).  Each name once, as the class resolves it."""
    seen: set[str] = set()
    for base in cls.__mro__:
        if not base.__module__.startswith("shengji"):
            continue
        for name, value in vars(base).items():
            if name.startswith("_") or name in seen:
                continue
            seen.add(name)
            if isinstance(value, (staticmethod, classmethod)):
                value = value.__func__
            if inspect.isfunction(value) or isinstance(value, property):
                yield name, value


def checked_objects(modules: tuple[str, ...] = PUBLIC_MODULES) -> list[tuple[str, Any]]:
    """(name, object) of every function, class and public class member exported by
    ``modules`` (the docstring gate's objects: every public module), each object once,
    named by its canonical page."""
    canon = {id(e.obj): e.canonical for e in entries() if e.is_canonical}
    seen: set[int] = set()
    out: list[tuple[str, Any]] = []
    for mod in modules:
        m = module(mod)
        for name in exported(mod):
            obj = getattr(m, name)
            if id(obj) in seen or not (inspect.isclass(obj) or inspect.isfunction(obj)):
                continue
            seen.add(id(obj))
            where = canon.get(id(obj), f"{mod}.{name}")
            out.append((where, obj))
            if inspect.isclass(obj):
                out.extend((f"{where}.{k}", v) for k, v in members(obj))
    return out
