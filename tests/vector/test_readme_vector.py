"""The README's vector-environment example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_vector_example(capsys):
    text = README.read_text()
    m = re.search(r"<!-- readme-example: vector -->\s*```python\n(.*?)```", text, re.S)
    assert m, "README.md has no vector example"
    exec(compile(m.group(1), "README.md:vector", "exec"), {"__name__": "readme"})
    assert "hands ended at the last step" in capsys.readouterr().out
