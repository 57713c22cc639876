# Bit operations on 64-bit masks (bits.h), for every core unit.
from libc.stdint cimport uint64_t

cdef extern from "bits.h" nogil:
    int sj_popcount64(uint64_t x) noexcept
    int sj_ctz64(uint64_t x) noexcept
