"""Every example in README.md and in the documentation runs as written (issue 32): each
page's code blocks in order, in a fresh directory and a fresh interpreter
(``tests/docs/snippets.py`` says which blocks run and how).

A page whose example needs an optional library that is not installed (OpenSpiel,
PettingZoo, polars, DuckDB, matplotlib) is skipped, unless ``$SHENGJI_REQUIRE_DOCS`` is set
(CI installs the ``docs`` extra): then it fails.  The pages run with one BLAS thread
(``OPENBLAS_NUM_THREADS=1``), as the training tutorial advises on a shared machine."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import shengji
from tests.docs import snippets
from tests.docs.snippets import ROOT, SHELLS, blocks, pages, shell_runs

PAGES = pages()
KNOWN = {"python", "toml", "text", "c", "", *SHELLS}


def _id(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("page", PAGES, ids=[_id(p) for p in PAGES])
def test_the_page_s_examples_run(page, tmp_path):
    """The page's blocks, run by ``snippets.py`` in a fresh directory with ``shengji`` on
    PATH (this interpreter's ``python -m shengji``)."""
    if not any(b.lang == "python" or (b.lang in SHELLS and shell_runs(b)) for b in blocks(page)):
        return  # nothing runs here (shown-only blocks are checked below)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    exe = bin_dir / "shengji"
    exe.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m shengji "$@"\n')
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
    work = tmp_path / "work"
    work.mkdir()
    src = str(Path(shengji.__file__).resolve().parents[1])
    env = dict(os.environ, MPLBACKEND="Agg", OPENBLAS_NUM_THREADS="1")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (src, str(ROOT), env.get("PYTHONPATH")) if p)
    env["PATH"] = f"{bin_dir}{os.pathsep}{env['PATH']}"
    res = subprocess.run(
        [sys.executable, snippets.__file__, str(page)],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    if res.returncode == snippets.SKIP:
        pytest.skip(res.stdout.strip().splitlines()[-1])
    assert res.returncode == 0, f"{_id(page)}:\n{res.stdout[-3000:]}\n{res.stderr[-5000:]}"


def test_every_block_is_run_or_says_why_not():
    """A block in an unknown language, a shell block of other commands without its marker,
    a no-run without a reason: each is an example that would not be tested."""
    problems = []
    for page in PAGES:
        for block in blocks(page):
            if block.lang not in KNOWN:
                problems.append(f"{block.where}: unknown language {block.lang!r}")
            elif block.lang in SHELLS:
                try:
                    shell_runs(block)
                except ValueError as exc:
                    problems.append(str(exc))
    assert not problems, "\n".join(problems)


def test_the_readme_is_short_and_its_examples_run_here():
    """README.md: at most 150 lines; its three examples are python blocks (run above)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    assert len([b for b in blocks(ROOT / "README.md") if b.lang == "python"]) >= 3
