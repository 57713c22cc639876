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
    """Check a seed and return it as a Python int (or a tuple of ints).

    Parameters
    ----------
    seed : int, sequence of int or None
        The seed: an integer 0..``MAX_SEED`` (2**128), numpy integers included.
    name : str, default "seed"
        What the seed is called where it came from: the error message names it.
    allow_none : bool, default False
        Accept (and return) None, where it means "fresh entropy, not reproducible".
    allow_sequence : bool, default True
        Accept a non-empty list or tuple of such integers (``SeedSequence`` entropy).
        Studies take one integer: it is written into every output file's metadata.

    Returns
    -------
    int, tuple of int or None
        The seed as plain Python values.

    Raises
    ------
    ValueError
        One line naming ``name``, for anything else (a bool, a negative or too large
        number, a float, a string, an empty sequence).

    Examples
    --------
    >>> import numpy as np
    >>> from shengji.seeds import check_seed
    >>> check_seed(np.int64(7)), check_seed([1, 2]), check_seed(None, allow_none=True)
    (7, (1, 2), None)
    >>> check_seed(-1, "study.seed", allow_sequence=False)
    Traceback (most recent call last):
    ...
    ValueError: study.seed: expected an integer 0..2**128, got -1
    """
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
