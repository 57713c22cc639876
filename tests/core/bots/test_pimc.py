"""The pimc bot (issue #16): legal under every preset, a pure function of (view, seed),
the same bytes for any number of workers, its search as documented (bots/pimc.pyx), its
parameters validated, and clearly stronger than random at a fixed seed."""

from __future__ import annotations

import hashlib

import numpy as np
import pandas as pd
import pytest

from shengji._core.base.rng import chunk_state
from shengji._core.drivers import hands as core
from shengji._core.drivers.jobs import DuelJob
from shengji._core.step.probes import pimc_decision
from shengji.game import HandState, play_hand
from shengji.game import botspec as bots
from shengji.game.botspec import parse_bot
from shengji.names import BOT_NAMES
from shengji.rules import pack
from shengji.rules.options import PRESETS
from shengji.runner import run_study
from shengji.studies.base import make_config
from shengji.studies.duel import mean_interval
from tests.support.duels import assert_bad_bot_parameter, duel_columns, hand_decisions


def _decision(core, spec, state):
    """probes.pimc_decision with a BotSpec (packed for the core)."""
    return pimc_decision(core, pack.bot(spec), state)


FAST = {"bot": "pimc", "samples": 4, "candidates": 4}


def _duel(a, b, n, seed):
    return duel_columns(parse_bot("a", a), parse_bot("b", b), n, seed)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_pimc_plays_legal_hands(preset):
    """HandState checks every play: pimc (default parameters, through HandCore) beside
    the other bots, in both teams."""
    mix = (
        ("pimc", "memory", "pimc", "greedy")
        if sorted(PRESETS).index(preset) % 2
        else ("random", "pimc") * 2
    )
    s = play_hand(preset, "2", policies=mix, banker=1, seed=3)
    r = s.result()
    assert (
        r["defender_points"]
        == r["table_points"] + r["kitty_points"] * r["kitty_multiplier"] + r["penalty"]
    )


def test_a_decision_is_a_function_of_view_and_stream():
    s = HandState("standard", "2", banker=2, seed=11)
    while not s.is_over():
        twin = s.clone()  # the same bot generator state
        a = s.bot_action("pimc")
        assert twin.bot_action("pimc") == a
        s.apply(a)


def test_the_search_picks_the_best_mean_of_the_finalists():
    """pimc_decision's record of the race: the chosen candidate was played out in the most
    samples and has the best mean there -- or it is the base policy's choice (candidate 0,
    still a finalist), kept because the best mean is not clearly better (Z_KEEP); a single
    candidate is taken without a sample."""
    spec = parse_bot("p", {"bot": "pimc", "samples": 12})
    seen_race = kept_base = 0
    for seed in range(3):
        s = HandState("standard", "2", banker=seed, seed=seed)
        while not s.is_over():
            chosen, cands = _decision(s._core, spec, chunk_state(seed, 1))
            assert 1 <= len(cands) <= 8
            assert chosen in [(one, two) for one, two, _, _ in cands]
            if len(cands) == 1:
                assert cands[0][2] == 0
            else:
                most = max(d for _, _, d, _ in cands)
                assert 8 <= most <= 12 * (2 if s.phase == "bury" else 1)
                finalists = [c for c in cands if c[2] == most]
                best = max(finalists, key=lambda c: c[3])
                pick = next(c for c in cands if (c[0], c[1]) == chosen)
                assert pick[2] == most
                if pick[3] != best[3]:
                    assert pick is cands[0] and pick[3] < best[3]
                    kept_base += 1
                seen_race += len(finalists) < len(cands)
            s.apply(s.bot_action("memory"))
    assert seen_race > 10  # the race does drop candidates
    assert kept_base > 0  # and the base choice is kept against a lucky mean


def test_the_objective_changes_what_is_maximised():
    """objective levels weighs the team's level change first: on the same decision the
    means differ from the points objective's by a level's weight."""
    s = HandState("standard", "2", banker=0, seed=5)
    s.apply(s.bot_action("memory"))  # the bury
    pts = _decision(s._core, parse_bot("p", {"bot": "pimc"}), chunk_state(5, 1))[1]
    lv = _decision(
        s._core, parse_bot("p", {"bot": "pimc", "objective": "levels"}), chunk_state(5, 1)
    )[1]
    assert max(abs(m) for *_, m in lv) > 200 > max(abs(m) for *_, m in pts)


