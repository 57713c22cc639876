"""The swift bot (issue #23 part 4): pimc's search at the bury and the leads, memory's play
elsewhere (bots/swift.pyx).  Its decisions are pimc's (same samples, same bytes) where it
searches and memory's where it does not; legal under every preset; a pure function of
(view, seed); its parameters validated by botspec and by the core; in every study."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from shengji._core.base.rng import chunk_state, seat_key
from shengji._core.bots.table import bot_row
from shengji._core.drivers import hands as core
from shengji._core.drivers.duel import play_duel
from shengji._core.drivers.jobs import DuelJob, HandsJob
from shengji.game import HandState, play_hand
from shengji.game import botspec as bots
from shengji.game.botspec import parse_bot
from shengji.names import BOT_NAMES, N_CARDS
from shengji.rules import pack
from shengji.rules.options import PRESETS, Rules
from shengji.runner import run_study
from shengji.studies.base import make_config
from shengji.studies.duel import mean_interval
from tests.support.duels import assert_bad_bot_parameter, duel_columns

SWIFT = bot_row("swift")
SMALL = {"bot": "swift", "bury_samples": 2, "lead_samples": 2, "candidates": 4}


def _hands(bot, n, seed=3):
    """n hands (play_hands: the same bot in every seat) -> the output table."""
    out = np.zeros((len(core.HAND_COLUMNS), n), np.int32)
    spec = pack.bot(parse_bot("b", bot))
    core.play_hands(
        HandsJob(
            state=chunk_state(seed, 0),
            deck=np.arange(N_CARDS, dtype=np.uint8),
            n=n,
            rules=pack.rules(Rules.preset("standard")),
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


def test_the_defaults_and_limits_are_the_tables():
    spec = parse_bot("b", "swift")
    assert (
        dict(spec.params)
        == SWIFT.defaults()
        == {
            "bury_samples": 16,
            "lead_samples": 16,
            "follow_samples": 16,
            "candidates": 8,
            "hand_limit": 10,
        }
    )
    assert spec.searches and spec.label == "swift"
    assert "swift" in BOT_NAMES and "swift" not in bots.ROLLOUT_BOTS


def test_searching_everywhere_is_pimc_bit_for_bit():
    """With pimc's samples at every decision (its bury on twice as many deals, as pimc's)
    swift is pimc: the same hands, byte for byte."""
    everywhere = {
        "bot": "swift",
        "bury_samples": 3,
        "lead_samples": 3,
        "follow_samples": 3,
        "hand_limit": 64,
    }
    a = _hands({**everywhere, "candidates": 5}, 3)
    b = _hands({"bot": "pimc", "samples": 3, "candidates": 5}, 3)
    assert np.array_equal(a, b)
    # and the parameters matter: fewer follow samples is another player
    c = _hands({**everywhere, "candidates": 5, "follow_samples": 0}, 3)
    assert not np.array_equal(a, c)


def test_the_defaults_are_pimc_in_the_last_cards_and_memory_before():
    """Default swift, decision by decision along a hand: the bury and every play with at
    most hand_limit (10) cards in hand are pimc's (default parameters, the same stream),
    every earlier play is memory's."""
    limit = SWIFT.defaults()["hand_limit"]
    assert limit < 25  # the standard hand holds 25 cards after the bury
    searched = early = 0
    for seed in (4, 5):
        s = HandState("standard", "2", banker=seed % 4, seed=seed)
        while not s.is_over():
            held = len(s.hands[s.to_play])
            a = s.clone().bot_action("swift")
            if s.phase == "bury" or held <= limit:
                assert a == s.clone().bot_action("pimc")
                searched += 1
            else:
                assert a == s.clone().bot_action("memory")
                early += 1
            s.apply(s.bot_action("swift"))
    assert searched > 20 and early > 40


def test_searching_nowhere_is_memory_bit_for_bit():
    a = _hands({"bot": "swift", "bury_samples": 0, "lead_samples": 0, "follow_samples": 0}, 20)
    assert np.array_equal(a, _hands("memory", 20))
    b = _hands({"bot": "swift", "bury_samples": 0, "hand_limit": 0}, 20)
    assert np.array_equal(b, a)
    assert not np.array_equal(_hands(SMALL, 4), _hands("memory", 4))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_swift_plays_legal_hands(preset):
    """HandState checks every play: swift (default parameters, through HandCore) beside the
    other bots."""
    s = play_hand(preset, "2", policies=("swift", "memory", "swift", "greedy"), banker=0, seed=7)
    r = s.result()
    assert (
        r["defender_points"]
        == r["table_points"] + r["kitty_points"] * r["kitty_multiplier"] + r["penalty"]
    )


def test_a_decision_is_a_function_of_view_and_stream():
    s = HandState("standard", "2", banker=1, seed=12)
    while not s.is_over():
        twin = s.clone()
        a = s.bot_action("swift")
        assert twin.bot_action("swift") == a
        s.apply(a)


