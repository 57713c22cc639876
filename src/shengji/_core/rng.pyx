# cython: language_level=3
"""Seeding and test hooks for the kernels' generator.

Seeds always go through ``numpy.random.SeedSequence``: chunk k of a run with seed S uses
``SeedSequence(S, spawn_key=(k,))`` — exactly the k-th child of ``SeedSequence(S).spawn`` —
so chunk k holds the same deals whatever the number of workers or the engine."""
import numpy as np
cimport numpy as cnp
from libc.stdint cimport uint32_t, uint64_t

cnp.import_array()


def _state(seed, spawn_key):
    state = np.random.SeedSequence(seed, spawn_key=spawn_key).generate_state(RNG_WORDS, np.uint64)
    if not state.any():  # the all-zero state is the one xoshiro cannot leave
        state[0] = 1
    return state


def chunk_state(seed, chunk):
    """The 4-word xoshiro256++ state of chunk ``chunk`` of a run seeded with ``seed``."""
    return _state(seed, (int(chunk),))


def bounded_draws(cnp.uint64_t[::1] state, bounds, Py_ssize_t repeat=1):
    """Draw ``repeat`` times the whole vector of ``bounds`` (each < 2^32); returns an
    array (repeat, len(bounds)).  ``state`` is advanced in place.  For statistical tests."""
    cdef cnp.uint32_t[::1] b = np.ascontiguousarray(bounds, dtype=np.uint32)
    if b.shape[0] == 0 or np.any(np.asarray(b) == 0) or np.any(np.asarray(b) > 65535):
        # four bounds share one 64-bit word, so their product must fit in 64 bits
        raise ValueError("bounds must be non-empty and in 1..65535")
    out = np.empty((repeat, b.shape[0]), dtype=np.uint32)
    cdef cnp.uint32_t[:, ::1] o = out
    cdef Py_ssize_t r
    cdef uint64_t s[RNG_WORDS]
    for r in range(RNG_WORDS):
        s[r] = state[r]
    with nogil:
        for r in range(repeat):
            sj_bounded_batch(s, <const uint32_t*> &b[0], <uint32_t*> &o[r, 0], <int> b.shape[0])
    for r in range(RNG_WORDS):
        state[r] = s[r]
    return out


def order_state(seed, chunk):
    """A second, independent stream for chunk ``chunk``: used only for draws that must not
    shift the main stream (the order of the last hand when raw deals are stored)."""
    return _state(seed, (int(chunk), 1))
