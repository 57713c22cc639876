# cython: language_level=3
"""The net bot: a small network's judgement of pimc's candidates, no search.

Each decision (the bury, a play) lists pimc's candidates for it (bots/candidates.pyx, at
most ``NET_CANDIDATES`` = 8, pimc's default: memory's choice, greedy's, then the lead
kinds, the ranked follows or the bury variants), writes the seat's view and each candidate
as bytes (bots/features.pyx) and scores them together with the network; the best score is
played (ties: the earlier candidate).  A decision with one candidate is played without the
network.  A decision is a pure function of the view: the bot never draws.  Its bids
(bid_policy "players") are bots/bid_net.pyx's ``net_bid``: memory's judgement, or with
``bids = "learned"`` the bid head of its weights file (the file's optional bid layers,
which this unit installs and ``net_bid_head`` hands out; include/nn_bids.h).

The network is integer arithmetic (include/nn.h: int16 weights, int16 / int32 sums, exact),
so its scores have the same bits on every machine, in every vector build (AVX-512, AVX2,
SSE2, scalar: the best the processor runs, chosen at load; ``use_isa`` forces one) and in
shengji.learn.model's numpy twin.  Each seat's first layer is an accumulator moved by the
state bytes that changed since its last decision (features.pxd ``state_moves``), never
recomputed.

The weights are the bot's parameter ``weights`` (the bot table): ``"shipped"`` (``net.npz``
beside this module), the name of another network shipped beside it (``NAMED``:
``"imitation"``, the network learnt by imitating pimc with inference, shipped until 0.2.0's
self-play generations replaced it; ``"selfplay4"``, the first loop's fourth generation,
shipped until the nearly greedy loop's third replaced it; ``"net_bids"``, the shipped
network with a bid head: docs/hand-engine.md, "Self-play generations" and "Learned
bids") or the path of an ``.npz`` that shengji.learn writes.
``load`` reads a file, checks it whole (net_file.py: format version, the feature layouts'
digests it was made for, every array's dtype and shape) and returns its handle, which the
agent's ``BotParams`` carry; so two networks can sit in one duel.  Nothing is read at
import: a damaged file breaks only the agents that name it, with one line naming the file
and what is wrong.

A process may use any number of networks.  They are keyed by their file's sha256: the edge
that names a file (``shengji.game.botspec.parse_bot``) reads it once and records its digest,
and ``load(path, sha256=...)`` then returns the resident network with no file I/O (a
worker's check, a run resumed).  At most ``NET_SLOTS`` (256) are resident at once: the
shipped one for the process, each other while an agent plays it (its scratch pins it) and
otherwise among the ``KEEP_IDLE`` most recently loaded; an older idle one is evicted (its
memory freed) and read again if named again.  A handle is its slot and the slot's use
count, so a handle kept past its network's eviction is refused, never another network's."""
import hashlib
import os
import threading
from pathlib import Path

import numpy as np
cimport numpy as cnp

from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset

from shengji._core.engine.hand cimport PHASE_BURY, PHASE_PLAY
from shengji._core.engine.moves cimport MAX_PLAYS
from shengji._core.engine.play cimport Play
from shengji._core.base.rng cimport Rng
from shengji._core.engine.view cimport View
from shengji._core.bots.bot cimport BotVTable, bot_entry
from shengji._core.bots.params cimport BotParams
from shengji._core.base.cards cimport N_KINDS
from shengji._core.bots.features cimport (
    C_OWN, C_UNSEEN, Decision, KeptState, MAX_DECISION_CANDIDATES, decision_inputs,
    state_moves,
)
from shengji._core.bots.features_offsets cimport N_ACTION, N_STATE, S_UNSEEN1, S_UNSEEN2
from shengji._core.bots import bid_layout, net_file, net_layers

cnp.import_array()

cdef extern from "nn.h" nogil:
    enum:
        SJ_TILE
        SJ_MAX_H1
        SJ_MAX_H3
        SJ_STATE_CAP
        SJ_KEPT_CAP
        SJ_N_ISA
    ctypedef struct SjQNet:
        int h1, h2, h3
        int n_state, n_action
        const int16_t* w1
        const int16_t* b1
        const int16_t* w2
        const int32_t* b2
        const int16_t* wz
        const int32_t* bz
        const int16_t* wa
        const int16_t* wq
        const int16_t* wv
        int64_t bq, bv
        int sh2, sh3
        SjBidHead bid
    ctypedef struct SjSeatAcc:
        const SjQNet* net
        int16_t acc[SJ_MAX_H1]
        uint8_t kept[SJ_KEPT_CAP]
    const char* SJ_ISA_NAMES[SJ_N_ISA]
    int sj_nn_isa
    int sj_nn_supported(int isa) noexcept
    int sj_nn_use(int isa) noexcept
    int sj_nn_best() noexcept
    void sj_acc_reset(SjSeatAcc* a, const SjQNet* net) noexcept
    void sj_acc_add(SjSeatAcc* a, const int32_t* idx, const int16_t* delta, int m) noexcept
    int sj_nonzero_u8(const uint8_t* x, int m, int32_t* idx, uint8_t* val) noexcept
    void sj_net_scores(const SjQNet* net, const int16_t* acc, int n, const int* an,
                       const int32_t* aidx, const uint8_t* aval, int stride, int64_t* score,
                       int64_t* value) noexcept

