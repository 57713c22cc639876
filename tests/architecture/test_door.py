"""One door into the core (docs/architecture.md, "One door into the core").

* Exactly one module calls itself the door, ``shengji.door``, and no folder of the package
  has its name.
* The door holds no code: its docstring, imports and ``__all__`` (no wrapper re-lists a
  driver's arguments; what it hands on: tests/test_door.py).
* Outside ``shengji._core`` only the modules the design's paragraph names import the core,
  and the paragraph says how many.

The imports are read as test_layers.py reads them (at module level and inside functions).
Each check runs on a scratch tree too, where it must find what was planted."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from shengji._moved import MOVED
from tests.architecture.test_layers import known_modules, module_name, python_imports, resolve

SRC = Path(__file__).resolve().parents[2] / "src"
DESIGN = SRC.parent / "docs" / "architecture.md"
DOOR = "shengji.door"
CALLS_ITSELF_A_DOOR = re.compile(r"(?<!shengji\.)\bdoors?\b", re.IGNORECASE)
WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


def _modules(src: Path):
    """(module, path) of every Python module of the package outside ``shengji._core``."""
    for path in sorted((src / "shengji").rglob("*.py")):
        module = module_name(path, src)
        if not module.startswith("shengji._core"):
            yield module, path


def door_modules(src: Path) -> list[str]:
    """The modules whose docstring calls the module a door (a mention of ``shengji.door``
    is not one)."""
    found = []
    for module, path in _modules(src):
        doc = ast.get_docstring(ast.parse(path.read_text())) or ""
        if CALLS_ITSELF_A_DOOR.search(doc):
            found.append(module)
    return found


def door_code(path: Path) -> list[str]:
    """``line: statement`` of each statement of the door that is not its docstring, an
    import or ``__all__``."""
    tree = ast.parse(path.read_text())
    found = []
    for i, node in enumerate(tree.body):
        if i == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        if isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == ["__all__"]:
            continue
        found.append(f"{node.lineno}: {ast.unparse(node).splitlines()[0]}")
    return found


def core_importers(src: Path) -> dict[str, list[str]]:
    """{module outside _core: ['file:line', ...] of its imports of shengji._core}."""
    names = known_modules(src)
    found: dict[str, list[str]] = {}
    for module, path in _modules(src):
        for line, target, relative in python_imports(path, module):
            if relative or target.split(".")[0].split(":")[0] != "shengji":
                continue
            resolved = resolve(target, names, MOVED)
            if resolved == "shengji._core" or resolved.startswith("shengji._core."):
                found.setdefault(module, []).append(f"{path.relative_to(src)}:{line}")
    return found


def design_doors(text: str) -> tuple[set[str], str]:
    """The modules the design's "One door into the core" paragraph names, and the
    paragraph."""
    start = text.index("**One door into the core.**")
    paragraph = text[start : text.index("\n\n", start)]
    return set(re.findall(r"`(shengji\.[a-z_.]+)`", paragraph)), paragraph


def importer_faults(src: Path, text: str) -> list[str]:
    """What the design's paragraph and the code disagree on: an importer it does not name, a
    module it names that does not import the core, a wrong count."""
    found = core_importers(src)
    named, paragraph = design_doors(text)
    faults = [
        f"imports the core, not named by the design: {m} ({', '.join(found[m])})"
        for m in sorted(set(found) - named)
    ]
    faults += [f"named by the design, imports no core: {m}" for m in sorted(named - set(found))]
    if f"{WORDS.get(len(found), len(found))} modules import it" not in paragraph:
        faults.append(f"the paragraph does not say '{WORDS.get(len(found))} modules import it'")
    return faults


# -- the tree as it is ------------------------------------------------------------------------
def test_exactly_one_module_calls_itself_the_door():
    assert door_modules(SRC) == [DOOR]


def test_no_folder_has_the_doors_name():
    stem = DOOR.rsplit(".", 1)[1]
    assert not [p for p in (SRC / "shengji").rglob(stem) if p.is_dir()]


def test_the_door_holds_no_code():
    assert door_code(SRC / "shengji" / "door.py") == []


def test_only_the_modules_the_design_names_import_the_core():
    assert importer_faults(SRC, DESIGN.read_text()) == []


# -- the checks find what is planted ----------------------------------------------------------
def _write(root: Path, rel: str, text: str) -> Path:
    path = root / "shengji" / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


@pytest.fixture
def tree(tmp_path):
    _write(tmp_path, "__init__.py", "")
    _write(tmp_path, "_core/__init__.py", "")
    _write(tmp_path, "_core/drivers/__init__.py", "")
    _write(tmp_path, "_core/drivers/duel.py", "def play_duel(job):\n    pass\n")
    _write(
        tmp_path,
        "door.py",
        '"""The door."""\nfrom shengji._core.drivers.duel import play_duel\n'
        '__all__ = ["play_duel"]\n',
    )
    _write(tmp_path, "studies/__init__.py", "")
    _write(tmp_path, "studies/duel.py", '"""Uses shengji.door."""\nfrom shengji.door import x\n')
    return tmp_path


DESIGN_ONE = (
    "**One door into the core.** Outside `_core` one modules import it: `shengji.door`.\n\n"
)


def test_a_clean_scratch_tree_passes(tree):
    assert door_modules(tree) == [DOOR]
    assert door_code(tree / "shengji" / "door.py") == []
    assert importer_faults(tree, DESIGN_ONE) == []


def test_a_second_door_is_found(tree):
    _write(tree, "rules/pack.py", '"""The one door from the values into the core."""\n')
    assert door_modules(tree) == ["shengji.door", "shengji.rules.pack"]


def test_a_wrapper_in_the_door_is_found(tree):
    path = tree / "shengji" / "door.py"
    path.write_text(path.read_text() + "def play(*, job):\n    return play_duel(job)\n")
    assert door_code(path) == ["4: def play(*, job):"]


def test_an_importer_the_design_does_not_name_is_found(tree):
    _write(tree, "learn/model.py", "def f():\n    from shengji._core.drivers import duel\n")
    faults = importer_faults(tree, DESIGN_ONE)
    assert faults[0].startswith("imports the core, not named by the design: shengji.learn.model")
    assert "'two modules import it'" in faults[-1]


def test_a_named_door_that_imports_nothing_is_found(tree):
    text = DESIGN_ONE.replace("`shengji.door`.", "`shengji.door`, `shengji.names`.")
    assert importer_faults(tree, text) == ["named by the design, imports no core: shengji.names"]
