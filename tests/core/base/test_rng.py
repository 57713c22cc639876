"""The one seeding rule (docs/architecture.md, "The seeding rule") and the RNG door.

``HandState(seed=S)`` is hand 0 of a scoring run with seed S and the first hand of match 0
of a match run with seed S: same deal, same bidding, same bots' draws, same result.  Every
kernel takes its stream through rng_load, which refuses anything but a writable 4-word
uint64 state that is not all zero."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from shengji._core.base.rng import chunk_state
from shengji._core.bidding.entry import bid_chunk, draw_bounded, shuffle_deck
from shengji._core.deal.deal import deal_chunk
from shengji._core.drivers.hands import HAND_COLUMNS, play_hands
from shengji._core.drivers.jobs import HandsJob
from shengji.game import HandState, play_hand
from shengji.rules import pack
from shengji.rules.options import Rules
from shengji.runner import run_study
from shengji.studies.base import make_config

NCOL = len(HAND_COLUMNS)

RESULT_KEYS = (
    "banker",
    "trump",
    "level",
    "table_points",
    "kitty_points",
    "last_winner_side",
    "last_winner_shape",
    "kitty_multiplier",
    "penalty",
    "defender_points",
    "level_side",
    "levels",
    "next_banker",
    "failed_throws",
)

STD = pack.rules(Rules())  # the standard rules as the kernels take them


def _rows(tmp_path, table, **data):
    kind, cfg = make_config(dict(data), source="test")
    out = tmp_path / "out"
    run_study(kind, cfg, out, workers=1)
    return pd.read_parquet(out / table)


def _same(row, result):
    for key in RESULT_KEYS:
        got = row[key]
        got = str(got) if isinstance(result[key], str) else int(got)
        assert got == result[key], key


@pytest.mark.parametrize(
    "seed, preset, level, policy, first_hand",
    [
        (1, "standard", "2", "greedy", False),
        (1, "standard", "2", "random", False),
        (7, "club-84022", "5", "random", True),
        (12, "league-2019", "J", "greedy", True),
    ],
)
def test_handstate_is_hand_0_of_a_scoring_run(tmp_path, seed, preset, level, policy, first_hand):
    rows = _rows(
        tmp_path,
        "hands",
        study="scoring",
        n=3,
        seed=seed,
        preset=preset,
        level=level,
        policy=policy,
        first_hand=first_hand,
    )
    row = rows[rows.hand == 0].iloc[0]
    s = play_hand(
        preset, level, policies=(policy,) * 4, banker=None if first_hand else 0, seed=seed
    )
    _same(row, s.result())
    # and not by accident: hand 1 of the run is another hand
    other = rows[rows.hand == 1].iloc[0]
    assert any(
        other[k] != row[k]
        for k in ("defender_points", "table_points", "kitty_points", "trump", "banker")
    )


def test_handstate_is_the_first_hand_of_match_0(tmp_path):
    rows = _rows(tmp_path, "hands", study="match", n=1, seed=3, preset="standard", policy="greedy")
    row = rows[(rows.match == 0) & (rows.hand == 0)].iloc[0]
    start = Rules.preset("standard").start_level  # rank text
    s = play_hand("standard", start, policies=("greedy",) * 4, banker=None, seed=3)
    _same(row, s.result())


def test_handstate_draws_from_chunk_0():
    """The stream HandState(seed=S) uses is chunk_state(S, 0): its deal is the first deal
    play_hands makes from that state (and another seed deals another hand)."""
    state, deck = chunk_state(5, 0), np.arange(108, dtype=np.uint8)
    out = np.zeros((NCOL, 1), np.int32)
    play_hands(
        HandsJob(
            state=state,
            deck=deck,
            n=1,
            rules=STD,
            level=0,
            banker=0,
            banker_bot=1,
            defender_bot=1,
            bid_policy=0,
            bid_threshold=0,
            out=out,
        )
    )
    assert HandState(None, "2", banker=0, seed=5).deal == deck.tolist()
    assert HandState(None, "2", banker=0, seed=6).deal != deck.tolist()


@pytest.mark.parametrize(
    "bad, why",
    [
        (np.ones(3, np.uint64), "4 words"),
        (np.ones(4, np.int64), "uint64"),
        ([1, 2, 3, 4], "numpy"),
        (None, "numpy"),
        (np.zeros(4, np.uint64), "all-zero"),
    ],
)
def test_rng_door_refuses_bad_states(bad, why):
    deck = np.arange(108, dtype=np.uint8)
    calls = [
        lambda: deal_chunk(bad, 1, 0, kitty_points=np.zeros(1, np.uint8)),
        lambda: bid_chunk(bad, deck, 1, 0, STD),
        lambda: shuffle_deck(bad, deck),
        lambda: draw_bounded(bad, 8),
        lambda: play_hands(
            HandsJob(
                state=bad,
                deck=deck,
                n=1,
                rules=STD,
                level=0,
                banker=0,
                banker_bot=0,
                defender_bot=0,
                bid_policy=0,
                bid_threshold=0,
                out=np.zeros((NCOL, 1), np.int32),
            )
        ),
    ]
    for call in calls:
        with pytest.raises(ValueError, match="state"):
            call()


def test_rng_door_refuses_a_read_only_state():
    state = chunk_state(1, 0)
    state.flags.writeable = False
    with pytest.raises(ValueError, match="writable"):
        shuffle_deck(state, np.arange(108, dtype=np.uint8))


def test_kernels_advance_the_state_exactly_once():
    """A kernel stores the stream back where it stopped: two calls of n hands = one of 2n."""
    a, da = chunk_state(2, 0), np.arange(108, dtype=np.uint8)
    b, db = chunk_state(2, 0), np.arange(108, dtype=np.uint8)
    oa, ob = np.zeros((NCOL, 40), np.int32), np.zeros((NCOL, 40), np.int32)
    play_hands(
        HandsJob(
            state=a,
            deck=da,
            n=40,
            rules=STD,
            level=0,
            banker=0,
            banker_bot=0,
            defender_bot=1,
            bid_policy=0,
            bid_threshold=0,
            out=oa,
        )
    )
    play_hands(
        HandsJob(
            state=b,
            deck=db,
            n=25,
            rules=STD,
            level=0,
            banker=0,
            banker_bot=0,
            defender_bot=1,
            bid_policy=0,
            bid_threshold=0,
            out=ob,
        )
    )
    rest = np.zeros((NCOL, 15), np.int32)
    play_hands(
        HandsJob(
            state=b,
            deck=db,
            n=15,
            rules=STD,
            level=0,
            banker=0,
            banker_bot=0,
            defender_bot=1,
            bid_policy=0,
            bid_threshold=0,
            out=rest,
        )
    )
    ob[:, 25:] = rest
    assert np.array_equal(oa, ob) and np.array_equal(a, b) and np.array_equal(da, db)
