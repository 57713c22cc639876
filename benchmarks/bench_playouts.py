"""Whole-hand playouts (issue #5): the hand kernel beside Python drivers of the same bots,
in the same run (benchmarks/README.md).

kernels "playouts.random" / "playouts.greedy" / "playouts.memory" (every seat plays that
bot; standard rules, level 2, seat 0 banks, eager bidding):
  impl "core"       shengji._core.drivers.hands.play_hands: shuffle, bid, bury, play, score, in C
  impl "python"     shengji.game.HandState driven from Python, one bot_action + apply per
                    bot decision (the bury's 8 cards in one call; the rules in C, the loop
                    in Python), on PY_ITEMS hands per call
  impl "reference"  the same hands with every rules decision (follow legality, throw check,
                    trick winner, kitty multiplier, level change) recomputed by the plain
                    Python oracle shengji.reference, on REF_ITEMS hands per call
  impl "greedy"     (playouts.memory only) the same hands with greedy in every seat: the
                    memory bot's cost over greedy's as a ratio, since a search bot's rollout
                    policy must stay about as fast
Targets (end to end through ``shengji run`` with Parquet, one worker): >= 20,000 hands/s
random, >= 10,000 greedy; the core rows here are the kernel alone.
"""

from __future__ import annotations

import numpy as np
import pytest

import shengji.reference as ref
from shengji._core.base.rng import chunk_state
from shengji._core.drivers import hands as core
from shengji._core.drivers.jobs import HandsJob
from shengji.cards import kind_points
from shengji.game import HandState
from shengji.game.botspec import parse_bot
from shengji.names import BOT_NAMES
from shengji.rules import pack
from shengji.rules.options import Rules

BATCHES = [1_000, 4_000]  # greedy at ~11k hands/s keeps one call under 0.5 s
PY_ITEMS = 20
REF_ITEMS = 4
RULES = Rules.preset("standard")
# The search bots play ~6 (pimc) and ~60 (swift) hands/s: a 4,000-hand batch would take
# minutes a round.  They are timed by bench_pimc.py (rollouts/s beside greedy playouts) and
# bench_swift.py (hands/s beside memory and pimc), not here.
SEARCH_BOTS = {name for name in BOT_NAMES if parse_bot("bot", name).searches}
BOTS = {name: i for i, name in enumerate(BOT_NAMES) if name not in SEARCH_BOTS}


def core_playouts(n, bot, state, deck, out):
    core.play_hands(
        HandsJob(
            state=state,
            deck=deck,
            n=n,
            rules=pack.rules(RULES),
            level=0,
            banker=0,
            banker_bot=bot,
            defender_bot=bot,
            bid_policy=0,
            bid_threshold=0,
            out=out,
        )
    )


def python_playouts(n, bot, seed):
    for i in range(n):
        s = HandState(RULES, "2", banker=0, seed=(seed, i))
        while not s.is_over():
            s.apply(s.bot_action(bot))


def reference_playouts(n, bot, seed):
    """The bots' choices, adjudicated by shengji.reference."""
    for i in range(n):
        s = HandState(RULES, "2", banker=0, seed=(seed, i))
        trump = (s.level, None if s.trump == "NT" else s.trump)
        s.apply(s.bot_action(bot))
        team = [0, 0]
        while not s.is_over():
            seat, hands = s.to_play, s.hands
            play = s.bot_action(bot)
            trick = s.current_trick
            if trick is not None:
                assert ref.is_legal_follow(hands[seat], list(trick.lead), play, trump, RULES)
            elif ref.classify(play, trump, RULES).kind == "throw":
                ref.check_throw(play, [hands[(seat + k) % 4] for k in (1, 2, 3)], trump, RULES)
            if s.apply(play).trick_complete:
                t = s.tricks[-1].plays
                w = ref.trick_winner([list(p) for _, p in t], trump, RULES)
                team[t[w][0] % 2] += sum(kind_points(c // 2) for _, p in t for c in p)
                last = t[w]
        ref.kitty_multiplier(last[1], trump, RULES)
        ref.level_change(team[1], RULES)


@pytest.mark.parametrize("bot", sorted(BOTS))
@pytest.mark.parametrize("batch", BATCHES)
def test_playouts_core(benchmark, batch, bot):
    state, deck = chunk_state(1, 0), np.arange(108, dtype=np.uint8)
    out = np.zeros((len(core.HAND_COLUMNS), batch), np.int32)
    benchmark.extra_info.update(kernel=f"playouts.{bot}", impl="core", items=batch)
    benchmark(core_playouts, batch, BOTS[bot], state, deck, out)


@pytest.mark.parametrize("bot", sorted(BOTS))
@pytest.mark.parametrize("batch", [1_000])
def test_playouts_python(benchmark, batch, bot):
    benchmark.extra_info.update(kernel=f"playouts.{bot}", impl="python", items=PY_ITEMS)
    benchmark(python_playouts, PY_ITEMS, bot, 1)


@pytest.mark.parametrize("bot", sorted(BOTS))
@pytest.mark.parametrize("batch", [1_000])
def test_playouts_reference(benchmark, batch, bot):
    benchmark.extra_info.update(kernel=f"playouts.{bot}", impl="reference", items=REF_ITEMS)
    benchmark(reference_playouts, REF_ITEMS, bot, 1)


@pytest.mark.parametrize("batch", BATCHES)
def test_playouts_memory_vs_greedy(benchmark, batch):
    """The baseline of playouts.memory's "greedy" ratio: the same hands played by greedy."""
    state, deck = chunk_state(1, 0), np.arange(108, dtype=np.uint8)
    out = np.zeros((len(core.HAND_COLUMNS), batch), np.int32)
    benchmark.extra_info.update(kernel="playouts.memory", impl="greedy", items=batch)
    benchmark(core_playouts, batch, BOTS["greedy"], state, deck, out)
