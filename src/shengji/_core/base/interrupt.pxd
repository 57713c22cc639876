# Ctrl-C inside the nogil kernels (interrupt.pyx's docstring).
cdef bint interrupted() noexcept nogil
cdef int raise_interrupt() except -1
