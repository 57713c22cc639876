"""Scoring of a hand (compiled): kitty, penalties, level change.  See scoring.pyx.

No Python-level names: its C API (scoring.pxd) is reached only by ``cimport``; Python
reaches the scoring through shengji._core.rules.combos."""
