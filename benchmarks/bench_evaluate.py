"""shengji.evaluate (issue 33): agent decisions per second, a batched numpy policy stepped in
lockstep through the vector environment's kernel beside a per-decision Python bot in the
same run (benchmarks/README.md).

kernel "evaluate" (standard rules, level 2, against greedy, 512 deals each played both ways:
1,024 hands; items = the agent's decisions, the actions of its seats):
  impl "core"      a batched numpy policy, uniformly random among the legal actions
                   (``(rng.random(mask.shape) * mask).argmax(1)``), over the envs' compact
                   observations and masks: ``studies.agent_duel.play_agent_duel``, what
                   ``shengji.evaluate`` runs for a chunk
  impl "decision"  the same choice made by a per-decision bot ``fn(observation, rng)``
                   (one Observation and one Python call a decision, as ``play_hand``
                   takes), on the same deals and the same kernel
The issue's target: the batched policy at >= 100,000 agent decisions per second
(``python benchmarks/bench_evaluate.py`` prints both by wall clock and CPU time).
"""

from __future__ import annotations

import numpy as np
import pytest

from shengji.game.agents import parse_agent
from shengji.game.botspec import parse_bot
from shengji.rules.options import Rules
from shengji.studies.agent_duel import play_agent_duel
from shengji.studies.common_deals import DealParams

DEALS = 512
PARAMS = DealParams(1, Rules.preset("standard"), "2", False, "eager", 0)
GREEDY = parse_bot("against", "greedy")


def batched_random(obs, mask, rng):
    return (rng.random(mask.shape) * mask).argmax(axis=1)


def decision_random(observation, rng):
    legal = observation.legal_actions
    return int(legal[rng.integers(len(legal))])


AGENTS = {
    "core": parse_agent(batched_random, batched=True),
    "decision": parse_agent(decision_random),
}


def run(impl: str) -> int:
    return play_agent_duel(AGENTS[impl], GREEDY, PARAMS, 0, DEALS).decisions


@pytest.mark.parametrize("batch", [DEALS])
@pytest.mark.parametrize("impl", ["core", "decision"])
def test_evaluate(benchmark, batch, impl):
    items = run(impl)  # the same decisions every round (seeded agents, the same deals)
    benchmark.extra_info.update(kernel="evaluate", impl=impl, items=int(items))
    benchmark.pedantic(run, args=(impl,), rounds=3 if impl == "core" else 1, iterations=1)


def _main() -> None:
    """``python benchmarks/bench_evaluate.py``: decisions/s of both paths, wall and CPU."""
    import time

    for impl in ("core", "decision"):
        best_wall = best_cpu = 0.0
        for _ in range(3 if impl == "core" else 1):
            w, c = time.perf_counter(), time.process_time()
            n = run(impl)
            w, c = time.perf_counter() - w, time.process_time() - c
            best_wall, best_cpu = max(best_wall, n / w), max(best_cpu, n / c)
        print(
            f"evaluate {impl}: {n:,} decisions a run, {best_wall:,.0f} decisions/s wall, "
            f"{best_cpu:,.0f} per CPU second"
        )


if __name__ == "__main__":
    np.seterr(all="ignore")
    _main()
