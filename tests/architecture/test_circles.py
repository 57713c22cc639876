"""No import circle (docs/architecture.md, "Layers"): the modules of the package, joined by
their imports, form no cycle -- neither across layers (test_layers.py forbids an import
that points up) nor inside one layer or one folder, where the layer rule alone allows a
pair of modules to import each other.

The imports are those test_layers.py reads without running the code: Python's at module
level and inside functions, ``if`` blocks and ``TYPE_CHECKING`` alike (a deferred import
is still a dependency), Cython's ``cimport`` and ``import`` lines, ``cdef extern from``
headers and the headers' ``#include`` lines.  A unit's ``.pyx`` and ``.pxd`` are one
module.  A package's ``__init__`` is a module of its own: ``from shengji.game import
HandState`` inside ``shengji.game`` depends on the package, which imports its modules.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from shengji._moved import MOVED
from tests.architecture.test_layers import (
    SOURCE_SUFFIXES,
    SRC,
    cython_imports,
    header_includes,
    known_modules,
    module_name,
    python_imports,
    resolve,
    write,
)


def import_graph(src: Path, moved: dict[str, str] = MOVED) -> dict[str, dict[str, str]]:
    """{module: {module it imports: 'file:line' of the first such import}} for every source
    file under src/shengji (only the package's own modules: third-party ones are leaves)."""
    names = known_modules(src)
    headers = {}
    for path in (src / "shengji" / "_core").rglob("*.h"):
        headers.setdefault(path.name, module_name(path, src))
    graph: dict[str, dict[str, str]] = {}
    for path in sorted((src / "shengji").rglob("*")):
        if path.suffix not in SOURCE_SUFFIXES or "__pycache__" in path.parts:
            continue
        module = module_name(path, src)
        edges = graph.setdefault(module, {})
        reader = {".py": python_imports, ".h": header_includes}.get(path.suffix, cython_imports)
        for line, target, relative in reader(path, module):
            if relative:
                continue  # test_layers.py refuses a relative import
            if target.startswith("header:"):
                resolved = headers.get(target[len("header:") :])
                if resolved is None:
                    continue  # a system or compiler header
            else:
                if target.split(".")[0].split(":")[0] != "shengji":
                    continue
                resolved = resolve(target, names, moved)
            if resolved != module:
                edges.setdefault(resolved, f"{path.relative_to(src).as_posix()}:{line}")
    return graph


def circles(graph: dict[str, dict[str, str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted, in
    order of their first module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(root: str) -> None:
        # iterative depth-first search: (node, iterator over its successors)
        work = [(root, iter(sorted(graph.get(root, {}))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            advanced = False
            for nxt in successors:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, {})))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def describe(graph: dict[str, dict[str, str]], component: list[str]) -> str:
    """A circle as the imports that tie it: 'a -> b (file:line)' for each edge inside it."""
    members = set(component)
    ties = [
        f"  {a} -> {b} ({graph[a][b]})"
        for a in component
        for b in sorted(graph.get(a, {}))
        if b in members
    ]
    return f"{len(component)} modules:\n" + "\n".join(ties)


# -- the package as it is --------------------------------------------------------------------


def test_no_import_circle():
    graph = import_graph(SRC)
    found = circles(graph)
    assert not found, "import circles (break each: docs/architecture.md, Layers):\n" + "\n".join(
        describe(graph, c) for c in found
    )


def test_the_graph_sees_the_tree():
    """The graph holds the imports the circles are made of: a function-level import, a
    cimport, a TYPE_CHECKING import."""
    graph = import_graph(SRC)
    assert "shengji._core.base.rng" in graph["shengji._core.deal.cond"]  # a cimport
    assert "shengji.analysis.evaluation" in graph["shengji.learn.train"]  # inside a function
    assert "shengji.game.state" in graph["shengji.game.bots"]


# -- it fails: a synthetic tree with circles ------------------------------------------------


@pytest.fixture
def tree(tmp_path):
    """A small package laid out like shengji, without a circle."""
    for rel in ("__init__.py", "names.py", "_core/__init__.py"):
        write(tmp_path, rel, "")
    write(tmp_path, "game/__init__.py", "from shengji.game.view import g\n")
    write(tmp_path, "game/state.py", "from shengji.names import N_CARDS\n")
    write(tmp_path, "game/view.py", "from shengji.game import state\n")
    write(tmp_path, "_core/deal/deal.pxd", "from shengji._core.base.rng cimport Rng\n")
    write(tmp_path, "_core/deal/deal.pyx", "import numpy as np\n")
    write(tmp_path, "_core/deal/cond.pyx", "from shengji._core.deal.deal cimport shuffle\n")
    write(tmp_path, "_core/base/rng.pxd", "cdef struct Rng:\n    int s\n")
    return tmp_path


def test_a_tree_without_a_circle_passes(tree):
    assert circles(import_graph(tree, {})) == []


@pytest.mark.parametrize(
    "rel, text, expected",
    [
        # module level, Python
        (
            "game/state.py",
            "import shengji.game.view\n",
            ["shengji.game.state", "shengji.game.view"],
        ),
        # inside a function
        (
            "game/state.py",
            "def f():\n    from shengji.game.view import g\n",
            ["shengji.game.state", "shengji.game.view"],
        ),
        # under TYPE_CHECKING
        (
            "game/state.py",
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from shengji.game import view\n",
            ["shengji.game.state", "shengji.game.view"],
        ),
        # through the package's __init__
        (
            "game/state.py",
            "from shengji.game import HandState\n",
            ["shengji.game", "shengji.game.state", "shengji.game.view"],
        ),
        # Cython: an import inside a function of a .pyx against a cimport
        (
            "_core/deal/deal.pyx",
            "def f():\n    from shengji._core.deal.cond import g\n",
            ["shengji._core.deal.cond", "shengji._core.deal.deal"],
        ),
        # Cython: a cimport against a cimport (the .pxd)
        (
            "_core/base/rng.pxd",
            "from shengji._core.deal.cond cimport f\n",
            ["shengji._core.base.rng", "shengji._core.deal.cond", "shengji._core.deal.deal"],
        ),
    ],
)
def test_a_circle_is_named(tree, rel, text, expected):
    write(tree, rel, text)
    graph = import_graph(tree, {})
    assert circles(graph) == [expected]
    assert " -> " in describe(graph, expected)
