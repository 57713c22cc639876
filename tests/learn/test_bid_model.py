"""The bid head's model (shengji.learn.bid_model): the core's integer bid head equals the numpy
twin bit for bit (random heads, random and extreme inputs), PyTorch's float head to the
quantisation, and a file with a bid head keeps its play head's arrays as they were."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from shengji._core.bots import bid_net, net
from shengji.learn.bid_model import (
    BID_FLOATS,
    bid_forward_numpy,
    quantize_bids,
    read_arrays,
    write_with_bids,
)
from tests.support.bid_heads import head_file, head_floats
from tests.support.torch import need_torch


def _inputs(rng, count):
    """Decisions of random bytes, mostly 0/1 as the features are, some rows of extremes (255:
    sums far beyond the features' range, where only int64 keeps them exact)."""
    y = (rng.random((count, bid_net.STATE_SIZE)) < 0.2).astype(np.uint8)
    o = (rng.random((count, bid_net.OPTIONS, bid_net.ACTION_SIZE)) < 0.15).astype(np.uint8)
    y[::37] = 255
    o[::41] = 255
    n = rng.integers(1, bid_net.OPTIONS + 1, count)
    o[np.arange(bid_net.OPTIONS)[None, :] >= n[:, None]] = 0
    return y, o, n


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    scale=st.sampled_from([0.01, 1.0, 30.0]),
    widths=st.sampled_from([(1, 1), (16, 8), (64, 32), (256, 256)]),
)
def test_the_core_bid_head_is_the_numpy_twin_bit_for_bit(tmp_path_factory, seed, scale, widths):
    path = tmp_path_factory.mktemp("head") / "head.npz"
    arrays = write_with_bids(
        path,
        read_arrays(net.SHIPPED_WEIGHTS),
        head_floats(seed, widths[0], widths[1], scale),
        {"seed": seed},
    )
    y, o, n = _inputs(np.random.default_rng(seed), 300)
    ours = net.bid_forward(y, o, n, path)
    assert np.array_equal(ours, bid_forward_numpy(arrays, y, o, n))
    # from the floats, quantised the same way; zero past n
    floats = {k: arrays[k] for k in BID_FLOATS}
    assert np.array_equal(ours, bid_forward_numpy(floats, y, o, n))
    assert not ours[np.arange(bid_net.OPTIONS)[None, :] >= n[:, None]].any()


def test_a_file_with_a_bid_head_keeps_its_play_head_and_replaces_a_head(tmp_path):
    base = read_arrays(net.SHIPPED_WEIGHTS)
    first = read_arrays(head_file(tmp_path / "a.npz", seed=1))
    again = write_with_bids(tmp_path / "b.npz", first, head_floats(2), {"test": 2})
    for k, v in base.items():
        if k != "meta":
            assert again[k].tobytes() == v.tobytes(), k
    assert not np.array_equal(again["q_bid_w1"], first["q_bid_w1"])
    assert set(again) == set(first)
    q = quantize_bids(head_floats(2))
    assert all(np.array_equal(again[k], v) for k, v in q.items())
    # the same inputs, the same bytes
    write_with_bids(tmp_path / "c.npz", first, head_floats(2), {"test": 2})
    assert (tmp_path / "b.npz").read_bytes() == (tmp_path / "c.npz").read_bytes()


def test_pytorchs_head_is_the_cores_to_the_quantisation(tmp_path):
    torch = need_torch()
    from shengji.learn.bid_model import BidNet, bid_load_into, bid_weights_of

    torch.manual_seed(0)
    m = BidNet((32, 16))
    floats = bid_weights_of(m)
    bid_load_into(m, floats)
    assert all(np.array_equal(bid_weights_of(m)[k], v) for k, v in floats.items())
    path = tmp_path / "h.npz"
    write_with_bids(path, read_arrays(net.SHIPPED_WEIGHTS), floats, {})
    y, o, n = _inputs(np.random.default_rng(5), 200)
    y[y == 255] = 1
    o[o == 255] = 1
    with torch.no_grad():
        r = m(torch.from_numpy(y.astype(np.float32)), torch.from_numpy(o.astype(np.float32)))
    mask = np.arange(bid_net.OPTIONS)[None, :] < n[:, None]
    scores = net.bid_forward(y, o, n, path)
    assert np.abs(r.numpy()[mask] * 100 - scores[mask]).max() < 0.5
