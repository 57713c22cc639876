"""The sweep files in sim/ are valid and run (tiny n), and their summaries print the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from shengji.cli import main

SIM = Path(__file__).resolve().parents[2] / "sim"
SWEEPS = sorted(SIM.glob("sweep_*.toml"))


def test_the_organisers_questions_ship():
    names = {p.stem for p in SWEEPS}
    assert {"sweep_kitty", "sweep_must_play", "sweep_overturn"} <= names


@pytest.mark.parametrize("path", SWEEPS, ids=[p.stem for p in SWEEPS])
def test_sim_sweep_runs(path, tmp_path, capsys):
    n = "3" if "must_play" in path.stem else "8"
    code = main(
        ["run", str(path), "--n", n, "--out", str(tmp_path / "o"), "--quiet", "--workers", "1"]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "sweep (" in out and "diff [95%] (paired)" in out and "(baseline)" in out