# An agent's accumulators (its scratch): each seat's, then N_STARTS starting points: the
# accumulator of "every card unseen" (nothing else) under a slot table's key, where a seat
# starts its first decision of a hand (about two thirds of the rows of a start from the
# all-zero state).  The rollouts' (pimc with rollout = "net" plays the default bot, which
# has no scratch): one set per thread, since a search may run in several threads at once.
cdef extern from *:
    """
    enum { SJ_NET_STARTS = 8, SJ_NET_ACCS = 4 + SJ_NET_STARTS };
    static __thread SjSeatAcc sj_net_tls_acc[SJ_NET_ACCS];
    """
    enum:
        N_STARTS "SJ_NET_STARTS"
        N_ACCS "SJ_NET_ACCS"
    SjSeatAcc sj_net_tls_acc[N_ACCS]

# The fields of nn.h's SjQNet that the layer table (net_layers.LAYERS) fills, as the compiler
# sees them: an array's element size or a scalar's size, and the field's offset.  _install
# writes each layer at its field; FIELDS shows them to the test that holds them to the table.
cdef extern from *:
    """
    #include <stddef.h>
    typedef struct { const char *name; int array; int size; size_t offset; } SjQNetField;
    #define SJ_ARRAY(f) {#f, 1, (int)sizeof(*((SjQNet *)0)->f), offsetof(SjQNet, f)}
    #define SJ_SCALAR(f) {#f, 0, (int)sizeof(((SjQNet *)0)->f), offsetof(SjQNet, f)}
    #define SJ_BID_ARRAY(f) {"bid_" #f, 1, (int)sizeof(*((SjQNet *)0)->bid.f), \
                             offsetof(SjQNet, bid.f)}
    #define SJ_BID_SCALAR(f) {"bid_" #f, 0, (int)sizeof(((SjQNet *)0)->bid.f), \
                              offsetof(SjQNet, bid.f)}
    static const SjQNetField SJ_QNET_FIELDS[] = {
        SJ_ARRAY(w1), SJ_ARRAY(b1), SJ_ARRAY(w2), SJ_ARRAY(b2), SJ_ARRAY(wz), SJ_ARRAY(bz),
        SJ_ARRAY(wa), SJ_ARRAY(wq), SJ_ARRAY(wv), SJ_SCALAR(bq), SJ_SCALAR(bv),
        SJ_BID_ARRAY(w1), SJ_BID_ARRAY(b1), SJ_BID_ARRAY(wz), SJ_BID_ARRAY(bz),
        SJ_BID_ARRAY(wa), SJ_BID_ARRAY(wq), SJ_BID_SCALAR(bq),
    };
    enum { SJ_N_QNET_FIELDS = sizeof(SJ_QNET_FIELDS) / sizeof(SJ_QNET_FIELDS[0]) };
    """
    ctypedef struct SjQNetField:
        const char* name
        int array
        int size
        size_t offset
    enum:
        SJ_N_QNET_FIELDS
    const SjQNetField SJ_QNET_FIELDS[SJ_N_QNET_FIELDS]

FORMAT = net_file.FORMAT     # the weights file's format version (net_file.py)
CANDIDATES = NET_CANDIDATES
TILE = SJ_TILE               # a layer's width is a multiple of it
MAX_HIDDEN = NET_MAX_HIDDEN
SLOTS = NET_SLOTS             # networks resident at once (slot 0: the shipped one)
KEEP_IDLE = 8                 # networks no agent plays that stay resident (the newest)
SHIPPED = "shipped"          # the weights parameter's default: the file below
SHIPPED_WEIGHTS = Path(__file__).resolve().with_name("net.npz")
# other networks shipped beside it, by the name a weights parameter gives them: those
# shipped before (learnt by imitation; its fourth self-play generation), the latter with a
# bid head
NAMED = {"imitation": SHIPPED_WEIGHTS.with_name("net_imitation.npz"),
         "selfplay4": SHIPPED_WEIGHTS.with_name("net_selfplay4.npz"),
         "net_bids": SHIPPED_WEIGHTS.with_name("net_bids.npz")}
