"""The README's game-AI examples (the code blocks after ``<!-- readme-example: NAME -->``)
run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def example(name: str) -> str:
    text = README.read_text()
    m = re.search(rf"<!-- readme-example: {name} -->\s*```python\n(.*?)```", text, re.S)
    assert m, f"README.md has no example {name!r}"
    return m.group(1)


@pytest.mark.parametrize("name,library", [("openspiel", "pyspiel"), ("pettingzoo", "pettingzoo")])
def test_readme_example_runs(name, library, capsys):
    pytest.importorskip(library)
    exec(compile(example(name), f"README.md:{name}", "exec"), {"__name__": "readme"})
    out = capsys.readouterr().out
    assert out.strip()
    if name == "openspiel":
        returns = eval(out.strip().splitlines()[-1])
        assert len(returns) == 4 and sum(returns) == 0
    else:
        assert "the hand is over" in out