INFERRING = {**FAST, "infer_steps": 8, "infer_eps": 0.15, "bury_eps": 0.5, "infer_bids": 1}


@pytest.mark.parametrize(
    "team_a,label",
    [
        (FAST, "pimc(candidates=4, samples=4)"),
        (
            INFERRING,
            "pimc(bury_eps=0.5, candidates=4, infer_bids=1, infer_eps=0.15, infer_steps=8, "
            "samples=4)",
        ),
    ],
)
def test_duel_same_bytes_for_any_number_of_workers(tmp_path, team_a, label):
    outs = []
    for workers in (1, 2):
        kind, cfg = make_config(
            dict(study="duel", n=6, seed=8, team_a=team_a, team_b="memory", chunk_size=2),
            source="test",
        )
        run_study(kind, cfg, tmp_path / str(workers), workers=workers, quiet=True)
        outs.append(
            pd.read_parquet(tmp_path / str(workers) / "duel")
            .sort_values(["deal", "orientation"])
            .reset_index(drop=True)
        )
    pd.testing.assert_frame_equal(outs[0], outs[1])
    assert set(outs[0].banker_bot) == {label, "memory"}


@pytest.mark.parametrize(
    "study,keys",
    [
        ("scoring", ("policy", "defender_policy")),
        ("match", ("policy", "opponent_policy")),
        ("duel", ("team_a", "team_b")),
    ],
)
def test_every_study_takes_pimc_and_cuts_small_chunks(study, keys):
    kind, cfg = make_config({"study": study, "n": 1, "seed": 1, keys[0]: FAST, keys[1]: "greedy"})
    kind.tables(cfg)
    assert cfg.options[keys[0]] == parse_bot("x", FAST)  # the config holds the spec
    assert cfg.metadata()["options"][keys[0]] == {  # the metadata its canonical table
        "bot": "pimc",
        "samples": 4,
        "candidates": 4,
        "rollout": "memory",
        "objective": "points",
        "time_budget_ms": 0.0,
    }
    assert kind.chunk_size_for(cfg.options) <= bots.SEARCH_CHUNK_HANDS
    kind, cfg = make_config(
        {"study": study, "n": 1, "seed": 1, keys[0]: "memory", keys[1]: "greedy"}
    )
    assert kind.chunk_size_for(cfg.options) == kind.default_chunk_size


def test_a_scoring_study_with_pimc_in_every_seat(tmp_path):
    kind, cfg = make_config(dict(study="scoring", n=3, seed=2, policy=FAST), source="test")
    run_study(kind, cfg, tmp_path / "s", workers=1, quiet=True)
    df = pd.read_parquet(tmp_path / "s" / "hands")
    assert len(df) == 3 and df.defender_points.between(0, 400).all()