ISAS = tuple(SJ_ISA_NAMES[i].decode() for i in range(SJ_N_ISA))
# the network's layer table (net_layers.py), which every reader and writer of one iterates,
# and its optional bid head's
LAYERS = net_layers.LAYERS
SCALES = net_layers.SCALES
SHIFTS = net_layers.SHIFTS
BID_LAYERS = net_layers.BID_LAYERS
BID_SCALES = net_layers.BID_SCALES
BID_SHIFTS = net_layers.BID_SHIFTS
VALUE_SCALE = net_layers.VALUE_SCALE
# the integer arrays of a weights file (net_file.py; besides "format", "layout" and "meta"):
# dtype and shape in terms of the layer sizes; the optional bid head's
N_SHIFTS = len(SHIFTS)
ARRAYS = net_file.ARRAYS
BID_ARRAYS = net_file.BID_ARRAYS
# SjQNet's fields that the table fills: name -> (dtype, an array (a pointer) or a scalar)
FIELDS = {
    SJ_QNET_FIELDS[i].name.decode(): (f"int{8 * SJ_QNET_FIELDS[i].size}",
                                      bool(SJ_QNET_FIELDS[i].array))
    for i in range(SJ_N_QNET_FIELDS)
}
_OFFSETS = {SJ_QNET_FIELDS[i].name.decode(): SJ_QNET_FIELDS[i].offset
            for i in range(SJ_N_QNET_FIELDS)}

assert sizeof(KeptState) <= SJ_KEPT_CAP     # a seat's kept state fits its accumulator's room
# the bid features' table (bid_layout.py) and the bid head's C limits (nn_bids.h) agree
assert bid_layout.MAX_HIDDEN == SJ_BID_MAX_H and bid_layout.OPTIONS == SJ_BID_OPTIONS

cdef bint INCREMENTAL = True                # use_incremental: measurements only
# The resident networks: slot i holds one when its net.w1 is set; `use` counts the slot's
# networks (a handle is slot | use << NET_SLOT_BITS); `pins` the agents playing it now.
cdef extern from *:
    """
    static inline void sj_pin_add(int *pins, int d) {
        __atomic_fetch_add(pins, d, __ATOMIC_ACQ_REL);
    }
    static inline int sj_pin_get(int *pins) { return __atomic_load_n(pins, __ATOMIC_ACQUIRE); }
    """
    void sj_pin_add(int* pins, int d) noexcept nogil
    int sj_pin_get(int* pins) noexcept nogil

ctypedef struct Slot:
    SjQNet net
    double score_one         # a score's integer per unit (2^its fraction bits)
    double value_one
    double bid_one           # a bid score's (its bid head's)
    int use
    int pins
    void* block              # the weights' memory (malloc'd by _install)

# An agent's scratch: each seat's accumulator and the starts, then the network it pinned.
ctypedef struct NetScratch:
    SjSeatAcc accs[N_ACCS]
    const SjQNet* m
    int slot

cdef Slot SLOT[NET_SLOTS]
cdef int USES = 0                # the uses handed out (each new network's slot takes one)
_by_digest: dict = {}        # sha256 -> handle (the shipped file's: 0 once it is loaded)
_by_path: dict = {}          # (resolved path, size, mtime_ns) -> handle
_info: dict = {}             # slot -> {"path", "sha256", "meta", "sizes"}
_recent: dict = {}           # slot -> when it was last loaded (a count): the eviction order
_lock = threading.RLock()

sj_nn_use(sj_nn_best())


# -- the decisions ---------------------------------------------------------------------------
cdef int choose(const View* v, int phase, const SjQNet* m, SjSeatAcc* accs,
                Play* out) noexcept nogil:
    cdef Decision d
    cdef Play buf[MAX_PLAYS]
    cdef int64_t score[MAX_DECISION_CANDIDATES]
    cdef int i, best = 0
    if v.pub.phase != phase or m.w1 == NULL:
        return -1
    cdef SjSeatAcc* acc = &accs[v.seat & 3]
    cdef KeptState* kept = <KeptState*> acc.kept
    cdef int32_t idx[SJ_STATE_CAP]
    cdef int16_t delta[SJ_STATE_CAP]
    if decision_inputs(v, NET_CANDIDATES, False, False, &d, buf) == 0:
        return -1
    if d.n > 1:
        if not INCREMENTAL:                  # recomputed whole (measurements only)
            sj_acc_reset(acc, m)
            kept.key = d.key + 1
        elif acc.net != m or kept.key != d.key + 1 or (
                v.pub.tricks_done == 0 and
                d.cards.m[C_OWN].one & ~kept.cards.m[C_OWN].one):
            # another network or trump, or a new hand's first trick (cards it did not
            # hold): from "every card unseen" (a state any start may be: the moves are exact)
            start_unseen(acc, m, &d, &accs[N_ACCS - N_STARTS])
        sj_acc_add(acc, idx, delta, state_moves(&d, kept, idx, delta))
        sj_net_scores(m, acc.acc, d.n, d.a_n, &d.a_idx[0][0], &d.a_val[0][0], N_ACTION,
                      score, NULL)
        for i in range(1, d.n):
            if score[i] > score[best]:
                best = i
    out[0] = d.cands[best]
    return 0


