"""Fixtures shared by every test folder (registered by tests/conftest.py)."""

from __future__ import annotations

import pytest


@pytest.fixture
def slow_only(request):
    """The slow tests run only when selected (``-m slow``): nothing in the project's pytest
    configuration deselects the marker by default."""
    if (
        "slow" not in (request.config.option.markexpr or "")
        or "not slow" in request.config.option.markexpr
    ):
        pytest.skip("slow: select with -m slow")
