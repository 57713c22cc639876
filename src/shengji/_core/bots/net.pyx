# cython: language_level=3
"""The net bot: a small network's judgement of pimc's candidates, no search.

Each decision (the bury, a play) lists pimc's candidates for it (bots/candidates.pyx, at
most ``NET_CANDIDATES`` = 8, pimc's default: memory's choice, greedy's, then the lead
kinds, the ranked follows or the bury variants), writes the seat's view and each candidate
as bytes (bots/features.pyx) and scores them with the network; the best score is played
(ties: the earlier candidate).  A decision with one candidate is played without the
network.  A decision is a pure function of the view: the bot never draws.  Its bids are
memory's judgement (bots/bidder.pyx).

The network (weights from shengji.learn.train, ``net.npz`` beside this module)::

    h1 = relu(b1 + x W1)            x: the state's N_STATE bytes
    h2 = relu(b2 + h1 W2)
    s  = bz + h2 Wz                 once per decision
    q  = bq + relu(s + a Wa) . wq   a: one candidate's N_ACTION bytes -> its score
    v  = bv + h2 . wv               the hand's points for the seat's team (value head)

in float32, each layer a sum of weight rows in a fixed order (include/nn.h), so the scores
have the same bits on any machine and equal shengji.learn.model's numpy twin bit for bit.
``load_weights`` swaps the process's weights (the training evaluates its checkpoints
with it); nothing else changes them, and no study names other weights: every run plays
the shipped ones, whose provenance ``weights_meta()`` gives."""
import json
from pathlib import Path

import numpy as np
cimport numpy as cnp

from libc.stdint cimport int32_t, uint8_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy

from shengji._core.engine.hand cimport PHASE_BURY, PHASE_PLAY
from shengji._core.engine.moves cimport MAX_PLAYS
from shengji._core.engine.play cimport Play
from shengji._core.base.rng cimport Rng
from shengji._core.engine.view cimport View
from shengji._core.bots.bot cimport Bot, bot_entry
from shengji._core.bots.features cimport (
    Decision, MAX_DECISION_CANDIDATES, N_ACTION, N_STATE, decision_inputs,
)

cnp.import_array()

cdef extern from "nn.h" nogil:
    enum: SJ_TILE
    int sj_nonzero_u8(const uint8_t* x, int m, int32_t* idx, float* val) noexcept
    int sj_nonzero_f32(const float* x, int m, int32_t* idx, float* val) noexcept
    void sj_sparse_layer(const float* b, const float* w, const int32_t* idx, const float* val,
                         int nnz, int n, float* h) noexcept
    void sj_relu(float* h, int n) noexcept
    float sj_dot(float b, const float* w, const float* x, int n) noexcept

ctypedef struct Model:
    int h1, h2, h3
    float* block             # one allocation holding every array below
    float* w1                # [N_STATE][h1]
    float* b1
    float* w2                # [h1][h2]
    float* b2
    float* wz                # [h2][h3]
    float* bz
    float* wa                # [N_ACTION][h3]
    float* wq                # [h3]
    float* wv                # [h2]
    float bq
    float bv

cdef Model MODEL
MODEL.block = NULL
MODEL.h1 = 0

SHIPPED_WEIGHTS = Path(__file__).resolve().with_name("net.npz")
CANDIDATES = NET_CANDIDATES
TILE = SJ_TILE               # a layer's width is a multiple of it
MAX_HIDDEN = NET_MAX_HIDDEN
# the arrays of a weights file besides "meta", with their shapes in terms of the layer sizes
ARRAYS = {"w1": ("state", "h1"), "b1": ("h1",), "w2": ("h1", "h2"), "b2": ("h2",),
          "wz": ("h2", "h3"), "bz": ("h3",), "wa": ("action", "h3"), "wq": ("h3",),
          "bq": (), "wv": ("h2",), "bv": ()}
_meta: dict = {}