cdef void start_unseen(SjSeatAcc* acc, const SjQNet* m, const Decision* d,
                       SjSeatAcc* starts) noexcept nogil:
    """acc (and its kept state) at "every card unseen" under m and d's slot table: copied
    from its starting point among starts[N_STARTS] (by the table's key), made there first
    when missing (b1 and the two unseen rows of every kind)."""
    cdef SjSeatAcc* s = &starts[d.key % N_STARTS]
    cdef KeptState* ks = <KeptState*> s.kept
    cdef int32_t idx[2 * N_KINDS]
    cdef int16_t delta[2 * N_KINDS]
    cdef uint64_t every = (<uint64_t> 1 << N_KINDS) - 1
    cdef int k
    if s.net != m or ks.key != d.key + 1:
        sj_acc_reset(s, m)
        ks.key = d.key + 1
        ks.cards.m[C_UNSEEN].one = every
        ks.cards.m[C_UNSEEN].two = every
        for k in range(N_KINDS):
            idx[2 * k] = S_UNSEEN1 + d.slot[k]
            idx[2 * k + 1] = S_UNSEEN2 + d.slot[k]
            delta[2 * k] = 1
            delta[2 * k + 1] = 1
        sj_acc_add(s, idx, delta, 2 * N_KINDS)
    acc.net = m
    memcpy(acc.acc, s.acc, m.h1 * sizeof(int16_t))
    memcpy(acc.kept, s.kept, sizeof(KeptState))


cdef inline int slot_of(int handle) noexcept nogil:
    """The slot of the network ``handle`` names, or -1: a handle never given, or one whose
    network was evicted (its slot's use moved on)."""
    cdef int slot = handle & (NET_SLOTS - 1)
    if handle < 0 or SLOT[slot].net.w1 == NULL or SLOT[slot].use != handle >> NET_SLOT_BITS:
        return -1
    return slot


cdef int net_bury(const View* v, Rng* rng, Play* out) noexcept nogil:
    return choose(v, PHASE_BURY, &SLOT[0].net, sj_net_tls_acc, out)


cdef int net_play(const View* v, Rng* rng, Play* out) noexcept nogil:
    return choose(v, PHASE_PLAY, &SLOT[0].net, sj_net_tls_acc, out)


cdef int net_bury_p(const View* v, Rng* rng, const BotParams* p, void* scratch,
                    Play* out) noexcept nogil:
    cdef NetScratch* sc = <NetScratch*> scratch
    return choose(v, PHASE_BURY, sc.m, sc.accs, out)


cdef int net_play_p(const View* v, Rng* rng, const BotParams* p, void* scratch,
                    Play* out) noexcept nogil:
    cdef NetScratch* sc = <NetScratch*> scratch
    return choose(v, PHASE_PLAY, sc.m, sc.accs, out)


cdef void* net_scratch_new(const BotParams* p) noexcept nogil:
    """The agent's accumulators (none made yet), pinning its network: resident until
    net_scratch_free.  NULL for no memory or a handle no resident network has."""
    cdef int slot = slot_of(p.weights) if p != NULL else 0
    cdef NetScratch* sc
    if slot < 0:
        return NULL
    sc = <NetScratch*> calloc(1, sizeof(NetScratch))
    if sc == NULL:
        return NULL
    sj_pin_add(&SLOT[slot].pins, 1)
    sc.m = &SLOT[slot].net
    sc.slot = slot
    return sc


cdef void net_scratch_free(void* scratch) noexcept nogil:
    cdef NetScratch* sc = <NetScratch*> scratch
    sj_pin_add(&SLOT[sc.slot].pins, -1)
    free(scratch)


cdef int nonzero_deltas(const uint8_t* x, int32_t* idx, int16_t* delta) noexcept nogil:
    """The nonzero bytes of the state x: their indices and values; how many."""
    cdef uint8_t val[SJ_STATE_CAP]
    cdef int i, n = sj_nonzero_u8(x, N_STATE, idx, val)
    for i in range(n):
        delta[i] = val[i]
    return n