def test_duel_same_bytes_for_any_number_of_workers(tmp_path):
    outs = []
    for workers in (1, 2):
        kind, cfg = make_config(
            dict(study="duel", n=6, seed=9, team_a=SMALL, team_b="pimc", chunk_size=2),
            source="test",
        )
        run_study(kind, cfg, tmp_path / str(workers), workers=workers, quiet=True)
        outs.append(
            pd.read_parquet(tmp_path / str(workers) / "duel")
            .sort_values(["deal", "orientation"])
            .reset_index(drop=True)
        )
    pd.testing.assert_frame_equal(outs[0], outs[1])
    assert set(outs[0].banker_bot) == {
        "swift(bury_samples=2, candidates=4, lead_samples=2)",
        "pimc",
    }


@pytest.mark.parametrize(
    "study,keys",
    [
        ("scoring", ("policy", "defender_policy")),
        ("match", ("policy", "opponent_policy")),
        ("duel", ("team_a", "team_b")),
    ],
)
def test_every_study_takes_swift_and_cuts_small_chunks(study, keys):
    kind, cfg = make_config(
        {"study": study, "n": 1, "seed": 1, keys[0]: "swift", keys[1]: "memory"}
    )
    kind.tables(cfg)
    assert cfg.options[keys[0]] == parse_bot("x", "swift")
    assert cfg.metadata()["options"][keys[0]] == {"bot": "swift", **SWIFT.defaults()}
    assert kind.chunk_size_for(cfg.options) <= bots.SEARCH_CHUNK_HANDS


def test_a_scoring_study_with_swift_in_every_seat(tmp_path):
    kind, cfg = make_config(dict(study="scoring", n=3, seed=2, policy=SMALL), source="test")
    run_study(kind, cfg, tmp_path / "s", workers=1, quiet=True)
    df = pd.read_parquet(tmp_path / "s" / "hands")
    assert len(df) == 3 and df.defender_points.between(0, 400).all()


@pytest.mark.parametrize(
    "value,needle",
    [
        ({"bot": "swift", "lead_samples": -1}, r"p.lead_samples: expected an integer 0..256"),
        ({"bot": "swift", "bury_samples": 257}, r"p.bury_samples: expected an integer 0..256"),
        ({"bot": "swift", "follow_samples": 1.5}, r"p.follow_samples: expected an integer"),
        ({"bot": "swift", "candidates": 0}, r"p.candidates: expected an integer 1..64"),
        ({"bot": "swift", "hand_limit": 65}, r"p.hand_limit: expected an integer 0..64"),
        ({"bot": "swift", "samples": 4}, r"bot 'swift' has no parameter 'samples'"),
        ({"bot": "pimc", "lead_samples": 4}, r"bot 'pimc' has no parameter 'lead_samples'"),
    ],
)
def test_bad_parameters(value, needle):
    assert_bad_bot_parameter(value, needle)


def test_the_core_checks_parameters_too():
    """agent_init validates what reaches it without shengji.game.botspec."""

    spec = (BOT_NAMES.index("swift"), (("lead_samples", 300),))  # (id, parameters) by hand

    with pytest.raises(ValueError, match="lead_samples: expected an integer 0..256"):
        duel_columns(spec, BOT_NAMES.index("memory"), 1, 1)


def test_the_pimc_probe_refuses_swift():
    """step.probes.pimc_decision reads pimc's parameters: a swift spec (parameters of its
    own) is refused, not searched at the wrong settings."""
    from shengji._core.step.probes import pimc_decision

    s = HandState("standard", "2", banker=0, seed=1)
    with pytest.raises(ValueError, match="pimc_decision takes pimc"):
        pimc_decision(s._core, pack.bot(parse_bot("b", "swift")), chunk_state(1, 0))


def test_swift_beats_random_clearly():
    """A test-size strength check at a fixed seed (the duel figures against memory and pimc
    are in docs/hand-engine.md "swift"): default swift against random, duplicate deals."""
    state, deck = chunk_state(21, 0), np.arange(N_CARDS, dtype=np.uint8)
    n = 12
    out = np.zeros((len(core.HAND_COLUMNS), 2 * n), np.int32)
    play_duel(
        DuelJob(
            state=state,
            key=seat_key(21, 0),
            deck=deck,
            first=0,
            n=n,
            rules=pack.rules(Rules.preset("standard")),
            level=0,
            banker=0,
            bot_a=pack.bot(parse_bot("a", "swift")),
            bot_b=BOT_NAMES.index("random"),
            bid_policy=0,
            bid_threshold=0,
            out=out,
        )
    )
    d = out[core.HAND_COLUMNS.index("defender_points")].astype(float).reshape(-1, 2)
    x = d[:, 1] - d[:, 0]
    mean, half = mean_interval(len(x), x.sum(), (x * x).sum())
    assert mean - half > 40
