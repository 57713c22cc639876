"""The net bot's weights file: its format, its reader and check, the errors it raises.

A weights file (format ``FORMAT``) is an ``.npz`` of shengji.learn: the integer arrays the
core computes with (``ARRAYS``, the play head's layer table ``net_layers.LAYERS``, and its
shifts), the digest of the feature layout they were made for (``layout``), their float
originals (what the training reads back) and ``meta`` (JSON: their provenance).  Optionally
it carries a bid head (``BID_ARRAYS``: ``net_layers.BID_LAYERS`` and its shifts, with the
digest of the bid features' layout, ``bid_layout``), whole or not at all: a file without one
loads and has no learned bids.  ``read`` checks a file whole -- the format version, each
layout's digest, every array's dtype and shape, the shifts' ranges, no NaN -- and refuses
it in one line naming the file and the reason (``WeightsError``).  The compiled net bot
(``net.pyx``) installs what it returns."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any, NoReturn

import numpy as np

from shengji._core.bots import bid_layout, features_layout
from shengji._core.bots.net_layers import BID_LAYERS, BID_SHIFTS, LAYERS, SHIFTS

__all__ = ["ARRAYS", "BID_ARRAYS", "FORMAT", "DigestError", "WeightsError", "read"]

FORMAT = 2  # the weights file's format version (shengji.learn.model.write_weights)
# the integer arrays (besides "format", "layout" and "meta"): dtype and shape in terms of
# the layer sizes (the layer table's, then the shifts: net_layers.SHIFTS)
ARRAYS: dict[str, tuple[str, tuple[str, ...]]] = {
    f"q_{layer.name}": (layer.dtype, layer.shape) for layer in LAYERS
}
ARRAYS["q_shifts"] = ("int64", ("shifts",))
# the optional bid head's (with "bid_layout"), all or none
BID_ARRAYS: dict[str, tuple[str, tuple[str, ...]]] = {
    f"q_{layer.name}": (layer.dtype, layer.shape) for layer in BID_LAYERS
}
BID_ARRAYS["q_bid_shifts"] = ("int64", ("bid_shifts",))


class WeightsError(ValueError):
    """A weights file the net bot cannot use (one line: the file and the reason)."""


class DigestError(WeightsError):
    """A weights file whose sha256 (``digest``) is not the one recorded for it."""

    def __init__(self, message: str, digest: str) -> None:
        super().__init__(message)
        self.digest = digest


def refuse(path: Path | str, reason: str) -> NoReturn:
    """Raise the ``WeightsError`` of ``path``: one line, the file and the reason."""
    raise WeightsError(f"net weights {str(path)!r}: {reason}")


def _text(arrays: dict, name: str) -> str:
    return bytes(np.asarray(arrays[name], np.uint8)).decode()


def _arrays(path: Path, data: bytes) -> dict[str, np.ndarray]:
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as f:
            return {k: f[k] for k in f.files}
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, KeyError) as exc:
        refuse(
            path,
            f"not an .npz of net weights ({type(exc).__name__}: "
            f"{str(exc).splitlines()[0] if str(exc) else 'unreadable'})",
        )


def _header(path: Path, arrays: dict) -> dict[str, Any]:
    """The format and the feature layout checked; the metadata."""
    if "format" not in arrays:
        if "w1" in arrays:
            refuse(
                path,
                "float weights of format 1 (before integer inference); convert "
                "them: python -m shengji.learn.quantize FILE OUT",
            )
        refuse(path, "no 'format' array: not a weights file of shengji.learn")
    fmt = arrays["format"]
    if fmt.shape != () or fmt.dtype.kind not in "iu":
        refuse(path, f"format is {fmt.dtype} {fmt.shape}, expected one integer")
    if int(fmt) != FORMAT:
        refuse(path, f"format {int(fmt)}, this core reads format {FORMAT}")
    _layout(path, arrays, "layout", features_layout.LAYOUT_DIGEST,
            ("no readable 'layout' (the feature layout's digest)",
             "made for the feature layout", "the core's is", "shengji.learn.train"))  # fmt: skip
    meta = {}
    if "meta" in arrays:
        try:
            meta = json.loads(_text(arrays, "meta"))
        except (ValueError, TypeError, UnicodeDecodeError) as exc:
            refuse(path, f"meta is not JSON text ({exc})")
        if not isinstance(meta, dict):
            refuse(path, "meta is not a JSON object")
    return meta


def _layout(path: Path, arrays: dict, key: str, want: str, say: tuple[str, ...]) -> None:
    """The features' digest ``arrays[key]`` is the core's ``want``; else refused in one line
    (``say``: the line without one, then the words around the two digests, and the script
    that retrains)."""
    missing, made_for, cores, retrain = say
    try:
        layout = _text(arrays, key)
    except (KeyError, ValueError, TypeError, UnicodeDecodeError):
        refuse(path, missing)
    if layout != want:
        refuse(path, f"{made_for} {layout[:12]}..., {cores} {want[:12]}... (retrain: {retrain})")


def _sized(path: Path, arrays: dict, table: dict, sizes: dict, out: dict) -> None:
    """Each array of ``table`` present, of its dtype and shape, into ``out``."""
    for name, (dtype, dims) in table.items():
        if name not in arrays:
            refuse(path, f"no array {name!r}")
        a = arrays[name]
        shape = tuple(sizes[d] for d in dims)
        if a.shape != shape or a.dtype != np.dtype(dtype):
            refuse(path, f"{name} is {a.dtype} {a.shape}, expected {dtype} {shape}")
        if a.dtype == np.int16 and (a == -32768).any():
            refuse(path, f"{name} holds -32768 (the weights are within +-32767)")
        out[name] = np.ascontiguousarray(a)


def _play(path: Path, arrays: dict, tile: int, most: int, out: dict) -> dict[str, int]:
    """The play head's arrays checked into ``out``; its layer sizes."""
    try:
        sizes = {
            "state": features_layout.STATE_SIZE,
            "action": features_layout.ACTION_SIZE,
            "shifts": len(SHIFTS),
            "h1": int(arrays["q_w1"].shape[1]),
            "h2": int(arrays["q_w2"].shape[1]),
            "h3": int(arrays["q_wz"].shape[1]),
        }
    except (KeyError, IndexError, AttributeError):
        refuse(path, "q_w1, q_w2 and q_wz must be 2-D arrays")
    for name in ("h1", "h2", "h3"):
        if not 1 <= sizes[name] <= most or sizes[name] % tile:
            refuse(
                path,
                f"layer {name} has {sizes[name]} units, expected a multiple of {tile} up to {most}",
            )
    _sized(path, arrays, ARRAYS, sizes, out)
    sh = out["q_shifts"]
    if not (1 <= sh[0] <= 30 and 1 <= sh[1] <= 30 and 0 <= sh[2] <= 60 and 0 <= sh[3] <= 60):
        refuse(path, f"q_shifts {sh.tolist()} out of range (shifts 1..30, bits 0..60)")
    return sizes


