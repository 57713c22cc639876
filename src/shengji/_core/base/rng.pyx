# cython: language_level=3
"""The kernels' random numbers: the seeding rule and the Rng door (rng.pxd).

**The seeding rule** (the only one; studies, ``HandState``, ``bid_deal`` and
``simulate_bids`` all use it): the stream of chunk ``k`` of a run seeded with ``S`` is
``chunk_state(S, k)`` = ``SeedSequence(S, spawn_key=(k,))``, the k-th child of
``SeedSequence(S).spawn``.  A chunk's items (deals, bids, hands, matches) are drawn from
that one stream in order, each hand shuffling the deck the previous hand left (the first
starts from the sorted deck, card ids 0..107).  Anything that is not a chunked run is
chunk 0: ``HandState(seed=S)`` is hand 0 of a scoring run with seed ``S`` (same level,
banker and bid policy), and a match run's first hand is ``HandState(seed=S,
banker=None)`` at the start level.  ``order_state(S, k)`` (``spawn_key=(k, 1)``) is a
second stream of chunk k, drawn from only where the main stream must not shift.
``seat_key(S, k)`` (``spawn_key=(k, 2)``) is chunk k's key for per-seat bot streams: the
duel study's bots draw from ``rng_split(key, (deal * 2 + orientation) * 4 + seat)``, a
pure function of (seed, chunk, deal, orientation, seat), never from the main stream (which
then holds the deals and bids alone, the same whatever bots play them).

Kernels never touch a state array's words themselves: ``rng_load`` checks it and copies
it into an ``Rng`` once on entry, ``rng_store`` writes it back once on exit."""
import numpy as np
cimport numpy as cnp
from libc.stdint cimport uint32_t, uint64_t

cnp.import_array()


def _state(seed, spawn_key):
    state = np.random.SeedSequence(seed, spawn_key=spawn_key).generate_state(RNG_WORDS, np.uint64)
    if not state.any():  # the all-zero state is the one xoshiro cannot leave
        state[0] = 1
    return state


def chunk_state(seed, chunk=0):
    """The 4-word xoshiro256++ state of chunk ``chunk`` of a run seeded with ``seed``
    (module docstring: the seeding rule)."""
    return _state(seed, (int(chunk),))


def order_state(seed, chunk):
    """A second, independent stream for chunk ``chunk``: used only for draws that must not
    shift the main stream (the order of the last hand when raw deals are stored)."""
    return _state(seed, (int(chunk), 1))


def seat_key(seed, chunk):
    """Chunk ``chunk``'s key for per-seat bot streams (``rng_split``): the seeding rule,
    module docstring."""
    return _state(seed, (int(chunk), 2))


cdef int rng_load(Rng* r, object state, str name="state") except -1:
    cdef cnp.uint64_t[::1] v
    cdef int k
    if (not isinstance(state, np.ndarray) or state.dtype != np.uint64
            or state.shape != (RNG_WORDS,) or not state.flags.writeable):
        raise ValueError(f"{name}: expected a writable numpy uint64 array of {RNG_WORDS} "
                         f"words (shengji._core.base.rng.chunk_state), got {state!r:.80}")
    v = state
    for k in range(RNG_WORDS):
        r.s[k] = v[k]
    if (r.s[0] | r.s[1] | r.s[2] | r.s[3]) == 0:
        raise ValueError(f"{name}: the all-zero state (xoshiro256++ cannot leave it)")
    return 0


cdef int rng_store(const Rng* r, object state) except -1:
    cdef cnp.uint64_t[::1] v = state
    cdef int k
    for k in range(RNG_WORDS):
        v[k] = r.s[k]
    return 0


def bounded_draws(state, bounds, Py_ssize_t repeat=1):
    """Draw ``repeat`` times the whole vector of ``bounds`` (each < 2^32); returns an
    array (repeat, len(bounds)).  ``state`` is advanced in place.  For statistical tests."""
    cdef cnp.uint32_t[::1] b = np.ascontiguousarray(bounds, dtype=np.uint32)
    cdef Rng rng
    if b.shape[0] == 0 or np.any(np.asarray(b) == 0) or np.any(np.asarray(b) > 65535):
        # four bounds share one 64-bit word, so their product must fit in 64 bits
        raise ValueError("bounds must be non-empty and in 1..65535")
    out = np.empty((repeat, b.shape[0]), dtype=np.uint32)
    cdef cnp.uint32_t[:, ::1] o = out
    cdef Py_ssize_t r
    rng_load(&rng, state)
    with nogil:
        for r in range(repeat):
            sj_bounded_batch(&rng, <const uint32_t*> &b[0], <uint32_t*> &o[r, 0], <int> b.shape[0])
    rng_store(&rng, state)
    return out


def split_state(key, counter):
    """``rng_split(key, counter)`` as a numpy state (for tests)."""
    cdef Rng k, out
    state = np.array(key, dtype=np.uint64)
    rng_load(&k, state, "key")
    rng_split(&k, <uint64_t> counter, &out)
    res = np.empty(RNG_WORDS, np.uint64)
    rng_store(&out, res)
    return res