@pytest.mark.parametrize(
    "value,needle",
    [
        ({"bot": "pimc", "samples": 0}, r"p.samples: expected an integer 1..1024, got 0"),
        ({"bot": "pimc", "samples": 2.5}, r"p.samples: expected an integer"),
        ({"bot": "pimc", "candidates": 65}, r"p.candidates: expected an integer 1..64"),
        (
            {"bot": "pimc", "rollout": "pimc"},
            r"p.rollout: unknown value 'pimc'; allowed: 'random', 'greedy', "
            r"'memory', 'net'",
        ),
        (
            {"bot": "pimc", "objective": "wins"},
            r"p.objective: unknown value 'wins'; allowed: 'points', "
            r"'levels'",
        ),
        ({"bot": "pimc", "time_budget_ms": -1}, r"p.time_budget_ms: expected a number"),
        ({"bot": "pimc", "depth": 2}, r"bot 'pimc' has no parameter 'depth'"),
        ({"bot": "pimc", "infer": 9}, r"p.infer: expected an integer 0..8 \(0: off\)"),
        ({"bot": "pimc", "infer": True}, r"p.infer: expected an integer"),
        ({"bot": "pimc", "infer_eps": 0}, r"p.infer_eps: expected a number in \(0, 1\]"),
        ({"bot": "pimc", "infer_eps": 1.5}, r"p.infer_eps: expected a number in \(0, 1\]"),
        ({"bot": "pimc", "bury_factor": 0}, r"p.bury_factor: expected an integer 1..8"),
        ({"bot": "pimc", "z_keep": -1}, r"p.z_keep: expected a number of standard errors"),
        ({"bot": "pimc", "z_keep": float("inf")}, r"p.z_keep: expected a number of"),
        ({"bot": "pimc", "bury_eps": 0}, r"p.bury_eps: expected a number in \(0, 1\]"),
        ({"bot": "pimc", "bury_eps": True}, r"p.bury_eps: expected a number in \(0, 1\]"),
        ({"bot": "pimc", "infer_bids": 2}, r"p.infer_bids: expected an integer 0..1"),
        ({"bot": "pimc", "pass_eps": 0}, r"p.pass_eps: expected a number in \(0, 1\]"),
    ],
)
def test_bad_parameters(value, needle):
    assert_bad_bot_parameter(value, needle)


def test_the_core_checks_parameters_too():
    """agent_init validates what reaches it without shengji.game.botspec: (id, parameters)
    made by hand, checked by the bot table's loop, one line each."""
    pimc = BOT_NAMES.index("pimc")
    with pytest.raises(ValueError, match="samples: expected an integer 1..1024"):
        _duel_raw((pimc, (("samples", 0),)))
    for bad, needle in [
        (("infer", 9), "infer: expected an integer 0..8"),
        (("infer_eps", 0.0), r"infer_eps: expected a number in \(0, 1\]"),
        (("bury_factor", 9), "bury_factor: expected an integer 1..8"),
        (("z_keep", -0.5), "z_keep: expected a number of standard errors >= 0"),
        (("bury_eps", 1.5), r"bury_eps: expected a number in \(0, 1\]"),
        (("infer_bids", -1), "infer_bids: expected an integer 0..1"),
        (("pass_eps", 2.0), r"pass_eps: expected a number in \(0, 1\]"),
        (("depth", 2), "bot 'pimc' has no parameter 'depth'"),
    ]:
        with pytest.raises(ValueError, match=needle):
            _duel_raw((pimc, {bad[0]: bad[1]}))
    with pytest.raises(ValueError, match="infer_steps: refines the uniform deals"):
        _duel_raw((pimc, {"infer": 2, "infer_steps": 4}))
    with pytest.raises(ValueError, match=rf"bot id 99 out of range 0\.\.{len(BOT_NAMES) - 1}"):
        _duel_raw(99)
    for junk in ("pimc", None, 2.5, (pimc,)):
        with pytest.raises(TypeError, match="expected a bot id or"):
            _duel_raw(junk)


def _duel_raw(bot):
    """A duel of ``bot`` as the core takes it (no packing) against memory."""
    from shengji._core.base.rng import seat_key
    from shengji._core.drivers.duel import play_duel
    from shengji.names import N_CARDS
    from shengji.rules.options import Rules

    out = np.zeros((len(core.HAND_COLUMNS), 2), np.int32)
    state, deck = chunk_state(1, 0), np.arange(N_CARDS, dtype=np.uint8)
    memory = BOT_NAMES.index("memory")
    play_duel(
        DuelJob(
            state=state,
            key=seat_key(1, 0),
            deck=deck,
            first=0,
            n=1,
            rules=pack.rules(Rules()),
            level=0,
            banker=0,
            bot_a=bot,
            bot_b=memory,
            bid_policy=0,
            bid_threshold=0,
            out=out,
            team_b_bid_policy=-1,
        )
    )


