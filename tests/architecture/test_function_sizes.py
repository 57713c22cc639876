"""A function a reader can hold: no Python function of ``src/shengji/`` over 120 lines (issue
52), counted from its ``def`` to its last line, its docstring aside (a public function's
numpydoc reference, checked by docs/test_docstrings.py, is not its length).  A longer one
is split into named steps, one concern each."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "shengji"
LIMIT = 120


def _docstring_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    first = node.body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
        if isinstance(first.value.value, str):
            return first.end_lineno - first.lineno + 1
    return 0


def function_lengths(source: str) -> list[tuple[str, int, int]]:
    """(name, first line, length less the docstring) of every function in ``source``,
    nested ones and methods included."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = node.end_lineno - node.lineno + 1 - _docstring_lines(node)
            out.append((node.name, node.lineno, length))
    return out


def test_no_function_over_the_limit():
    over = [
        f"{path.relative_to(ROOT).as_posix()}:{line} {name}: {length} lines"
        for path in sorted(PACKAGE.rglob("*.py"))
        for name, line, length in function_lengths(path.read_text(encoding="utf-8"))
        if length > LIMIT
    ]
    assert not over, f"over {LIMIT} lines, its docstring aside (split it):\n" + "\n".join(over)


def test_the_count_is_the_code_not_the_docstring():
    doc = '    """' + "\n".join(["a docstring line"] * 200) + '"""\n'
    body = "".join(f"    x{i} = {i}\n" for i in range(LIMIT - 1))
    assert function_lengths(f"def f():\n{doc}{body}") == [("f", 1, LIMIT)]
    longer = f"def g():\n{body}    y = 1\n    return y\n"
    assert function_lengths(longer) == [("g", 1, LIMIT + 2)]
