"""The input layouts' shared arithmetic (bots/layouts.py): a digest of a table, its key, the
pieces' starts -- and the two layouts that use it (their shipped weights files' digests:
test_features_layout.py, test_bid_layout.py)."""

from __future__ import annotations

import hashlib

import pytest

from shengji._core.bots import bid_layout, features_layout, layouts


def test_digest_is_the_sha256_of_the_tables_json():
    table = [1, 2, [["a", 3]]]
    assert layouts.digest(table) == hashlib.sha256(b'[1, 2, [["a", 3]]]').hexdigest()
    assert layouts.digest(table) != layouts.digest([1, 2, [["a", 4]]])


@pytest.mark.parametrize("hex_digest", ["0" * 64, "f" * 64, "0123456789abcdef" * 4])
def test_key_is_the_digests_first_28_bits(hex_digest):
    k = layouts.key(hex_digest)
    assert k == int(hex_digest, 16) >> (256 - layouts.KEY_BITS)
    assert 0 <= k < 1 << layouts.KEY_BITS < 1 << 31  # a C int holds it


def test_starts_are_the_running_sums_of_the_sizes_before():
    assert layouts.starts([4, 1, 7]) == (0, 4, 5)
    assert layouts.starts(iter([3])) == (0,)
    assert layouts.starts([]) == (0,)


def test_both_layouts_use_it():
    for layout in (bid_layout, features_layout):
        assert layout.layout_key() == layouts.key(layout.LAYOUT_DIGEST)
    assert bid_layout.offsets(bid_layout.LAYOUT)[-1] + bid_layout.LAYOUT[-1][1] == (
        bid_layout.STATE_SIZE
    )
    _, b, w, _ = features_layout.ACTION_LAYOUT[-1]
    assert features_layout.offsets(features_layout.ACTION_LAYOUT)[-1] + b * w == (
        features_layout.ACTION_SIZE
    )
