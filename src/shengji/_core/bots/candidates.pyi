"""The candidate decisions pimc searches and net scores (compiled).  See candidates.pyx.

No Python-level names: its C API (candidates.pxd: play_candidates, bury_candidates) is
reached only by ``cimport``."""
