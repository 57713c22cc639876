"""Deal kernel with all features, beside a numpy-vectorised and a pure-Python baseline
computing the same per-seat features (benchmarks/README.md has the convention).

Two kernels: "deal" writes the features as rows (the deal study's row mode), and
"deal.aggregate" counts them into exact histograms (``aggregate = true``), beside numpy
computing the same features and histograms."""

import random

import numpy as np
import pytest

from shengji._core.base.cards import trump_table
from shengji._core.base.rng import chunk_state
from shengji._core.deal.deal import FEATURE_NAMES, deal_chunk
from shengji.cards import N_CARDS, kind_points
from shengji.reference.deal import kitty_points, seat_features

LEVEL = 0  # level 2
KINDS = np.arange(N_CARDS) // 2
IS_JOKER = KINDS >= 52
RANK = KINDS % 13
IS_LEVEL = ~IS_JOKER & (RANK == LEVEL)
PLAIN_SUIT = np.where(IS_JOKER | IS_LEVEL, 4, KINDS // 13)  # 4: trump in every trump
POINTS = np.array([kind_points(k) for k in KINDS])
# (following-suit, chain position) of each kind with trump S, H, C, D, no-trump: a pair's
# cell in a 5 x 32 occupancy grid (the standard rules' tractor_gap and trump_chain)
CELLS = np.zeros((5, 54, 5 * 32), np.float32)
for _x in range(5):
    _follow, _, _chain, _ = trump_table(LEVEL, _x)
    CELLS[_x, np.arange(54), _follow.astype(int) * 32 + _chain] = 1


def numpy_tractors(hands):
    """(5, n, seat): the runs of >= 2 occupied chain positions in each following-suit."""
    n = hands.shape[0]
    rows = np.arange(n * 4).reshape(n, 4, 1) * 54
    counts = np.bincount((rows + KINDS[hands]).ravel(), minlength=n * 4 * 54)
    pairs = (counts == 2).astype(np.float32).reshape(n, 4, 54)
    out = []
    for x in range(5):
        occ = (pairs @ CELLS[x] > 0).reshape(n, 4, 5, 32)
        t = occ[..., :-1] & occ[..., 1:]
        starts = t.copy()
        starts[..., 1:] &= ~t[..., :-1]
        out.append(starts.sum((-1, -2)))
    return out


def core_deal(n, out):
    features, kitty = out
    deal_chunk(chunk_state(1, 0), n, LEVEL, features=features, kitty_points=kitty)


def numpy_deal(n, seed=1):
    rng = np.random.default_rng(seed)
    deals = np.argsort(rng.random((n, N_CARDS)), axis=1)
    hands = deals[:, :100].reshape(n, 25, 4).transpose(0, 2, 1)  # (n, seat, card)
    suit = PLAIN_SUIT[hands]
    plain = np.stack([(suit == s).sum(-1) for s in range(4)], -1)
    lvl = IS_LEVEL[hands].sum(-1)
    small = (KINDS[hands] == 52).sum(-1)
    big = (KINDS[hands] == 53).sum(-1)
    always = lvl + small + big
    kinds = np.sort(KINDS[hands], axis=-1)
    same = kinds[..., 1:] == kinds[..., :-1]
    level_kind = (kinds[..., 1:] < 52) & (kinds[..., 1:] % 13 == LEVEL)
    feats = np.stack(
        [plain[..., s] + always for s in range(4)]
        + [
            always,
            POINTS[hands].sum(-1),
            lvl,
            small,
            big,
            same.sum(-1),
            (same & level_kind).sum(-1),
            plain.max(-1),
        ]
        + numpy_tractors(hands),
        0,
    )
    kitty = POINTS[deals[:, 100:]].sum(-1)
    return feats, kitty


def python_deal(n, seed=1):
    """Pure Python: random.shuffle and the plain recomputation of shengji.reference."""
    rng = random.Random(seed)
    deck = list(range(N_CARDS))
    rows, kitties = [], []
    for _ in range(n):
        rng.shuffle(deck)
        for s in range(4):
            f = seat_features(deck[s:100:4], LEVEL)
            rows.append([f[name] for name in FEATURE_NAMES])
        kitties.append(kitty_points(deck[100:]))
    return rows, kitties


def test_baselines_agree_with_the_core_on_the_law():
    # not a timing: the three implementations compute the same features (means agree)
    feats, _ = numpy_deal(20_000)
    rows, _ = python_deal(2_000)
    core = np.empty((len(FEATURE_NAMES), 80_000), np.uint8), np.empty(20_000, np.uint8)
    core_deal(20_000, core)
    m_core = core[0].mean(axis=1)
    m_np = feats.reshape(len(FEATURE_NAMES), -1).mean(axis=1)
    m_py = np.array(rows).mean(axis=0)
    assert np.allclose(m_core, m_np, rtol=0.05, atol=0.05)
    assert np.allclose(m_core, m_py, rtol=0.1, atol=0.1)


@pytest.mark.parametrize("batch", [10_000, 200_000])
def test_deal_core(benchmark, batch):
    out = (np.empty((len(FEATURE_NAMES), 4 * batch), np.uint8), np.empty(batch, np.uint8))
    benchmark.extra_info.update(kernel="deal", impl="core", items=batch)
    benchmark(core_deal, batch, out)


@pytest.mark.parametrize("batch", [10_000, 200_000])
def test_deal_numpy(benchmark, batch):
    items = min(batch, 50_000)  # numpy's argsort memory grows with the batch
    benchmark.extra_info.update(kernel="deal", impl="numpy", items=items)
    benchmark(numpy_deal, items)


@pytest.mark.parametrize("batch", [10_000])
def test_deal_python(benchmark, batch):
    items = 1_000
    benchmark.extra_info.update(kernel="deal", impl="python", items=items)
    benchmark.pedantic(python_deal, args=(items,), rounds=3, iterations=1)


def core_deal_aggregate(n, out):
    hist, kitty_hist = out
    deal_chunk(chunk_state(1, 0), n, LEVEL, hist=hist, kitty_hist=kitty_hist)


def numpy_deal_aggregate(n):
    feats, kitty = numpy_deal(n)  # feats: (feature, deal, seat)
    hist = np.zeros((len(FEATURE_NAMES), 4, 256), np.int64)
    for k in range(len(FEATURE_NAMES)):
        for s in range(4):
            hist[k, s] = np.bincount(feats[k, :, s], minlength=256)
    return hist, np.bincount(kitty, minlength=256)


def test_deal_aggregate_baseline_agrees_with_the_core_on_the_law():
    # not a timing: per-feature means from both histograms agree
    core = np.zeros((len(FEATURE_NAMES), 4, 256), np.int64), np.zeros(256, np.int64)
    core_deal_aggregate(20_000, core)
    base, _ = numpy_deal_aggregate(20_000)
    values = np.arange(256)
    assert np.allclose(
        (core[0] * values).sum(-1) / 20_000, (base * values).sum(-1) / 20_000, rtol=0.05, atol=0.05
    )


@pytest.mark.parametrize("batch", [200_000])
def test_deal_aggregate_core(benchmark, batch):
    out = np.zeros((len(FEATURE_NAMES), 4, 256), np.int64), np.zeros(256, np.int64)
    benchmark.extra_info.update(kernel="deal.aggregate", impl="core", items=batch)
    benchmark(core_deal_aggregate, batch, out)


@pytest.mark.parametrize("batch", [200_000])
def test_deal_aggregate_numpy(benchmark, batch):
    items = 50_000  # numpy's argsort memory grows with the batch
    benchmark.extra_info.update(kernel="deal.aggregate", impl="numpy", items=items)
    benchmark(numpy_deal_aggregate, items)
