"""The play head's input layout (bots/features_layout.py): one table that the writer of the
bytes (bots/features.pyx, its C offsets generated into features_offsets.pxd), the weights
file's check (bots/net_file.py), the training (shengji.door) and every shipped network agree
with, and a digest that moves with it."""

from __future__ import annotations

import hashlib
import json

import numpy as np

from shengji import door
from shengji._core.bots import features, features_layout, net


def test_every_reader_agrees_with_the_table():
    assert features.LAYOUT is features_layout.LAYOUT
    assert features.ACTION_LAYOUT is features_layout.ACTION_LAYOUT
    assert features.STATE_SIZE == features_layout.STATE_SIZE == door.STATE_SIZE
    assert features.ACTION_SIZE == features_layout.ACTION_SIZE == door.ACTION_SIZE
    assert (features.SLOTS, features.ROWS) == (features_layout.SLOTS, features_layout.ROWS)
    assert features.LAYOUT_DIGEST == features_layout.LAYOUT_DIGEST == door.FEATURE_DIGEST
    for layout, docs in (
        (features_layout.LAYOUT, features_layout.DOCS["state"]),
        (features_layout.ACTION_LAYOUT, features_layout.DOCS["action"]),
    ):
        names = [name for name, *_ in layout]
        assert len(set(names)) == len(names) and set(docs) == set(names)
        for _, blocks, width, kind in layout:
            assert blocks >= 1 and width >= 1 and kind in ("slot", "row", "plain")
            assert width == {"slot": features_layout.SLOTS, "row": features_layout.ROWS}.get(
                kind, width
            )
    # the pieces' starts are their sizes' running sums (features_offsets.pxd holds these)
    layout = (("a", 2, 3, "plain"), ("b", 4, 5, "row"), ("c", 1, 1, "plain"))
    assert features_layout.offsets(layout) == (0, 6, 26)


def test_every_shipped_network_was_made_for_the_table():
    for weights in (net.SHIPPED_WEIGHTS, *net.NAMED.values()):
        with np.load(weights) as f:
            assert bytes(f["layout"]).decode() == features_layout.LAYOUT_DIGEST, weights


def test_the_digest_is_the_tables_and_moves_with_them():
    # the formula the shipped files' digests were made with (before the table left
    # features.pyx): a change here would refuse every one of them
    want = hashlib.sha256(
        json.dumps(
            [
                features_layout.LAYOUT_VERSION,
                features_layout.STATE_SIZE,
                features_layout.ACTION_SIZE,
                features_layout.LAYOUT,
                features_layout.ACTION_LAYOUT,
            ]
        ).encode()
    ).hexdigest()
    assert features_layout.LAYOUT_DIGEST == want
    assert features_layout.layout_key() == int(want[:7], 16) < 1 << 28
