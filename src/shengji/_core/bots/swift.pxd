# The swift bot (bots/swift.pyx): pimc's search only at the decisions where it pays (the
# bury, the last cards of the hand), memory's play everywhere else (bot.pxd's interface,
# with parameters).
from shengji._core.engine.play cimport Play
from shengji._core.base.rng cimport Rng
from shengji._core.engine.view cimport View
from shengji._core.bots.bot cimport BotParams

# Its parameters' defaults and limits are the bot table's (bots/table.py), as C constants
# in params.pxd: pimc's own samples and candidates, its bury, and its plays only in the last
# 10 cards of the seat's hand (docs/hand-engine.md "swift").
from shengji._core.bots.params cimport swift_param_defaults

cdef int swift_bury(const View* v, Rng* rng, Play* out) noexcept nogil
cdef int swift_play(const View* v, Rng* rng, Play* out) noexcept nogil
cdef int swift_bury_p(const View* v, Rng* rng, const BotParams* p, void* scratch,
                      Play* out) noexcept nogil
cdef int swift_play_p(const View* v, Rng* rng, const BotParams* p, void* scratch,
                      Play* out) noexcept nogil
cdef void* swift_scratch_new(const BotParams* p) noexcept nogil
cdef void swift_scratch_free(void* scratch) noexcept nogil
cdef inline void swift_defaults(BotParams* p) noexcept nogil:
    swift_param_defaults(p)
