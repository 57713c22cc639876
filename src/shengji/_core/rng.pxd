# The kernels' random numbers (see fastrand.h for the why).  A stream is 4 uint64 words
# seeded from numpy.random.SeedSequence; kernels keep it in a local array.
from libc.stdint cimport uint32_t, uint64_t

cdef extern from "fastrand.h" nogil:
    uint64_t sj_next(uint64_t* s) noexcept
    void sj_bounded_batch(uint64_t* s, const uint32_t* bounds, uint32_t* out, int n) noexcept
    uint32_t sj_bounded(uint64_t* s, uint32_t bound) noexcept
    void sj_descending_thresholds(uint32_t top, int n, uint64_t* thresh) noexcept
    void sj_descending_bounds(uint32_t top, int n, uint64_t* bounds) noexcept
    void sj_draws_table(uint64_t* state, const uint64_t* bounds, int n, const uint64_t* thresh,
                        uint32_t* out) noexcept
    uint64_t sj_bounded64(uint64_t* s, uint64_t bound) noexcept
    enum: SJ_GROUP

cdef enum:
    RNG_WORDS = 4
