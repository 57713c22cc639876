"""The net bot's speed (issue 34): whole hands per second with net in all four seats beside
memory, swift and pimc in all four seats, in the same run (benchmarks/README.md).

kernel "playouts.net" (standard rules, level 2, seat 0 banks, eager bidding;
shengji._core.drivers.hands.play_hands: shuffle, bid, bury, play, score, in C):
  impl "core"     net (the shipped weights) in every seat, HANDS["core"] hands per call
  impl "memory"   memory in every seat: the heuristic whose candidates net scores
  impl "swift"    swift (default parameters) in every seat
  impl "pimc"     pimc (default parameters) in every seat
The issue's target is >= 1,000 hands per CPU-second for net, within 3 points a deal of pimc
with inference: ``python benchmarks/bench_net.py`` prints the four bots' hands per
CPU-second (time.process_time, the per-core figure on a shared machine); the floors
(floors.toml) guard the ratios to pimc's and swift's speed.
"""

from __future__ import annotations

import pytest

from every_seat import every_seat, report

# hands per timed call: about 0.3 s each on this machine
HANDS = {"core": 400, "memory": 4_000, "swift": 24, "pimc": 3}
BOTS = {"core": "net", "memory": "memory", "swift": "swift", "pimc": "pimc"}


@pytest.mark.parametrize("batch", [HANDS["core"]])
@pytest.mark.parametrize("impl", ["core", "memory", "swift", "pimc"])
def test_playouts_net(benchmark, batch, impl):
    benchmark.extra_info.update(kernel="playouts.net", impl=impl, items=HANDS[impl])
    benchmark(every_seat, BOTS[impl], HANDS[impl])


def _main() -> None:
    """Hands per CPU-second of each bot in every seat (the best of 3 calls)."""
    impls = ("core", "memory", "swift", "pimc")
    report((BOTS[impl], BOTS[impl], HANDS[impl] * 4) for impl in impls)


if __name__ == "__main__":
    _main()
