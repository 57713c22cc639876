"""shengji.evaluate and the evaluate study (issue 33): Python agents against a built-in bot
on the common deals -- the intervals are the duel summary's, the bytes do not depend on the
workers, the per-decision path plays the C duel's very hands, the batched path decides as
the per-decision one, and bad agents are stopped with one line naming the decision."""

from __future__ import annotations

import hashlib
import shutil

import pandas as pd
import pytest

from shengji.analysis.evaluation import evaluate
from shengji.analysis.load import duel_summary, load
from shengji.runner import run_study
from shengji.stats import mean_interval
from shengji.studies.agent_duel import AgentError
from shengji.studies.base import ConfigError, make_config
from tests.support import agents

HAND = [
    "banker",
    "trump",
    "level",
    "table_points",
    "kitty_points",
    "defender_points",
    "level_side",
    "levels",
    "next_banker",
    "failed_throws",
    "redeals",
]


def _digests(out):
    return {
        p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(out.rglob("part-*.parquet"))
    }


@pytest.mark.parametrize(
    "agent", ["tests.support.agents:lowest", "tests.support.agents:random_batched"]
)
def test_agents_against_greedy_figures_and_workers(tmp_path, agent):
    """A trivial callable agent and a batched random one against greedy: the result's
    intervals are the duel summary's of its own table and the t interval of the per-deal
    swings; 1 and 2 workers write the same bytes."""
    batched = agent.endswith("batched")
    res = {}
    for workers in (1, 2):
        res[workers] = evaluate(
            agent,
            against="greedy",
            n=48,
            seed=5,
            workers=workers,
            batched=batched or None,
            out=tmp_path / f"w{workers}",
            chunk_size=16,
            progress=False,
        )
    assert _digests(tmp_path / "w1") == _digests(tmp_path / "w2")
    assert len(_digests(tmp_path / "w1")) == 3
    r = res[1]
    s = duel_summary(load(tmp_path / "w1"))
    assert r.points == s["points"] and r.levels == s["levels"]
    swings = r.to_frame()["swing_points"].to_numpy().astype(float)
    mean, half = mean_interval(len(swings), swings.sum(), (swings**2).sum())
    assert r.points["mean"] == pytest.approx(mean)
    assert r.points["high"] - r.points["mean"] == pytest.approx(half)
    assert r.deals == 48 and r.decisions > 48 * 2 * 25
    assert r.points["high"] < 0  # greedy is much stronger than these
    assert r.agent == ("random_batched" if batched else "lowest")


def test_a_builtin_agent_plays_the_duel_study(tmp_path):
    """A built-in spec evaluated here = the duel study with chunk_size 16, row for row."""
    res = evaluate("memory", against="greedy", n=40, seed=3, out=tmp_path / "e", progress=False)
    kind, cfg = make_config(
        dict(study="duel", n=40, seed=3, team_a="memory", team_b="greedy", chunk_size=16)
    )
    run_study(kind, cfg, tmp_path / "d", workers=1, quiet=True)
    e = load(tmp_path / "e").astype({"banker_bot": str, "defender_bot": str})
    d = load(tmp_path / "d").astype({"banker_bot": str, "defender_bot": str})
    cols = ["deal", "orientation", "banker_bot", "defender_bot", *HAND]
    pd.testing.assert_frame_equal(e[cols], d[cols], check_categorical=False)
    assert res.points == duel_summary(d)["points"]


BAD = [
    ("raises_late", "the bot raised RuntimeError: the agent broke"),
    ("wrong_type", "the bot returned dict"),
    ("illegal_card", "illegal action"),
    ("too_many", "more cards than it takes"),
]


@pytest.mark.parametrize("name, what", BAD)
def test_a_bad_agent_is_one_line_naming_the_decision(name, what):
    with pytest.raises(AgentError) as e:
        evaluate(getattr(agents, name), against="greedy", n=8, seed=1, progress=False)
    text = str(e.value)
    assert "\n" not in text and what in text, text
    assert text.startswith(f"agent {name}: deal ") and "orientation" in text and "seat" in text