def test_a_time_budget_still_decides_and_is_flagged_not_reproducible():
    spec = parse_bot("p", {"bot": "pimc", "time_budget_ms": 0.01})
    assert not spec.reproducible and parse_bot("p", "pimc").reproducible
    c = _duel(spec.to_config(), "memory", 3, seed=4)
    assert (c["defender_points"] >= 0).all()


def test_pimc_beats_random_clearly():
    """A test-size strength check at a fixed seed (the benchmark figures are in
    docs/hand-engine.md): pimc at small settings against random, duplicate deals."""
    c = _duel(FAST, "random", 12, seed=21)
    d = c["defender_points"].astype(float).reshape(-1, 2)
    x = d[:, 1] - d[:, 0]
    mean, half = mean_interval(len(x), x.sum(), (x * x).sum())
    assert mean - half > 40


def test_the_command_line_says_a_time_budget_is_not_reproducible(tmp_path, capsys):
    from shengji.cli import main

    study = tmp_path / "s.toml"
    study.write_text(
        'study = "scoring"\nn = 2\nseed = 1\n'
        'policy = {bot = "pimc", samples = 2, time_budget_ms = 5}\n'
    )
    assert main(["run", str(study), "--out", str(tmp_path / "o"), "--quiet"]) == 0
    err = capsys.readouterr().err
    assert "policy: time_budget_ms > 0" in err and "not be reproducible" in err
    study.write_text('study = "scoring"\nn = 2\nseed = 1\npolicy = {bot = "pimc", samples = 2}\n')
    assert main(["run", str(study), "--out", str(tmp_path / "p"), "--quiet"]) == 0
    assert capsys.readouterr().err == ""


def test_a_reburying_overturner_searches_its_bury():
    """Under overturn_reburies an overturner takes up the kitty after the bury and buries
    again (holding 33 cards): pimc's sampler must count those cards in its hand, not the
    banker's, or no deal is consistent and the search never runs."""
    searched = 0
    for seed in range(12):
        s = HandState("must-play-ja", "2", banker=seed % 4, seed=seed)
        s.apply(s.bot_action("memory"))  # the banker's bury
        if s.phase != "bury":
            continue
        chosen, cands = _decision(s._core, parse_bot("p", FAST), chunk_state(seed, 1))
        if len(cands) > 1:
            assert max(done for _, _, done, _ in cands) > 0
            searched += 1
        s.apply(s.bot_action("pimc"))
        assert s.phase in ("bury", "play")
    assert searched >= 3


def test_replay_of_a_pimc_run(tmp_path):
    """shengji.replay steps a run's bots through HandState.bot_action (a bot at its
    defaults): a scoring row and a match hand played by pimc at its defaults replay to the
    same result (replay checks the row); a pimc with other parameters is refused in one
    line, before any work."""
    from shengji.analysis.replay import replay

    kind, cfg = make_config(
        dict(study="scoring", n=3, seed=4, chunk_size=2, policy="pimc", defender_policy="memory"),
        source="test",
    )
    run_study(kind, cfg, tmp_path / "s", workers=1, quiet=True)
    assert replay(tmp_path / "s", 2).is_over()  # deep in its chunk: hand 1 replayed
    kind, cfg = make_config(
        dict(study="match", n=1, seed=4, policy="memory", opponent_policy="pimc"), source="test"
    )
    run_study(kind, cfg, tmp_path / "m", workers=1, quiet=True)
    assert replay(tmp_path / "m", 1, match=0).is_over()  # the match's second hand
    # a bot with parameters replays too: bot_action takes its BotSpec (the check compares the
    # replayed hand with the row)
    kind, cfg = make_config(
        dict(study="scoring", n=2, seed=4, chunk_size=2, policy=FAST), source="test"
    )
    run_study(kind, cfg, tmp_path / "f", workers=1, quiet=True)
    assert replay(tmp_path / "f", 1).is_over()


def _digest(a) -> str:
    return hashlib.sha256(a).hexdigest()[:16]


def _duel_bytes(a, b, n, seed):
    out = _duel(a, b, n, seed)
    return np.stack([out[c] for c in core.HAND_COLUMNS]).astype(np.int32).tobytes()


