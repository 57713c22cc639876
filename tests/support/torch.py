"""PyTorch for the tests that need it (the optional ``learn`` extra): skipped where it is
absent, with the line that installs it."""

from __future__ import annotations

import pytest

INSTALL = 'needs PyTorch (CPU), the learn extra: pip install -e ".[learn,test]"'


def need_torch():
    """The torch module, or the calling test module skipped with INSTALL."""
    return pytest.importorskip("torch", reason=INSTALL)
