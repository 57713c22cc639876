"""The layer rule (docs/architecture.md, "Layers"): every import points down.

The package is cut into layers, low to high::

    _core < ground (names seeds cards stats door schema) < rules < reference < bidding
          < game < runner < studies < adapters < analysis (almanac) < learn < cli
          < the package (__init__, __main__, _moved)

and inside ``_core``: ``include < base < rules < deal < bidding < engine < bots < drivers <
step``.  A module may import its own layer and the layers below it, never one above.  This
test reads every import of the source tree without running it:

* Python (``.py``, by ``ast``): ``import x``, ``from x import y``, at module level and inside
  functions or ``if`` blocks alike (a deferred import is still a dependency);
* Cython (``.pyx``, ``.pxd``): ``cimport x``, ``from x cimport y``, their Python ``import``
  lines, and ``cdef extern from "x.h"``;
* C headers under ``_core`` (``.h``): ``#include "x.h"``.

A target is resolved to the module it names (``from shengji.rules import options`` is
``shengji.rules.options``; ``from shengji import Rules`` is the package itself, the top
layer); an old import path of ``shengji._moved.MOVED`` counts as its new path.  The stubs
(``.pyi``) are not read: they describe a compiled module for type checkers and never run.
A module that the layer table does not place fails too (place it: here and in
docs/architecture.md), and so does a relative import (the package's imports are absolute).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from shengji._moved import MOVED

SRC = Path(__file__).resolve().parents[2] / "src"

# The layers, low to high: (name, the top-level names of shengji it holds).
LAYERS = (
    ("_core", ("_core",)),
    ("ground", ("names", "seeds", "cards", "stats", "door", "schema")),
    ("rules", ("rules", "render")),
    ("reference", ("reference",)),
    ("bidding", ("bidding",)),
    ("game", ("game",)),
    ("runner", ("runner",)),
    ("studies", ("studies",)),
    ("adapters", ("adapters",)),
    ("analysis", ("analysis", "almanac")),
    ("learn", ("learn",)),
    ("cli", ("cli",)),
    ("package", ("__init__", "__main__", "_moved", "vector")),
)
# Inside _core, low to high (the package's own __init__ sits with the lowest).
CORE_LAYERS = ("include", "base", "rules", "deal", "bidding", "engine", "bots", "drivers", "step")

TOP_RANK = {top: rank for rank, (_, tops) in enumerate(LAYERS) for top in tops}
SOURCE_SUFFIXES = (".py", ".pyx", ".pxd", ".h")


def layer_of(module: str) -> tuple[tuple[int, int], str] | None:
    """(rank, name) of a dotted module of shengji, or None when the table does not place it."""
    parts = module.split(".")
    if parts[0] != "shengji":
        return None
    top = parts[1] if len(parts) > 1 else "__init__"
    if top not in TOP_RANK:
        return None
    rank = TOP_RANK[top]
    if top != "_core":
        return (rank, 0), LAYERS[rank][0]
    sub = parts[2] if len(parts) > 2 else CORE_LAYERS[0]
    if sub not in CORE_LAYERS:
        return None
    return (rank, CORE_LAYERS.index(sub)), f"_core.{sub}"


def module_name(path: Path, src: Path) -> str:
    """The dotted name of a source file (a package's __init__ is the package)."""
    rel = path.relative_to(src)
    parts = list(rel.parts[:-1])
    stem = rel.name.split(".")[0]
    if stem != "__init__" or rel.suffix != ".py":
        parts.append(stem)
    return ".".join(parts)


def known_modules(src: Path) -> set[str]:
    """Every module (and package) of the tree, by dotted name."""
    names = set()
    for path in (src / "shengji").rglob("*"):
        if path.suffix in SOURCE_SUFFIXES and "__pycache__" not in path.parts:
            names.add(module_name(path, src))
    return names


def resolve(target: str, names: set[str], moved: dict[str, str]) -> str:
    """The module an import of ``target`` loads (an old path of ``moved`` mapped to its new
    one).  A ``from a import b`` comes as ``a:b``: the module a.b when there is one, else a."""
    module, _, name = target.partition(":")
    for old, new in moved.items():
        if module == old or module.startswith(old + "."):
            module = new + module[len(old) :]
    if name:
        full = f"{module}.{name}"
        mapped = resolve(full, names, moved)
        return mapped if mapped != full or full in names else module
    return module


# -- reading the imports -------------------------------------------------------------------


def python_imports(path: Path, module: str):
    """(line, target, relative) for every import of a Python file, wherever it sits."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, False
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                yield node.lineno, "." * node.level + (node.module or ""), True
                continue
            for alias in node.names:
                # `from a import b` loads a.b when b is a module, else a (resolved later)
                yield node.lineno, f"{node.module}:{alias.name}", False


_TRIPLE = re.compile(r'"""[\s\S]*?"""|' + r"'''[\s\S]*?'''")
_CY_FROM = re.compile(r"^\s*from\s+(\.*[\w.]*)\s+c?import\b")
_CY_IMPORT = re.compile(r"^\s*c?import\s+(.+?)\s*(#.*)?$")
_CY_EXTERN = re.compile(r'^\s*cdef\s+extern\s+from\s+"([^"]+)"')
_C_INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def _blank_strings(text: str) -> str:
    """The text with its triple-quoted strings emptied, line numbers kept."""
    return _TRIPLE.sub(lambda m: "\n" * m.group(0).count("\n"), text)


def cython_imports(path: Path, module: str):
    """(line, target, relative) for every cimport, import and extern header of a .pyx/.pxd;
    a header is ``header:NAME``."""
    lines = _blank_strings(path.read_text(encoding="utf-8")).splitlines()
    for number, line in enumerate(lines, 1):
        if m := _CY_EXTERN.match(line):
            yield number, "header:" + m.group(1), False
        elif m := _CY_FROM.match(line):
            target = m.group(1)
            if target.startswith("."):
                yield number, target, True
            else:
                # `from a cimport b` is a's .pxd (b is a name in it); `from a import b` may
                # load a.b: resolved like Python's
                names = line.split("import", 1)[1].strip().strip("(").split(",")
                for name in names:
                    name = name.split(" as ")[0].strip().strip("()")
                    if " cimport " in line or not name:
                        yield number, target, False
                        break
                    yield number, f"{target}:{name}", False
        elif m := _CY_IMPORT.match(line):
            for name in m.group(1).split(","):
                yield number, name.split(" as ")[0].strip(), False


def header_includes(path: Path, module: str):
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if m := _C_INCLUDE.match(line):
            yield number, "header:" + m.group(1), False


def upward_imports(src: Path, moved: dict[str, str] = MOVED) -> list[str]:
    """Every import under src/shengji that breaks the layer rule, as 'file:line: why'."""
    names = known_modules(src)
    headers = {}  # file name -> module, for the headers under _core
    for path in (src / "shengji" / "_core").rglob("*.h"):
        headers.setdefault(path.name, module_name(path, src))
    problems = []
    for path in sorted((src / "shengji").rglob("*")):
        if path.suffix not in SOURCE_SUFFIXES or "__pycache__" in path.parts:
            continue
        if path.suffix == ".h" and "_core" not in path.relative_to(src).parts:
            continue
        module = module_name(path, src)
        where = path.relative_to(src).as_posix()
        own = layer_of(module)
        if own is None:
            problems.append(f"{where}:1: {module} is in no layer (place it in the layer table)")
            continue
        reader = {".py": python_imports, ".h": header_includes}.get(path.suffix, cython_imports)
        for line, target, relative in reader(path, module):
            if relative:
                problems.append(f"{where}:{line}: relative import {target!r} (write it absolute)")
                continue
            if target.startswith("header:"):
                name = target[len("header:") :]
                if name not in headers:
                    continue  # a system or compiler header
                resolved = headers[name]
            else:
                if target.split(".")[0].split(":")[0] != "shengji":
                    continue
                resolved = resolve(target, names, moved)
            theirs = layer_of(resolved)
            if theirs is None:
                problems.append(
                    f"{where}:{line}: {module} imports {resolved}, which is in no layer"
                )
            elif theirs[0] > own[0]:
                problems.append(
                    f"{where}:{line}: {module} ({own[1]}) imports {resolved} ({theirs[1]}), "
                    "a higher layer"
                )
    return problems


# -- the package as it is --------------------------------------------------------------------


def test_every_import_points_down():
    problems = upward_imports(SRC)
    assert not problems, "imports that point up (docs/architecture.md, Layers):\n" + "\n".join(
        problems
    )


def test_the_table_places_every_top_level_module():
    tops = {p.name.split(".")[0] for p in (SRC / "shengji").iterdir()}
    tops = {t for t in tops if not t.startswith((".", "__pycache__")) and t != "py"}
    assert tops == set(TOP_RANK), "the layer table and src/shengji differ"
    core = {p.name for p in (SRC / "shengji" / "_core").iterdir() if p.is_dir()}
    assert core - {"__pycache__"} == set(CORE_LAYERS), "the _core table and _core/ differ"


def test_the_reader_sees_the_tree():
    """The checks above read what is there: cimports, externs and deferred imports included."""
    hand = SRC / "shengji" / "_core" / "engine" / "hand.pyx"
    cimports = [t for _, t, _ in cython_imports(hand, "shengji._core.engine.hand")]
    assert {"shengji._core.base.options", "shengji._core.rules.scoring"} <= set(cimports)
    rng = SRC / "shengji" / "_core" / "base" / "rng.pxd"
    assert any(t == "header:fastrand.h" for _, t, _ in cython_imports(rng, "x"))
    state = SRC / "shengji" / "game" / "state.py"
    assert any(
        resolve(t, known_modules(SRC), MOVED).startswith("shengji.rules")
        for _, t, _ in python_imports(state, "shengji.game.state")
    )


def reference_importers(src: Path) -> list[str]:
    """Every import of ``shengji.reference`` from a module outside ``reference/``, as
    'file:line: module'.  The reference is the tests' oracle: production never runs it."""
    names = known_modules(src)
    found = []
    for path in sorted((src / "shengji").rglob("*")):
        if path.suffix not in (".py", ".pyx", ".pxd") or "__pycache__" in path.parts:
            continue
        module = module_name(path, src)
        if module == "shengji.reference" or module.startswith("shengji.reference."):
            continue
        reader = python_imports if path.suffix == ".py" else cython_imports
        for line, target, _ in reader(path, module):
            if target.split(".")[0].split(":")[0] != "shengji":
                continue
            resolved = resolve(target, names, MOVED)
            if resolved == "shengji.reference" or resolved.startswith("shengji.reference."):
                found.append(f"{path.relative_to(src).as_posix()}:{line}: {module}")
    return found


def test_only_the_tests_import_the_reference():
    found = reference_importers(SRC)
    assert not found, "production imports the tests' oracle (shengji.reference):\n" + "\n".join(
        found
    )


def test_the_reference_check_sees_an_import(tree):
    write(tree, "reference/__init__.py", "")
    write(tree, "reference/bidding.py", "from shengji.names import N_CARDS\n")
    write(tree, "game/setup.py", "def f():\n    from shengji.reference import bidding\n")
    assert reference_importers(tree) == ["shengji/game/setup.py:2: shengji.game.setup"]


CORE_ALONE = """
import importlib, json, pkgutil, sys, types
import numpy as np

# the package without its __init__ (which imports every layer): the core on its own
pkg = types.ModuleType("shengji")
pkg.__path__ = [sys.argv[1]]
sys.modules["shengji"] = pkg
import shengji._core as core

for info in pkgutil.walk_packages(core.__path__, "shengji._core."):
    importlib.import_module(info.name)
from shengji._core.base.rng import chunk_state
from shengji._core.drivers.hands import HAND_COLUMNS, play_hands
from shengji._core.drivers.jobs import HandsJob
from shengji._core.rules.combos import classify

rules = json.loads(sys.argv[2])  # packed rules, as shengji.rules.pack gives them
counts = np.zeros(54, np.uint8)
counts[[16, 17]] = 2  # 5H 5H 6H 6H
assert classify(counts, 0, 0, rules)[1] >= 0
out = np.zeros((len(HAND_COLUMNS), 3), np.int32)
deck = np.arange(108, dtype=np.uint8)
pimc = (3, {"samples": 2})  # a bot with parameters, packed and checked by the core's table
play_hands(HandsJob(state=chunk_state(1, 0), deck=deck, n=3, rules=rules, level=0, banker=0,
                    banker_bot=2, defender_bot=pimc, bid_policy=0, bid_threshold=0, out=out))
above = [m for m in sys.modules if m.startswith("shengji.") and not m.startswith("shengji._core")]
print(json.dumps(above))
"""


def test_the_core_runs_alone_and_never_calls_back_up():
    """Every unit of _core imports, and its kernels run on packed values, without a module of
    the Python layers ever being imported: the core holds no callback into them (no
    resolver) and imports nothing above it at run time."""
    import json
    import subprocess
    import sys

    import shengji
    from shengji.rules import pack
    from shengji.rules.options import Rules

    # the package as imported (installed or built in place): its compiled units are there
    package = Path(shengji.__file__).resolve().parent
    done = subprocess.run(
        [sys.executable, "-c", CORE_ALONE, str(package), json.dumps(pack.rules(Rules()))],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout) == [], done.stdout


# -- it fails: a synthetic tree with imports that point up ---------------------------------


def write(root: Path, rel: str, text: str) -> None:
    path = root / "shengji" / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def tree(tmp_path):
    """A small package laid out like shengji, every import pointing down."""
    for rel in (
        "__init__.py",
        "names.py",
        "rules/__init__.py",
        "game/__init__.py",
        "runner/__init__.py",
        "studies/__init__.py",
        "studies/base.py",
        "_core/__init__.py",
        "_core/base/__init__.py",
        "_core/engine/__init__.py",
    ):
        write(tmp_path, rel, "")
    write(tmp_path, "rules/options.py", "from shengji.names import N_CARDS\nimport numpy\n")
    write(tmp_path, "game/state.py", "from shengji.rules import options\nimport shengji.names\n")
    write(tmp_path, "runner/plan.py", "def f():\n    from shengji.game.state import x\n")
    write(tmp_path, "_core/include/fastrand.h", '#include <stdint.h>\n#include "bits.h"\n')
    write(tmp_path, "_core/include/bits.h", "#include <stdint.h>\n")
    write(tmp_path, "_core/base/rng.pxd", 'cdef extern from "fastrand.h" nogil:\n    pass\n')
    write(
        tmp_path,
        "_core/engine/play.pxd",
        '"""from shengji.game import state (a docstring, not an import)"""\n'
        "from libc.stdint cimport uint64_t\n"
        "from shengji._core.base.rng cimport Rng\n",
    )
    return tmp_path


def test_a_clean_tree_passes(tree):
    assert upward_imports(tree, {}) == []


@pytest.mark.parametrize(
    "rel, text, expected",
    [
        # module level, Python
        (
            "rules/trump.py",
            "import shengji.game.state\n",
            "shengji/rules/trump.py:1: shengji.rules.trump (rules) imports shengji.game.state "
            "(game), a higher layer",
        ),
        # inside a function, `from a import module`
        (
            "runner/engines.py",
            "import os\n\n\ndef compute():\n    from shengji.studies import base\n",
            "shengji/runner/engines.py:5: shengji.runner.engines (runner) imports "
            "shengji.studies.base (studies), a higher layer",
        ),
        # a name of the package's __init__: the top layer
        (
            "game/setup.py",
            "from shengji import Rules\n",
            "shengji/game/setup.py:1: shengji.game.setup (game) imports shengji (package)",
        ),
        # an old import path counts as its new one
        (
            "rules/combos.py",
            "from shengji import openspiel\n",
            "shengji/rules/combos.py:1: shengji.rules.combos (rules) imports "
            "shengji.adapters.openspiel (adapters)",
        ),
        # the core importing the Python layers above it
        (
            "_core/engine/hand.pyx",
            "import numpy as np\nfrom shengji.names import N_CARDS\n",
            "shengji/_core/engine/hand.pyx:2: shengji._core.engine.hand (_core.engine) imports "
            "shengji.names (ground)",
        ),
        # a cimport up the _core order, in a parenthesised list
        (
            "_core/base/cards.pxd",
            "from shengji._core.engine.play cimport (Play,\n    bit)\n",
            "shengji/_core/base/cards.pxd:1: shengji._core.base.cards (_core.base) imports "
            "shengji._core.engine.play (_core.engine)",
        ),
        # `cimport a.b as c`
        (
            "_core/base/options.pyx",
            "# header\ncimport shengji._core.engine.play as play\n",
            "shengji/_core/base/options.pyx:2: shengji._core.base.options (_core.base) imports "
            "shengji._core.engine.play (_core.engine)",
        ),
        # a header of a higher folder
        (
            "_core/base/bits.pxd",
            'cdef extern from "book.h" nogil:\n    int f()\n',
            "shengji/_core/base/bits.pxd:1: shengji._core.base.bits (_core.base) imports "
            "shengji._core.engine.book (_core.engine)",
        ),
        # a header including one above it
        (
            "_core/include/clock.h",
            '#include <time.h>\n#include "book.h"\n',
            "shengji/_core/include/clock.h:2: shengji._core.include.clock (_core.include) "
            "imports shengji._core.engine.book (_core.engine)",
        ),
        # a relative import
        (
            "game/records.py",
            "from . import state\n",
            "shengji/game/records.py:1: relative import '.' (write it absolute)",
        ),
        # a module the table does not place
        (
            "checks.py",
            "",
            "shengji/checks.py:1: shengji.checks is in no layer",
        ),
    ],
)
def test_an_upward_import_is_named(tree, rel, text, expected):
    write(tree, "_core/engine/book.h", "int f(void);\n")
    assert upward_imports(tree, {}) == []
    write(tree, rel, text)
    problems = upward_imports(tree, {"shengji.openspiel": "shengji.adapters.openspiel"})
    assert len(problems) == 1, problems
    assert problems[0].startswith(expected), problems