cdef int net_scores(int model, const Decision* d, double* score, double* value) noexcept nogil:
    cdef SjSeatAcc* acc
    cdef int32_t idx[SJ_STATE_CAP]
    cdef int16_t delta[SJ_STATE_CAP]
    cdef int an[MAX_DECISION_CANDIDATES]
    cdef int32_t aidx[MAX_DECISION_CANDIDATES][N_ACTION]
    cdef uint8_t aval[MAX_DECISION_CANDIDATES][N_ACTION]
    cdef int64_t q[MAX_DECISION_CANDIDATES]
    cdef int64_t val
    cdef int i, slot = slot_of(model)
    if slot < 0 or d.n < 1:
        return -1
    acc = <SjSeatAcc*> malloc(sizeof(SjSeatAcc))
    if acc == NULL:
        return -1
    sj_acc_reset(acc, &SLOT[slot].net)
    sj_acc_add(acc, idx, delta, nonzero_deltas(d.x, idx, delta))
    for i in range(d.n):
        an[i] = sj_nonzero_u8(d.a[i], N_ACTION, aidx[i], aval[i])
    sj_net_scores(&SLOT[slot].net, acc.acc, d.n, an, &aidx[0][0], &aval[0][0], N_ACTION, q,
                  &val)
    free(acc)
    for i in range(d.n):
        score[i] = <double> q[i] / SLOT[slot].score_one
    if value != NULL:
        value[0] = <double> val / SLOT[slot].value_one
    return 0


cdef const SjBidHead* net_bid_head(int model) noexcept nogil:
    cdef int slot = slot_of(model)
    return &SLOT[slot].net.bid if slot >= 0 else NULL


# the registry's entry (registry.pyx; its bids: bid_net.pyx's net_bid, the table's `bids`)
cdef BotVTable _BOT
_BOT.bury = net_bury
_BOT.play = net_play
_BOT.bury_p = net_bury_p
_BOT.play_p = net_play_p
_BOT.scratch_new = net_scratch_new
_BOT.scratch_free = net_scratch_free
BOT = bot_entry(&_BOT)


# -- the instruction set ---------------------------------------------------------------------
def isa() -> str:
    """The build of the kernels in use: the best this processor runs, unless ``use_isa``
    chose another."""
    return ISAS[sj_nn_isa]


def supported_isas() -> tuple:
    """The builds this processor runs (``ISAS`` order: scalar, sse2, avx2, avx512)."""
    return tuple(name for i, name in enumerate(ISAS) if sj_nn_supported(i))


def use_isa(name=None) -> str:
    """Use the kernels' build ``name`` (one of ``supported_isas()``; None: the best) from
    now on, in this process (tests and benchmarks: every build gives the same bits); returns
    the one used before.  ValueError for a build this processor cannot run.  Not while a
    bot plays in another thread."""
    before = isa()
    i = sj_nn_best() if name is None else (ISAS.index(name) if name in ISAS else -1)
    if i < 0 or sj_nn_use(i) != 0:
        raise ValueError(f"net kernels {name!r}: this processor runs "
                         f"{', '.join(supported_isas())}")
    return before


def use_incremental(flag: bool = True) -> bool:
    """Keep each seat's first-layer accumulator between its decisions (True, the default) or
    recompute it whole at every decision (False: the same bits, slower; for measuring what
    the kept accumulators are worth).  Returns the setting before.  Not while a bot plays
    in another thread."""
    global INCREMENTAL
    before = bool(INCREMENTAL)
    INCREMENTAL = bool(flag)
    return before


# -- the weights -----------------------------------------------------------------------------
# the file's reader and check (net_file.py); its errors are this module's too
WeightsError = net_file.WeightsError
DigestError = net_file.DigestError
_refuse = net_file.refuse