cdef int net_scores(const Decision* d, float* score, float* value) noexcept nogil:
    cdef float h1[NET_MAX_HIDDEN]
    cdef float h2[NET_MAX_HIDDEN]
    cdef float s[NET_MAX_HIDDEN]
    cdef float z[NET_MAX_HIDDEN]
    cdef int32_t idx[N_STATE]
    cdef float val[N_STATE]
    cdef int i, nnz
    cdef const Model* m = &MODEL
    if m.block == NULL:
        return -1
    nnz = sj_nonzero_u8(d.x, N_STATE, idx, val)
    sj_sparse_layer(m.b1, m.w1, idx, val, nnz, m.h1, h1)
    sj_relu(h1, m.h1)
    nnz = sj_nonzero_f32(h1, m.h1, idx, val)
    sj_sparse_layer(m.b2, m.w2, idx, val, nnz, m.h2, h2)
    sj_relu(h2, m.h2)
    if value != NULL:
        value[0] = sj_dot(m.bv, m.wv, h2, m.h2)
    nnz = sj_nonzero_f32(h2, m.h2, idx, val)
    sj_sparse_layer(m.bz, m.wz, idx, val, nnz, m.h3, s)
    for i in range(d.n):
        nnz = sj_nonzero_u8(d.a[i], N_ACTION, idx, val)
        sj_sparse_layer(s, m.wa, idx, val, nnz, m.h3, z)
        sj_relu(z, m.h3)
        score[i] = sj_dot(m.bq, m.wq, z, m.h3)
    return 0


cdef int choose(const View* v, int phase, Play* out) noexcept nogil:
    cdef Decision d
    cdef Play buf[MAX_PLAYS]
    cdef float score[MAX_DECISION_CANDIDATES]
    cdef int i, best = 0
    if v.pub.phase != phase:
        return -1
    if decision_inputs(v, NET_CANDIDATES, False, &d, buf) == 0:
        return -1
    if d.n > 1:
        if net_scores(&d, score, NULL) != 0:
            return -1
        for i in range(1, d.n):
            if score[i] > score[best]:
                best = i
    out[0] = d.cands[best]
    return 0


cdef int net_bury(const View* v, Rng* rng, Play* out) noexcept nogil:
    return choose(v, PHASE_BURY, out)


cdef int net_play(const View* v, Rng* rng, Play* out) noexcept nogil:
    return choose(v, PHASE_PLAY, out)


# the registry's entry (registry.pyx; its bids: bidder.pyx's memory_bid, the table's `bids`)
cdef Bot _BOT
_BOT.bury = net_bury
_BOT.play = net_play
BOT = bot_entry(&_BOT)


# -- the weights ---------------------------------------------------------------------------
def _sizes(arrays) -> dict:
    try:
        w1, w2, wz = arrays["w1"], arrays["w2"], arrays["wz"]
        sizes = {"state": N_STATE, "action": N_ACTION, "h1": int(w1.shape[1]),
                 "h2": int(w2.shape[1]), "h3": int(wz.shape[1])}
    except (KeyError, IndexError, AttributeError) as exc:
        raise ValueError(f"net weights: w1, w2 and wz must be 2-D arrays ({exc})") from None
    for name in ("h1", "h2", "h3"):
        if not 1 <= sizes[name] <= NET_MAX_HIDDEN or sizes[name] % SJ_TILE:
            raise ValueError(f"net weights: layer {name} has {sizes[name]} units, "
                             f"expected a multiple of {SJ_TILE} up to {NET_MAX_HIDDEN}")
    return sizes


