"""The hand state machine (compiled).  See hand.pyx; its C API is hand.pxd."""

import enum

class Phase(enum.IntEnum):
    PHASE_BURY = 0
    PHASE_PLAY = 1
    PHASE_OVER = 2

PHASE_NAMES: tuple[str, ...]  # ("bury", "play", "over"), derived from Phase