cdef int _install(int slot, dict checked, dict sizes) except -1:
    """Copy the checked arrays into one block and point SLOT[slot] (free) at it: each layer
    of the tables (the play head's, and the bid head's when the file has one) at its SjQNet
    field."""
    cdef SjQNet m
    cdef char* p
    cdef char* field
    cdef Py_ssize_t total = 0, off, base
    cdef cnp.ndarray arr
    offsets = {}
    checked = dict(checked)
    layers = LAYERS + (BID_LAYERS if "bid_h1" in sizes else ())
    for layer in layers:
        name = f"q_{layer.name}"
        if FIELDS.get(layer.name) != (layer.dtype, bool(layer.shape)):
            raise RuntimeError(f"the net's layer {layer.name} is {layer.dtype} "
                               f"{layer.shape}, its SjQNet field {FIELDS.get(layer.name)}")
        if layer.paired:                     # nn.h: the inputs in pairs, side by side
            w = checked[name]
            checked[name] = np.ascontiguousarray(
                w.reshape(w.shape[0] // 2, 2, w.shape[1]).transpose(0, 2, 1))
        if layer.shape:
            total = (total + 63) & ~63       # each array 64-byte aligned
            offsets[name] = total
            total += checked[name].nbytes
    p = <char*> malloc(total + 64)
    if p == NULL:
        raise MemoryError("no memory for the net's weights")
    base = <Py_ssize_t> (((<size_t> p + 63) & ~(<size_t> 63)) - <size_t> p)
    memset(&m, 0, sizeof(SjQNet))
    for layer in layers:
        name = f"q_{layer.name}"
        field = <char*> &m + <size_t> _OFFSETS[layer.name]
        if not layer.shape:                  # a scalar: int64 (FIELDS, checked above)
            (<int64_t*> field)[0] = int(checked[name].reshape(-1)[0])
            continue
        arr = checked[name]
        off = base + <Py_ssize_t> offsets[name]
        if arr.nbytes:
            memcpy(p + off, cnp.PyArray_DATA(arr), arr.nbytes)
        (<const void**> field)[0] = p + off
    m.h1, m.h2, m.h3 = sizes["h1"], sizes["h2"], sizes["h3"]
    m.n_state, m.n_action = N_STATE, N_ACTION
    shifts = checked["q_shifts"]
    m.sh2, m.sh3 = int(shifts[0]), int(shifts[1])
    SLOT[slot].score_one = float(1 << int(shifts[2]))
    SLOT[slot].value_one = float(1 << int(shifts[3]))
    if "bid_h1" in sizes:
        m.bid.n_state, m.bid.n_action = bid_layout.STATE_SIZE, bid_layout.ACTION_SIZE
        m.bid.h1, m.bid.h3 = sizes["bid_h1"], sizes["bid_h3"]
        m.bid.sh = int(checked["q_bid_shifts"][0])
        SLOT[slot].bid_one = float(1 << int(checked["q_bid_shifts"][1]))
    SLOT[slot].block = p
    SLOT[slot].net = m                       # resident from now: w1 is set last
    return 0


cdef void _free_slot(int slot) noexcept:
    """Evict the network of slot (no agent pins it): its memory freed, its handle dead."""
    cdef void* block = SLOT[slot].block
    memset(&SLOT[slot].net, 0, sizeof(SjQNet))
    SLOT[slot].block = NULL
    free(block)


def _handle(int slot) -> int:
    return slot | (SLOT[slot].use << NET_SLOT_BITS)


def _evict(int slot):
    """Forget the network of slot and free it (the caller holds _lock; nothing pins it)."""
    h = _handle(slot)
    for table in (_by_digest, _by_path):
        for key in [k for k, v in table.items() if v == h]:
            del table[key]
    _info.pop(slot, None)
    _recent.pop(slot, None)
    _free_slot(slot)


def _free_slot_for(path) -> int:
    """A slot for one more network: a free one, else the oldest idle one's, evicted."""
    for slot in range(1, NET_SLOTS):
        if SLOT[slot].net.w1 == NULL:
            return slot
    idle = [s for s in sorted(_recent, key=_recent.get) if sj_pin_get(&SLOT[s].pins) == 0]
    if not idle:
        raise MemoryError(f"net weights {str(path)!r}: {NET_SLOTS - 1} other networks are "
                          "playing in this process")
    _evict(idle[0])
    return idle[0]


def _trim():
    """Evict the idle networks past the KEEP_IDLE most recently loaded."""
    idle = [s for s in sorted(_recent, key=_recent.get, reverse=True)
            if sj_pin_get(&SLOT[s].pins) == 0]
    for slot in idle[KEEP_IDLE:]:
        _evict(slot)


def _touch(h) -> int:
    global USES
    if h & (NET_SLOTS - 1):
        USES += 1
        _recent[h & (NET_SLOTS - 1)] = USES
    return h


def path_of(weights) -> Path:
    """The file a weights value names (``"shipped"``, a name of ``NAMED`` or a path; not a
    handle), unchecked: the one reading of such a value."""
    if isinstance(weights, str) and weights == SHIPPED:
        return SHIPPED_WEIGHTS
    if isinstance(weights, str) and weights in NAMED:
        return NAMED[weights]
    return Path(os.fspath(weights)).expanduser()


def load(source=SHIPPED, sha256=None) -> int:
    """The handle of the network in ``source`` (``"shipped"``, a name of ``NAMED``, a path to
    an ``.npz``, or a handle, returned when it is still good), loaded and checked on first
    use.

    ``sha256``: the file's digest, as the edge that named it recorded it
    (``shengji.game.botspec.BotSpec``): a network resident under that digest is returned
    with no file I/O; otherwise the file is read and must have that digest.  Without it, a
    file is stat'ed and read again only when its size or time changed.  The same bytes
    under two names are one network.

    WeightsError (a ValueError, one line naming the file and the reason) for a file that
    is missing, unreadable, not an ``.npz`` of net weights, of another format version, made
    for another feature layout, with an array of the wrong dtype or shape, or whose digest
    is not ``sha256``; ValueError for a handle no resident network has (never given, or
    its network evicted: load it by its file); MemoryError when 255 other networks are
    playing at once."""
    if isinstance(source, int) and not isinstance(source, bool):
        if slot_of(source) < 0:
            raise ValueError(f"no network has the handle {source!r} (never loaded, or "
                             "evicted since: load it by its file)")
        return source
    if sha256 is not None and not (isinstance(sha256, str) and len(sha256) == 64):
        raise ValueError(f"net weights sha256: expected 64 hex digits, got {sha256!r}")
    # the default bot's and the rollouts' network: slot 0
    shipped = isinstance(source, str) and source == SHIPPED
    if shipped and SLOT[0].net.w1 != NULL and (sha256 is None or sha256 == _info[0]["sha256"]):
        return 0                   # resolved once: no file is read (nor stat'ed) again
    with _lock:
        if sha256 is not None and sha256 in _by_digest:
            return _touch(_by_digest[sha256])
        path = path_of(source)
        try:
            st = path.stat()
            key = (str(path.resolve()), st.st_size, st.st_mtime_ns)
        except OSError as exc:
            _refuse(path, f"cannot be read ({exc.strerror or exc})")
        if key in _by_path and not shipped and sha256 is None:
            return _touch(_by_path[key])
        try:
            data = path.read_bytes()
        except OSError as exc:
            _refuse(path, f"cannot be read ({exc.strerror or exc})")
        digest = hashlib.sha256(data).hexdigest()
        if sha256 is not None and digest != sha256:
            raise DigestError(f"net weights {str(path)!r}: has sha256 {digest!r}, not the "
                              f"{sha256!r} recorded for it (other weights under the same "
                              "name)", digest)
        if digest in _by_digest and not (shipped and _by_digest[digest] != 0):
            h = _by_digest[digest]
            if not shipped:
                _by_path[key] = h
            return _touch(h)
        checked, sizes, meta = net_file.read(path, data, SJ_TILE, NET_MAX_HIDDEN)
        slot = 0 if shipped else _free_slot_for(path)
        _install(slot, checked, sizes)
        if slot:
            SLOT[slot].use = (SLOT[slot].use + 1) & ((1 << (31 - NET_SLOT_BITS)) - 1) or 1
        h = _handle(slot)
        _info[slot] = {"path": str(path), "sha256": digest, "meta": meta,
                       "sizes": (sizes["h1"], sizes["h2"], sizes["h3"]),
                       "bids": "bid_h1" in sizes}
        _by_digest[digest] = h
        if not shipped:
            _by_path[key] = h
        _touch(h)
        _trim()
        return h


def unload(weights) -> bool:
    """Evict the network ``weights`` names (a path or a handle; not the shipped one) now,
    freeing its memory: True, or False when none is resident.  ValueError while an agent
    plays it."""
    with _lock:
        if isinstance(weights, int) and not isinstance(weights, bool):
            slot = slot_of(weights)
        elif weights == SHIPPED:
            raise ValueError("the shipped network stays loaded")
        else:
            path = path_of(weights).resolve()
            slots = [s for s, e in _info.items() if s and Path(e["path"]).resolve() == path]
            slot = slots[0] if slots else -1
        if slot <= 0:
            if slot == 0:
                raise ValueError("the shipped network stays loaded")
            return False
        if sj_pin_get(&SLOT[slot].pins):
            raise ValueError(f"net weights {_info[slot]['path']!r}: an agent is playing it")
        _evict(slot)
        return True


def info(weights=SHIPPED) -> dict:
    """A network's provenance, loading it if needed (``weights``: ``"shipped"``, a path or
    a handle): ``path``, ``sha256`` (of the file), ``meta`` (what shengji.learn recorded:
    the script, its seeds, the commit, the data), ``sizes`` (h1, h2, h3), ``bids`` (it has
    a bid head: learned bids), ``handle`` and ``playing`` (the agents that play it now, in
    any thread: it stays resident while any does)."""
    cdef int slot = load(weights) & (NET_SLOTS - 1)
    entry = _info[slot]
    return {**entry, "meta": dict(entry["meta"]), "handle": _handle(slot),
            "playing": sj_pin_get(&SLOT[slot].pins)}


def loaded() -> list:
    """The files of the networks resident in this process now, the shipped one (when
    loaded) first, the others by slot."""
    return [_info[s]["path"] for s in sorted(_info)]


def forward(x, a, n, weights=SHIPPED):
    """The network on given features, as the bot computes it: x uint8 (B, N_STATE), a
    uint8 (B, K, N_ACTION), n int (B,) candidates per row (1 .. K, K <=
    MAX_DECISION_CANDIDATES); ``weights`` as for ``load`` (or a handle).  Returns (scores
    float64 (B, K), zero past n; values float64 (B,)): the network's integers over 2^their
    fraction bits (the file's ``q_shifts``), exactly."""
    cdef cnp.uint8_t[:, ::1] xv = np.ascontiguousarray(x, np.uint8)
    cdef cnp.uint8_t[:, :, ::1] av = np.ascontiguousarray(a, np.uint8)
    cdef cnp.int64_t[::1] nv = np.ascontiguousarray(n, np.int64)
    cdef Py_ssize_t b, B = xv.shape[0], K = av.shape[1]
    cdef Decision d
    cdef double sc[MAX_DECISION_CANDIDATES]
    cdef double val
    cdef int i, h
    h = load(weights)
    if xv.shape[1] != N_STATE or av.shape[0] != B or av.shape[2] != N_ACTION or \
            nv.shape[0] != B or not 1 <= K <= MAX_DECISION_CANDIDATES:
        raise ValueError(f"forward: x (B, {N_STATE}), a (B, K <= {MAX_DECISION_CANDIDATES}, "
                         f"{N_ACTION}), n (B,)")
    if np.any(np.asarray(nv) < 1) or np.any(np.asarray(nv) > K):
        raise ValueError(f"forward: n must be 1..{K}")
    scores = np.zeros((B, K), np.float64)
    values = np.zeros(B, np.float64)
    cdef double[:, ::1] so = scores
    cdef double[::1] vo = values
    for b in range(B):
        d.n = <int> nv[b]
        memcpy(d.x, &xv[b, 0], N_STATE)
        for i in range(d.n):
            memcpy(d.a[i], &av[b, i, 0], N_ACTION)
        if net_scores(h, &d, sc, &val) != 0:
            raise MemoryError("forward: no memory")
        for i in range(d.n):
            so[b, i] = sc[i]
        vo[b] = val
    return scores, values


def bid_forward(y, o, n, weights=SHIPPED):
    """A network's bid head on given features, as the bot computes it: y uint8 (B,
    bid_layout.STATE_SIZE), o uint8 (B, K, bid_layout.ACTION_SIZE), n int (B,) options per
    row (1 .. K, K <= bid_layout.OPTIONS); ``weights`` as for ``load``.  Returns the scores
    float64 (B, K), zero past n: the head's integers over 2^their fraction bits (the file's
    ``q_bid_shifts``), exactly.  ValueError for a network without a bid head."""
    cdef cnp.uint8_t[:, ::1] yv = np.ascontiguousarray(y, np.uint8)
    cdef cnp.uint8_t[:, :, ::1] ov = np.ascontiguousarray(o, np.uint8)
    cdef cnp.int64_t[::1] nv = np.ascontiguousarray(n, np.int64)
    cdef Py_ssize_t b, B = yv.shape[0], K = ov.shape[1]
    cdef int64_t sc[SJ_BID_OPTIONS]
    cdef int i, slot = load(weights) & (NET_SLOTS - 1)
    cdef const SjBidHead* head = &SLOT[slot].net.bid
    if head.w1 == NULL:
        raise ValueError(f"net weights {_info[slot]['path']!r}: no bid head (python -m "
                         "shengji.learn.bids writes one)")
    if yv.shape[1] != head.n_state or ov.shape[0] != B or ov.shape[2] != head.n_action \
            or nv.shape[0] != B or not 1 <= K <= SJ_BID_OPTIONS:
        raise ValueError(f"bid_forward: y (B, {head.n_state}), o (B, K <= {SJ_BID_OPTIONS}, "
                         f"{head.n_action}), n (B,)")
    if np.any(np.asarray(nv) < 1) or np.any(np.asarray(nv) > K):
        raise ValueError(f"bid_forward: n must be 1..{K}")
    scores = np.zeros((B, K), np.float64)
    cdef double[:, ::1] so = scores
    for b in range(B):
        sj_bid_scores(head, &yv[b, 0], <int> nv[b], &ov[b, 0, 0], head.n_action, sc)
        for i in range(nv[b]):
            so[b, i] = <double> sc[i] / SLOT[slot].bid_one
    return scores
