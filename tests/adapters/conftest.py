"""Fixtures of the adapter tests (OpenSpiel, PettingZoo)."""

from __future__ import annotations

import pytest


@pytest.fixture
def slow_only(request):
    """The slow tests run only when selected (``-m slow``)."""
    if (
        "slow" not in (request.config.option.markexpr or "")
        or "not slow" in request.config.option.markexpr
    ):
        pytest.skip("slow: select with -m slow")
