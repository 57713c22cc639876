"""A function a reader can hold: no Python function of ``src/shengji/`` over 120 lines (issue
52), counted from its ``def`` to its last line, its docstring included.  A longer one is
split into named steps, one concern each; a public function's long numpydoc reference
(checked by docs/test_docstrings.py) leaves that much less room for its code."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "shengji"
LIMIT = 120


def function_lengths(source: str) -> list[tuple[str, int, int]]:
    """(name, first line, length) of every function in ``source``, nested ones and methods
    included: its lines from the ``def`` (a decorator aside) to its last, its docstring's
    too."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.append((node.name, node.lineno, node.end_lineno - node.lineno + 1))
    return out


def test_no_function_over_the_limit():
    over = [
        f"{path.relative_to(ROOT).as_posix()}:{line} {name}: {length} lines"
        for path in sorted(PACKAGE.rglob("*.py"))
        for name, line, length in function_lengths(path.read_text(encoding="utf-8"))
        if length > LIMIT
    ]
    assert not over, f"over {LIMIT} lines, its docstring included (split it):\n" + "\n".join(over)


def test_the_count_includes_the_docstring():
    body = "".join(f"    x{i} = {i}\n" for i in range(LIMIT - 3))
    doc = '    """A docstring\n    of two lines."""\n'
    assert function_lengths(f"def f():\n{doc}{body}") == [("f", 1, LIMIT)]
    longer = f"def g():\n{doc}{body}    y = 1\n"
    assert function_lengths(longer) == [("g", 1, LIMIT + 1)]
    nested = f"def h():\n    def inner():\n{doc.replace('    ', '        ')}        pass\n"
    assert function_lengths(nested) == [("h", 1, 5), ("inner", 2, 4)]
