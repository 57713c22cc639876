"""The tests mirror the package (tests/README.md): every module of ``src/shengji/`` (``.py``
or compiled ``.pyx``; a package's ``__init__.py`` aside) has a test file at its mirrored
path, ``tests/<folders>/test_<module>.py`` or ``test_<module>_<aspect>.py``, a leading
underscore dropped from each name (``_core/bots/pimc.pyx`` -> ``core/bots/test_pimc.py``,
``_moved.py`` -> ``test_moved.py``), or it is listed in unmirrored.py with where it is
tested instead: a reason that names test files (relative to ``tests/``) which exist and of
which one at least mentions the module (its dotted path, its name or one of its public
names)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.architecture.unmirrored import UNMIRRORED

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "shengji"
TESTS = ROOT / "tests"


def _bare(name: str) -> str:
    """A name without its one leading underscore (``_core`` -> ``core``; ``__main__`` kept)."""
    return name[1:] if name.startswith("_") and not name.startswith("__") else name


def _modules() -> list[str]:
    found = [*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.pyx")]
    return sorted(
        p.relative_to(PACKAGE).as_posix()
        for p in found
        if p.name != "__init__.py" and "__pycache__" not in p.parts
    )


def _mirrored(module: str) -> bool:
    path = Path(module)
    folder = TESTS.joinpath(*(_bare(part) for part in path.parent.parts))
    stem = _bare(path.stem)
    return (folder / f"test_{stem}.py").is_file() or any(folder.glob(f"test_{stem}_*.py"))


def test_every_module_has_a_test_file_at_its_mirrored_path_or_a_listed_reason():
    missing = [m for m in _modules() if not _mirrored(m) and m not in UNMIRRORED]
    assert not missing, (
        "modules with no test file at their mirrored path (tests/README.md): write "
        "tests/<folders>/test_<module>.py, or list the module in "
        f"tests/architecture/unmirrored.py with where it is tested: {missing}"
    )


def test_the_list_names_only_modules_without_a_mirrored_test_file():
    modules = set(_modules())
    unknown = sorted(m for m in UNMIRRORED if m not in modules)
    mirrored = sorted(m for m in UNMIRRORED if m in modules and _mirrored(m))
    assert not unknown, f"tests/architecture/unmirrored.py names no such module: {unknown}"
    assert not mirrored, (
        f"these modules have a mirrored test file now; drop them from unmirrored.py: {mirrored}"
    )


_NAMED = re.compile(r"[\w./*-]+\.py\b")


def _named_files(reason: str) -> dict[str, list[Path]]:
    """The test files a reason names (``*`` a wildcard), each with the files it matches."""
    return {name: sorted(TESTS.glob(name)) for name in _NAMED.findall(reason)}


def _public_names(module: str) -> set[str]:
    """A module's public names: of its stub (a compiled unit) or of its source (``__all__``,
    else its top-level functions, classes and constants)."""
    path = PACKAGE / module
    stub = path.with_suffix(".pyi")
    tree = ast.parse((stub if stub.is_file() else path).read_text())
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        for t in targets:
            if isinstance(t, ast.Name):
                names.add(t.id)
                if t.id == "__all__" and isinstance(node, ast.Assign):
                    names |= set(ast.literal_eval(node.value))
    return {n for n in names if not n.startswith("_")}


def _mentions(text: str, module: str) -> bool:
    path = Path(module)
    dotted = ".".join(("shengji", *path.parent.parts, path.stem))
    words = {path.stem, _bare(path.stem), *_public_names(module)}
    return dotted in text or any(re.search(rf"\b{re.escape(w)}\b", text) for w in words)


def test_every_reason_names_test_files_that_exist_and_test_the_module():
    bad = []
    for module, reason in UNMIRRORED.items():
        named = _named_files(reason)
        if not named:
            bad.append(f"{module}: the reason names no test file")
            continue
        missing = [name for name, files in named.items() if not files]
        if missing:
            bad.append(f"{module}: no such test file {missing}")
            continue
        files = [f for found in named.values() for f in found]
        if not any(_mentions(f.read_text(), module) for f in files):
            bad.append(f"{module}: none of {list(named)} mentions it")
    assert not bad, "tests/architecture/unmirrored.py: " + "; ".join(bad)
