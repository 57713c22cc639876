"""The bid head's input layout (bots/bid_layout.py): one table that the writer of the bytes
(bots/bid_net.pyx), the weights file's check (bots/net_file.py), the core's C limits
(include/nn_bids.h) and the training (shengji.door) all agree with, and a digest that moves
with it."""

from __future__ import annotations

import hashlib
import json

import numpy as np

from shengji import door
from shengji._core.bots import bid_layout, bid_net, net, net_file, table


def test_every_reader_agrees_with_the_table():
    assert bid_layout.STATE_SIZE == sum(w for _, w in bid_layout.LAYOUT) == bid_net.BID_STATE_SIZE
    assert bid_layout.ACTION_SIZE == sum(w for _, w in bid_layout.ACTION_LAYOUT)
    assert bid_layout.ACTION_SIZE == bid_net.BID_ACTION_SIZE
    assert bid_layout.OPTIONS == bid_net.OPTIONS and bid_layout.MAX_HIDDEN == bid_net.MAX_HIDDEN
    assert bid_net.LAYOUT is bid_layout.LAYOUT and bid_net.LAYOUT_DIGEST == bid_layout.LAYOUT_DIGEST
    assert door.BID_FEATURE_DIGEST == bid_layout.LAYOUT_DIGEST
    assert net_file.BID_ARRAYS["q_bid_w1"][1] == ("bid_state", "bid_h1")
    assert table.bot_row("net").param("bids").kind.choices == bid_layout.CHOICES
    # bid_offsets.pxd holds these (tools/tables.py; tests/gates/test_tables.py)
    assert bid_layout.offsets((("a", 2), ("b", 3), ("c", 1))) == (0, 2, 5)
    names = [n for n, _ in bid_layout.LAYOUT]
    assert len(set(names)) == len(names)
    names = [n for n, _ in bid_layout.ACTION_LAYOUT]
    assert len(set(names)) == len(names)


def test_the_digest_is_the_tables():
    want = hashlib.sha256(
        json.dumps(
            [
                "bids",
                bid_layout.LAYOUT_VERSION,
                bid_layout.STATE_SIZE,
                bid_layout.ACTION_SIZE,
                bid_layout.LAYOUT,
                bid_layout.ACTION_LAYOUT,
            ]
        ).encode()
    ).hexdigest()
    assert bid_layout.LAYOUT_DIGEST == want


def test_every_shipped_bid_head_was_made_for_the_table():
    heads = 0
    for weights in (net.SHIPPED_WEIGHTS, *net.NAMED.values()):
        with np.load(weights) as f:
            if "bid_layout" in f:
                heads += 1
                assert bytes(f["bid_layout"]).decode() == bid_layout.LAYOUT_DIGEST, weights
    assert heads  # net_bids holds one