def load_weights(source=None) -> dict:
    """Load the network's weights into the core: ``None`` (the shipped ``net.npz``), a
    path to an ``.npz`` file, or a mapping name -> array (the arrays of ``ARRAYS``,
    float32, and optionally ``meta``).  Returns their metadata.  ValueError (one line)
    for a file or mapping that is not such weights: the loaded ones then stay.  Not to
    be called while another thread plays the bot."""
    global MODEL, _meta
    cdef Model m
    cdef float* p
    cdef Py_ssize_t total = 0, off = 0
    cdef cnp.ndarray arr
    if source is None or isinstance(source, (str, Path)):
        path = SHIPPED_WEIGHTS if source is None else Path(source)
        try:
            with np.load(path, allow_pickle=False) as f:
                arrays = {k: f[k] for k in f.files}
        except (OSError, ValueError) as exc:
            raise ValueError(f"net weights {str(path)!r}: cannot be read ({exc})") from None
    else:
        arrays = dict(source)
    sizes = _sizes(arrays)
    meta = {}
    if "meta" in arrays:
        try:
            meta = json.loads(bytes(np.asarray(arrays["meta"], np.uint8)).decode())
        except (ValueError, UnicodeDecodeError) as exc:
            raise ValueError(f"net weights: meta is not JSON text ({exc})") from None
        for key, want in (("state_size", N_STATE), ("action_size", N_ACTION)):
            if key in meta and meta[key] != want:
                raise ValueError(f"net weights: made for {key} {meta[key]}, the core's "
                                 f"features have {want} (retrain: shengji.learn.train)")
    checked = {}
    for name, dims in ARRAYS.items():
        if name not in arrays:
            raise ValueError(f"net weights: no array {name!r}")
        a = np.asarray(arrays[name])
        shape = tuple(sizes[d] for d in dims)
        if a.shape != shape or a.dtype != np.float32:
            raise ValueError(f"net weights: {name} is {a.dtype} {a.shape}, expected float32 "
                             f"{shape}")
        if not np.isfinite(a).all():
            raise ValueError(f"net weights: {name} holds a NaN or an infinity")
        checked[name] = np.ascontiguousarray(a.reshape(-1))
        total += a.size
    p = <float*> malloc(total * sizeof(float))
    if p == NULL:
        raise MemoryError("no memory for the net's weights")
    m.block = p
    m.h1, m.h2, m.h3 = sizes["h1"], sizes["h2"], sizes["h3"]
    ptrs = {}
    for name in ARRAYS:
        arr = checked[name]
        if arr.size:
            memcpy(p + off, <const void*> cnp.PyArray_DATA(arr), arr.size * sizeof(float))
        ptrs[name] = off
        off += arr.size
    m.w1 = p + <Py_ssize_t> ptrs["w1"]
    m.b1 = p + <Py_ssize_t> ptrs["b1"]
    m.w2 = p + <Py_ssize_t> ptrs["w2"]
    m.b2 = p + <Py_ssize_t> ptrs["b2"]
    m.wz = p + <Py_ssize_t> ptrs["wz"]
    m.bz = p + <Py_ssize_t> ptrs["bz"]
    m.wa = p + <Py_ssize_t> ptrs["wa"]
    m.wq = p + <Py_ssize_t> ptrs["wq"]
    m.wv = p + <Py_ssize_t> ptrs["wv"]
    m.bq = float(checked["bq"][0])
    m.bv = float(checked["bv"][0])
    old = MODEL.block
    MODEL = m
    free(old)
    _meta = meta
    return dict(meta)


def weights_meta() -> dict:
    """The loaded weights' metadata (provenance: the script, its seeds, the commit, the
    data; shengji.learn.model.export writes it)."""
    return dict(_meta)


def layer_sizes() -> tuple:
    """(h1, h2, h3) of the loaded weights."""
    return (MODEL.h1, MODEL.h2, MODEL.h3)


def forward(x, a, n):
    """The network on given features, as the bot computes it: x uint8 (B, N_STATE), a
    uint8 (B, K, N_ACTION), n int (B,) candidates per row (1 .. K, K <=
    MAX_DECISION_CANDIDATES).  Returns (scores float32 (B, K), zero past n; values float32
    (B,))."""
    cdef cnp.uint8_t[:, ::1] xv = np.ascontiguousarray(x, np.uint8)
    cdef cnp.uint8_t[:, :, ::1] av = np.ascontiguousarray(a, np.uint8)
    cdef cnp.int64_t[::1] nv = np.ascontiguousarray(n, np.int64)
    cdef Py_ssize_t b, B = xv.shape[0], K = av.shape[1]
    cdef Decision d
    cdef float sc[MAX_DECISION_CANDIDATES]
    cdef float val
    cdef int i
    if xv.shape[1] != N_STATE or av.shape[0] != B or av.shape[2] != N_ACTION or \
            nv.shape[0] != B or not 1 <= K <= MAX_DECISION_CANDIDATES:
        raise ValueError(f"forward: x (B, {N_STATE}), a (B, K <= {MAX_DECISION_CANDIDATES}, "
                         f"{N_ACTION}), n (B,)")
    if np.any(np.asarray(nv) < 1) or np.any(np.asarray(nv) > K):
        raise ValueError(f"forward: n must be 1..{K}")
    scores = np.zeros((B, K), np.float32)
    values = np.zeros(B, np.float32)
    cdef float[:, ::1] so = scores
    cdef float[::1] vo = values
    if MODEL.block == NULL:
        raise ValueError("forward: no weights loaded")
    for b in range(B):
        d.n = <int> nv[b]
        memcpy(d.x, &xv[b, 0], N_STATE)
        for i in range(d.n):
            memcpy(d.a[i], &av[b, i, 0], N_ACTION)
        net_scores(&d, sc, &val)
        for i in range(d.n):
            so[b, i] = sc[i]
        vo[b] = val
    return scores, values


load_weights(None)
