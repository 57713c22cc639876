# The Python-facing hand: HandCore, a HandC and its Rng for shengji.game.HandState (one
# call per decision), over the state machine, the bots and the drivers' deal step.
from shengji._core.rng cimport Rng
from shengji._core.hand cimport HandC
from shengji._core.moves cimport MAX_PLAYS
from shengji._core.play cimport Play

cdef class HandCore:
    cdef HandC h
    cdef Rng rng
    cdef Play buf[MAX_PLAYS]
