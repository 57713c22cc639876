"""runner/manifest.py: the manifest read and written directly: a header, chunk records
(the last record of a chunk wins), the ``complete`` line, and a torn last line skipped."""

from __future__ import annotations

import os

import pytest

from shengji.runner.manifest import Manifest
from shengji.runner.output import MANIFEST


def test_an_absent_manifest_reads_as_nothing(tmp_path):
    m = Manifest(tmp_path)
    assert not m.exists() and m.header() is None and not m.complete()
    assert m.read() == (None, [])


def test_start_append_and_read_back(tmp_path):
    m = Manifest(tmp_path)
    m.start({"study": "deals", "n": 4}, [{"chunk": 0, "rows": 2}])
    m.append({"chunk": 1, "rows": 2})
    assert m.header() == {"study": "deals", "n": 4} and not m.complete()
    assert m.read()[1] == [{"chunk": 0, "rows": 2}, {"chunk": 1, "rows": 2}]
    m.append({"complete": True})
    assert m.complete()
    assert not [p for p in os.listdir(tmp_path) if p != MANIFEST]  # no temporary left


def test_the_last_record_of_a_chunk_wins_in_chunk_order(tmp_path):
    m = Manifest(tmp_path)
    m.start({"study": "deals"})
    for rec in ({"chunk": 2, "v": "a"}, {"chunk": 0, "v": "b"}, {"chunk": 2, "v": "c"}):
        m.append(rec)
    m.append({"chunk": 1, "v": "skip"})
    got = [rec for _, rec in m.latest_records(lambda r: r["v"] != "skip")]
    assert got == [{"chunk": 0, "v": "b"}, {"chunk": 2, "v": "c"}]


def test_a_torn_last_line_is_skipped(tmp_path):
    m = Manifest(tmp_path)
    m.start({"study": "deals"}, [{"chunk": 0}])
    m.append({"complete": True})
    with open(m.path, "ab") as fh:
        fh.write(b'{"chunk": 1, "ro')
    assert m.complete() and m.read()[1] == [{"chunk": 0}]


def test_append_needs_the_manifest(tmp_path):
    with pytest.raises(FileNotFoundError):
        Manifest(tmp_path).append({"chunk": 0})
