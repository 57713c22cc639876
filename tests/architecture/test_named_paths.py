"""Every module path the source and the docs name exists: a comment, a docstring or a page
that says ``shengji._core.step.infoset.InfoSet`` or ``_core.drivers.hands.HAND_COLUMNS``
names a real module (and, for ``shengji.`` paths, a real name in it).  A unit that moves
leaves no stale path behind (``shengji._core.rng``, ``_core.infoset`` ... were).

Read: the package's sources (``.py .pyx .pxd .pyi .h``), docs/*.md, CONTRIBUTING.md, the
tests' README, the benchmarks and tools (the tests' own sources name wrong paths on
purpose).  CHANGELOG.md is history (it names the old paths on purpose); so are the
deprecated old import paths (``shengji._moved.MOVED``); ``shengji.studies.files`` is the
package data setup.py installs (sim/).
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from shengji._moved import MOVED

INSTALLED = {"shengji.studies.files"}  # package data: setup.py maps sim/ there

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
CORE = SRC / "shengji" / "_core"
UNIT_SUFFIXES = (".pyx", ".pxd", ".py", ".pyi", ".h")

# a path to check: shengji.a.b..., or _core.a.b... not after a name or a dot (self._core.x)
FULL = re.compile(r"(?<![\w.])shengji((?:\.\w+)+)")
BARE = re.compile(r"(?<![\w.])_core((?:\.\w+)+)")


def _files():
    for path in sorted((SRC / "shengji").rglob("*")):
        if path.suffix in UNIT_SUFFIXES and "__pycache__" not in path.parts:
            yield path
    yield from sorted(p for p in (ROOT / "docs").rglob("*.md") if "_build" not in p.parts)
    yield from sorted((ROOT / "docs" / "_ext").rglob("*.py"))
    yield ROOT / "README.md"
    yield ROOT / "CONTRIBUTING.md"
    for folder in ("benchmarks", "tools"):
        yield from sorted((ROOT / folder).rglob("*.py"))
    yield ROOT / "tests" / "README.md"


def _is_unit(folder: Path, name: str) -> bool:
    return (folder / name).is_dir() or any((folder / (name + s)).exists() for s in UNIT_SUFFIXES)


UNIT_STEMS = {p.name.split(".")[0] for p in CORE.rglob("*") if p.suffix in UNIT_SUFFIXES}
FOLDERS = {p.name for p in CORE.iterdir() if p.is_dir() and p.name != "__pycache__"}


def core_problem(parts: list[str]) -> str | None:
    """Why ``_core.<parts>`` names no unit, or None."""
    head = parts[0]
    if head in FOLDERS:
        if len(parts) > 1 and not _is_unit(CORE / head, parts[1]):
            return f"_core/{head}/ has no unit {parts[1]!r}"
        return None
    if head in UNIT_STEMS:  # a unit named without its folder: the flat layout of 0.1.0
        return f"{head!r} is a unit inside one of _core's folders, not a folder"
    return None  # a module aliased _core (``from ... import handcore as _core``): code


def full_problem(parts: list[str]) -> str | None:
    """Why ``shengji.<parts>`` names no module or name, or None."""
    if parts[0] == "_core":
        return core_problem(parts[1:]) if len(parts) > 1 else None
    dotted = "shengji." + ".".join(parts)
    if any(dotted == old or dotted.startswith(old + ".") for old in (*MOVED, *INSTALLED)):
        return None
    folder, i = SRC / "shengji", 0
    while i < len(parts) and _is_unit(folder, parts[i]):
        folder = folder / parts[i]
        i += 1
    if i == len(parts):
        return None
    module = "shengji" + "".join("." + p for p in parts[:i])
    try:
        mod = importlib.import_module(module)
    except ImportError:  # an optional dependency is missing: the module path is real
        return None
    if not hasattr(mod, parts[i]):
        return f"{module} has no {parts[i]!r}"
    return None


def test_every_named_path_exists():
    problems = []
    for path in _files():
        if not path.exists():
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="ignore").splitlines()):
            for pattern, check in ((FULL, full_problem), (BARE, core_problem)):
                for m in pattern.finditer(line):
                    why = check(m.group(1).strip(".").split("."))
                    if why:
                        rel = path.relative_to(ROOT)
                        problems.append(f"{rel}:{n + 1}: {m.group(0)}: {why}")
    assert not problems, "stale paths:\n" + "\n".join(problems)


def test_the_check_finds_a_stale_path():
    assert core_problem(["rng", "chunk_state"])  # the flat layout's path
    assert core_problem(["step", "no_such_unit"])
    assert core_problem(["step", "infoset", "InfoSet"]) is None
    assert full_problem(["studies", "sweep", "NO_SUCH_NAME"])
    assert full_problem(["game", "state", "HandState"]) is None
    assert full_problem(["combos"]) is None  # a deprecated old path: CHANGELOG lists it
