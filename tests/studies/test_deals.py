"""The deal kernel and the deal study (issue #2): conservation, features against a slow
recomputation, exact laws, determinism."""

import numpy as np
import pyarrow.dataset as ds
import pyarrow.parquet as pq
import pytest
from scipy import stats

from shengji._core.base.rng import bounded_draws, chunk_state, order_state
from shengji._core.deal.deal import FEATURE_NAMES, deal_chunk
from shengji.cards import N_CARDS, kind_points, parse_rank
from shengji.reference.deal import seat_features
from shengji.rules.options import PRESETS, Rules
from shengji.runner import run_study
from shengji.studies.base import make_config


def run(tmp_path, name="out", workers=1, **keys):
    data = {"study": "deals", "n": 1000, "seed": 7, "level": "2", "preset": "standard"}
    data.update(keys)
    kind, cfg = make_config(data)
    return run_study(kind, cfg, tmp_path / name, workers=workers)


# every preset (at a level of three), and the tractor options off (their columns change)
RECOMPUTED = [(p, "28A"[i % 3], {}) for i, p in enumerate(PRESETS)] + [
    ("standard", "8", {"tractor_gap": False}),
    ("standard", "A", {"trump_chain": False}),
    ("standard", "K", {"tractor_gap": False, "trump_chain": False}),
]


