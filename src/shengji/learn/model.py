"""The network of the net bot: the PyTorch module the training fits, its export to the core's
weights, and a numpy twin of the core's forward pass.

The shape (``_core/bots/net.pyx``)::

    h1 = relu(b1 + x W1)            x: a state's STATE_SIZE feature bytes
    h2 = relu(b2 + h1 W2)
    s  = bz + h2 Wz
    q  = bq + relu(s + a Wa) . wq   a: one candidate's ACTION_SIZE bytes -> its score
    v  = bv + h2 . wv               the hand's points for the seat's team / VALUE_SCALE

``Net`` computes it batched (a batch of decisions, each with up to K candidates, masked
past its count) in float32; ``export`` writes the arrays the core loads (the value head
rescaled to points); ``forward_numpy`` is the core's forward pass in numpy, summing each
output in the core's order (include/nn.h: the bias, then the nonzero inputs in ascending
order, float32 multiply then add), so it equals ``shengji._core.bots.net.forward`` bit for
bit, where PyTorch's matrix products agree only to rounding.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["ARCH", "VALUE_SCALE", "Net", "export", "forward_numpy", "load_into", "weights_of"]

ARCH = (256, 128, 64)  # (h1, h2, h3): the shipped network's layer widths
VALUE_SCALE = 100.0  # the value head predicts points / VALUE_SCALE during training


def _torch():
    try:
        import torch
    except ImportError:  # pragma: no cover - the learn extra is optional
        raise ImportError(
            'shengji.learn needs PyTorch (CPU): pip install "shengji[learn]" '
            "(or pip install torch==2.13.0)"
        ) from None
    return torch


def Net(state_size: int, action_size: int, arch=ARCH):
    """A new network (a torch.nn.Module), initialised from torch's current generator."""
    torch = _torch()
    nn = torch.nn
    h1, h2, h3 = arch

    class _Net(nn.Module):  # type: ignore[name-defined]  # torch is imported in the function
        def __init__(self):
            super().__init__()
            self.l1 = nn.Linear(state_size, h1)
            self.l2 = nn.Linear(h1, h2)
            self.lz = nn.Linear(h2, h3)
            self.la = nn.Linear(action_size, h3, bias=False)
            self.lq = nn.Linear(h3, 1)
            self.lv = nn.Linear(h2, 1)
            self.arch = tuple(arch)

        def forward(self, x, a, mask):
            """x float (B, S), a float (B, K, A), mask bool (B, K): the candidates' scores
            (B, K; -inf where masked) and the values (B,)."""
            h = torch.relu(self.l1(x))
            h = torch.relu(self.l2(h))
            v = self.lv(h).squeeze(-1)
            s = self.lz(h)
            z = torch.relu(s.unsqueeze(1) + self.la(a))
            q = self.lq(z).squeeze(-1)
            return q.masked_fill(~mask, float("-inf")), v

    return _Net()


def weights_of(net) -> dict[str, np.ndarray]:
    """The core's arrays (``_core/bots/net.pyx`` ARRAYS) of a ``Net``: the layers as (inputs,
    outputs) float32, the value head in points."""
    g = {k: v.detach().cpu().numpy().astype(np.float32) for k, v in net.state_dict().items()}
    return {
        "w1": np.ascontiguousarray(g["l1.weight"].T),
        "b1": g["l1.bias"],
        "w2": np.ascontiguousarray(g["l2.weight"].T),
        "b2": g["l2.bias"],
        "wz": np.ascontiguousarray(g["lz.weight"].T),
        "bz": g["lz.bias"],
        "wa": np.ascontiguousarray(g["la.weight"].T),
        "wq": np.ascontiguousarray(g["lq.weight"].reshape(-1)),
        "bq": g["lq.bias"].reshape(()),
        "wv": np.ascontiguousarray(g["lv.weight"].reshape(-1) * np.float32(VALUE_SCALE)),
        "bv": (g["lv.bias"] * np.float32(VALUE_SCALE)).reshape(()),
    }


def load_into(net, weights: Mapping[str, np.ndarray]) -> None:
    """Set a ``Net``'s parameters from the core's arrays (``weights_of``'s inverse)."""
    torch = _torch()
    w = {k: np.asarray(v, np.float32) for k, v in weights.items() if k != "meta"}
    state = {
        "l1.weight": w["w1"].T,
        "l1.bias": w["b1"],
        "l2.weight": w["w2"].T,
        "l2.bias": w["b2"],
        "lz.weight": w["wz"].T,
        "lz.bias": w["bz"],
        "la.weight": w["wa"].T,
        "lq.weight": w["wq"][None],
        "lq.bias": w["bq"].reshape(1),
        "lv.weight": w["wv"][None] / np.float32(VALUE_SCALE),
        "lv.bias": w["bv"].reshape(1) / np.float32(VALUE_SCALE),
    }
    net.load_state_dict({k: torch.from_numpy(np.ascontiguousarray(v)) for k, v in state.items()})


def export(net, path: str | Path, meta: Mapping[str, Any]) -> dict[str, np.ndarray]:
    """Write ``net``'s weights to ``path`` (an .npz the core loads), with ``meta`` (JSON) as
    their provenance; returns the arrays."""
    arrays = weights_of(net)
    text = json.dumps(dict(meta), sort_keys=True).encode()
    # numpy's stub types **kwds of savez as its allow_pickle flag: the arrays are arrays
    np.savez(Path(path), meta=np.frombuffer(text, np.uint8), **arrays)  # type: ignore[arg-type]
    return arrays


def _layer(b: np.ndarray, w: np.ndarray, x: np.ndarray) -> np.ndarray:
    """b + sum over nonzero x[i] (ascending) of x[i] * w[i], float32 step by step."""
    h = b.astype(np.float32).copy()
    for i in np.flatnonzero(x):
        h = h + np.float32(x[i]) * w[i]
    return h


def _dot(b, w: np.ndarray, x: np.ndarray) -> np.float32:
    s = np.float32(b)
    for j in range(len(w)):
        s = np.float32(s + np.float32(w[j] * x[j]))
    return s


def forward_numpy(weights: Mapping[str, np.ndarray], x, a, n):
    """The core's forward pass in numpy (slow; tests): x uint8 (B, S), a uint8 (B, K, A), n
    (B,).  Returns (scores float32 (B, K), zero past n; values float32 (B,)), bit for bit
    the core's (``shengji._core.bots.net.forward``)."""
    w = {k: np.asarray(v, np.float32) for k, v in weights.items() if k != "meta"}
    x, a = np.asarray(x), np.asarray(a)
    scores = np.zeros(a.shape[:2], np.float32)
    values = np.zeros(len(x), np.float32)
    for b in range(len(x)):
        h1 = np.maximum(_layer(w["b1"], w["w1"], x[b]), np.float32(0))
        h2 = np.maximum(_layer(w["b2"], w["w2"], h1), np.float32(0))
        values[b] = _dot(w["bv"], w["wv"], h2)
        s = _layer(w["bz"], w["wz"], h2)
        for i in range(int(n[b])):
            z = np.maximum(_layer(s, w["wa"], a[b, i]), np.float32(0))
            scores[b, i] = _dot(w["bq"], w["wq"], z)
    return scores, values
