"""The vector environment (issue 25): env steps per second at N = 1,024 with uniformly random
legal actions, observations and masks included, beside the PettingZoo env and HandState in
the same run (benchmarks/README.md).

kernel "vector" (standard rules, level 2; items = env steps, one learner decision each):
  impl "core"        shengji.adapters.vector.VectorEnv(1024, seats=(0, 1, 2, 3)): every
                     decision is the learner's; per call sample_actions() (a random
                     legal action per env, from its mask) and step() -- which applies
                     them, deals the next hand where one ended (next-step autoreset) and
                     writes the 1,024 compact observations, masks, rewards and flags
  impl "pettingzoo"  the AEC env (shengji.adapters.pettingzoo.raw_env, trump given as
                     bench_adapters does: no bid decisions): per action last() -- the
                     observation tensor and mask an agent reads --, a random legal action
                     from the mask, step()
  impl "handstate"   shengji.HandState driven directly: legal_actions(), a random one,
                     apply_action() (no observation built: the cheapest Python loop)
kernel "vector.bots": the same core with the learner in seat 0 only and the random bot
  playing seats 1-3 inside C (items = seat 0's decisions; the bots' are extra work per
  step), beside the same PettingZoo and HandState loops.
"""

from __future__ import annotations

import numpy as np
import pytest

from shengji.adapters.vector import VectorEnv
from shengji.game import HandState
from shengji.rules.options import Rules

pytest.importorskip("pettingzoo")
from shengji.adapters.pettingzoo import raw_env  # noqa: E402

N = 1024
CALLS = 64  # step() calls per round: 65,536 env steps
RULES = Rules.preset("standard")


def make(seats):
    env = VectorEnv(N, preset="standard", level="2", seats=seats, opponents="random")
    env.reset(seed=1)
    for _ in range(200):  # past the first hands: a mix of phases, as in training
        env.step(env.sample_actions())
    return env


def run_core(env):
    for _ in range(CALLS):
        env.step(env.sample_actions())


PZ_ACTIONS = 600  # a few hands: ~150 actions each


def run_pettingzoo(env, rng):
    n = 0
    while n < PZ_ACTIONS:
        env.reset(seed=int(rng.integers(1 << 30)))
        for _agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                break
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            n += 1
    return n


HS_HANDS = 8


def run_handstate(rng):
    n = 0
    for _ in range(HS_HANDS):
        s = HandState(RULES, "2", banker=0, seed=int(rng.integers(1 << 30)))
        while not s.is_over():
            legal = s.legal_actions()
            s.apply_action(int(legal[rng.integers(len(legal))]))
            n += 1
    return n


def _count(fn, *args):
    """Items of one round: the loops above return the actions they made."""
    return fn(*args)


@pytest.mark.parametrize("batch", [N])
@pytest.mark.parametrize("kernel", ["vector", "vector.bots"])
@pytest.mark.parametrize("impl", ["core", "pettingzoo", "handstate"])
def test_vector(benchmark, batch, kernel, impl):
    if impl == "core":
        env = make((0, 1, 2, 3) if kernel == "vector" else (0,))
        benchmark.extra_info.update(kernel=kernel, impl=impl, items=N * CALLS)
        benchmark(run_core, env)
    elif impl == "pettingzoo":
        env = raw_env(trump="S")
        # the items of a round are the same each round (whole hands until PZ_ACTIONS):
        # measured once on the same seeds the timed rounds use
        items = _count(run_pettingzoo, env, np.random.default_rng(7))
        benchmark.extra_info.update(kernel=kernel, impl=impl, items=int(items))
        benchmark(lambda: run_pettingzoo(env, np.random.default_rng(7)))
    else:
        items = _count(run_handstate, np.random.default_rng(7))
        benchmark.extra_info.update(kernel=kernel, impl=impl, items=int(items))
        benchmark(lambda: run_handstate(np.random.default_rng(7)))


def _main() -> None:
    """``python benchmarks/bench_vector.py``: env steps/s of the core alone, by wall clock
    and by this process's CPU time (the per-core figure on a shared machine)."""
    import time

    for seats, label in (((0, 1, 2, 3), "every seat learns"), ((0,), "seat 0, random bots")):
        env = make(seats)
        best_wall = best_cpu = 0.0
        for _ in range(5):
            w, c = time.perf_counter(), time.process_time()
            run_core(env)
            w, c = time.perf_counter() - w, time.process_time() - c
            best_wall = max(best_wall, N * CALLS / w)
            best_cpu = max(best_cpu, N * CALLS / c)
        print(
            f"vector N={N} ({label}): {best_wall / 1e6:.2f} M steps/s wall, "
            f"{best_cpu / 1e6:.2f} M steps/s per CPU second"
        )


if __name__ == "__main__":
    _main()
