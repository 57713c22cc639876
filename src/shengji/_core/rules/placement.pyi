"""Placement of a lead's tractors in a holding's pairs (compiled).  See placement.pyx.

No Python-level names: its C API (placement.pxd) is
reached only by ``cimport``."""
