"""The greedy bot (compiled): a club player's rules of thumb.  See greedy.pyx.

No Python-level names: its C API (greedy.pxd: greedy_bury, greedy_play) is
reached only by ``cimport``."""
