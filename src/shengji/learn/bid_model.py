"""The net bot's bid head: the PyTorch module the bid training fits (``shengji.learn.bids``), its
arrays as a weights file holds them, the numpy twin of the core's integer pass, and the file
that carries a play head and a bid head together.

The head (``_core/bots/net_layers.py``, ``BID_LAYERS``; the core's ``include/nn_bids.h``)::

    g  = relu(c1 + y V1)            y: a bid decision's BID_STATE_SIZE bytes
    t  = cz + g Vz
    r  = cq + relu(t + o Vo) . vq   o: one option's BID_ACTION_SIZE bytes -> its score

``BidNet`` computes it batched (decisions of up to BID_OPTIONS options) in float32, the
scores in points / VALUE_SCALE; ``bid_weights_of`` gives the float arrays a file holds (the
scores in points); ``bid_forward_numpy`` is the core's integer pass (every sum an int64:
exact in any order), equal to ``_core.bots.net.bid_forward`` bit for bit.  A file with a
bid head is a play head's file (any: ``write_with_bids`` copies its arrays as they are)
with the head's float arrays, their integers, ``q_bid_shifts`` and ``bid_layout`` (the bid
features' digest) added.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from shengji.door import (
    BID_ACTION_SIZE,
    BID_FEATURE_DIGEST,
    BID_STATE_SIZE,
    NET_BID_LAYERS,
    NET_BID_SCALES,
    NET_BID_SHIFTS,
)
from shengji.learn.model import _torch, load_into, quantize_table, weights_of, write_arrays

__all__ = [
    "BID_ARCH",
    "BID_FLOATS",
    "BidNet",
    "bid_forward_numpy",
    "bid_load_into",
    "bid_weights_of",
    "quantize_bids",
    "read_arrays",
    "write_with_bids",
]

BID_ARCH = (128, 64)  # (bid_h1, bid_h3): the head's layer widths
BID_FLOATS = tuple(layer.name for layer in NET_BID_LAYERS)  # a file's float arrays of it
BID_EXTRA = ("q_bid_shifts", "bid_layout")  # the head's arrays besides its layers'


def BidNet(arch=BID_ARCH):
    """A new bid head (a torch.nn.Module), initialised from torch's current generator."""
    torch = _torch()
    nn = torch.nn
    sizes = {
        "bid_state": BID_STATE_SIZE,
        "bid_action": BID_ACTION_SIZE,
        "bid_h1": arch[0],
        "bid_h3": arch[1],
    }
    biases = {layer.torch for layer in NET_BID_LAYERS}

    class _BidNet(nn.Module):  # type: ignore[name-defined]  # torch is imported in the function
        def __init__(self):
            super().__init__()
            for layer in NET_BID_LAYERS:  # each weight's module (l1, lz, la, lq), in order
                module, _, kind = layer.torch.partition(".")
                if kind == "weight":
                    n_in, n_out = [sizes[d] for d in layer.shape] + [1][: 2 - len(layer.shape)]
                    setattr(self, module, nn.Linear(n_in, n_out, bias=f"{module}.bias" in biases))
            self.arch = tuple(arch)

        def forward(self, y, o):
            """y float (B, S), o float (B, K, A): the options' scores (B, K), in points /
            VALUE_SCALE."""
            g = torch.relu(self.l1(y))
            t = self.lz(g)
            z = torch.relu(t.unsqueeze(1) + self.la(o))
            return self.lq(z).squeeze(-1)

    return _BidNet()


def bid_weights_of(net) -> dict[str, np.ndarray]:
    """The float arrays (``BID_FLOATS``) of a ``BidNet``: the layers as (inputs, outputs)
    float32, the scores in points."""
    return weights_of(net, NET_BID_LAYERS)


def bid_load_into(net, weights: Mapping[str, np.ndarray]) -> None:
    """Set a ``BidNet``'s parameters from the float arrays (``bid_weights_of``'s inverse)."""
    load_into(net, weights, NET_BID_LAYERS)


def quantize_bids(weights: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The head's integer arrays (``q_bid_*``, the core's ``net.BID_ARRAYS``) of its float
    arrays: a pure function of them.  ValueError for a weight out of range."""
    return quantize_table(weights, NET_BID_LAYERS, NET_BID_SCALES, NET_BID_SHIFTS, "q_bid_shifts")


def _round_shift(t: np.ndarray, k: int) -> np.ndarray:
    return (t >> k) + ((t >> (k - 1)) & 1)


def bid_forward_numpy(weights: Mapping[str, np.ndarray], y, o, n) -> np.ndarray:
    """The core's integer bid head in numpy: ``weights`` the ``q_bid_*`` arrays of a file (or
    the float ones, quantised first), y uint8 (B, S), o uint8 (B, K, A), n (B,).  Returns
    the scores float64 (B, K), zero past n, bit for bit the core's
    (``_core.bots.net.bid_forward``)."""
    if "q_bid_w1" not in weights:
        weights = quantize_bids(weights)
    q = {k: np.asarray(v).astype(np.int64) for k, v in weights.items() if k.startswith("q_bid_")}
    sh, bits = (int(v) for v in q["q_bid_shifts"])
    y = np.asarray(y).astype(np.int64)
    o = np.asarray(o).astype(np.int64)
    g = np.clip(q["q_bid_b1"] + y @ q["q_bid_w1"], 0, 32767)
    t = np.clip(_round_shift(q["q_bid_bz"] + g @ q["q_bid_wz"], sh), -32768, 32767)
    z = t[:, None, :] + o @ q["q_bid_wa"]
    scores = (q["q_bid_bq"] + np.maximum(z, 0) @ q["q_bid_wq"]) / float(1 << bits)
    scores[np.arange(o.shape[1])[None, :] >= np.asarray(n)[:, None]] = 0.0
    return scores


def read_arrays(path: str | Path) -> dict[str, np.ndarray]:
    """Every array of a weights file."""
    with np.load(Path(path), allow_pickle=False) as f:
        return {k: f[k] for k in f.files}


def write_with_bids(
    path: str | Path,
    base: Mapping[str, np.ndarray],
    floats: Mapping[str, np.ndarray],
    meta: Mapping[str, Any],
) -> dict[str, np.ndarray]:
    """Write a weights file: the arrays of a play head's file ``base`` as they are (a bid
    head it had replaced), the bid head's float arrays ``floats`` (``BID_FLOATS``), their
    integers and the bid features' digest; ``meta`` (JSON) replaces the base's (record the
    base's in it).  The same inputs make the same bytes.  Returns every array written."""
    arrays = {
        k: v
        for k, v in base.items()
        if k not in BID_FLOATS and k not in BID_EXTRA and not k.startswith("q_bid_")
    }
    head = {k: np.asarray(floats[k], np.float32) for k in BID_FLOATS}
    arrays.update(head)
    arrays.update(quantize_bids(head))
    arrays["bid_layout"] = np.frombuffer(BID_FEATURE_DIGEST.encode(), np.uint8)
    arrays["meta"] = np.frombuffer(json.dumps(dict(meta), sort_keys=True).encode(), np.uint8)
    write_arrays(path, arrays)
    return arrays
