"""What a seed is, checked in one place: an integer 0..MAX_SEED (``shengji.names``).

Every entry point that takes a seed — ``HandState`` / ``play_hand``, ``bid_deal`` /
``simulate_bids``, study files and ``--seed`` (``shengji.studies``), ``shengji.analysis.run``
— passes it through ``check_seed`` before it reaches ``numpy.random.SeedSequence``, so a
bad seed is one ``ValueError`` naming the argument, never numpy's own error.
"""
from __future__ import annotations

from numbers import Integral

from .names import MAX_SEED, MAX_SEED_BITS

__all__ = ["check_seed", "MAX_SEED"]


def check_seed(seed, name: str = "seed", *, allow_none: bool = False) -> int | None:
    """``seed`` as a Python int, or ValueError naming ``name``.  ``allow_none``: None is
    accepted (and returned) where it means "fresh entropy, not reproducible"."""
    if seed is None and allow_none:
        return None
    if isinstance(seed, bool) or not isinstance(seed, Integral) or not 0 <= seed <= MAX_SEED:
        shown = f"an integer 0..2**{MAX_SEED_BITS}" + (" or None" if allow_none else "")
        raise ValueError(f"{name}: expected {shown}, got {seed!r}")
    return int(seed)
