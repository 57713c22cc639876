"""Conditional deals (issue 35; _core/deal/cond.pyx) beside the unconditioned deal kernel
in the same run (benchmarks/README.md).  Every kernel counts its features into the deal
study's histograms (aggregate mode: ``deal_chunk(hist=...)``, ``cond_deal_chunk(deal, hist=...)``).

kernel "deal.cond.fixed": a hand of 25 cards fixed to seat 0, the 83 others dealt
  impl "core"           conditioned deals (cond_sets: the free cards shuffled, eight draws
                        a word, features as the cards land)
  impl "unconditioned"  the deal kernel itself (deal_kernel.h): the guard's ratio is the
                        conditioned throughput over the unconditioned one
  Target: >= 1,000,000 conditioned deals per second per core.
kernel "deal.cond.partial": four cards fixed to seat 0 (BJ BJ AH AH), the same yardstick.
kernel "deal.cond.rare": seat 0 holds 17 or more trumps in hearts (5.4e-5 of the deals),
  items = accepted deals
  impl "core"           the exact method (the anchor's count vector drawn from its exact
                        conditional law, then the cards)
  impl "unconditioned"  the deal kernel (deals per second)
  impl "reject"         the same predicate met by plain rejection (method = "reject"), on
                        a small batch: the exact method's gain
  Target: >= 100,000 accepted deals per second.
kernel "bidding.cond" (no floor: watched): the eager bidding (bid_chunk) of deals with
  seat 0's four cards fixed, beside the same bidding of unconditioned deals (impl
  "unconditioned").
"""

from __future__ import annotations

import numpy as np
import pytest

from shengji._core.base.rng import chunk_state
from shengji._core.bidding.bidding import POLICIES
from shengji._core.bidding.entry import bid_chunk
from shengji._core.deal.cond import cond_deal_chunk
from shengji._core.deal.deal import FEATURE_NAMES, deal_chunk
from shengji.rules import pack
from shengji.rules.options import Rules
from shengji.studies.conditioned import dealing
from shengji.studies.constraints import parse_deal

LEVEL = 0  # level 2
HAND = "BJ SJ SJ AH AH KH QH 2S 2H 5C 5D TD TD 9S 8S 7H 6C 4C 3D JD QD KC AC 3S 4H"
TABLES = {
    "deal.cond.fixed": {"seat0": HAND},
    "deal.cond.partial": {"seat0": "BJ BJ AH AH"},
    "deal.cond.rare": {"where": "seat0.trumps_h >= 17"},
}
BATCH = 200_000
REJECT_ITEMS = 20  # accepted deals per timed call of plain rejection (about 4e5 candidates)
CORE_RULES = pack.rules(Rules())  # the default rules, as the core's entry points take them


def _hist():
    return np.zeros((len(FEATURE_NAMES), 4, 256), np.int64), np.zeros(256, np.int64)


def _aggregate(n, table, seed=1):
    hist, kitty = _hist()
    deal = None if table is None else dealing(parse_deal(table), [LEVEL])
    if deal is None:
        deal_chunk(chunk_state(seed, 0), n, LEVEL, hist=hist, kitty_hist=kitty)
    else:
        cond_deal_chunk(deal, chunk_state(seed, 0), n, LEVEL, hist=hist, kitty_hist=kitty)
    return deal


@pytest.mark.parametrize("batch", [BATCH])
@pytest.mark.parametrize("kernel", list(TABLES))
def test_cond_core(benchmark, batch, kernel):
    table = TABLES[kernel]
    _aggregate(1000, table)  # compiled (cached) before the timing
    benchmark.extra_info.update(kernel=kernel, impl="core", items=batch)
    benchmark(_aggregate, batch, table)


@pytest.mark.parametrize("batch", [BATCH])
@pytest.mark.parametrize("kernel", list(TABLES))
def test_cond_unconditioned(benchmark, batch, kernel):
    benchmark.extra_info.update(kernel=kernel, impl="unconditioned", items=batch)
    benchmark(_aggregate, batch, None)


@pytest.mark.parametrize("batch", [BATCH])
def test_cond_rare_reject(benchmark, batch):
    table = dict(TABLES["deal.cond.rare"], method="reject")
    _aggregate(1, table)
    benchmark.extra_info.update(kernel="deal.cond.rare", impl="reject", items=REJECT_ITEMS)
    benchmark.pedantic(_aggregate, args=(REJECT_ITEMS, table), rounds=3, iterations=1)


def test_the_rare_predicate_is_rare_and_every_candidate_of_the_exact_method_meets_it():
    # not a timing: the yardsticks measure what they say
    exact = _aggregate(10_000, TABLES["deal.cond.rare"])
    assert exact.tries == exact.accepted == 10_000
    reject = _aggregate(3, dict(TABLES["deal.cond.rare"], method="reject"))
    assert reject.tries > 3 * 1000


def _bid(n, table):
    deal = None if table is None else dealing(parse_deal(table), [LEVEL])
    state, deck = chunk_state(1, 0), np.arange(108, dtype=np.uint8)
    bid_chunk(state, deck, n, LEVEL, CORE_RULES, POLICIES.index("eager"), deal=deal)


@pytest.mark.parametrize("batch", [100_000])
def test_bidding_cond_core(benchmark, batch):
    benchmark.extra_info.update(kernel="bidding.cond", impl="core", items=batch)
    benchmark(_bid, batch, TABLES["deal.cond.partial"])


@pytest.mark.parametrize("batch", [100_000])
def test_bidding_cond_unconditioned(benchmark, batch):
    benchmark.extra_info.update(kernel="bidding.cond", impl="unconditioned", items=batch)
    benchmark(_bid, batch, None)
