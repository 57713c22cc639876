"""What a seed is, checked in one place: an integer 0..MAX_SEED (``shengji.names``), or in
the Python API also a sequence of them (``(seed, i)``: numpy ``SeedSequence`` entropy).

Every entry point that takes a seed — ``HandState`` / ``play_hand``, ``bid_deal`` /
``simulate_bids``, study files and ``--seed`` (``shengji.studies``), ``shengji.analysis.run``
— passes it through ``check_seed`` before it reaches ``numpy.random.SeedSequence``, so a
bad seed is one ``ValueError`` naming the argument, never numpy's own error.
"""

from __future__ import annotations

from numbers import Integral

from shengji.names import MAX_SEED, MAX_SEED_BITS

__all__ = ["check_seed", "MAX_SEED"]


def _is_seed_int(x) -> bool:
    return not isinstance(x, bool) and isinstance(x, Integral) and 0 <= int(x) <= MAX_SEED


def check_seed(seed, name: str = "seed", *, allow_none: bool = False, allow_sequence: bool = True):
    """``seed`` as a Python int (or a tuple of ints), else ValueError naming ``name``.

    ``allow_none``: None is accepted (and returned) where it means "fresh entropy, not
    reproducible".  ``allow_sequence``: a non-empty list or tuple of integers is accepted
    (studies take one integer: it is written into every output file's metadata)."""
    if seed is None and allow_none:
        return None
    if _is_seed_int(seed):
        return int(seed)
    if allow_sequence and isinstance(seed, (list, tuple)) and seed and all(map(_is_seed_int, seed)):
        return tuple(int(x) for x in seed)
    shown = f"an integer 0..2**{MAX_SEED_BITS}"
    if allow_sequence:
        shown += " (or a sequence of them)"
    if allow_none:
        shown += " or None"
    raise ValueError(f"{name}: expected {shown}, got {seed!r}")
