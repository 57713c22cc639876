"""The network of the net bot: the PyTorch module the training fits, its export to the core's
weights, a numpy twin of the core's forward pass, and the loss of its scores against a
search's (``advantage_loss``, which the imitation and the self-play both add).

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
order, float32 multiply then add), so it equals ``_core.bots.net.forward`` bit for
bit, where PyTorch's matrix products agree only to rounding.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

# VALUE_SCALE: the value head predicts points / VALUE_SCALE in training
from shengji.door import NET_FORMAT, NET_LAYERS, NET_SCALES, NET_SHIFTS, VALUE_SCALE

__all__ = [
    "ARCH",
    "FLOATS",
    "VALUE_SCALE",
    "Net",
    "advantage_loss",
    "arch_of",
    "export",
    "forward_numpy",
    "load_into",
    "quantize",
    "quantize_table",
    "read_floats",
    "weights_of",
    "widen",
    "widen_factors",
    "write_arrays",
    "write_weights",
]

ARCH = (256, 128, 64)  # (h1, h2, h3): the shipped network's layer widths
LAYERS = NET_LAYERS  # the network's arrays, one table (_core/bots/net_layers.py)
FLOATS = tuple(layer.name for layer in LAYERS)  # a weights file's float arrays


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
    sizes = dict(zip(("h1", "h2", "h3"), arch, strict=True))
    sizes.update(state=state_size, action=action_size)
    biases = {layer.torch for layer in LAYERS}

    class _Net(nn.Module):  # type: ignore[name-defined]  # torch is imported in the function
        def __init__(self):
            super().__init__()
            for layer in LAYERS:  # each weight's module (l1, l2, lz, la, lq, lv), in order
                module, _, kind = layer.torch.partition(".")
                if kind == "weight":  # (inputs, outputs): a vector's one output
                    n_in, n_out = [sizes[d] for d in layer.shape] + [1][: 2 - len(layer.shape)]
                    bias = f"{module}.bias" in biases
                    setattr(self, module, nn.Linear(n_in, n_out, bias=bias))
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


def arch_of(weights: Mapping[str, np.ndarray]) -> tuple[int, int, int]:
    """The layer widths (h1, h2, h3) of a network's float arrays (``LAYERS``'s)."""
    return tuple(  # type: ignore[return-value]  # three widths, as LAYERS names them
        next(
            int(np.shape(weights[layer.name])[layer.shape.index(size)])
            for layer in LAYERS
            if size in layer.shape
        )
        for size in ("h1", "h2", "h3")
    )


def widen_factors(old: Sequence[int], new: Sequence[int]) -> tuple[int, int, int]:
    """How many copies ``widen`` makes of each hidden unit to take widths ``old`` to ``new``
    (h1, h2, h3); ValueError when a width of ``new`` is not a multiple of its own."""
    old, new = tuple(int(w) for w in old), tuple(int(w) for w in new)
    if len(new) != 3 or any(n < o or n % o for o, n in zip(old, new, strict=True)):
        raise ValueError(f"cannot widen {old} to {new}: each width must be a multiple of its own")
    return tuple(n // o for o, n in zip(old, new, strict=True))  # type: ignore[return-value]


def widen(
    weights: Mapping[str, np.ndarray],
    arch: Sequence[int],
    rng: np.random.Generator,
    noise: float = 0.01,
) -> dict[str, np.ndarray]:
    """A wider network that computes the same function (Net2Net, Chen et al. 2016): each
    hidden unit of a layer whose width ``arch`` multiplies by k copied k times, the weights
    reading that layer divided among the copies (``widen_factors``).  The first two copies'
    shares differ by antisymmetric noise (``noise`` x a share's mean absolute weight; their
    sum unchanged) so that training can tell them apart.  ``weights``: float arrays of
    ``LAYERS``; the result's floats compute the same scores and values up to float rounding
    (the core's integers up to the quantisation's).  ValueError when a width does not
    multiply."""
    out = {k: np.asarray(v, np.float64) for k, v in weights.items()}
    for size, k in zip(("h1", "h2", "h3"), widen_factors(arch_of(weights), arch), strict=True):
        if k == 1:
            continue
        for layer in LAYERS:
            if size not in layer.shape:
                continue
            axis = layer.shape.index(size)
            a = out[layer.name]
            if layer.torch.endswith(".weight") and axis == 0:  # it reads the layer: divide
                parts = [a / k for _ in range(k)]
                e = rng.normal(0.0, noise * float(np.abs(a).mean()) / k, a.shape)
                parts[0], parts[1] = parts[0] + e, parts[1] - e
            else:  # it makes the layer (a weight's outputs, a bias): copy
                parts = [a] * k
            out[layer.name] = np.concatenate(parts, axis=axis)
    return {k: v.astype(np.float32) for k, v in out.items()}


def weights_of(net, layers: Sequence = LAYERS) -> dict[str, np.ndarray]:
    """The core's arrays (``layers``' float arrays: a ``Net``'s ``LAYERS``, a bid head's
    ``NET_BID_LAYERS``) of a module: the layers as (inputs, outputs) float32, each scaled
    by its ``scale`` (the value head in points)."""
    g = {k: v.detach().cpu().numpy().astype(np.float32) for k, v in net.state_dict().items()}
    out = {}
    for layer in layers:
        a = g[layer.torch].T if layer.transpose else g[layer.torch]
        a = a.reshape((-1,) * len(layer.shape)) if len(layer.shape) < 2 else a
        if layer.scale != 1.0:
            a = a * np.float32(layer.scale)
        out[layer.name] = np.ascontiguousarray(a) if a.ndim else np.array(a)
    return out


def load_into(net, weights: Mapping[str, np.ndarray], layers: Sequence = LAYERS) -> None:
    """Set a module's parameters from the core's arrays of ``layers`` (``weights_of``'s
    inverse)."""
    torch = _torch()
    shapes = {k: tuple(v.shape) for k, v in net.state_dict().items()}
    state = {}
    for layer in layers:
        a = np.asarray(weights[layer.name], np.float32)
        a = (a.T if layer.transpose else a).reshape(shapes[layer.torch])
        if layer.scale != 1.0:
            a = a / np.float32(layer.scale)
        state[layer.torch] = torch.from_numpy(np.ascontiguousarray(a))
    net.load_state_dict(state)


# The quantisation (include/nn.h): each layer's weights scaled by a power of two and
# rounded (LAYERS' bits: sums of SCALES, each the most its layer takes, or fewer so that its
# largest weight fits int16).
INT16_MAX = 32767  # int16's -32768 is never used (nn.h)


def _bits(most: int, *arrays) -> int:
    """The fraction bits of int16 values of ``arrays``: ``most``, or fewer so that the
    largest fits."""
    top = max(
        (float(np.abs(np.asarray(a, np.float64)).max(initial=0.0)) for a in arrays), default=0.0
    )
    bits = most
    while bits > 0 and round(top * (1 << bits)) > INT16_MAX:
        bits -= 1
    if round(top * (1 << bits)) > INT16_MAX:
        raise ValueError(
            f"a weight of {top:g} does not fit int16: the network is out of the "
            "integer inference's range"
        )
    return bits


def _fixed(a, bits: int, dtype) -> np.ndarray:
    q = np.rint(np.asarray(a, np.float64) * (1 << bits))
    top = INT16_MAX if dtype == np.int16 else np.iinfo(dtype).max
    if q.size and np.abs(q).max() > top:
        raise ValueError(
            f"a bias of {np.abs(a).max():g} does not fit {np.dtype(dtype)} at "
            f"2^{bits}: the network is out of the integer inference's range"
        )
    return q.astype(dtype)


def quantize(weights: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The integer arrays (``q_*``, the core's ``net.ARRAYS``) of float weights (``FLOATS``,
    ``weights_of``'s form): a pure function of them, the same on every machine.
    ValueError for a weight out of range."""
    return quantize_table(weights, LAYERS, NET_SCALES, NET_SHIFTS, "q_shifts")


