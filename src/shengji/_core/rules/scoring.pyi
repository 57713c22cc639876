"""Scoring of a hand (compiled): kitty, penalties, level change.  See scoring.pyx.

Its C API (scoring.pxd) is reached by ``cimport``; Python reaches the kitty multiplier and
the level change here (``shengji.rules.combos`` wraps them)."""

import numpy.typing as npt

from shengji._core.base.options import _Packed

def kitty_multiplier(counts: npt.ArrayLike, level: int, suit: int, rules: _Packed) -> int: ...
def level_change(
    defender_points: int, rules: _Packed, level: int = -1, overturns: int = 0
) -> tuple[int, int]: ...
