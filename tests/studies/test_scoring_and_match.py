"""The scoring and match studies end to end: config, chunks, Parquet, determinism, and
the match rules of docs/rules.md §6 (banker rotation, must_play, level_cap, past the
target level, time)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from shengji.cards import parse_rank
from shengji.cli import main
from shengji.rules.options import PRESETS, Rules
from shengji.runner import run_study
from shengji.studies.base import ConfigError, make_config


def _run(tmp_path, name, workers=1, **data):
    kind, cfg = make_config(dict(data), source="test")
    out = tmp_path / name
    run_study(kind, cfg, out, workers=workers)
    return out


def test_scoring_study_deterministic_across_workers(tmp_path):
    data = dict(
        study="scoring", n=3000, seed=4, chunk_size=1000, policy="greedy", defender_policy="random"
    )
    a = pd.read_parquet(_run(tmp_path, "a", 1, **data) / "hands")
    b = pd.read_parquet(_run(tmp_path, "b", 2, **data) / "hands")
    pd.testing.assert_frame_equal(
        a.sort_values("hand").reset_index(drop=True), b.sort_values("hand").reset_index(drop=True)
    )
    assert list(a.sort_values("hand").hand) == list(range(3000))
    d = a.table_points + a.kitty_points * a.kitty_multiplier + a.penalty
    assert (d == a.defender_points).all()
    assert set(a.last_winner_side.astype(str)) <= {"banker", "defenders"}


def test_scoring_study_options(tmp_path):
    with pytest.raises(ConfigError):
        make_config(dict(study="scoring", n=10, seed=1, policy="clever"))
    kind, cfg = make_config(
        dict(study="scoring", n=10, seed=1, bid_policy="never", first_hand=True)
    )
    with pytest.raises(ConfigError):
        kind.tables(cfg)
    out = _run(
        tmp_path,
        "fh",
        study="scoring",
        n=200,
        seed=1,
        first_hand=True,
        preset="club-84022",
        policy="random",
    )
    h = pd.read_parquet(out / "hands")
    assert len(h) == 200 and (h.failed_throws > 0).any() and (h.penalty != 0).any()


def test_scoring_cli(tmp_path, capsys):
    study = tmp_path / "s.toml"
    study.write_text('study = "scoring"\nn = 500\nseed = 3\npolicy = "random"\n')
    assert main(["run", str(study), "--out", str(tmp_path / "o"), "--workers", "1", "--quiet"]) == 0
    assert "scoring: 500 hands" in capsys.readouterr().out
    assert main(["run", str(study), "--out", str(tmp_path / "o"), "--quiet"]) == 2


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_match_rules(tmp_path, preset):
    rules = Rules.preset(preset)
    out = _run(
        tmp_path,
        preset,
        study="match",
        n=12,
        seed=3,
        preset=preset,
        policy="greedy",
        opponent_policy="random" if len(preset) % 2 else "greedy",
    )
    m = pd.read_parquet(out / "matches").sort_values("match")
    h = pd.read_parquet(out / "hands").sort_values(["match", "hand"])
    start = parse_rank(rules.start_level)
    must = {parse_rank(r) for r in rules.must_play}
    for _, row in m.iterrows():
        g = h[h.match == row.match]
        ended = str(row.ended_by)
        assert len(g) == row.hands and ended in ("target", "time")
        assert row.winner_team in ((-1, 0, 1) if ended == "time" else (0, 1))
        assert g.level_0.iloc[0] == start and g.level_1.iloc[0] == start
        # banker rotation: each hand's banker is the previous hand's next_banker
        # (banker_steps_down may hand the bank on once more)
        prev = g.next_banker.to_numpy()[:-1]
        cur = g.banker.to_numpy()[1:]
        if rules.no_bid == "banker_steps_down":
            assert np.all((cur == prev) | (cur == (prev + 1) % 4))
        else:
            assert np.array_equal(cur, prev)
        for team in (0, 1):
            traj = list(g[f"level_{team}"]) + [None]
            for a, b in zip(traj[:-2], traj[1:-1], strict=False):
                if b > a:
                    if rules.level_cap is not None:
                        assert b - a <= rules.level_cap
                    assert not any(a < x < b for x in must), (a, b, must)
                elif b < a:
                    assert rules.must_play_demotion
        if ended == "time":  # match_hands hands, nobody past the target
            assert rules.match_hands == row.hands
            continue
        # the winner's last hand took it past the target level
        target = parse_rank(rules.target_level)
        last = g.iloc[-1]
        winner_level = last[f"level_{row.winner_team}"]
        assert winner_level + last.levels >= target + 1
        if target in must:
            assert winner_level == target
        bank_team = last.banker % 2
        side_team = bank_team if last.level_side == "banker" else 1 - bank_team
        assert side_team == row.winner_team


def test_match_greedy_beats_random(tmp_path):
    out = _run(
        tmp_path, "gr", study="match", n=100, seed=5, policy="greedy", opponent_policy="random"
    )
    m = pd.read_parquet(out / "matches")
    assert (m.winner_team == 0).mean() > 0.9
