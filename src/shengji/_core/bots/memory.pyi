"""The memory bot (compiled): greedy's rules plus the public record.  See memory.pyx.

No Python-level names: its C API (memory.pxd: memory_bury, memory_play) is
reached only by ``cimport``."""
