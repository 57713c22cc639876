# The duel driver (drivers/duel.pyx): every deal played twice, the bots swapping sides;
# each seat's decisions draw from a stream of its own (rng.pxd's rng_split).
from libc.stdint cimport uint64_t
from shengji._core.base.cards cimport N_SEATS

cdef enum:
    N_ORIENTATIONS = 2       # 0: bot A on the banker team, 1: bot B there


cdef inline uint64_t seat_stream(Py_ssize_t deal, int orientation, int seat) noexcept nogil:
    """The counter of the stream of `seat` in deal `deal` (the run's index), orientation
    `orientation`: rng_split(seat_key, this)."""
    return ((<uint64_t> deal * N_ORIENTATIONS + orientation) * N_SEATS + seat)
