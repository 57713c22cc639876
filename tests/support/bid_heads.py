"""Weights files with a bid head for the tests: the shipped play head with a random bid head
(no PyTorch: the head's float arrays drawn with numpy, written as shengji.learn.bids writes
them)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from shengji._core.bots import bid_net, net
from shengji.learn.bid_model import read_arrays, write_with_bids


def head_floats(seed: int, h1: int = 32, h3: int = 16, scale: float = 1.0) -> dict:
    """A bid head's float arrays (net.BID_LAYERS), random: weights of about ``scale``."""
    rng = np.random.default_rng(seed)
    sizes = {
        "bid_state": bid_net.STATE_SIZE,
        "bid_action": bid_net.ACTION_SIZE,
        "bid_h1": h1,
        "bid_h3": h3,
    }
    out = {}
    for layer in net.BID_LAYERS:
        shape = tuple(sizes[d] for d in layer.shape)
        fan = sizes[layer.shape[0]] if len(layer.shape) == 2 else 8
        a = rng.normal(0.0, scale / np.sqrt(fan), shape) * layer.scale
        out[layer.name] = np.asarray(a, np.float32)
    return out


def head_file(path: Path, seed: int, **kw) -> Path:
    """The shipped play head with a random bid head (``head_floats``), written to path."""
    write_with_bids(path, read_arrays(net.SHIPPED_WEIGHTS), head_floats(seed, **kw), {"test": seed})
    return path
