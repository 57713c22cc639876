"""The swift bot (compiled): pimc's search at the bury and in the last cards of the hand,
memory's play before.  See swift.pyx; its C API is swift.pxd."""

from typing import Any

# the cpdef enum of swift.pxd: defaults and limits of its parameters
SWIFT_BURY_SAMPLES: int
SWIFT_LEAD_SAMPLES: int
SWIFT_FOLLOW_SAMPLES: int
SWIFT_CANDIDATES: int
SWIFT_HAND_LIMIT: int
SWIFT_MAX_SAMPLES: int
SWIFT_MAX_HAND: int

# the Python view of the defaults and limits (shengji.game.botspec declares swift's
# parameters from these): parameter -> default, parameter -> (lowest, highest)
DEFAULTS: dict[str, Any]
LIMITS: dict[str, tuple[int, int]]
