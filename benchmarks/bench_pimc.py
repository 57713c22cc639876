"""The pimc bot's search throughput (issue #16): rollouts per second beside greedy's whole
hands per second, in the same run (benchmarks/README.md).

kernel "pimc.rollouts":
  impl "core"     pimc decisions (default parameters: memory rollouts) on `batch` fixed
                  decision points -- the bury and plays at every stage of a hand, from
                  hands played by memory -- items = the rollouts those searches play out
                  (each plays one candidate and then the rest of the hand in one sampled
                  deal; counted from the searches' own record, the same on every call)
  impl "greedy"   whole hands played by greedy in every seat (drivers.play_hands),
                  items = hands: the engine's plain playout speed
The ratio says how much of the engine's playout speed the search keeps per rollout (a
rollout is a partial hand played by memory after sampling a deal, so it is of the order of
one greedy hand); the floor catches a search that starts copying or sampling far more
than it plays.

kernel "pimc.hands" (issue 23): whole hands with the bot in all four seats
(drivers.play_hands), items = hands
  impl "core"     pimc with inference (INFERRED, the settings of sim/duel_infer.toml: each
                  deal moved by 32 Metropolis-Hastings swaps towards those the other seats'
                  plays and the bury make likely, the bids' cards kept; bots/pimc.pyx)
  impl "default"  pimc at its defaults (inference off)
The ratio is what the inference costs in hands per second (replaying the record for every
proposal); docs/hand-engine.md "pimc" quotes it.
"""

from __future__ import annotations

import numpy as np
import pytest

from every_seat import CORE_RULES, RULES, every_seat, report
from shengji._core.base.rng import chunk_state
from shengji._core.drivers import hands as core
from shengji._core.drivers.jobs import HandsJob
from shengji._core.step.probes import pimc_decision
from shengji.game import HandState
from shengji.game.botspec import parse_bot
from shengji.names import BOT_NAMES
from shengji.rules import pack

PIMC = parse_bot("bot", "pimc")
GREEDY_HANDS = 1_000


def decision_points(n: int) -> list:
    """n decision points (HandCore copies): every 5th decision of hands played by memory,
    starting with each hand's bury."""
    points, seed = [], 0
    while len(points) < n:
        s = HandState(RULES, "2", banker=seed % 4, seed=(77, seed))
        i = 0
        while not s.is_over() and len(points) < n:
            if i % 5 == 0:
                points.append(s._core.copy())
            s.apply(s.bot_action("memory"))
            i += 1
        seed += 1
    return points


def pimc_rollouts(points) -> int:
    """pimc's decision at every point; the rollouts its searches played."""
    total = 0
    for j, p in enumerate(points):
        _, cands = pimc_decision(p, pack.bot(PIMC), chunk_state(5, j))
        total += sum(done for _, _, done, _ in cands)
    return total


@pytest.mark.parametrize("batch", [40])
def test_pimc_rollouts_core(benchmark, batch):
    points = decision_points(batch)
    items = pimc_rollouts(points)  # the same on every call: fixed points, seeds
    benchmark.extra_info.update(kernel="pimc.rollouts", impl="core", items=items)
    assert benchmark(pimc_rollouts, points) == items


@pytest.mark.parametrize("batch", [40])
def test_pimc_rollouts_greedy(benchmark, batch):
    state, deck = chunk_state(1, 0), np.arange(108, dtype=np.uint8)
    out = np.zeros((len(core.HAND_COLUMNS), GREEDY_HANDS), np.int32)
    benchmark.extra_info.update(kernel="pimc.rollouts", impl="greedy", items=GREEDY_HANDS)
    greedy = BOT_NAMES.index("greedy")
    job = HandsJob(
        state=state,
        deck=deck,
        n=GREEDY_HANDS,
        rules=CORE_RULES,
        level=0,
        banker=0,
        banker_bot=greedy,
        defender_bot=greedy,
        bid_policy=0,
        bid_threshold=0,
        out=out,
    )
    benchmark(core.play_hands, job)


INFERRED = parse_bot("bot", "pimc_infer")  # the bot table's preset
PIMC_HANDS = 4


@pytest.mark.parametrize("batch", [PIMC_HANDS])
@pytest.mark.parametrize("impl", ["core", "default"])
def test_pimc_hands(benchmark, batch, impl):
    bot = INFERRED if impl == "core" else PIMC
    benchmark.extra_info.update(kernel="pimc.hands", impl=impl, items=batch)
    # the same hands on every call: a fixed seed
    benchmark.pedantic(every_seat, (bot, batch, 23398), rounds=3, iterations=1)


def _main() -> None:
    """Hands per CPU-second with each pimc in every seat, in the same run (best of 3)."""
    report((("pimc", PIMC, 16), ("inferring", INFERRED, 8)))


if __name__ == "__main__":
    _main()
