"""Ctrl-C inside the nogil kernels: C-level only (``interrupted``, ``raise_interrupt`` are
cdef functions cimported by the kernels); nothing here is callable from Python."""
