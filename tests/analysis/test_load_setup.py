"""Issue #13's analysis cases: pandas comes with `pip install .` (the README's loading
snippet and shengji.load work after the README's first command), shengji.analysis.run takes
a study kind and keys, and the histograms' seat reads back as an integer."""

from __future__ import annotations

import re
from importlib.metadata import requires
from pathlib import Path

import pandas as pd
import pytest
from packaging.requirements import Requirement

from shengji.analysis.load import load, run

ROOT = Path(__file__).resolve().parents[2]


def test_pandas_is_a_dependency():
    reqs = [Requirement(r) for r in requires("shengji") or []]
    plain = {r.name.lower() for r in reqs if r.marker is None or r.marker.evaluate({"extra": ""})}
    assert {"pandas", "pyarrow", "numpy"} <= plain, plain


def test_readme_loading_snippet_runs(tmp_path, monkeypatch, capsys):
    """README.md's first example (after ``<!-- readme-example: load -->``) runs a study and
    loads it into pandas, as written, in an empty directory."""
    readme = (ROOT / "README.md").read_text()
    m = re.search(r"<!-- readme-example: load -->\s*```python\n(.*?)```", readme, re.S)
    assert m, "README.md has no loading example"
    snippet = m.group(1)
    assert "shengji.load" in snippet and "out/quickstart" in snippet
    monkeypatch.chdir(tmp_path)
    exec(compile(snippet, "README.md", "exec"), {})
    assert "trumps_h" in capsys.readouterr().out
    assert (tmp_path / "out" / "quickstart" / "hands").is_dir()


def test_run_accepts_a_study_kind(tmp_path):
    out = run("deals", tmp_path / "d", n=100, workers=1)
    df = load(out)
    assert len(df) == 400 and df.attrs["shengji"]["seed"] == 0
    bids = load(
        run("bid_odds", tmp_path / "b", n=300, seed=4, policy="threshold", threshold=8, workers=1)
    )
    meta = bids.attrs["shengji"]
    assert len(bids) == 300 and meta["options"]["policy"] == "threshold" and meta["seed"] == 4
    from shengji.studies.base import ConfigError

    with pytest.raises(ConfigError, match="missing key 'n'"):
        run("scoring", tmp_path / "s")
    with pytest.raises(ConfigError, match="unknown study 'poker'.*a kind .*a shipped study"):
        run("poker", tmp_path / "p", n=10)
    with pytest.raises(ConfigError, match="not found"):
        run(str(tmp_path / "poker.toml"), tmp_path / "p", n=10)


def test_histogram_seat_is_an_integer(tmp_path):
    out = run("deals", tmp_path / "agg", n=3000, aggregate=True, workers=1)
    for df in (load(out), pd.read_parquet(out / "histograms")):
        assert df["seat"].dtype == "UInt8"
        kitty = df["column"] == "kitty_points"
        assert df.loc[kitty, "seat"].isna().all()
        assert set(df.loc[~kitty, "seat"].astype(int)) == {0, 1, 2, 3}
