"""Convert a weights file of float weights (format 1, before integer inference) into the
format the core loads (``_core.bots.net.FORMAT``): the same float weights, their
quantisation (``shengji.learn.model.quantize``: a pure function of them), the feature
layout's digest and the metadata, with ``quantized_from`` (the input's sha256) added.

    python -m shengji.learn.quantize OLD.npz NEW.npz
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

__all__ = ["main", "quantize_file"]


def quantize_file(src: str | Path, dst: str | Path) -> dict:
    """Write ``dst`` from the float weights of ``src``; returns the metadata written."""
    from shengji.learn.model import read_floats, write_weights

    weights, meta = read_floats(src)
    meta = {**meta, "quantized_from": hashlib.sha256(Path(src).read_bytes()).hexdigest()}
    write_weights(dst, weights, meta)
    return meta


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m shengji.learn.quantize", description=__doc__.split("\n")[0]
    )
    parser.add_argument("src", help="a weights file with float weights")
    parser.add_argument("dst", help="the file to write")
    args = parser.parse_args(argv)
    try:
        quantize_file(args.src, args.dst)
    except (OSError, ValueError, KeyError) as exc:
        print(f"quantize: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {args.dst}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
