"""The hostile-input tests: report how many calls each entry point took."""

from __future__ import annotations

from tests.hostile.hostile_support import CALLS


def pytest_terminal_summary(terminalreporter):
    if not CALLS:
        return
    terminalreporter.section("hostile calls per entry point")
    for entry, n in sorted(CALLS.items()):
        terminalreporter.write_line(f"{entry:<40} {n:>8,}")
