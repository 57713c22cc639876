"""The speed table the estimates read (issue 52): measure what a hand with each bot and
preset costs, and an item of the studies the almanac runs, and write them to
``src/shengji/studies/costs.json`` (``shengji.studies.costs`` reads it: the ladder's weights,
the runner's time left, the almanac's plan and estimate).

    python benchmarks/measure_costs.py            # measure (a minute or two) and write it
    python benchmarks/measure_costs.py --check    # measure and compare with the table

What is measured (CPU-seconds: ``time.process_time``, the per-core figure on a shared
machine; each the median of ``ROUNDS`` rounds):

* ``hand``: a hand with the bot in all four seats (``every_seat.py``: the drivers' kernel,
  standard rules, level 2, eager bidding), for every bot and every preset of the bot table
  (a new one joins by itself), the same deals in every round; and ``python``: a Python agent
  (``lowest``, the cheapest there is) through the evaluate study against random, its
  deal's cost less random's hand;
* ``item``: an item of the deals, bid_odds and match studies (``shengji.studies.costs.ITEMS``),
  run in this process into a scratch directory: the slope between a small and a large run,
  which leaves out what a run costs whatever its size.

``--check`` fails (exit 1) when a figure is off the table by more than ``FACTOR``
(the test ``tests/studies/test_costs.py`` runs it at a smaller ``--scale``).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

from every_seat import every_seat
from shengji.game.botspec import BOT_PRESETS
from shengji.names import BOT_NAMES
from shengji.runner import run_study
from shengji.studies import costs
from shengji.studies.base import make_config

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "shengji" / "studies" / costs.FILE
ROUNDS = 3
FACTOR = 3.0  # --check: a figure within this factor of the table's, either way
SEED = 23
# hands a round at scale 1: each round some 0.5-3 CPU-seconds on a 2020s core
HANDS = {
    "random": 16_000,
    "greedy": 16_000,
    "memory": 16_000,
    "pimc": 16,
    "swift": 64,
    "net": 4_000,
    "pimc_infer": 8,
    "pimc_net": 8,
}
PYTHON_DEALS = (8, 80)  # the evaluate study's deals, small and large run
# each study: its table, and the items of the small and the large run at scale 1
STUDIES = {
    "deals": ({"study": "deals", "aggregate": True}, 20_000, 1_000_000),
    "bid_odds": (
        {"study": "bid_odds", "policy": "players", "bot": "net", "first_hand": True},
        2_000,
        80_000,
    ),
    "match": ({"study": "match", "policy": "net"}, 8, 160),
}
COMMON = {"seed": SEED, "level": "2", "preset": "standard"}


def lowest(observation, rng):
    """A Python agent: the lowest legal action."""
    return min(observation.legal_actions)


def _median(run, rounds: int) -> float:
    return statistics.median(run() for _ in range(rounds))


def _sized(n: int, scale: float) -> int:
    return max(1, round(n * scale))


def hand_seconds(bot: str, n: int, rounds: int = ROUNDS) -> float:
    """CPU-seconds a hand with ``bot`` in all four seats: the median of ``rounds`` calls of
    ``n`` hands (the same deals each)."""

    def once() -> float:
        t = time.process_time()
        every_seat(bot, n, seed=SEED)
        return (time.process_time() - t) / n

    every_seat(bot, 1, seed=SEED)  # a network's weights, a bot's tables: loaded before
    return _median(once, rounds)


def study_seconds(data: dict, small: int, large: int, rounds: int = ROUNDS) -> float:
    """CPU-seconds an item of the study ``data`` adds: the median over ``rounds`` of the
    slope between a run of ``small`` and one of ``large`` items (one worker, this process)."""

    def run(n: int, where: Path) -> float:
        kind, cfg = make_config({**COMMON, **data, "n": n}, source="measure_costs")
        t = time.process_time()
        run_study(kind, cfg, where, workers=1, quiet=True)
        return time.process_time() - t

    with tempfile.TemporaryDirectory(prefix="shengji-costs-") as tmp:
        runs = iter(range(1 << 30))
        run(small, Path(tmp) / "warm")

        def once() -> float:
            a = run(small, Path(tmp) / str(next(runs)))
            b = run(large, Path(tmp) / str(next(runs)))
            return max(b - a, 0.0) / (large - small)

        return _median(once, rounds)


def measure(scale: float = 1.0, rounds: int = ROUNDS) -> dict:
    """The table's ``hand`` and ``item`` at ``scale`` x the sizes above."""
    hand = {
        name: hand_seconds(name, _sized(HANDS[name], scale), rounds)
        for name in (*BOT_NAMES, *BOT_PRESETS)
    }
    small, large = (_sized(n, scale) for n in PYTHON_DEALS)
    agent = {"study": "evaluate", "agent": f"{Path(__file__).resolve()}:lowest"}
    deal = study_seconds({**agent, "against": "random"}, small, max(large, small + 1), rounds)
    hand[costs.PYTHON] = max(deal - hand["random"], hand["random"])
    item = {
        kind: study_seconds(data, _sized(a, scale), _sized(b, scale), rounds)
        for kind, (data, a, b) in STUDIES.items()
    }
    return {"hand": hand, "item": item}


def _round(x: float) -> float:
    return float(f"{x:.3g}")


def machine() -> str:
    """The CPU's model (Linux: /proc/cpuinfo), the system and Python."""
    cpu = platform.processor() or platform.machine()
    info = Path("/proc/cpuinfo")
    if info.exists():
        models = [x for x in info.read_text().splitlines() if x.startswith("model name")]
        cpu = models[0].partition(":")[2].strip() if models else cpu
    return f"{cpu}, {platform.system()}, Python {platform.python_version()}"


def write(figures: dict, path: Path = OUT) -> None:
    table = {
        "about": "CPU-seconds: 'hand' a hand with the bot in all four seats, 'item' an item of "
        "the study (shengji.studies.costs); written by python benchmarks/measure_costs.py",
        "machine": machine(),
        "hand": {k: _round(v) for k, v in figures["hand"].items()},
        "item": {k: _round(v) for k, v in figures["item"].items()},
    }
    path.write_text(json.dumps(table, indent=2) + "\n", encoding="utf-8")


def off(figures: dict, table: dict, factor: float = FACTOR) -> list[str]:
    """The figures more than ``factor`` off the table's (either way), one line each; a
    name the table lacks, or has and was not measured, too."""
    lines = []
    for part in ("hand", "item"):
        if set(figures[part]) != set(table[part]):
            lines.append(
                f"{part}: measured {sorted(figures[part])}, the table {sorted(table[part])}"
            )
            continue
        for name, got in figures[part].items():
            want = table[part][name]
            if not (want / factor <= got <= want * factor):
                lines.append(f"{part} {name}: measured {got:.3g} s, the table {want:.3g} s")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the table, write nothing")
    ap.add_argument("--scale", type=float, default=1.0, help="the sizes' factor (default 1)")
    args = ap.parse_args(argv)
    figures = measure(args.scale)
    for part in ("hand", "item"):
        for name, s in figures[part].items():
            print(f"{part:4s} {name:10s} {s:10.3g} CPU-seconds ({1 / s:12,.1f} a CPU-second)")
    if args.check:
        lines = off(figures, costs.table())
        print("\n".join(lines) or f"within {FACTOR:g}x of the table")
        return 1 if lines else 0
    write(figures)
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
