"""The game-AI examples of the documentation (docs/how-to/openspiel-pettingzoo.md, the code
blocks after ``<!-- example: NAME -->``) run as written and do what they say: a whole hand
through OpenSpiel with zero-sum returns, a whole PettingZoo episode rendered to its end.
(tests/docs/test_snippets.py runs every page; this checks these two's results.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "how-to" / "openspiel-pettingzoo.md"


def example(name: str) -> str:
    text = PAGE.read_text(encoding="utf-8")
    m = re.search(rf"<!-- example: {name} -->\s*```python\n(.*?)```", text, re.S)
    assert m, f"{PAGE.name} has no example {name!r}"
    return m.group(1)


@pytest.mark.parametrize("name,library", [("openspiel", "pyspiel"), ("pettingzoo", "pettingzoo")])
def test_the_example_runs(name, library, capsys):
    pytest.importorskip(library)
    exec(compile(example(name), f"{PAGE.name}:{name}", "exec"), {"__name__": "docs"})
    out = capsys.readouterr().out
    assert out.strip()
    if name == "openspiel":
        returns = eval(out.strip().splitlines()[-1])
        assert len(returns) == 4 and sum(returns) == 0
    else:
        assert "the hand is over" in out
