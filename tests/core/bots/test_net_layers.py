"""The net's layer table (bots/net_layers.py) against what it describes: the C struct the
core fills (nn.h SjQNet, as the compiled net bot sees it), the shipped weights file (its
arrays, their dtypes and shapes, its integers the quantisation of its floats), and the
PyTorch module the training fits (its parameters, their shapes, the value head's scale)."""

from __future__ import annotations

import numpy as np

from shengji._core.bots import features, net
from shengji._core.bots.net_layers import (
    BID_LAYERS,
    BID_SCALES,
    BID_SHIFTS,
    LAYERS,
    SCALES,
    SHIFTS,
)
from tests.support.torch import need_torch


def _shipped() -> dict:
    with np.load(net.SHIPPED_WEIGHTS) as f:
        return {k: f[k] for k in f.files}


def test_the_struct_the_core_fills_is_the_tables():
    # each row a field of SjQNet of its dtype, a pointer for an array, a value for a scalar
    # (the bid head's: SjQNet.bid, nn_bids.h)
    assert net.FIELDS == {
        layer.name: (layer.dtype, bool(layer.shape)) for layer in LAYERS + BID_LAYERS
    }
    assert net.ARRAYS == {
        **{f"q_{layer.name}": (layer.dtype, layer.shape) for layer in LAYERS},
        "q_shifts": ("int64", ("shifts",)),
    }
    assert net.BID_ARRAYS == {
        **{f"q_{layer.name}": (layer.dtype, layer.shape) for layer in BID_LAYERS},
        "q_bid_shifts": ("int64", ("bid_shifts",)),
    }
    assert net.N_SHIFTS == len(SHIFTS) == 4  # nn.h's sh2, sh3; a score's and a value's bits
    assert len(BID_SHIFTS) == 2  # nn_bids.h's sh; a bid score's bits


def test_the_bid_heads_table_is_consistent():
    # its own names (a file holds both heads), its scales known, a cap naming earlier ones
    names = [s.name for s in BID_SCALES]
    assert not {layer.name for layer in BID_LAYERS} & {layer.name for layer in LAYERS}
    assert not set(names) & {s.name for s in SCALES}
    for i, s in enumerate(BID_SCALES):
        assert set(s.fits) <= {layer.name for layer in BID_LAYERS}, s.name
        assert set(s.cap) <= set(names[:i]), s.name
    for layer in BID_LAYERS:
        assert layer.bits and set(layer.bits) <= set(names), layer.name
        assert not layer.paired, layer.name  # nn_bids.h sums plain rows
    for t in BID_SHIFTS:
        assert set(t.plus) | set(t.minus) <= set(names), t.name


def test_the_shipped_file_holds_the_tables_arrays():
    arrays = _shipped()
    h1, h2, h3 = net.info()["sizes"]
    sizes = {"state": features.STATE_SIZE, "action": features.ACTION_SIZE}
    sizes.update(h1=h1, h2=h2, h3=h3)
    assert set(arrays) == {
        *(layer.name for layer in LAYERS),
        *(f"q_{layer.name}" for layer in LAYERS),
        "q_shifts",
        "format",
        "layout",
        "meta",
    }
    for layer in LAYERS:
        shape = tuple(sizes[d] for d in layer.shape)
        assert arrays[layer.name].dtype == np.float32, layer.name
        assert arrays[layer.name].shape == shape, layer.name
        assert arrays[f"q_{layer.name}"].dtype == np.dtype(layer.dtype), layer.name
        assert arrays[f"q_{layer.name}"].shape == shape, layer.name


def test_the_shipped_integers_are_the_tables_quantisation_of_its_floats():
    from shengji.learn.model import quantize

    arrays = _shipped()
    q = quantize({layer.name: arrays[layer.name] for layer in LAYERS})
    assert set(q) == {*(f"q_{layer.name}" for layer in LAYERS), "q_shifts"}
    for k, v in q.items():
        assert v.dtype == arrays[k].dtype and np.array_equal(v, arrays[k]), k
    # each array's fraction bits a sum of scales, each scale known; the shifts' too
    names = [s.name for s in SCALES]
    for i, s in enumerate(SCALES):
        assert set(s.fits) <= {layer.name for layer in LAYERS}, s.name
        assert set(s.cap) <= set(names[:i]), s.name  # a cap names scales before it
    for layer in LAYERS:
        assert layer.bits and set(layer.bits) <= set(names), layer.name
    for t in SHIFTS:
        assert set(t.plus) | set(t.minus) <= set(names), t.name


def test_the_torch_module_is_the_tables():
    torch = need_torch()
    from shengji.learn.model import VALUE_SCALE, Net, load_into, weights_of

    arrays = _shipped()
    floats = {layer.name: arrays[layer.name] for layer in LAYERS}
    m = Net(features.STATE_SIZE, features.ACTION_SIZE, net.info()["sizes"])
    params = dict(m.state_dict())
    assert set(params) == {layer.torch for layer in LAYERS}  # every parameter a row
    for layer in LAYERS:
        p = params[layer.torch].numpy()
        p = p.T if layer.transpose else p
        if len(layer.shape) == 2:  # (inputs, outputs) once transposed
            assert p.shape == floats[layer.name].shape, layer.name
        else:  # a vector or a scalar: torch's one row (or one bias)
            assert p.squeeze().shape == floats[layer.name].shape, layer.name
    load_into(m, floats)
    for layer in LAYERS:  # the module holds the core's floats over the row's scale
        p = m.state_dict()[layer.torch].numpy()
        want = floats[layer.name].T if layer.transpose else floats[layer.name]
        want = want.reshape(p.shape) / np.float32(layer.scale)
        assert np.array_equal(p, want.astype(np.float32)), layer.name
    back = weights_of(m)
    assert list(back) == [layer.name for layer in LAYERS]
    for layer in LAYERS:
        assert back[layer.name].shape == floats[layer.name].shape, layer.name
        assert np.allclose(back[layer.name], floats[layer.name], rtol=1e-6), layer.name
    # and it computes the core's network (to the quantisation): the value head in points
    rng = np.random.default_rng(7)
    x = (rng.random((64, features.STATE_SIZE)) < 0.05).astype(np.uint8)
    a = (rng.random((64, net.CANDIDATES, features.ACTION_SIZE)) < 0.05).astype(np.uint8)
    n = np.full(64, net.CANDIDATES)
    with torch.no_grad():
        q, v = m(
            torch.from_numpy(x.astype(np.float32)),
            torch.from_numpy(a.astype(np.float32)),
            torch.ones((64, net.CANDIDATES), dtype=torch.bool),
        )
    scores, values = net.forward(x, a, n)
    assert np.abs(q.numpy() - scores).max() < 0.2
    assert np.abs(v.numpy() * np.float32(VALUE_SCALE) - values).max() < 1.0


def test_the_caps_keep_the_shifts_in_the_cores_range():
    # weights so large that the first layers take few bits: h2's and s's caps bind, so the
    # shifts into them stay at least 1 (nn.h's rounded shift; the file check's 1..30)
    from shengji.learn.model import quantize

    arrays = _shipped()
    floats = {layer.name: arrays[layer.name] for layer in LAYERS}
    for k in ("w1", "b1", "w2", "wz"):
        floats[k] = floats[k] * np.float32(2**12)
    shifts = quantize(floats)["q_shifts"]
    assert all(1 <= int(s) <= 30 for s in shifts[:2]), shifts
    assert not np.array_equal(shifts, arrays["q_shifts"])
