"""studies/arrow.py: the Arrow columns built straight from numpy buffers read back as the
values (bools as bits, nulls from a mask, strings, dictionaries, lists), and a table's
``required`` fields and pandas dtypes."""

from __future__ import annotations

import json

import numpy as np
import pytest

from shengji.studies.arrow import (
    arrow_array,
    arrow_dictionary,
    arrow_lists,
    arrow_strings,
    arrow_table,
    required_table,
    with_pandas_dtypes,
)


def test_numbers_bools_and_nulls():
    assert arrow_array(np.array([3, -1, 7], np.int16)).to_pylist() == [3, -1, 7]
    flags = np.array([True, False, True, True, False, False, True, False, True])
    assert arrow_array(flags).to_pylist() == flags.tolist()
    valid = np.array([True, False, True])
    assert arrow_array(np.arange(3, dtype=np.uint8), valid).to_pylist() == [0, None, 2]
    assert arrow_array(np.arange(6)[::2]).to_pylist() == [0, 2, 4]  # not contiguous


def test_only_1d_numbers():
    with pytest.raises(TypeError, match="1-D numeric"):
        arrow_array(np.zeros((2, 2)))
    with pytest.raises(TypeError, match="1-D numeric"):
        arrow_array(np.array(["a"]))


def test_strings_dictionaries_and_lists():
    assert arrow_strings(["", "ab", "ü"]).to_pylist() == ["", "ab", "ü"]
    d = arrow_dictionary(np.array([1, 0, 1]), ("eager", "strict"))
    assert d.to_pylist() == ["strict", "eager", "strict"]
    lists = arrow_lists(np.array([5, 6, 7], np.uint8), np.array([2, 0, 1]))
    assert lists.to_pylist() == [[5, 6], [], [7]]


def test_tables_required_and_pandas_dtypes():
    t = arrow_table({"a": np.arange(2), "b": arrow_strings(["x", "y"])})
    assert all(f.nullable for f in t.schema) and t.column("b").to_pylist() == ["x", "y"]
    assert not any(f.nullable for f in required_table({"a": np.arange(2)}).schema)
    meta = json.loads(with_pandas_dtypes(t, {"a": "UInt8"}).schema.metadata[b"pandas"])
    assert [(c["name"], c["numpy_type"]) for c in meta["columns"]] == [
        ("a", "UInt8"),
        ("b", "object"),
    ]
