"""_core/base/checksum.py: the seal a pickled core object carries: framed (no two sequences
of parts collide by concatenation), and any altered part or digest is one ValueError."""

from __future__ import annotations

import pytest

from shengji._core.base.checksum import check_seal, seal


def test_a_seal_is_16_bytes_and_deterministic():
    assert len(seal(b"abc", 3)) == 16
    assert seal(b"abc", 3) == seal(b"abc", 3)


def test_parts_are_framed():
    assert seal(b"ab", b"c") != seal(b"a", b"bc")
    assert seal(b"abc") != seal(b"ab", b"c")
    assert seal(12) != seal(1, 2)
    assert seal(b"") != seal()


def test_an_int_part_is_its_decimal_text():
    assert seal(7) == seal(b"7")


def test_check_seal_accepts_the_seal_and_refuses_anything_else():
    parts = (b"\x00\x01core", 2)
    check_seal("HandCore", seal(*parts), *parts)
    for digest in (seal(b"\x00\x01core", 3), seal(*parts)[:-1], "not bytes", None):
        with pytest.raises(ValueError, match="a pickled HandCore that was altered"):
            check_seal("HandCore", digest, *parts)
