# cython: language_level=3
"""The bot interface (bot.pxd), the registry of the built-in bots, and the agents (a bot
with its parameters and scratch, one per seat in a driver).

``random`` (bots/random.pyx), ``greedy`` (bots/greedy.pyx), ``memory`` (bots/memory.pyx),
``pimc`` (bots/pimc.pyx) and ``swift`` (bots/swift.pyx) decide from the deciding seat's
``View`` and the ``Rng`` only; ``bot_choose`` builds that view from a ``HandC``.  Their bids
(bid_policy "players") are bots/bidder.pyx's, from the bidding kernel's ``BidSeen`` (swift bids
by memory's judgement: it is memory until its search starts, and pimc's bid search would read
swift's scratch as its own)."""
import operator

from libc.string cimport memset

from shengji._core.engine.hand cimport PHASE_BURY, PHASE_PLAY
from shengji._core.engine.view cimport make_view
from shengji._core.bots.random cimport random_bury, random_play
from shengji._core.bots.greedy cimport greedy_bury, greedy_play
from shengji._core.bots.memory cimport memory_bury, memory_play
from shengji._core.bots.bidder cimport greedy_bid, memory_bid, pimc_bid, random_bid
from shengji._core.bots.pimc cimport (
    pimc_bury, pimc_bury_p, pimc_defaults, pimc_play, pimc_play_p, pimc_scratch_free,
    pimc_scratch_new, PIMC_MAX_BURY_FACTOR, PIMC_MAX_CANDIDATES, PIMC_MAX_INFER,
    PIMC_MAX_INFER_STEPS, PIMC_MAX_SAMPLES,
)
from shengji._core.bots.swift cimport (
    swift_bury, swift_bury_p, swift_defaults, swift_play, swift_play_p, swift_scratch_free,
    swift_scratch_new, SWIFT_MAX_HAND, SWIFT_MAX_SAMPLES,
)

# Python names of the bots and objectives, from the enums (bot.pxd): the core owns their
# order.
BOT_NAMES = tuple(b.name[len("BOT_"):].lower() for b in sorted(BotId, key=int))
OBJECTIVES = tuple(o.name[len("OBJECTIVE_"):].lower() for o in sorted(Objective, key=int))
# BotParams' fields, as shengji.game.botspec names a bot's parameters
PARAM_FIELDS = ("samples", "candidates", "rollout", "objective", "time_budget_ms", "infer",
                "infer_eps", "bury_factor", "z_keep", "infer_steps", "bury_eps", "infer_bids",
                "pass_eps",
                "bury_samples", "lead_samples", "follow_samples", "hand_limit")

cdef Bot REGISTRY[N_BOTS]
memset(REGISTRY, 0, sizeof(REGISTRY))
REGISTRY[<int> BOT_RANDOM].bury = random_bury
REGISTRY[<int> BOT_RANDOM].play = random_play
REGISTRY[<int> BOT_GREEDY].bury = greedy_bury
REGISTRY[<int> BOT_GREEDY].play = greedy_play
REGISTRY[<int> BOT_MEMORY].bury = memory_bury
REGISTRY[<int> BOT_MEMORY].play = memory_play
REGISTRY[<int> BOT_PIMC] = Bot(pimc_bury, pimc_play, pimc_bury_p, pimc_play_p,
                               pimc_scratch_new, pimc_scratch_free, pimc_bid)
REGISTRY[<int> BOT_SWIFT] = Bot(swift_bury, swift_play, swift_bury_p, swift_play_p,
                                swift_scratch_new, swift_scratch_free, memory_bid)
REGISTRY[<int> BOT_RANDOM].bid = random_bid
REGISTRY[<int> BOT_GREEDY].bid = greedy_bid
REGISTRY[<int> BOT_MEMORY].bid = memory_bid
assert len(BOT_NAMES) == N_BOTS
# every bot bids under bid_policy "players" (the drivers call Bot.bid without a check)
assert all(REGISTRY[i].bury != NULL and REGISTRY[i].play != NULL and REGISTRY[i].bid != NULL
           for i in range(N_BOTS))
# the bots a search bot may play its samples out with: those without parameters
ROLLOUT_BOTS = tuple(name for i, name in enumerate(BOT_NAMES) if REGISTRY[i].play_p == NULL)


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


cdef int _int_param(str name, object value, int lo, int hi) except? -1:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ValueError(f"bot parameter {name}: expected an integer {lo}..{hi}, got {value!r}")
    return value


