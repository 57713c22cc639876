"""The tests mirror the package (tests/README.md): every module of ``src/shengji/`` (``.py``
or compiled ``.pyx``; a package's ``__init__.py`` aside) has a test file at its mirrored
path, ``tests/<folders>/test_<module>.py`` or ``test_<module>_<aspect>.py``, a leading
underscore dropped from each name (``_core/bots/pimc.pyx`` -> ``core/bots/test_pimc.py``,
``_moved.py`` -> ``test_moved.py``), or it is listed in unmirrored.py with where it is
tested instead."""

from __future__ import annotations

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
    assert all(reason.strip() for reason in UNMIRRORED.values())
