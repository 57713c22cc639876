"""The swift bot's speed (issue #23 part 4): whole hands per second with swift in all four
seats beside memory and pimc in all four seats, in the same run (benchmarks/README.md).

kernel "playouts.swift" (standard rules, level 2, seat 0 banks, eager bidding;
shengji._core.drivers.hands.play_hands: shuffle, bid, bury, play, score, in C):
  impl "core"     swift (default parameters) in every seat, SWIFT_HANDS hands per call
  impl "pimc"     pimc (default parameters) in every seat, PIMC_HANDS hands per call
  impl "memory"   memory in every seat, MEMORY_HANDS hands per call: swift's rollout policy
                  and the plain playout speed
The issue's target is >= 50 hands per CPU-second for swift, within 3 points a deal of pimc:
``python benchmarks/bench_swift.py`` prints the three bots' hands per CPU-second
(time.process_time, the per-core figure on a shared machine); the floors (floors.toml)
guard the ratios.
"""

from __future__ import annotations

import pytest

from every_seat import every_seat, report

# hands per timed call: about 0.3 s each on this machine
HANDS = {"core": 24, "pimc": 3, "memory": 3_000}
BOTS = {"core": "swift", "pimc": "pimc", "memory": "memory"}


@pytest.mark.parametrize("batch", [HANDS["core"]])
@pytest.mark.parametrize("impl", ["core", "pimc", "memory"])
def test_playouts_swift(benchmark, batch, impl):
    benchmark.extra_info.update(kernel="playouts.swift", impl=impl, items=HANDS[impl])
    benchmark(every_seat, BOTS[impl], HANDS[impl])


def _main() -> None:
    """Hands per CPU-second of each bot in every seat (the best of 3 calls)."""
    report((BOTS[impl], BOTS[impl], HANDS[impl] * 4) for impl in ("core", "pimc", "memory"))


if __name__ == "__main__":
    _main()
