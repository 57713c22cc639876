"""What the net bot's input layouts share: their digest, its key, where their pieces start.

Two tables lay out the bytes the net bot's heads read: the play head's
(``features_layout.py``) and the bid head's (``bid_layout.py``).  Each is digested
(``digest``: a weights file records the digest it was trained on), its compiled writer holds
the digest's ``key`` (``tools/tables.py`` writes it into the generated offsets, and the
writer refuses to import under another), and its pieces start at the running sums of their
sizes (``starts``: the generated C offsets).  Plain data, as the tables are.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Iterable

__all__ = ["KEY_BITS", "digest", "key", "starts"]

KEY_BITS = 28  # a digest's key: its first 7 hex digits (a C int's worth, well under 2^31)


def digest(table: list) -> str:
    """The sha256 (hex) of ``table``, a JSON-able list: a layout's version, sizes and pieces."""
    return hashlib.sha256(json.dumps(table).encode()).hexdigest()


def key(hex_digest: str) -> int:
    """The first ``KEY_BITS`` bits of ``hex_digest``: the ``LAYOUT_KEY`` of the generated
    offsets, which the compiled writer holds to its table's when it is imported."""
    return int(hex_digest[: KEY_BITS // 4], 16)


def starts(sizes: Iterable[int]) -> tuple[int, ...]:
    """Where each of consecutive pieces of ``sizes`` bytes starts: 0, then the running sums
    (the last piece's size ends the layout and starts nothing)."""
    sizes = list(sizes)
    return tuple(itertools.accumulate(sizes[:-1], initial=0))
