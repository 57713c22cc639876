# The Python-facing hand: HandCore, a HandC, its card-id book and its Rng, stepped one
# call per decision, over the state machine, the bots, the
# step encoding (actions.pxd), the per-seat information sets (infoset.pxd) and the
# drivers' deal steps.
from shengji._core.base.rng cimport Rng
from shengji._core.engine.hand cimport HandC
from shengji._core.engine.book cimport Book, IdSet

cdef class HandCore:
    cdef HandC h
    cdef Book b
    cdef Rng rng
    cdef object bidding       # the bidding's outcome (dict), or None when trump was given
    cdef int redeals
    cdef tuple _play(self, const IdSet* ids)
    cdef tuple _bury(self, int c)
    cdef _bid_overturns(self, bidding)
