"""The players' bidding (issue #23, item 1): whole hands with the seats' bots bidding beside
the same hands bid by the kernel's eager policy, in the same run (benchmarks/README.md).

kernel "bidding.players":
  impl "core"    memory in every seat, bid_policy "players" (memory's judgement decides
                 every bid), later hands: drivers.play_hands, items = hands
  impl "eager"   the same hands' settings with the eager kernel policy
kernel "bidding.players_pimc":
  impl "core"    pimc (default parameters) in every seat, bid_policy "players": its bid
                 search at every decision, items = hands
  impl "eager"   pimc in every seat, eager bidding
The ratios are the share of the hand speed the players' bidding keeps (below 1: it adds
work); the floors catch a bid decision that starts costing like a hand of its own.
"""

from __future__ import annotations

import numpy as np
import pytest

from shengji._core.base.rng import chunk_state
from shengji._core.drivers import hands as core
from shengji._core.drivers.jobs import HandsJob
from shengji.bidding.args import PLAYERS, policy_index
from shengji.game.botspec import parse_bot
from shengji.names import BID_POLICIES, N_CARDS
from shengji.rules import pack
from shengji.rules.options import Rules

RULES = Rules.preset("standard")
MEMORY_HANDS = 4_000
PIMC_HANDS = 8


def hands(bot, policy: int, n: int) -> None:
    out = np.zeros((len(core.HAND_COLUMNS), n), np.int32)
    b = pack.bot(parse_bot("bot", bot))
    state, deck = chunk_state(23, 0), np.arange(N_CARDS, dtype=np.uint8)
    core.play_hands(
        HandsJob(
            state=state,
            deck=deck,
            n=n,
            rules=pack.rules(RULES),
            level=0,
            banker=0,
            banker_bot=b,
            defender_bot=b,
            bid_policy=policy,
            bid_threshold=0,
            out=out,
        )
    )


@pytest.mark.parametrize("batch", [MEMORY_HANDS])
def test_players_bidding_memory_core(benchmark, batch):
    benchmark.extra_info.update(kernel="bidding.players", impl="core", items=batch)
    benchmark(hands, "memory", policy_index(PLAYERS), batch)


@pytest.mark.parametrize("batch", [MEMORY_HANDS])
def test_players_bidding_memory_eager(benchmark, batch):
    benchmark.extra_info.update(kernel="bidding.players", impl="eager", items=batch)
    benchmark(hands, "memory", BID_POLICIES.index("eager"), batch)


@pytest.mark.parametrize("batch", [PIMC_HANDS])
def test_players_bidding_pimc_core(benchmark, batch):
    benchmark.extra_info.update(kernel="bidding.players_pimc", impl="core", items=batch)
    benchmark.pedantic(hands, args=("pimc", policy_index(PLAYERS), batch), rounds=3)


@pytest.mark.parametrize("batch", [PIMC_HANDS])
def test_players_bidding_pimc_eager(benchmark, batch):
    benchmark.extra_info.update(kernel="bidding.players_pimc", impl="eager", items=batch)
    benchmark.pedantic(hands, args=("pimc", BID_POLICIES.index("eager"), batch), rounds=3)