@pytest.mark.parametrize("preset, level, rules", RECOMPUTED)
def test_features_equal_slow_recomputation_on_stored_deals(tmp_path, preset, level, rules):
    n = 300
    res = run(
        tmp_path, n=n, level=level, store_cards=True, chunk_size=120, preset=preset, rules=rules
    )
    cards = ds.dataset(tmp_path / "out" / "cards").to_table().sort_by("deal")
    hands = (
        ds.dataset(tmp_path / "out" / "hands")
        .to_table()
        .sort_by([("deal", "ascending"), ("seat", "ascending")])
        .to_pydict()
    )
    kitty = ds.dataset(tmp_path / "out" / "kitty").to_table().sort_by("deal").to_pydict()
    assert cards.num_rows == n and len(hands["deal"]) == 4 * n and res.items == n
    lv = parse_rank(level)
    for d, raw in enumerate(cards.column("cards").to_pylist()):
        deal = list(raw)
        # conservation: 108 distinct physical cards = every kind exactly twice, 200 points
        assert sorted(deal) == list(range(N_CARDS))
        seats = [[deal[4 * r + s] for r in range(25)] for s in range(4)]
        kitty_cards = deal[100:]
        assert sum(kind_points(c // 2) for c in deal) == 200
        assert kitty["kitty_points"][d] == sum(kind_points(c // 2) for c in kitty_cards)
        for s in range(4):
            row = 4 * d + s
            assert hands["deal"][row] == d and hands["seat"][row] == s
            want = seat_features(seats[s], lv, Rules.preset(preset).replace(**rules))
            got = {name: hands[name][row] for name in FEATURE_NAMES}
            assert got == want, (d, s)


def test_storing_cards_does_not_change_the_deals(tmp_path):
    run(tmp_path, "a", n=3000, chunk_size=1000)
    run(tmp_path, "b", n=3000, chunk_size=1000, store_cards=True)
    a = (
        ds.dataset(tmp_path / "a" / "hands")
        .to_table()
        .sort_by([("deal", "ascending"), ("seat", "ascending")])
    )
    b = (
        ds.dataset(tmp_path / "b" / "hands")
        .to_table()
        .sort_by([("deal", "ascending"), ("seat", "ascending")])
    )
    assert a.equals(b)


def test_deal_order_within_last_hand_is_random():
    # seat 3's r-th card comes from a separate stream: every position gets every card kind
    st, os_ = chunk_state(3, 0), order_state(3, 0)
    cards = np.empty((4000, N_CARDS), np.uint8)
    deal_chunk(st, 4000, 0, cards=cards, order_state=os_)
    first_of_seat3 = cards[:, 3] // 2
    counts = np.bincount(first_of_seat3, minlength=54)
    assert stats.chisquare(counts).pvalue > 1e-4


def _chi2_against(observed_counts, pmf):
    """Chi-square of observed counts (index = value) against an exact pmf, bins with an
    expected count below 5 merged into their neighbours."""
    n = observed_counts.sum()
    exp = pmf * n
    obs_b, exp_b, o, e = [], [], 0.0, 0.0
    for ob, ex in zip(observed_counts, exp, strict=False):
        o += ob
        e += ex
        if e >= 5:
            obs_b.append(o)
            exp_b.append(e)
            o = e = 0.0
    if e > 0:
        obs_b[-1] += o
        exp_b[-1] += e
    exp_b = np.array(exp_b) * (n / np.sum(exp_b))
    return stats.chisquare(obs_b, exp_b).pvalue


def test_trump_counts_match_the_hypergeometric_law_at_1e6_deals(tmp_path):
    res = run(tmp_path, n=1_000_000, seed=2026, aggregate=True, workers=2)
    h = ds.dataset(tmp_path / "out" / "histograms").to_table().to_pandas()
    assert res.items == 1_000_000

    def seat0(column):
        sub = h[(h["column"] == column) & (h["seat"] == 0)]
        counts = np.zeros(256, np.int64)
        counts[sub["value"].to_numpy()] = sub["count"].to_numpy()
        assert counts.sum() == 1_000_000
        return counts

    values = np.arange(256)
    cases = {
        "trumps_h": stats.hypergeom(108, 36, 25),  # 36 trumps with a trump suit
        "trumps_nt": stats.hypergeom(108, 12, 25),  # 12 in no-trump
        "level_cards": stats.hypergeom(108, 8, 25),
        "big_jokers": stats.hypergeom(108, 2, 25),
    }
    for column, law in cases.items():
        p = _chi2_against(seat0(column), law.pmf(values))
        assert p > 1e-3, (column, p)
    # kitty points: 8 fives, 16 tens and kings, 84 others; exact multivariate law
    from math import comb

    pmf = np.zeros(256)
    for a in range(9):
        for b in range(9 - a):
            pmf[5 * a + 10 * b] += comb(8, a) * comb(16, b) * comb(84, 8 - a - b) / comb(108, 8)
    sub = h[h["column"] == "kitty_points"]
    counts = np.zeros(256, np.int64)
    counts[sub["value"].to_numpy()] = sub["count"].to_numpy()
    assert _chi2_against(counts, pmf) > 1e-3


def test_same_seed_same_bytes_for_1_and_2_workers_and_another_seed_differs(tmp_path):
    run(tmp_path, "w1", n=5000, chunk_size=1000, workers=1)
    run(tmp_path, "w2", n=5000, chunk_size=1000, workers=2)
    run(tmp_path, "s2", n=5000, chunk_size=1000, workers=1, seed=8)
    for part in sorted((tmp_path / "w1" / "hands").iterdir()):
        assert part.read_bytes() == (tmp_path / "w2" / "hands" / part.name).read_bytes()
    a = (
        ds.dataset(tmp_path / "w1" / "hands")
        .to_table()
        .sort_by([("deal", "ascending"), ("seat", "ascending")])
    )
    c = (
        ds.dataset(tmp_path / "s2" / "hands")
        .to_table()
        .sort_by([("deal", "ascending"), ("seat", "ascending")])
    )
    assert not a.equals(c)


@pytest.mark.parametrize("level", ["2", "A"])
def test_aggregate_equals_rows(tmp_path, level):
    # aggregate runs count joint histograms and expand them: every marginal must equal the
    # rows' own counts, seat by seat, and the kitty's too
    run(tmp_path, "rows", n=4000, chunk_size=1500, level=level)
    run(tmp_path, "agg", n=4000, chunk_size=1500, level=level, aggregate=True)
    rows = ds.dataset(tmp_path / "rows" / "hands").to_table().to_pandas()
    h = ds.dataset(tmp_path / "agg" / "histograms").to_table().to_pandas()
    for name in FEATURE_NAMES:
        for s in range(4):
            want = rows[rows.seat == s][name].value_counts().sort_index()
            sub = h[(h.column == name) & (h.seat == s)].set_index("value")["count"].sort_index()
            assert dict(want) == dict(sub), name
    kitty = ds.dataset(tmp_path / "rows" / "kitty").to_table().to_pandas()
    sub = h[h.column == "kitty_points"].set_index("value")["count"].sort_index()
    assert dict(kitty.kitty_points.value_counts().sort_index()) == dict(sub)


def test_metadata_is_in_every_file(tmp_path):
    run(
        tmp_path,
        n=2000,
        chunk_size=1000,
        seed=11,
        preset="club-84022",
        rules={"tractor_gap": False},
    )
    import json

    for table in ("hands", "kitty"):
        for part in (tmp_path / "out" / table).iterdir():
            meta = json.loads(pq.read_schema(part).metadata[b"shengji"])
            assert meta["seed"] == 11 and meta["n"] == 2000 and meta["study"] == "deals"
            assert meta["preset"] == "club-84022" and meta["rules"]["tractor_gap"] is False
            assert meta["rules"]["level_table"] == "step20" and "version" in meta


def test_bounded_draws_are_uniform():
    st = chunk_state(99, 0)
    draws = bounded_draws(st, [108, 107, 7, 3, 100, 26, 2, 13, 5], 200_000)
    for col, bound in enumerate([108, 107, 7, 3, 100, 26, 2, 13, 5]):
        counts = np.bincount(draws[:, col], minlength=bound)
        assert len(counts) == bound
        assert stats.chisquare(counts).pvalue > 1e-4


def test_chunk_streams_are_seedsequence_children():
    ss = np.random.SeedSequence(5).spawn(3)[2]
    assert np.array_equal(chunk_state(5, 2), ss.generate_state(4, np.uint64))
