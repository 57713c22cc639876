"""Leaks and long runs: resident memory stays flat (within 5 %) over many HandState
create/play/drop cycles, OpenSpiel games, pimc decisions and a long aggregate run; open
file descriptors and temporary files do not accumulate over many ``analysis.run`` calls in
one process.  Each loop runs in a fresh process (leak_probe.py).  The default suite runs
short versions; the long ones (the issue's sizes) are ``-m slow``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
TOLERANCE = 0.05

# Under AddressSanitizer (.ci/sanitize) freed memory sits in ASan's quarantine (up to
# 256 MiB) by design, so resident memory grows without any leak: measured in the normal
# build only.
pytestmark = pytest.mark.skipif(
    bool(os.environ.get("SHENGJI_SANITIZED")),
    reason="resident memory is not meaningful under ASan (its quarantine holds freed memory)",
)

# (loop, default size, long size)
LOOPS = [
    ("hands", 1_000, 100_000),
    ("openspiel", 20, 10_000),
    ("pimc", 30, 1_000),
    ("deals", 1_000_000, 100_000_000),
    ("runs", 30, 1_000),
]


def _probe(what: str, n: int, tmp: Path) -> dict:
    # a temporary directory of its own: other processes' files do not count
    env = dict(os.environ, TMPDIR=str(tmp))  # shengji as this process imports it
    r = subprocess.run(
        [sys.executable, str(HERE / "leak_probe.py"), what, str(n)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=4 * 3600,
    )
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


def _check(what: str, n: int, tmp: Path) -> None:
    m = _probe(what, n, tmp)
    before, after = m["before"], m["after"]
    print(
        f"{what} x {n:,}: RSS {before['rss']:,} -> {after['rss']:,} KiB; fds "
        f"{before['fds']} -> {after['fds']}; temp entries {before['tmp']} -> {after['tmp']}"
    )
    assert after["rss"] <= before["rss"] * (1 + TOLERANCE), m
    if what == "runs":
        assert after["fds"] <= before["fds"], m
        assert after["tmp"] <= before["tmp"], m


@pytest.mark.parametrize("what,n", [(w, d) for w, d, _ in LOOPS])
def test_flat_short(what, n, tmp_path):
    _check(what, n, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("what,n", [(w, long) for w, _, long in LOOPS])
def test_flat_long(what, n, tmp_path):
    _check(what, n, tmp_path)
