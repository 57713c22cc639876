"""The random bot (compiled): uniform over the candidate plays.  See random.pyx.

No Python-level names: its C API (random.pxd: random_bury, random_play) is
reached only by ``cimport``."""
