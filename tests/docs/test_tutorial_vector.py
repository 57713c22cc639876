"""The vector-environment example of the training tutorial (docs/tutorials/train-an-agent.md,
the block after ``<!-- example: vector -->``) runs as written and steps hands to their end."""

from __future__ import annotations

import re
from pathlib import Path

PAGE = Path(__file__).resolve().parents[2] / "docs" / "tutorials" / "train-an-agent.md"


def test_the_tutorial_s_vector_example(capsys):
    text = PAGE.read_text(encoding="utf-8")
    m = re.search(r"<!-- example: vector -->\s*```python\n(.*?)```", text, re.S)
    assert m, f"{PAGE.name} has no vector example"
    exec(compile(m.group(1), f"{PAGE.name}:vector", "exec"), {"__name__": "docs"})
    out = capsys.readouterr().out
    assert "hands ended at the last step" in out
    assert "(256, 942) (256, 124)" in out