def test_todays_pimc_keeps_its_bytes():
    """pimc at its defaults (inference off: infer = 0) plays as before the inference
    parameters came: digests recorded from the build before them (a duel's outcomes, one
    with other parameters, and a hand's decisions through HandState)."""
    assert _digest(_duel_bytes("pimc", "memory", 3, 23390)) == "bf6447221df58a94"
    other = {"bot": "pimc", "samples": 6, "candidates": 5, "objective": "levels"}
    assert _digest(_duel_bytes(other, "greedy", 3, 23391)) == "c6e0e5f640feed4f"
    seq = hand_decisions("pimc", 23392)
    assert _digest(repr(seq).encode()) == "a924981778ca7d9f"


@pytest.mark.parametrize("infer", [1, 3])
def test_inference_plays_legal_hands_and_is_a_function_of_view_and_stream(infer):
    """With inference from play (weighted race, or resampled batches): every play legal
    (HandState checks), each decision the same from the same view and stream, and the
    duel the same bytes for any number of workers' chunking (two calls, same seeds)."""
    spec = parse_bot("p", {"bot": "pimc", "samples": 6, "candidates": 5, "infer": infer})
    s = HandState("standard", "2", banker=3, seed=23393)
    while not s.is_over():
        if s.phase == "play":
            a = _decision(s._core.copy(), spec, chunk_state(9, len(s.history)))
            b = _decision(s._core.copy(), spec, chunk_state(9, len(s.history)))
            assert a == b
        s.apply(s.bot_action("memory"))
    c1 = _duel(spec.to_config(), "memory", 2, seed=23394)
    c2 = _duel(spec.to_config(), "memory", 2, seed=23394)
    for col in c1:
        assert (c1[col] == c2[col]).all()


def test_inference_changes_the_search_and_weighs_the_deals():
    """Mid-hand, after random plays that memory would not make, the inferred searches
    differ from the uniform one in what their candidates were judged on (the same
    candidates, other means)."""
    s = HandState("standard", "2", banker=0, seed=23395)
    while s.phase != "play":
        s.apply(s.bot_action("memory"))
    for _ in range(30):
        s.apply(s.bot_action("random"))
    base = _decision(s._core.copy(), parse_bot("p", FAST), chunk_state(3, 1))[1]
    for infer in (1, 4):
        spec = parse_bot("p", {**FAST, "infer": infer, "infer_eps": 0.3})
        got = _decision(s._core.copy(), spec, chunk_state(3, 1))[1]
        assert [c[:2] for c in got] == [c[:2] for c in base]
        assert [c[3] for c in got] != [c[3] for c in base]


def test_the_bury_factor_and_z_keep_change_the_search():
    """bury_factor: the bury's candidates are played out in bury_factor x samples deals at
    most; z_keep = 0 takes the race's leader (no guard), which the default (1.0) sometimes
    does not."""
    s = HandState("standard", "2", banker=0, seed=23396)
    for f in (1, 3):
        spec = parse_bot("p", {**FAST, "bury_factor": f})
        _, cands = _decision(s._core.copy(), spec, chunk_state(4, 1))
        assert max(c[2] for c in cands) == 4 * f
    while s.phase != "play":
        s.apply(s.bot_action("memory"))
    moved = 0
    for step in range(60):
        if s.is_over():
            break
        spec0 = parse_bot("p", {**FAST, "z_keep": 0.0})
        chosen, cands = _decision(s._core.copy(), spec0, chunk_state(6, step))
        most = max(c[2] for c in cands)  # the survivors were played out the most
        best = max(c[3] for c in cands if c[2] == most)
        assert [c[3] for c in cands if c[:2] == chosen] == [best]
        guarded, _ = _decision(s._core.copy(), parse_bot("p", FAST), chunk_state(6, step))
        moved += chosen != guarded
        s.apply(s.bot_action("memory"))
    assert moved > 0


