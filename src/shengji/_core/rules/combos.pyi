"""Type stub for the compiled rules engine (``combos.pyx``).

Single-item functions take per-kind count arrays (length 54, values 0..2) and the trump as
``level`` (rank index 0..12) and ``suit`` (0..3, or 4 for no-trump).  Batched functions take
padded uint8 arrays of kind ids plus per-row lengths and return numpy arrays; a bad row gets
a negative status code instead of raising.
"""

import numpy as np
import numpy.typing as npt

from shengji._core.base.options import _Packed as _Rules

_Counts = npt.ArrayLike
# (shape, length, top_order, top_kind, kinds ascending)
_Component = tuple[int, int, int, int, list[int]]

SHAPE_NAMES: tuple[str, str, str, str]
SUIT_NAMES: tuple[str, str, str, str, str]
SIDE_NAMES: tuple[str, str]

def classify(
    counts: _Counts, level: int, suit: int, rules: _Rules
) -> tuple[int, int, int, int, int, list[_Component]]: ...
def legal_follow(
    hand: _Counts, lead: _Counts, play: _Counts, level: int, suit: int, rules: _Rules
) -> bool: ...
def trick_winner(plays: _Counts, level: int, suit: int, rules: _Rules) -> int: ...
def check_throw(
    lead: _Counts, others: _Counts, level: int, suit: int, rules: _Rules
) -> _Component | None: ...
def match_shape(
    counts: _Counts, lead: _Counts, level: int, suit: int, rules: _Rules
) -> tuple[tuple[bool, ...], bool, int]: ...
def classify_batch(
    kinds: npt.ArrayLike, lengths: npt.ArrayLike, level: int, suit: int, rules: _Rules
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]: ...
def trick_winner_batch(
    plays: npt.ArrayLike, lengths: npt.ArrayLike, level: int, suit: int, rules: _Rules
) -> np.ndarray: ...
def legal_follow_batch(
    hands: npt.ArrayLike,
    hand_lengths: npt.ArrayLike,
    leads: npt.ArrayLike,
    lead_lengths: npt.ArrayLike,
    plays: npt.ArrayLike,
    play_lengths: npt.ArrayLike,
    level: int,
    suit: int,
    rules: _Rules,
) -> np.ndarray: ...
