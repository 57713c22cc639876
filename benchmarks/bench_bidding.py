"""Bidding throughput (issue #4): the bidding kernel beside the plain deal kernel and a
pure-Python bidding loop, in the same run (benchmarks/README.md).

kernel "bidding":
  impl "core"    shengji._core.bidding.bid_chunk: shuffle + card-by-card bidding (eager,
                 first hand, standard) + banker/team trump counts, per deal
  impl "deal"    shengji._core.deal.deal_chunk with per-seat features: the deal kernel of
                 issue #2, as a yardstick (guard ratio = bidding / deal throughput, < 1)
  impl "python"  the Python engine (shengji.reference.bidding, driven by simulate_bids
                 with eager_policy) on the same kind of deals, on a small batch
                 (items = PY_ITEMS per call)
kernels "bidding_options.<preset>" (no floor: watched): bid_chunk under presets with the bidding
options of issue 12 (tournament: joker-overturn limit, reinforcement lock, random first
drawer; must-play-ja: secret bids), first hands, eager, beside the deal kernel.
Target: core >= 1,000,000 bidding deals per second per core.
"""

from __future__ import annotations

import numpy as np
import pytest

from shengji._core.base.rng import chunk_state
from shengji._core.bidding.bidding import POLICIES, bid_chunk
from shengji._core.deal.deal import FEATURE_NAMES, deal_chunk
from shengji.bidding.simulate import eager_policy, simulate_bids

BATCHES = [1_000, 100_000]
OPTION_PRESETS = ["tournament", "must-play-ja"]
PY_ITEMS = 100
LEVEL = 0  # rank "2"


@pytest.mark.parametrize("batch", BATCHES)
def test_bidding_core(benchmark, batch):
    state, deck = chunk_state(1, 0), np.arange(108, dtype=np.uint8)
    benchmark.extra_info.update(kernel="bidding", impl="core", items=batch)
    benchmark(bid_chunk, state, deck, batch, LEVEL, None, POLICIES.index("eager"))


@pytest.mark.parametrize("batch", BATCHES)
def test_bidding_threshold_core(benchmark, batch):
    state, deck = chunk_state(1, 0), np.arange(108, dtype=np.uint8)
    benchmark.extra_info.update(kernel="bidding_threshold", impl="core", items=batch)
    benchmark(bid_chunk, state, deck, batch, LEVEL, None, POLICIES.index("threshold"), 9)


def deal_baseline(benchmark, batch, kernel):
    """The deal kernel with per-seat features, as the yardstick of a bidding kernel."""
    state = chunk_state(1, 0)
    features = np.empty((len(FEATURE_NAMES), 4 * batch), np.uint8)
    kitty = np.empty(batch, np.uint8)
    benchmark.extra_info.update(kernel=kernel, impl="deal", items=batch)
    benchmark(deal_chunk, state, batch, LEVEL, features=features, kitty_points=kitty)


@pytest.mark.parametrize("batch", BATCHES)
def test_bidding_deal_kernel(benchmark, batch):
    deal_baseline(benchmark, batch, "bidding")


@pytest.mark.parametrize("batch", [1_000])
def test_bidding_python(benchmark, batch):
    benchmark.extra_info.update(kernel="bidding", impl="python", items=PY_ITEMS)
    benchmark(simulate_bids, PY_ITEMS, 1, policy=eager_policy)


@pytest.mark.parametrize("batch", [100_000])
@pytest.mark.parametrize("preset", OPTION_PRESETS)
def test_bidding_options_core(benchmark, batch, preset):
    from shengji import Rules

    rules = Rules.preset(preset)
    state, deck = chunk_state(1, 0), np.arange(108, dtype=np.uint8)
    benchmark.extra_info.update(kernel=f"bidding_options.{preset}", impl="core", items=batch)
    benchmark(bid_chunk, state, deck, batch, LEVEL, rules, POLICIES.index("eager"))


@pytest.mark.parametrize("batch", [100_000])
@pytest.mark.parametrize("preset", OPTION_PRESETS)
def test_bidding_options_deal_kernel(benchmark, batch, preset):
    deal_baseline(benchmark, batch, f"bidding_options.{preset}")
