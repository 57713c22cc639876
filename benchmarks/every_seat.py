"""Whole hands with one bot in all four seats, the kernel that bench_net.py, bench_swift.py
and bench_pimc.py time (``shengji._core.drivers.hands.play_hands``: shuffle, bid, bury,
play and score in C; standard rules, level 2, seat 0 banks, eager bidding), and their
``python benchmarks/bench_<name>.py`` report of hands per CPU-second.

Not a benchmark file itself (the suite collects ``bench_*.py``): a helper they import.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

import numpy as np

from shengji._core.base.rng import chunk_state
from shengji._core.drivers import hands as core
from shengji._core.drivers.jobs import HandsJob
from shengji.game.botspec import parse_bot
from shengji.rules import pack
from shengji.rules.options import Rules

RULES = Rules.preset("standard")
CORE_RULES = pack.rules(RULES)


def every_seat(bot, n: int, seed: int = 23) -> np.ndarray:
    """n hands with ``bot`` (a name, a label, a table or a ``BotSpec``) in every seat; the
    same deals for every bot and call with the same seed.  The hands' rows
    (``HAND_COLUMNS`` by n)."""
    spec = pack.bot(parse_bot("bot", bot))
    out = np.zeros((len(core.HAND_COLUMNS), n), np.int32)
    deck = np.arange(108, dtype=np.uint8)
    core.play_hands(
        HandsJob(
            state=chunk_state(seed, 0),
            deck=deck,
            n=n,
            rules=CORE_RULES,
            level=0,
            banker=0,
            banker_bot=spec,
            defender_bot=spec,
            bid_policy=0,
            bid_threshold=0,
            out=out,
        )
    )
    return out


def report(rows: Iterable[tuple[str, object, int]]) -> None:
    """Print each ``(name, bot, n)``'s hands per CPU-second in every seat (time.process_time,
    the per-core figure on a shared machine): the best of 3 calls of n hands, seeds 100..102,
    the bots one after another in the same run."""
    for name, bot, n in rows:
        best = 0.0
        for rep in range(3):
            c = time.process_time()
            every_seat(bot, n, seed=100 + rep)
            best = max(best, n / (time.process_time() - c))
        print(f"{name:9s} in every seat: {best:9.2f} hands per CPU-second ({n} hands a call)")
