# cython: language_level=3
"""The bot interface (bot.pxd) and the registry of the built-in bots.

``random`` (bot_random.pyx), ``greedy`` (bot_greedy.pyx) and ``memory`` (bot_memory.pyx)
decide from the deciding seat's ``View`` and the ``Rng`` only; ``bot_choose`` builds that
view from a ``HandC``."""
from shengji._core.hand cimport PHASE_BURY, PHASE_PLAY
from shengji._core.view cimport make_view
from shengji._core.bot_random cimport random_bury, random_play
from shengji._core.bot_greedy cimport greedy_bury, greedy_play
from shengji._core.bot_memory cimport memory_bury, memory_play

# Python names of the bots, from the enum (bot.pxd): the core owns their order.
BOT_NAMES = tuple(b.name[len("BOT_"):].lower() for b in sorted(BotId, key=int))

cdef Bot REGISTRY[N_BOTS]
REGISTRY[<int> BOT_RANDOM].bury = random_bury
REGISTRY[<int> BOT_RANDOM].play = random_play
REGISTRY[<int> BOT_GREEDY].bury = greedy_bury
REGISTRY[<int> BOT_GREEDY].play = greedy_play
REGISTRY[<int> BOT_MEMORY].bury = memory_bury
REGISTRY[<int> BOT_MEMORY].play = memory_play
assert len(BOT_NAMES) == N_BOTS


cdef const Bot* bot_get(int bot) noexcept nogil:
    if 0 <= bot < N_BOTS:
        return &REGISTRY[bot]
    return NULL


cdef int bot_choose(HandC* h, const Bot* bot, Rng* rng, Play* out) noexcept nogil:
    cdef View v
    if bot == NULL:
        return -1
    make_view(h, h.pub.to_play, &v)
    if h.pub.phase == PHASE_BURY:
        return bot.bury(&v, rng, out)
    if h.pub.phase == PHASE_PLAY:
        return bot.play(&v, rng, out)
    return -1