@pytest.mark.parametrize(
    "fn, what", [(agents.wrong_shape, "shape"), (agents.wrong_dtype, "dtype float64")]
)
def test_a_bad_batched_policy_is_one_line(fn, what):
    with pytest.raises(AgentError) as e:
        evaluate(fn, against="greedy", n=8, batched=True, progress=False)
    assert "\n" not in str(e.value) and what in str(e.value)


def test_bad_values_are_refused_before_playing():
    with pytest.raises(TypeError, match="takes 1 arguments"):
        evaluate(agents.one_arg, progress=False)
    with pytest.raises(TypeError, match="a batched policy takes"):
        evaluate(agents.one_arg, batched=True, progress=False)
    with pytest.raises(TypeError, match="expected a bot name"):
        evaluate(42, progress=False)
    with pytest.raises(ValueError, match="cannot import 'no_such_module'"):
        evaluate("no_such_module:fn", progress=False)
    with pytest.raises(ValueError, match="has no 'nope'"):
        evaluate("tests.support.agents:nope", progress=False)
    with pytest.raises(ConfigError, match="players"):
        evaluate(agents.lowest, bid_policy="players", progress=False)
    with pytest.raises(ValueError, match="workers > 1"):
        evaluate(lambda o, r: 0, workers=2, progress=False)


def test_illegal_decisions_replaced_are_counted_with_the_first():
    res = evaluate(
        agents.illegal_card, against="greedy", n=6, seed=2, illegal="replace", progress=False
    )
    assert res.illegal == res.decisions > 0
    assert res.first_illegal == {
        "deal": 0,
        "orientation": 0,
        "action": res.rows.sort_values(["deal", "orientation"]).illegal_action.iloc[0],
        "tricks_done": 0,
    }
    assert "illegal decisions refused" in str(res)


def test_resume_finishes_to_the_same_bytes(tmp_path):
    keys = dict(against="greedy", n=48, seed=4, chunk_size=16, progress=False)
    evaluate(agents.lowest, out=tmp_path / "a", **keys)
    shutil.copytree(tmp_path / "a", tmp_path / "b")
    part = sorted((tmp_path / "b" / "duel").glob("part-*.parquet"))[-1]
    part.unlink()  # a chunk lost: --resume redoes it
    with pytest.raises(ConfigError, match="already holds data"):
        evaluate(agents.lowest, out=tmp_path / "b", **keys)
    res = evaluate(agents.lowest, out=tmp_path / "b", resume=True, **keys)
    assert _digests(tmp_path / "a") == _digests(tmp_path / "b")
    assert res.deals == 48


def test_players_bidding_for_a_builtin_agent_is_the_duel_studys(tmp_path):
    evaluate(
        "memory",
        against="greedy",
        n=20,
        seed=6,
        bid_policy="players",
        out=tmp_path / "e",
        progress=False,
    )
    kind, cfg = make_config(
        dict(
            study="duel",
            n=20,
            seed=6,
            team_a="memory",
            team_b="greedy",
            bid_policy="players",
            chunk_size=16,
        )
    )
    run_study(kind, cfg, tmp_path / "d", workers=1, quiet=True)
    cols = ["deal", "orientation", *HAND]
    pd.testing.assert_frame_equal(load(tmp_path / "e")[cols], load(tmp_path / "d")[cols])


def test_rules_as_a_preset_a_rules_or_a_dict():
    from shengji.rules.options import Rules

    club = Rules.preset("club-84022")
    a = evaluate("greedy", against="random", n=6, seed=1, rules="club-84022", progress=False)
    b = evaluate("greedy", against="random", n=6, seed=1, rules=club, progress=False)
    c = evaluate(
        "greedy", against="random", n=6, seed=1, rules={"preset": "club-84022"}, progress=False
    )
    assert a.points == b.points == c.points and a.preset == "club-84022"
    d = evaluate(
        "greedy",
        against="random",
        n=6,
        seed=1,
        level="J",
        rules={"kitty_multiplier": "plus2"},
        progress=False,
    )
    meta = d.rows.attrs["shengji"]
    assert meta["rules"]["kitty_multiplier"] == "plus2" and meta["level"] == "J"
    with pytest.raises(ValueError, match="unknown preset"):
        evaluate("greedy", rules="nosuch", progress=False)
