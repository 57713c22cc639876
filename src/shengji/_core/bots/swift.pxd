# The swift bot (bots/swift.pyx): pimc's search only at the decisions where it pays (the
# bury, the last cards of the hand), memory's play everywhere else (bot.pxd's interface,
# with parameters).
from shengji._core.engine.play cimport Play
from shengji._core.base.rng cimport Rng
from shengji._core.engine.view cimport View
from shengji._core.bots.bot cimport BotParams

# Defaults and limits; `cpdef`: bots.swift.DEFAULTS / LIMITS export them and
# shengji.game.botspec declares swift's parameters from them (written once, here).
cpdef enum:
    # the defaults: pimc's own samples and candidates (pimc.pxd), its bury, and its plays
    # only in the last 10 cards of the seat's hand (docs/hand-engine.md "swift")
    SWIFT_BURY_SAMPLES = 16      # the bury: pimc's bury at samples = this (2x deals)
    SWIFT_LEAD_SAMPLES = 16      # a lead: pimc's search on this many deals (0: memory's)
    SWIFT_FOLLOW_SAMPLES = 16    # a follow: the same (0: memory's follow)
    SWIFT_CANDIDATES = 8
    SWIFT_HAND_LIMIT = 10        # plays searched only with at most this many cards in hand
    SWIFT_MAX_SAMPLES = 256
    SWIFT_MAX_HAND = 64

cdef int swift_bury(const View* v, Rng* rng, Play* out) noexcept nogil
cdef int swift_play(const View* v, Rng* rng, Play* out) noexcept nogil
cdef int swift_bury_p(const View* v, Rng* rng, const BotParams* p, void* scratch,
                      Play* out) noexcept nogil
cdef int swift_play_p(const View* v, Rng* rng, const BotParams* p, void* scratch,
                      Play* out) noexcept nogil
cdef void* swift_scratch_new(const BotParams* p) noexcept nogil
cdef void swift_scratch_free(void* scratch) noexcept nogil
cdef void swift_defaults(BotParams* p) noexcept nogil
