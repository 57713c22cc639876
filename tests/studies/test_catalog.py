"""studies/catalog.py: the shipped study files by name (a clone reads sim/), their
one-line descriptions, and a study argument resolved to a file or refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from shengji.studies import catalog
from shengji.studies.base import ConfigError

SIM = Path(__file__).resolve().parents[2] / "sim"


def test_shipped_is_every_study_file_by_name():
    names = catalog.shipped()
    assert list(names) == sorted(p.stem for p in SIM.glob("*.toml"))
    assert names["quickstart"].name == "quickstart.toml"


def test_descriptions_name_each_files_kind():
    rows = {name: (kind, text) for name, kind, text in catalog.descriptions()}
    assert rows.keys() == catalog.shipped().keys()
    assert rows["bid_odds"][0] == "bid_odds" and rows["ladder"][0] == "ladder"
    assert all(text for _, text in rows.values())


def test_names_and_paths():
    assert catalog.looks_like_name("duel")
    assert not catalog.looks_like_name("sim/duel")
    assert not catalog.looks_like_name("duel.toml")
    assert not catalog.looks_like_name("")


def test_resolve(tmp_path):
    mine = tmp_path / "mine.toml"
    mine.write_text('study = "deals"\n')
    assert catalog.resolve(mine) == mine
    assert catalog.resolve("duel") == catalog.shipped()["duel"]
    with pytest.raises(ConfigError, match="no study named 'dule'; the shipped studies: .*duel"):
        catalog.resolve("dule")
    with pytest.raises(ConfigError, match="study file .*not found"):
        catalog.resolve(str(tmp_path / "missing.toml"))
