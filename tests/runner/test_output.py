"""runner/output.py: the names a run writes (parts, aggregates, temporaries) and the sealed
temporary writes (a hash and size that match the bytes, nothing left behind on failure)."""

from __future__ import annotations

import hashlib
import json

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from shengji.runner import output


def test_names_are_zero_padded_and_recognised():
    assert output.part_name(7, 4) == "part-0007.parquet"
    assert output.aggregate_name(12) == "aggregate-000012.npz"
    assert output.chunk_files(["hands", "bids"], 3, 2) == {
        "hands/part-03.parquet",
        "bids/part-03.parquet",
        f"{output.CHUNKS_DIR}/aggregate-03.npz",
    }
    assert output.is_data_name("hands", "part-03.parquet")
    assert not output.is_data_name("hands", "aggregate-03.npz")
    assert output.is_data_name(output.CHUNKS_DIR, "aggregate-03.npz")
    assert not output.is_data_name("hands", "notes.txt")


def test_a_temporary_name_is_hidden_unique_and_a_data_name(tmp_path):
    a, b = output.temp_path(tmp_path / "x.parquet"), output.temp_path(tmp_path / "x.parquet")
    assert a != b and a.parent == tmp_path
    assert output.is_temp_name(a.name) and output.is_data_name("hands", a.name)
    assert not output.is_temp_name("x.parquet")


def test_write_table_temp_seals_the_bytes_it_wrote(tmp_path):
    table = pa.table({"hand": np.arange(5, dtype=np.int64), "points": np.arange(5) * 5})
    done = output.write_table_temp(table, tmp_path / "part-0.parquet", {"chunk": 0})
    tmp = tmp_path / done["tmp"]
    data = tmp.read_bytes()
    assert done["rows"] == 5 and done["bytes"] == len(data)
    assert done["sha256"] == hashlib.sha256(data).hexdigest() == output.file_sha256(tmp)
    back = pq.read_table(tmp)
    assert back.column("points").to_pylist() == [0, 5, 10, 15, 20]
    assert json.loads(back.schema.metadata[output.META_KEY]) == {"chunk": 0}
    assert output.file_matches(tmp, done)
    assert not output.file_matches(tmp, dict(done, sha256="0" * 64))


def test_save_arrays_temp_and_a_failed_write_leaves_nothing(tmp_path):
    done = output.save_arrays_temp({"a": np.arange(3)}, tmp_path / "aggregate-0.npz")
    assert np.load(tmp_path / done["tmp"])["a"].tolist() == [0, 1, 2] and done["rows"] == 0
    with pytest.raises(OSError) as err:
        output.save_arrays_temp({"a": np.arange(3)}, tmp_path / "gone" / "aggregate-0.npz")
    assert "gone" in str(err.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == [done["tmp"]]
