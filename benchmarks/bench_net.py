"""The net bot's speed (issues 34, 40): whole hands per second with net in all four seats beside
memory, swift and pimc in all four seats, in the same run (benchmarks/README.md).

kernel "playouts.net" (standard rules, level 2, seat 0 banks, eager bidding;
shengji._core.drivers.hands.play_hands: shuffle, bid, bury, play, score, in C):
  impl "core"     net (the shipped weights, the best build of its kernels this processor
                  runs) in every seat, HANDS["core"] hands per call
  impl "memory"   memory in every seat: the heuristic whose candidates net scores
  impl "swift"    swift (default parameters) in every seat
  impl "pimc"     pimc (default parameters) in every seat
kernel "playouts.net.avx2": the same with net's kernels forced to their AVX2 build (the
  plainest host we run on has AVX2 and no AVX-512; on a processor without AVX2, SSE2's), so
  that the target holds there whatever host runs the guard
  impl "core"     net in every seat, AVX2 kernels
  impl "memory"   memory in every seat
kernel "pimc.rollout_net": pimc's search over the network (``rollout = "net"``, 4 samples)
  impl "core"     pimc(rollout=net, samples=4) in every seat
  impl "memory"   pimc(samples=4), memory's rollouts, in every seat

``python benchmarks/bench_net.py`` prints the hands per CPU-second of each (time.process_time,
the per-core figure on a shared machine) with the processor's vector flags; the floors
(floors.toml) guard the ratios.  Issue 40's targets: net >= 5,000 hands per CPU-second on an
AVX2 machine and >= 0.25 x memory's speed in the same run.
"""

from __future__ import annotations

import platform
import statistics
import time
from pathlib import Path

import pytest

from every_seat import every_seat, report
from shengji._core.bots import net

# hands per timed call: about 0.3 s each on the development machine
HANDS = {"core": 1_600, "memory": 6_000, "swift": 24, "pimc": 3}
BOTS = {"core": "net", "memory": "memory", "swift": "swift", "pimc": "pimc"}
# the search over the network and its baseline, in every seat
SEARCH = {"core": "pimc(rollout=net, samples=4)", "memory": "pimc(samples=4)"}
SEARCH_HANDS = {"core": 4, "memory": 8}


def plain_build() -> str:
    """The build of net's kernels on the plainest host we run on: AVX2 (or the best below
    it that this processor runs)."""
    builds = net.supported_isas()
    return "avx2" if "avx2" in builds else builds[-1]


@pytest.mark.parametrize("batch", [HANDS["core"]])
@pytest.mark.parametrize("impl", ["core", "memory", "swift", "pimc"])
def test_playouts_net(benchmark, batch, impl):
    benchmark.extra_info.update(kernel="playouts.net", impl=impl, items=HANDS[impl], isa=net.isa())
    benchmark(every_seat, BOTS[impl], HANDS[impl])


@pytest.mark.parametrize("batch", [HANDS["core"]])
@pytest.mark.parametrize("impl", ["core", "memory"])
def test_playouts_net_plain(benchmark, batch, impl):
    before = net.use_isa(plain_build() if impl == "core" else None)
    try:
        benchmark.extra_info.update(
            kernel="playouts.net.avx2", impl=impl, items=HANDS[impl], isa=net.isa()
        )
        benchmark(every_seat, BOTS[impl], HANDS[impl])
    finally:
        net.use_isa(before)


@pytest.mark.parametrize("batch", [SEARCH_HANDS["core"]])
@pytest.mark.parametrize("impl", ["core", "memory"])
def test_pimc_rollout_net(benchmark, batch, impl):
    benchmark.extra_info.update(kernel="pimc.rollout_net", impl=impl, items=SEARCH_HANDS[impl])
    benchmark(every_seat, SEARCH[impl], SEARCH_HANDS[impl])


def vector_flags() -> str:
    """The processor's model and its x86 vector flags (avx2, avx512f ...), for the report."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return platform.processor() or platform.machine()
    model = next(
        (ln.split(":", 1)[1].strip() for ln in text.splitlines() if ln.startswith("model name")),
        platform.machine(),
    )
    flags = next(
        (ln.split(":", 1)[1].split() for ln in text.splitlines() if ln.startswith("flags")), []
    )
    vec = [f for f in ("sse2", "avx2", "avx512f", "avx512bw", "avx512_vnni") if f in flags]
    return f"{model}; {' '.join(vec)}"


def _paired(isa: str, rounds: int = 5) -> tuple[float, float, float]:
    """net with the kernels' build ``isa`` and memory, alternately, ``rounds`` times on the
    same seeds: the medians of net's and memory's hands per CPU-second and of their ratio
    (this machine's speed drifts within a minute; the ratio of neighbouring calls holds)."""
    nets, mems, ratios = [], [], []
    before = net.isa()
    try:
        for r in range(rounds):
            net.use_isa(isa)
            c = time.process_time()
            every_seat("net", HANDS["core"], seed=100 + r)
            a = HANDS["core"] / (time.process_time() - c)
            net.use_isa(before)
            c = time.process_time()
            every_seat("memory", HANDS["memory"], seed=100 + r)
            b = HANDS["memory"] / (time.process_time() - c)
            nets.append(a)
            mems.append(b)
            ratios.append(a / b)
    finally:
        net.use_isa(before)
    return statistics.median(nets), statistics.median(mems), statistics.median(ratios)


def _main() -> None:
    """net under every build of its kernels this processor runs, each alternating with
    memory (medians of 5 rounds, hands per CPU-second), then swift, pimc and the search
    over the network beside pimc's (the best of 3 calls)."""
    print(f"processor: {vector_flags()}; net's kernels by default: {net.isa()}")
    for isa in net.supported_isas():
        a, b, ratio = _paired(isa)
        print(
            f"net[{isa}] in every seat: {a:9.2f} hands per CPU-second beside memory's "
            f"{b:9.2f}: {ratio:.3f} x memory (medians of 5 alternating calls)"
        )
    report((BOTS[impl], BOTS[impl], HANDS[impl] * 4) for impl in ("swift", "pimc"))
    report((SEARCH[impl], SEARCH[impl], SEARCH_HANDS[impl] * 2) for impl in ("core", "memory"))


if __name__ == "__main__":
    _main()
