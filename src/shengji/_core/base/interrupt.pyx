"""Ctrl-C (SIGINT) inside the long nogil kernels.

Python runs a signal's handler only between bytecodes, so a kernel running without the
GIL (a million deals of ``advise``, a chunk of hands, one pimc search) would hold
Ctrl-C back until it returns. The kernels call ``interrupted()`` at points where
stopping is safe (a deal, a hand, a pimc sample); every ``POLL_EVERY``-th call takes
the GIL for a moment and runs ``PyErr_CheckSignals`` (Python's own handlers:
``KeyboardInterrupt`` for SIGINT, or whatever handler the program installed). When a
handler raised, the exception is kept and every later call answers True at once, so
the kernels unwind quickly; the wrapper that ran the kernel then calls
``raise_interrupt()``, which raises it (and discards what the kernel left half done).
A kernel that is not interrupted computes exactly what it did before: the checks read
no random stream and change no state.
"""

cdef extern from "Python.h":
    int PyErr_CheckSignals() except -1

cdef enum:
    POLL_EVERY = 16    # calls between two looks at the signals (a power of two)

cdef bint _pending = False
cdef unsigned int _calls = 0
_raised = None


cdef bint interrupted() noexcept nogil:
    """True once a signal handler raised (see the module docstring)."""
    global _calls
    if _pending:
        return True
    _calls += 1
    if _calls & (POLL_EVERY - 1):
        return False
    with gil:
        _poll()
    return _pending


cdef void _poll() noexcept:
    global _pending, _raised
    try:
        PyErr_CheckSignals()
    except BaseException as exc:
        _raised = exc
        _pending = True


cdef int raise_interrupt() except -1:
    """Raise what a signal handler raised during the kernel, if anything (once)."""
    global _pending, _raised
    if _pending:
        exc = _raised
        _raised = None
        _pending = False
        raise exc
    return 0
