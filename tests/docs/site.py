"""Where the built documentation site is, for the tests that read it.

The site is built by ``python -m sphinx -W --keep-going docs docs/_build/html`` (CI:
``.ci/run``, before the tests); ``$SHENGJI_DOCS_SITE`` names another build folder.  With no
built site the tests that read it skip, unless ``$SHENGJI_REQUIRE_DOCS`` is set (CI): then
they fail.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = "python -m sphinx -W --keep-going docs docs/_build/html"


def site() -> Path:
    """The built site's folder (holding index.html); skips or fails when there is none."""
    path = Path(os.environ.get("SHENGJI_DOCS_SITE") or ROOT / "docs" / "_build" / "html")
    if not (path / "index.html").is_file():
        why = f"no built documentation site in {path} (build it: {BUILD})"
        if os.environ.get("SHENGJI_REQUIRE_DOCS"):
            pytest.fail(why)
        pytest.skip(why)
    return path
