"""The Python API reference, generated from the public surface (``tools/public_surface.py``):
a page per public module (its docstring and a table of its ``__all__``) and a page per
function and class (autodoc, numpydoc), under the object's canonical name."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path
from typing import Any

from . import rst

MAX_VALUE = 60  # longer values are shown by their type only


def _summary(obj: Any) -> str:
    doc = inspect.getdoc(obj) or ""
    para = doc.strip().split("\n\n")[0]
    return " ".join(para.split())


def _attr_doc(module_name: str, name: str, seen: frozenset[str] = frozenset()) -> str:
    """The ``#:`` comment or the string after ``NAME = ...`` in the module that assigns it,
    following ``from X import NAME`` to the module it came from."""
    from sphinx.pycode import ModuleAnalyzer

    if module_name in seen:
        return ""
    try:
        analyzer = ModuleAnalyzer.for_module(module_name)
        docs = analyzer.find_attr_docs()
    except Exception:  # a compiled module: no source to read
        return ""
    for (scope, attr), lines in docs.items():
        if scope == "" and attr == name:
            return " ".join(" ".join(lines).split())
    tree = ast.parse(analyzer.code)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                if (alias.asname or alias.name) == name:
                    return _attr_doc(node.module, alias.name, seen | {module_name})
                if alias.name == "*":
                    src = importlib.import_module(node.module)
                    if name in getattr(src, "__all__", ()):
                        return _attr_doc(node.module, name, seen | {module_name})
    return ""


def _value(obj: Any) -> str:
    r = repr(obj)
    return r if len(r) <= MAX_VALUE and "\n" not in r else ""


def _object_page(entry, kind: str) -> list[str]:
    mod, _, name = entry.canonical.rpartition(".")
    out = rst.title(entry.canonical)
    out += [f".. currentmodule:: {mod}", ""]
    if kind == "class":
        out += [f".. autoclass:: {name}", "   :members:", "   :show-inheritance:", ""]
    else:
        out += [f".. autofunction:: {name}", ""]
    return out


def _module_page(name: str, entries: list, pages: set[str]) -> list[str]:
    out = rst.title(name)
    out += [f".. automodule:: {name}", "   :no-members:", ""]
    rows, data = [], []
    for e in entries:
        kind = e.kind
        if kind == "data" and e.is_canonical:
            data.append(e)
            target = f":py:data:`{e.name} <{e.canonical}>`"
            what = _attr_doc(name, e.name)
        else:
            role = {"class": "class", "function": "func", "data": "data"}[kind]
            target = f":py:{role}:`{e.name} <{e.canonical}>`"
            what = _summary(e.obj) if kind != "data" else _attr_doc(name, e.name)
        also = "" if e.is_canonical else f" (also ``{e.canonical}``)"
        rows.append((target, kind, rst.prose(what) + also))
    out += rst.title("Contents", "-")
    out += rst.list_table(("name", "kind", "what"), rows, widths=(25, 8, 67))
    own = sorted(p for p in pages if p.rpartition(".")[0] == name)
    if own:
        out += [".. toctree::", "   :hidden:", ""] + [f"   {p}" for p in own] + [""]
    if data:
        out += rst.title("Constants", "-")
        for e in data:
            out += [f".. py:data:: {e.name}", "   :module: " + name]
            value = _value(e.obj)
            if value:
                out.append(f"   :value: {value}")
            else:
                out.append(f"   :type: {type(e.obj).__name__}")
            out.append("")
            doc = _attr_doc(name, e.name)
            if doc:
                out += ["   " + rst.prose(doc), ""]
    return out


def generate(dest: Path, surface) -> list[str]:
    """Write the API pages into ``dest``; return the pages' names (without suffix)."""
    entries = surface.entries()
    by_module: dict[str, list] = {}
    for e in entries:
        by_module.setdefault(e.module, []).append(e)
    pages: set[str] = set()
    for e in entries:
        if e.is_canonical and e.kind in ("class", "function"):
            rst.write(dest / f"{e.canonical}.rst", _object_page(e, e.kind))
            pages.add(e.canonical)
    for name, es in by_module.items():
        rst.write(dest / f"{name}.rst", _module_page(name, es, pages))
    index = rst.title("Python API")
    index += [
        "Generated from the docstrings of the public surface: the modules below and the "
        "names of each module's ``__all__`` (the list is ``tools/public_surface.py``). "
        "A name exported by several modules has one page, under the first module that "
        "exports it: ``shengji.load`` is ``shengji.analysis.load``.",
        "",
        ".. toctree::",
        "   :hidden:",
        "",
    ]
    index += [f"   {m}" for m in by_module] + [""]
    rows = [
        (f":doc:`{m} <{m}>`", rst.prose(_summary(importlib.import_module(m)))) for m in by_module
    ]
    index += rst.list_table(("module", "what"), rows, widths=(30, 70))
    rst.write(dest / "index.rst", index)
    keep = {f"{p}.rst" for p in pages} | {f"{m}.rst" for m in by_module} | {"index.rst"}
    for old in dest.glob("*.rst"):
        if old.name not in keep:
            old.unlink()
    return sorted(pages)
