"""Move generation: the candidate plays of the seat to play (compiled).  See moves.pyx.

No Python-level names: its C API (moves.pxd) is
reached only by ``cimport``."""