def quantize_table(weights: Mapping[str, np.ndarray], layers, scales, shifts, key: str):
    """The integer arrays of one layer table (``layers``, its ``scales`` and ``shifts``: a
    head of ``_core/bots/net_layers.py``) of float weights, the shifts as ``key``."""
    w = {layer.name: np.asarray(weights[layer.name], np.float32) for layer in layers}
    bits: dict[str, int] = {}
    for scale in scales:
        bits[scale.name] = _bits(scale.most, *(w[k] for k in scale.fits))
        if scale.cap:
            bits[scale.name] = min(bits[scale.name], sum(bits[c] for c in scale.cap) - 1)
    out = {
        f"q_{layer.name}": _fixed(
            w[layer.name], sum(bits[b] for b in layer.bits), np.dtype(layer.dtype)
        ).reshape(w[layer.name].shape if layer.shape else ())
        for layer in layers
    }
    # the shifts between layers and the outputs' fraction bits (nn.h, nn_bids.h)
    out[key] = np.array(
        [sum(bits[b] for b in t.plus) - sum(bits[b] for b in t.minus) for t in shifts],
        np.int64,
    )
    return out


def write_weights(
    path: str | Path,
    weights: Mapping[str, np.ndarray],
    meta: Mapping[str, Any],
    layout: str | None = None,
) -> dict[str, np.ndarray]:
    """Write a weights file the core loads (format ``net.FORMAT``): the float ``weights``
    (what the training reads back), their quantisation, the feature layout's digest
    (``layout``; default the core's) and ``meta`` (JSON).  Written to a temporary file and
    renamed: never half a file.  Returns every array written."""
    from shengji.door import FEATURE_DIGEST

    arrays: dict[str, np.ndarray] = {k: np.asarray(weights[k], np.float32) for k in FLOATS}
    arrays.update(quantize(arrays))
    arrays["format"] = np.array(NET_FORMAT, np.int64)
    digest = FEATURE_DIGEST if layout is None else layout
    arrays["layout"] = np.frombuffer(digest.encode(), np.uint8)
    arrays["meta"] = np.frombuffer(json.dumps(dict(meta), sort_keys=True).encode(), np.uint8)
    write_arrays(path, arrays)
    return arrays


