"""Run one long loop in a fresh process and print its resident memory as JSON (used by
test_leaks.py; ``python leak_probe.py WHAT N``).  The baseline is taken after a warm-up of
N/10 cycles (caches, interned strings, numpy's and pyarrow's pools fill once); the end after
N more."""

from __future__ import annotations

import gc
import json
import os
import sys
import tempfile
from pathlib import Path


def rss_kib() -> int:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def hand_cycles(n: int) -> None:
    from shengji.game.state import HandState

    for i in range(n):
        s = HandState("standard", "2", banker=i % 4, seed=i, trump="S")
        while s.phase == "bury":
            s.apply(s.bot_action("greedy"))
        for _ in range(8):
            s.apply(s.bot_action("random"))
        s.observation(i % 4)
        del s


def openspiel_games(n: int) -> None:
    import numpy as np
    import pyspiel

    import shengji.adapters.openspiel  # noqa: F401

    game = pyspiel.load_game("python_shengji")
    rng = np.random.default_rng(0)
    for _ in range(n):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(int(rng.choice([a for a, _ in s.chance_outcomes()])))
            else:
                legal = s.legal_actions()
                s.apply_action(int(legal[rng.integers(len(legal))]))
        s.returns()


def pimc_decisions(n: int) -> None:
    from shengji._core.base.rng import chunk_state
    from shengji._core.step.probes import pimc_decision
    from shengji.game.botspec import parse_bot
    from shengji.game.state import HandState
    from shengji.rules import pack

    spec = pack.bot(parse_bot("bot", {"bot": "pimc", "samples": 16}))
    for i in range(n):
        s = HandState("standard", "2", banker=0, seed=i % 50, trump="H")
        while s.phase == "bury":
            s.apply(s.bot_action("greedy"))
        pimc_decision(s._core, spec, chunk_state(i, 0))


def deals_run(n: int) -> None:
    from shengji.analysis.load import run

    with tempfile.TemporaryDirectory() as d:
        run("deals", Path(d) / "out", n=n, workers=1, aggregate=True)


def many_runs(n: int) -> None:
    from shengji.analysis.load import load, run

    with tempfile.TemporaryDirectory() as d:
        for i in range(n):
            out = run("scoring", Path(d) / "out", n=8, seed=i, workers=1, overwrite=True)
            load(out)


LOOPS = {
    "hands": hand_cycles,
    "openspiel": openspiel_games,
    "pimc": pimc_decisions,
    "deals": deals_run,
    "runs": many_runs,
}


def main() -> None:
    what, n = sys.argv[1], int(sys.argv[2])
    loop = LOOPS[what]
    warm = max(n // 10, 1)
    fd_dir = Path("/proc/self/fd")
    tmp = Path(tempfile.gettempdir())
    if what == "deals":  # one run: the warm-up is a run a tenth the size
        loop(warm)
    else:
        loop(warm)
    gc.collect()
    before = {"rss": rss_kib(), "fds": len(os.listdir(fd_dir)), "tmp": len(os.listdir(tmp))}
    loop(n)
    gc.collect()
    after = {"rss": rss_kib(), "fds": len(os.listdir(fd_dir)), "tmp": len(os.listdir(tmp))}
    print(json.dumps({"what": what, "n": n, "before": before, "after": after}))


if __name__ == "__main__":
    main()
