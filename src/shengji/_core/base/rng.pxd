# The one door for randomness into the kernels: the Rng handle (xoshiro256++, fastrand.h),
# loaded from a caller's 4-word numpy state and stored back only through rng_load /
# rng_store; every kernel (deal, bidding, hand, bots, drivers) draws from an Rng*.  The
# seeding rule (which state a seed gives) is rng.pyx's chunk_state, and only there.
from libc.stdint cimport uint32_t, uint64_t

cdef extern from "fastrand.h" nogil:
    enum: RNG_WORDS "SJ_RNG_WORDS"
    ctypedef struct Rng "sj_rng":
        uint64_t s[RNG_WORDS]
    uint64_t sj_next(Rng* r) noexcept
    void sj_bounded_batch(Rng* r, const uint32_t* bounds, uint32_t* out, int n) noexcept
    uint32_t sj_bounded(Rng* r, uint32_t bound) noexcept
    void sj_descending_thresholds(uint32_t top, int n, uint64_t* thresh) noexcept
    void sj_descending_bounds(uint32_t top, int n, uint64_t* bounds) noexcept
    void sj_draws_table(Rng* r, const uint64_t* bounds, int n, const uint64_t* thresh,
                        uint32_t* out) noexcept
    uint64_t sj_bounded64(Rng* r, uint64_t bound) noexcept
    enum: SJ_GROUP

# state: a writable numpy uint64 array of RNG_WORDS words (chunk_state's), not all zero;
# anything else raises ValueError naming the argument.  A kernel loads once on entry and
# stores once on exit, so the caller's array advances exactly as the draws did.
cdef int rng_load(Rng* r, object state, str name=*) except -1
cdef int rng_store(const Rng* r, object state) except -1


cdef inline uint64_t splitmix64(uint64_t* z) noexcept nogil:
    """One step of SplitMix64 (Steele, Lea & Flood 2014; the seeder xoshiro's authors
    recommend): a bijective, well-mixed 64-bit output per counter value."""
    cdef uint64_t x
    z[0] += <uint64_t> 0x9E3779B97F4A7C15
    x = z[0]
    x = (x ^ (x >> 30)) * <uint64_t> 0xBF58476D1CE4E5B9
    x = (x ^ (x >> 27)) * <uint64_t> 0x94D049BB133111EB
    return x ^ (x >> 31)


cdef inline void rng_fixed(Rng* r) noexcept nogil:
    """A fixed valid state, for a bot known never to draw (the base bots a search asks for
    its candidates or its likelihoods): nothing depends on it."""
    r.s[0] = 1
    r.s[1] = r.s[2] = r.s[3] = 0


cdef inline void rng_split(const Rng* key, uint64_t counter, Rng* out) noexcept nogil:
    """The stream numbered `counter` of a key state (rng.pyx: seat_key): a pure function
    of (key, counter), so a per-seat stream never depends on how many draws others made.
    Each word is SplitMix64 of (key word, counter) -- distinct counters give unrelated
    xoshiro states -- and the all-zero state is avoided."""
    cdef uint64_t z
    cdef int i
    for i in range(RNG_WORDS):
        z = key.s[i] ^ (counter * <uint64_t> 0xD1B54A32D192ED03)
        out.s[i] = splitmix64(&z) ^ splitmix64(&z)
    if (out.s[0] | out.s[1] | out.s[2] | out.s[3]) == 0:
        out.s[0] = 1
