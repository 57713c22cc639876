"""runner/outdir.py: what an output directory holds seen before a run (shengji's tables,
foreign files, the lock and temporaries ignored) and what ``--overwrite``'s clear removes
(only shengji's files)."""

from __future__ import annotations

import os

import numpy as np
import pyarrow as pa

from shengji.runner.manifest import Manifest
from shengji.runner.outdir import OutputDir, foreign_message, inspect
from shengji.runner.output import LOCK_NAME, MANIFEST, write_table_temp


def _part(folder, name="part-000000.parquet"):
    folder.mkdir(exist_ok=True)
    done = write_table_temp(pa.table({"hand": np.arange(2)}), folder / name, {"chunk": 0})
    os.replace(folder / done["tmp"], folder / name)


def test_a_missing_or_bare_directory_is_empty(tmp_path):
    assert inspect(tmp_path / "none", ["hands"]).empty
    (tmp_path / LOCK_NAME).touch()
    (tmp_path / ".x.1.ab.tmp").touch()
    (tmp_path / "hands").mkdir()  # an empty folder of a killed run
    c = inspect(tmp_path, ["hands"])
    assert c.empty and not c.is_shengji


def test_shengji_tables_and_foreign_files_are_told_apart(tmp_path):
    Manifest(tmp_path).start({"tables": ["hands"]})
    _part(tmp_path / "hands")
    (tmp_path / "hands" / "notes.txt").write_text("mine")
    (tmp_path / "README").write_text("beside the tables: left alone")
    c = inspect(tmp_path, ["deals"])
    assert c.manifest and c.header == {"tables": ["hands"]} and c.is_shengji
    assert c.shengji_tables == ["hands"]
    assert c.foreign == {"hands": ["notes.txt"]}
    assert c.folders(["deals"])[:2] == ["hands", "deals"]
    assert "hands/notes.txt" in foreign_message(tmp_path, c.foreign)


def test_a_foreign_message_shows_three_names_and_counts_the_rest(tmp_path):
    text = foreign_message(tmp_path, {"hands": ["a", "b", "c", "d", "e"]})
    assert "hands/c" in text and "hands/d" not in text and "and 2 more" in text


def test_clear_removes_only_shengjis_files(tmp_path):
    Manifest(tmp_path).start({"tables": ["hands"]})
    _part(tmp_path / "hands")
    _part(tmp_path / "bids")
    (tmp_path / "bids" / "notes.txt").write_text("kept, and its folder with it")
    (tmp_path / "README").write_text("kept")
    fd = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        OutputDir(tmp_path, fd).clear(["hands", "bids"])
    finally:
        os.close(fd)
    assert sorted(os.listdir(tmp_path)) == ["README", "bids"]
    assert os.listdir(tmp_path / "bids") == ["notes.txt"]
    assert MANIFEST not in os.listdir(tmp_path)
