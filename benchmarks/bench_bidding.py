"""Bidding throughput (issue #4): the bidding kernel beside the plain deal kernel and a
pure-Python bidding loop, in the same run (benchmarks/README.md).

kernel "bidding":
  impl "core"    shengji._core.bidding.entry.bid_chunk: shuffle + card-by-card bidding (eager,
                 first hand, standard) + banker/team trump counts, per deal
  impl "deal"    shengji._core.deal.deal.deal_chunk with per-seat features: the deal kernel of
                 issue #2, as a yardstick (guard ratio = bidding / deal throughput, < 1)
  impl "python"  the pure-Python engine (shengji.reference.bidding's bid_python, with
                 eager_policy, and its count_trumps) on the same kind of deals, on a small
                 batch (items = PY_ITEMS per call): the loop simulate_bids ran for a
                 callable policy before it stepped the kernel's machine (issue 31)
kernels "bidding_options.<preset>" (no floor: watched): bid_chunk under presets with the bidding
options of issue 12 (tournament: joker-overturn limit, reinforcement lock, random first
drawer; must-play-ja: secret bids), first hands, eager, beside the deal kernel.
Target: core >= 1,000,000 bidding deals per second per core.
"""

from __future__ import annotations

import numpy as np
import pytest

from shengji._core.base.rng import chunk_state
from shengji._core.bidding.bidding import POLICIES
from shengji._core.bidding.entry import bid_chunk, draw_bounded, shuffle_deck
from shengji._core.deal.deal import FEATURE_NAMES, deal_chunk
from shengji.bidding.simulate import eager_policy
from shengji.names import N_SEATS, TRUMP_NAMES
from shengji.reference import bidding as ref
from shengji.rules import pack
from shengji.rules.options import Rules

BATCHES = [1_000, 100_000]
OPTION_PRESETS = ["tournament", "must-play-ja"]
PY_ITEMS = 100
LEVEL = 0  # rank "2"
STANDARD = pack.rules(Rules())  # the default rules, as the core takes them


@pytest.mark.parametrize("batch", BATCHES)
def test_bidding_core(benchmark, batch):
    state, deck = chunk_state(1, 0), np.arange(108, dtype=np.uint8)
    benchmark.extra_info.update(kernel="bidding", impl="core", items=batch)
    benchmark(bid_chunk, state, deck, batch, LEVEL, STANDARD, POLICIES.index("eager"))


@pytest.mark.parametrize("batch", BATCHES)
def test_bidding_threshold_core(benchmark, batch):
    state, deck = chunk_state(1, 0), np.arange(108, dtype=np.uint8)
    benchmark.extra_info.update(kernel="bidding_threshold", impl="core", items=batch)
    benchmark(bid_chunk, state, deck, batch, LEVEL, STANDARD, POLICIES.index("threshold"), 9)


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
    benchmark(python_bids, PY_ITEMS)


def python_bids(n: int) -> None:
    """n first-hand deals shuffled and bid by the reference engine (eager), with the
    banker's and the team's trump counts, as bid_chunk does."""
    state, deck, rules = chunk_state(1, 0), np.arange(108, dtype=np.uint8), Rules()
    draw = lambda bound: draw_bounded(state, bound)  # noqa: E731
    for _ in range(n):
        drawer = ref.first_drawer(rules, True, 0, draw)
        while True:
            shuffle_deck(state, deck)
            res = ref.bid_python(deck.tolist(), LEVEL, rules, eager_policy, True, 0, draw, drawer)
            if not res.redeal:
                break
        t = TRUMP_NAMES.index(res.trump)
        ref.count_trumps(deck, LEVEL, t, res.banker, first_drawer=drawer)
        ref.count_trumps(deck, LEVEL, t, (res.banker + 2) % N_SEATS, False, first_drawer=drawer)


@pytest.mark.parametrize("batch", [100_000])
@pytest.mark.parametrize("preset", OPTION_PRESETS)
def test_bidding_options_core(benchmark, batch, preset):
    from shengji import Rules

    rules = Rules.preset(preset)
    state, deck = chunk_state(1, 0), np.arange(108, dtype=np.uint8)
    benchmark.extra_info.update(kernel=f"bidding_options.{preset}", impl="core", items=batch)
    benchmark(bid_chunk, state, deck, batch, LEVEL, pack.rules(rules), POLICIES.index("eager"))


@pytest.mark.parametrize("batch", [100_000])
@pytest.mark.parametrize("preset", OPTION_PRESETS)
def test_bidding_options_deal_kernel(benchmark, batch, preset):
    deal_baseline(benchmark, batch, f"bidding_options.{preset}")