def write_arrays(path: str | Path, arrays: Mapping[str, np.ndarray]) -> None:
    """Write ``arrays`` as an .npz (``_savez``: the same arrays, the same bytes) to a
    temporary file renamed to ``path``: never half a file."""
    import os
    import tempfile

    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".npz", dir=path.parent or ".")
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # a file like any other, not mkstemp's 0600
        with os.fdopen(fd, "wb") as f:
            _savez(f, arrays)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _savez(f, arrays: Mapping[str, np.ndarray]) -> None:
    """``np.savez``'s file (a zip of .npy files, stored), with every entry dated 1980-01-01:
    the same arrays make the same bytes, hence the same sha256 (the core keys a network by
    it), whenever they are written."""
    import zipfile

    with zipfile.ZipFile(f, "w", zipfile.ZIP_STORED, allowZip64=True) as z:
        for name, a in arrays.items():
            info = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            with z.open(info, "w", force_zip64=True) as out:
                np.lib.format.write_array(out, np.asanyarray(a), allow_pickle=False)


def read_floats(path: str | Path) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The float weights (``FLOATS``) and the metadata of a weights file (format 1 or 2)."""
    with np.load(Path(path), allow_pickle=False) as f:
        arrays = {k: f[k] for k in f.files}
    missing = [k for k in FLOATS if k not in arrays]
    if missing:
        raise ValueError(f"{str(path)!r}: no float weights {', '.join(missing)}")
    meta = json.loads(bytes(arrays["meta"]).decode()) if "meta" in arrays else {}
    return {k: arrays[k] for k in FLOATS}, meta


def export(net, path: str | Path, meta: Mapping[str, Any]) -> dict[str, np.ndarray]:
    """Write ``net``'s weights to ``path`` (an .npz the core loads: ``write_weights``), with
    ``meta`` (JSON) as their provenance; returns the arrays."""
    return write_weights(path, weights_of(net), meta)


def _wrap(v: np.ndarray, bits: int) -> np.ndarray:
    """v (int64) modulo 2^bits, as a signed integer: C's unsigned lanes (include/nn.h)."""
    half = np.int64(1) << (bits - 1)
    return ((v + half) & ((np.int64(1) << bits) - 1)) - half


def _round_shift(t: np.ndarray, k) -> np.ndarray:
    return (t + (np.int64(1) << (k - 1))) >> k


def forward_numpy(weights: Mapping[str, np.ndarray], x, a, n):
    """The core's integer forward pass in numpy (tests): ``weights`` the ``q_*`` arrays of a
    weights file (or float weights, quantised first), x uint8 (B, S), a uint8 (B, K, A), n
    (B,).  Returns (scores float64 (B, K), zero past n; values float64 (B,)), bit for bit
    the core's (``_core.bots.net.forward``)."""
    if "q_w1" not in weights:
        weights = quantize(weights)
    q = {k: np.asarray(v).astype(np.int64) for k, v in weights.items() if k.startswith("q_")}
    sh2, sh3, score_bits, value_bits = (int(v) for v in q["q_shifts"])
    x = np.asarray(x).astype(np.int64)
    a = np.asarray(a).astype(np.int64)
    acc = _wrap(q["q_b1"] + x @ q["q_w1"], 16)
    h1 = np.maximum(acc, 0)
    t2 = _wrap(q["q_b2"] + h1 @ q["q_w2"], 32)
    h2 = np.where(t2 > 0, np.minimum(_round_shift(t2, sh2), 32767), 0)
    values = (q["q_bv"] + h2 @ q["q_wv"]) / float(1 << value_bits)
    tz = _wrap(q["q_bz"] + h2 @ q["q_wz"], 32)
    s = np.clip(_round_shift(tz, sh3), -32768, 32767)
    z = _wrap(s[:, None, :] + a @ q["q_wa"], 16)
    scores = (q["q_bq"] + np.maximum(z, 0) @ q["q_wq"]) / float(1 << score_bits)
    scores[np.arange(a.shape[1])[None, :] >= np.asarray(n)[:, None]] = 0.0
    return scores, values


def advantage_loss(q, qt, qn):
    """The scores q (B, K) against the search's means qt (B, K, in score units) over the
    candidates it played out (qn > 0): both centred per decision over those, squared
    differences weighted by qn / (qn + 8) (a mean of few samples is noisy)."""
    import torch

    w = torch.where(qn > 0, qn / (qn + 8.0), torch.zeros_like(qn))
    sw = w.sum(1, keepdim=True).clamp_min(1e-6)
    qf = torch.where(qn > 0, q, torch.zeros_like(q))
    dq = qf - (w * qf).sum(1, keepdim=True) / sw
    dt = qt - (w * qt).sum(1, keepdim=True) / sw
    per = (w * (dq - dt) ** 2).sum(1) / sw.squeeze(1)
    has = (qn > 0).sum(1) >= 2
    return per[has].mean() if bool(has.any()) else qf.sum() * 0.0  # q: -inf past n