def test_metadata_records_the_later_parameters_only_when_set():
    """A run at the defaults records pimc's table as before the inference parameters came
    (the same metadata bytes); a run that sets one records it, and its label names it."""
    from shengji.game.botspec import RECORDED_WHEN_SET

    assert parse_bot("p", "pimc").to_config() == {
        "bot": "pimc",
        "candidates": 8,
        "objective": "points",
        "rollout": "memory",
        "samples": 16,
        "time_budget_ms": 0.0,
    }
    spec = parse_bot("p", {"bot": "pimc", "infer": 3, "infer_eps": 0.9})
    assert spec.to_config()["infer"] == 3 and spec.to_config()["infer_eps"] == 0.9
    assert "z_keep" not in spec.to_config() and "z_keep" in RECORDED_WHEN_SET
    assert spec.label == "pimc(infer=3, infer_eps=0.9)"
    assert parse_bot("p", spec.to_config()) == spec


def test_inference_by_metropolis_hastings_is_legal_reproducible_and_checked():
    """infer_steps: each uniform deal moved by card swaps towards the likely ones; the
    search still plays every candidate out (no deal broken: a deal the swaps broke would
    fail its rollouts and the search would return no record), the same decision from the
    same view and stream, other deals than without it, and it refuses infer > 0."""
    s = HandState("standard", "2", banker=1, seed=23395)
    while s.phase != "play":
        s.apply(s.bot_action("memory"))
    for _ in range(40):
        s.apply(s.bot_action("memory"))
    spec = parse_bot("p", {**FAST, "samples": 8, "infer_steps": 16})
    a = _decision(s._core.copy(), spec, chunk_state(3, 1))
    assert a == _decision(s._core.copy(), spec, chunk_state(3, 1))
    assert all(done > 0 for _, _, done, _ in a[1])
    plain = _decision(s._core.copy(), parse_bot("p", {**FAST, "samples": 8}), chunk_state(3, 1))
    assert [c[3] for c in a[1]] != [c[3] for c in plain[1]]
    with pytest.raises(ValueError, match="infer_steps: refines the uniform deals"):
        _duel({**FAST, "infer_steps": 4, "infer": 2}, "memory", 1, seed=1)
    with pytest.raises(ValueError, match="p.infer_steps: expected an integer 0..64"):
        parse_bot("p", {"bot": "pimc", "infer_steps": 65})
    c = _duel({**FAST, "infer_steps": 4}, "memory", 2, seed=23394)
    assert (c["defender_points"] >= 0).all()


def test_inference_from_the_bids_and_the_bury_is_legal_reproducible_and_recorded():
    """infer_bids and bury_eps (with infer_steps): a defender's search after a first hand's
    bidding plays every candidate out, decides the same from the same view and stream, and
    judges on other deals than infer_steps alone; a duel with them is legal; a run records
    them only when set."""
    from shengji.game.botspec import RECORDED_WHEN_SET

    s = HandState("standard", "2", seed=23397)  # a first hand: the declarer banks
    while s.phase != "play":
        s.apply(s.bot_action("memory"))
    for _ in range(13):
        s.apply(s.bot_action("memory"))
    while s.to_play == s.burier:
        s.apply(s.bot_action("memory"))
    base = {**FAST, "samples": 8, "infer_steps": 8}
    spec = parse_bot("p", {**base, "bury_eps": 0.3, "infer_bids": 1})
    a = _decision(s._core.copy(), spec, chunk_state(3, 1))
    assert a == _decision(s._core.copy(), spec, chunk_state(3, 1))
    assert all(done > 0 for _, _, done, _ in a[1])
    plain = _decision(s._core.copy(), parse_bot("p", base), chunk_state(3, 1))
    assert [c[3] for c in a[1]] != [c[3] for c in plain[1]]
    c = _duel({**base, "bury_eps": 0.5, "infer_bids": 1, "pass_eps": 0.3}, "memory", 2, 23398)
    assert (c["defender_points"] >= 0).all()
    assert {"bury_eps", "infer_bids", "pass_eps"} <= RECORDED_WHEN_SET
    assert "bury_eps" not in parse_bot("p", "pimc").to_config()
    assert spec.to_config()["bury_eps"] == 0.3 and spec.to_config()["infer_bids"] == 1
