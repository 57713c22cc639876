"""The net bot's weights file (bots/net_file.py): its optional bid head -- a file without one
loads and has no learned bids, a file with one carries it whole or is refused in one line
naming the file and what is wrong -- and the reader's errors are the bot's
(``net.WeightsError``; the play head's refusals: tests/core/bots/test_net.py)."""

from __future__ import annotations

import numpy as np
import pytest

from shengji._core.bots import bid_net, net, net_file
from shengji.learn.bid_model import read_arrays
from tests.support.bid_heads import head_file


def _write(path, arrays):
    with open(path, "wb") as f:
        np.savez(f, **arrays)
    return path


def test_the_errors_and_tables_are_the_bots():
    assert net.WeightsError is net_file.WeightsError and net.DigestError is net_file.DigestError
    assert net.ARRAYS is net_file.ARRAYS and net.BID_ARRAYS is net_file.BID_ARRAYS
    assert net.FORMAT == net_file.FORMAT == 2
    assert not set(net_file.ARRAYS) & set(net_file.BID_ARRAYS)


def test_a_file_without_a_bid_head_loads_without_learned_bids(tmp_path):
    assert net.info()["bids"] is False
    with pytest.raises(ValueError, match="no bid head"):
        net.bid_forward(
            np.zeros((1, bid_net.STATE_SIZE)), np.zeros((1, 1, bid_net.ACTION_SIZE)), [1]
        )
    path = head_file(tmp_path / "head.npz", seed=1)
    info = net.info(path)
    assert info["bids"] is True and info["sizes"] == net.info()["sizes"]
    # the play head's integers are the base file's, byte for byte
    base, ours = read_arrays(net.SHIPPED_WEIGHTS), read_arrays(path)
    for k in net.ARRAYS:
        assert ours[k].tobytes() == base[k].tobytes(), k


def test_a_bid_head_is_whole_or_refused_in_one_line(tmp_path):
    good = read_arrays(head_file(tmp_path / "head.npz", seed=2))
    wide = dict(good)
    wide["q_bid_w1"] = np.zeros((bid_net.STATE_SIZE, bid_net.MAX_HIDDEN + 1), np.int16)
    cases = {
        "partial": ({k: v for k, v in good.items() if k != "q_bid_wa"}, "no array 'q_bid_wa'"),
        "no_layout": ({k: v for k, v in good.items() if k != "bid_layout"}, "bid_layout"),
        "layout": (
            dict(good, bid_layout=np.frombuffer(b"0" * 64, np.uint8)),
            "bid features 000000000000",
        ),
        "shape": (dict(good, q_bid_wa=good["q_bid_wa"][:10]), "q_bid_wa is int16"),
        "dtype": (dict(good, q_bid_b1=good["q_bid_b1"].astype(np.int16)), "q_bid_b1 is int16"),
        "shifts": (dict(good, q_bid_shifts=np.array([0, 20])), "q_bid_shifts"),
        "wide": (wide, "layer bid_h1 has"),
        "min": (dict(good, q_bid_wq=np.full_like(good["q_bid_wq"], -32768)), "-32768"),
        "nan": (dict(good, bid_w1=np.full_like(good["bid_w1"], np.nan)), "bid_w1 holds a NaN"),
    }
    for name, (arrays, reason) in cases.items():
        path = _write(tmp_path / f"{name}.npz", arrays)
        with pytest.raises(net.WeightsError, match=reason) as err:
            net.load(path)
        message = str(err.value)
        assert "\n" not in message and str(path) in message, (name, message)


def test_the_named_file_is_found_by_its_name():
    assert {"imitation", "net_bids"} <= set(net.NAMED)
    assert net.NAMED["net_bids"] == net.SHIPPED_WEIGHTS.with_name("net_bids.npz")
    if net.NAMED["net_bids"].exists():
        assert net.info("net_bids")["bids"] is True


def test_net_bids_is_the_shipped_network_with_a_bid_head():
    # docs/hand-engine.md, "Learned bids": the bid head joins the play head of the network
    # shipped when it was learnt, which is the shipped one (re-make it when net.npz changes)
    with np.load(net.SHIPPED_WEIGHTS) as play, np.load(net.NAMED["net_bids"]) as both:
        for name in play.files:
            if name != "meta":
                assert np.array_equal(play[name], both[name]), name
        assert {"bid_layout", "q_bid_w1"} <= set(both.files) - set(play.files)
