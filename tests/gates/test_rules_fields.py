"""The typed fields of ``Rules`` (its ``if TYPE_CHECKING:`` block, what mypy sees) match
``OPTIONS`` (what ``Rules`` has at run time): the same names, order and types.

Fix a failure with ``python tools/tables.py`` (it rewrites the block from the table).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from shengji.rules import options
from shengji.rules.options import OPTIONS, Rules

ROOT = Path(__file__).resolve().parents[2]
FIX = "run: python tools/tables.py"


def _rules_class(tree: ast.Module) -> ast.ClassDef:
    (cls,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Rules"]
    return cls


def _type_checking_fields(source: str) -> list[tuple[str, str]]:
    """(name, annotation) of the public annotated names under ``if TYPE_CHECKING:`` in
    ``class Rules``, in order (the annotations normalized by ast.unparse)."""
    blocks = [
        n
        for n in _rules_class(ast.parse(source)).body
        if isinstance(n, ast.If) and isinstance(n.test, ast.Name) and n.test.id == "TYPE_CHECKING"
    ]
    assert len(blocks) == 1, "class Rules needs exactly one `if TYPE_CHECKING:` block"
    return [
        (n.target.id, ast.unparse(n.annotation))
        for n in blocks[0].body
        if isinstance(n, ast.AnnAssign)
        and isinstance(n.target, ast.Name)
        and not n.target.id.startswith("_")
    ]


def _expected() -> list[tuple[str, str]]:
    return [(o.name, ast.unparse(ast.parse(o.kind.annotation, mode="eval").body)) for o in OPTIONS]


def test_declared_fields_match_options():
    declared = _type_checking_fields(Path(options.__file__).read_text(encoding="utf-8"))
    expected = _expected()
    missing = [n for n, _ in expected if n not in dict(declared)]
    extra = [n for n, _ in declared if n not in dict(expected)]
    assert not missing and not extra, f"Rules fields: missing {missing}, extra {extra}; {FIX}"
    wrong = [(n, t, dict(expected)[n]) for n, t in declared if t != dict(expected)[n]]
    assert not wrong, f"Rules fields typed (name, declared, OPTIONS): {wrong}; {FIX}"
    assert declared == expected, f"Rules fields out of OPTIONS order; {FIX}"


def test_runtime_fields_are_the_table():
    """What the check compares against is what Rules really has at run time."""
    assert list(Rules.__dataclass_fields__) == [o.name for o in OPTIONS]
    assert Rules.__annotations__ == {o.name: o.kind.annotation for o in OPTIONS}


@pytest.mark.parametrize(
    "edit",
    [
        lambda s: s.replace("        clockwise: bool\n", "", 1),  # a field missing
        lambda s: s.replace("        clockwise: bool\n", "        clockwise: int\n", 1),  # type
        lambda s: s.replace(  # two fields swapped
            "        clockwise: bool\n        tractor_gap: bool\n",
            "        tractor_gap: bool\n        clockwise: bool\n",
            1,
        ),
        lambda s: s.replace(
            "        clockwise: bool\n", "        clockwise: bool\n        x: int\n"
        ),
    ],
    ids=["missing", "type", "order", "extra"],
)
def test_the_check_sees_drift(edit):
    source = Path(options.__file__).read_text(encoding="utf-8")
    drifted = edit(source)
    assert drifted != source
    assert _type_checking_fields(drifted) != _expected()


def test_the_generator_agrees():
    """tools/tables.py --check: the block (and every generated file) is what it writes."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "tables.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
