"""shengji.learn.model.widen: a wider network that computes the same function (the loop's
``--arch``), its copies told apart by noise that leaves their sums unchanged."""

from __future__ import annotations

import numpy as np
import pytest

from tests.support.torch import need_torch

need_torch()

import torch  # noqa: E402

from shengji.door import ACTION_SIZE, STATE_SIZE, net_info  # noqa: E402
from shengji.learn.model import (  # noqa: E402
    ARCH,
    Net,
    arch_of,
    forward_numpy,
    load_into,
    read_floats,
    widen,
)

WIDE = (512, 256, 128)


def _floats():
    return read_floats(net_info("shipped")["path"])[0]


def _inputs(seed: int, batch: int = 48, k: int = 7):
    g = torch.Generator().manual_seed(seed)
    x = (torch.rand(batch, STATE_SIZE, generator=g) < 0.05).float()
    a = (torch.rand(batch, k, ACTION_SIZE, generator=g) < 0.05).float()
    return x, a, torch.ones(batch, k, dtype=torch.bool)


@pytest.mark.parametrize("arch", [WIDE, (512, 128, 64), (256, 128, 192)])
def test_the_wider_network_computes_the_same_scores_and_values(arch):
    floats = _floats()
    assert arch_of(floats) == ARCH
    wide = widen(floats, arch, np.random.default_rng(0))
    assert arch_of(wide) == arch
    narrow_net, wide_net = Net(STATE_SIZE, ACTION_SIZE), Net(STATE_SIZE, ACTION_SIZE, arch)
    load_into(narrow_net, floats)
    load_into(wide_net, wide)
    with torch.no_grad():
        q0, v0 = narrow_net(*_inputs(1))
        q1, v1 = wide_net(*_inputs(1))
    assert float((q0 - q1).abs().max()) < 1e-4 * float(q0.abs().mean())
    assert float((v0 - v1).abs().max()) < 1e-4 * float(v0.abs().mean())


def test_the_core_integers_choose_the_same_moves():
    floats = _floats()
    x, a, mask = (t.numpy() for t in _inputs(2, batch=256))
    n = mask.sum(axis=1)
    q0, _ = forward_numpy(floats, x.astype(np.uint8), a.astype(np.uint8), n)
    q1, _ = forward_numpy(
        widen(floats, WIDE, np.random.default_rng(0)), x.astype(np.uint8), a.astype(np.uint8), n
    )
    assert (q0.argmax(axis=1) == q1.argmax(axis=1)).mean() > 0.97
    assert np.abs(q0 - q1).max() < 0.05 * np.abs(q0).mean()


def test_the_copies_differ_and_their_shares_sum_to_the_weight():
    floats = _floats()
    wide = widen(floats, WIDE, np.random.default_rng(0))
    h1 = ARCH[0]
    first, second = wide["w2"][:h1, : ARCH[1]], wide["w2"][h1:, : ARCH[1]]
    assert not np.allclose(first, second)  # training can tell the copies apart
    np.testing.assert_allclose(first + second, floats["w2"], atol=1e-6)
    same = widen(floats, WIDE, np.random.default_rng(0))
    assert all(np.array_equal(same[k], wide[k]) for k in wide)  # the generator's draw alone


@pytest.mark.parametrize("arch", [(384, 128, 64), (128, 128, 64), (512, 256)])
def test_a_width_that_does_not_multiply_is_refused(arch):
    with pytest.raises(ValueError, match="cannot widen"):
        widen(_floats(), arch, np.random.default_rng(0))