cdef double _factor_param(str name, object value) except? -1.0:
    """A likelihood factor (infer_eps, bury_eps, pass_eps): a number in (0, 1]."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 1:
        raise ValueError(f"bot parameter {name}: expected a number in (0, 1], got {value!r}")
    return value


cdef int agent_init(Agent* a, object spec) except -1:
    """bot.pxd.  spec: a BotId, or an object with ``id`` and ``params`` ((name, value)
    pairs naming PARAM_FIELDS: shengji.game.botspec.BotSpec)."""
    cdef int bot
    memset(a, 0, sizeof(Agent))
    if hasattr(spec, "params"):
        bot_id, given = spec.id, dict(spec.params)
    else:
        bot_id, given = spec, {}
    try:
        bot = operator.index(bot_id) if not isinstance(bot_id, bool) else -1
    except (TypeError, OverflowError):
        bot = -1
    if bot_get(bot) == NULL:
        raise ValueError(f"bot id {bot_id!r} out of range 0..{N_BOTS - 1}")
    a.bot = bot_get(bot)
    if bot == BOT_PIMC:
        pimc_defaults(&a.params)
    elif bot == BOT_SWIFT:
        swift_defaults(&a.params)
    for name, value in given.items():
        if name == "samples":
            a.params.samples = _int_param(name, value, 1, PIMC_MAX_SAMPLES)
        elif name == "candidates":
            a.params.candidates = _int_param(name, value, 1, PIMC_MAX_CANDIDATES)
        elif name == "rollout":
            if value not in ROLLOUT_BOTS:
                raise ValueError(f"bot parameter rollout: expected one of "
                                 f"{', '.join(ROLLOUT_BOTS)}, got {value!r}")
            a.params.rollout = BOT_NAMES.index(value)
        elif name == "objective":
            if value not in OBJECTIVES:
                raise ValueError(f"bot parameter objective: expected one of "
                                 f"{', '.join(OBJECTIVES)}, got {value!r}")
            a.params.objective = OBJECTIVES.index(value)
        elif name == "time_budget_ms":
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= 0:
                raise ValueError(f"bot parameter time_budget_ms: expected a number >= 0, "
                                 f"got {value!r}")
            a.params.time_budget_ms = value
        elif name in ("bury_samples", "lead_samples", "follow_samples"):
            n = _int_param(name, value, 0, SWIFT_MAX_SAMPLES)
            if name == "bury_samples":
                a.params.bury_samples = n
            elif name == "lead_samples":
                a.params.lead_samples = n
            else:
                a.params.follow_samples = n
        elif name == "hand_limit":
            a.params.hand_limit = _int_param(name, value, 0, SWIFT_MAX_HAND)
        elif name == "infer":
            a.params.infer = _int_param(name, value, 0, PIMC_MAX_INFER)
        elif name == "infer_eps":
            a.params.infer_eps = _factor_param(name, value)
        elif name == "infer_steps":
            a.params.infer_steps = _int_param(name, value, 0, PIMC_MAX_INFER_STEPS)
        elif name == "bury_eps":
            a.params.bury_eps = _factor_param(name, value)
        elif name == "pass_eps":
            a.params.pass_eps = _factor_param(name, value)
        elif name == "infer_bids":
            a.params.infer_bids = _int_param(name, value, 0, 1)
        elif name == "bury_factor":
            a.params.bury_factor = _int_param(name, value, 1, PIMC_MAX_BURY_FACTOR)
        elif name == "z_keep":
            if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                    not 0 <= value < float("inf"):
                raise ValueError(f"bot parameter z_keep: expected a number >= 0, got {value!r}")
            a.params.z_keep = value
        else:
            raise ValueError(f"bot {BOT_NAMES[bot]!r} has no parameter {name!r}")
    if a.params.infer_steps > 0 and a.params.infer > 0:
        raise ValueError("bot parameter infer_steps: refines the uniform deals, so it needs "
                         f"infer = 0, got infer = {a.params.infer}")
    if a.bot.scratch_new != NULL:
        a.scratch = a.bot.scratch_new(&a.params)
        if a.scratch == NULL:
            raise MemoryError("no memory for the bot's scratch")
    return 0


cdef void agent_free(Agent* a) noexcept nogil:
    if a.bot != NULL and a.bot.scratch_free != NULL and a.scratch != NULL:
        a.bot.scratch_free(a.scratch)
    a.scratch = NULL