def _bids(path: Path, arrays: dict, out: dict) -> dict[str, int]:
    """The bid head's arrays checked into ``out`` (none: a file without one); its sizes."""
    if not any(k.startswith("q_bid_") or k == "bid_layout" for k in arrays):
        return {}
    _layout(path, arrays, "bid_layout", bid_layout.LAYOUT_DIGEST,
            ("a bid head without a readable 'bid_layout' (its features' digest)",
             "its bid head was made for the bid features", "the core's are",
             "shengji.learn.bids"))  # fmt: skip
    try:
        sizes = {
            "bid_state": bid_layout.STATE_SIZE,
            "bid_action": bid_layout.ACTION_SIZE,
            "bid_shifts": len(BID_SHIFTS),
            "bid_h1": int(arrays["q_bid_w1"].shape[1]),
            "bid_h3": int(arrays["q_bid_wz"].shape[1]),
        }
    except (KeyError, IndexError, AttributeError):
        refuse(path, "a bid head needs q_bid_w1 and q_bid_wz, 2-D arrays")
    for name in ("bid_h1", "bid_h3"):
        if not 1 <= sizes[name] <= bid_layout.MAX_HIDDEN:
            refuse(
                path, f"layer {name} has {sizes[name]} units, expected 1..{bid_layout.MAX_HIDDEN}"
            )
    _sized(path, arrays, BID_ARRAYS, sizes, out)
    sh = out["q_bid_shifts"]
    if not (1 <= sh[0] <= 62 and 0 <= sh[1] <= 62):
        refuse(path, f"q_bid_shifts {sh.tolist()} out of range (shift 1..62, bits 0..62)")
    return sizes


def read(
    path: Path, data: bytes, tile: int, most: int
) -> tuple[dict[str, np.ndarray], dict[str, int], dict[str, Any]]:
    """The checked integer arrays, layer sizes and metadata of a weights file's bytes
    (``path``: its name, for the message).  ``tile``, ``most``: the core's limits on a play
    layer's width (a multiple of ``tile``, up to ``most``).  The sizes hold the bid head's
    (``bid_h1``...) when the file has one.  ``WeightsError`` (one line) for a file the core
    cannot use."""
    arrays = _arrays(path, data)
    meta = _header(path, arrays)
    checked: dict[str, np.ndarray] = {}
    sizes = _play(path, arrays, tile, most, checked)
    sizes.update(_bids(path, arrays, checked))
    for name, a in arrays.items():  # the float originals the training reads
        if a.dtype.kind == "f" and not np.isfinite(a).all():
            refuse(path, f"{name} holds a NaN or an infinity")
    return checked, sizes, meta
