"""The ladder study (issue 33): a round robin on common deals -- each pair's rows are the duel
study's on the same deals, the plan cuts every pair into its own chunks, the bytes do not
depend on the workers, bad keys are one line, and a 3-bot ladder recovers a known order."""

from __future__ import annotations

import hashlib

import pandas as pd
import pytest

from shengji.analysis.evaluation import evaluate
from shengji.analysis.load import load
from shengji.analysis.ratings import ladder
from shengji.runner import run_study
from shengji.studies import costs
from shengji.studies.base import ConfigError, make_config
from shengji.studies.ladder import STUDY, LadderPlan, Pair
from tests.support import agents

BOTS = {"random": "random", "greedy": "greedy", "memory": "memory"}


def _config(**keys):
    data = dict(study="ladder", n=40, seed=7, bots=BOTS)
    data.update(keys)
    return make_config(data, source="test")


def _digests(out):
    return {
        p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(out.rglob("part-*.parquet"))
    }


def test_three_bots_in_their_known_order():
    """random << greedy < memory (docs/hand-engine.md: memory beats greedy by ~25 points a
    deal, greedy beats random by ~110): the ladder orders them with intervals apart."""
    lad = ladder(["random", "greedy", "memory"], n=300, seed=11, workers=1, progress=False)
    assert list(lad.ratings.bot) == ["memory", "greedy", "random"]
    assert lad.separated("memory", "greedy") and lad.separated("greedy", "random")
    r = lad.ratings.set_index("bot")
    assert r.loc["greedy", "rating"] == 0 == r.loc["greedy", "low"] == r.loc["greedy", "high"]
    assert 10 < r.loc["memory", "rating"] < 40 and r.loc["random", "rating"] < -80


def test_a_pair_plays_the_duel_studys_deals(tmp_path):
    kind, cfg = _config(scale={"random vs memory": 0})
    run_study(kind, cfg, tmp_path / "l", workers=1, quiet=True)
    df = load(tmp_path / "l")
    assert list(df.groupby("pair").size()) == [80, 80]
    pair = df[(df.team_a == "greedy") & (df.team_b == "memory")].reset_index(drop=True)
    k2, c2 = make_config(
        dict(study="duel", n=40, seed=7, team_a="greedy", team_b="memory", chunk_size=16)
    )
    run_study(k2, c2, tmp_path / "d", workers=1, quiet=True)
    d = load(tmp_path / "d")
    cols = ["deal", "orientation", "defender_points", "level_side", "levels", "trump", "banker"]
    pd.testing.assert_frame_equal(pair[cols], d[cols], check_categorical=False)


def test_the_plan_cuts_each_pair_in_its_own_chunks():
    pairs = (
        Pair(0, "a", "b", 50, 0, 16),
        Pair(1, "a", "c", 7, 50, 4096),
        Pair(2, "b", "c", 33, 57, 16),
    )
    plan = LadderPlan(pairs)
    assert plan.n == 90 and len(plan) == 4 + 1 + 3
    seen = []
    for c in plan:
        owner = [p for p in pairs if p.offset <= c.start < p.offset + p.deals]
        assert len(owner) == 1 and c.start + c.count <= owner[0].offset + owner[0].deals
        seen.extend(range(c.start, c.start + c.count))
    assert seen == list(range(90))
    assert plan.matches(5, 57, 16) and not plan.matches(5, 57, 7)


def test_same_bytes_for_one_and_two_workers(tmp_path):
    kind, cfg = _config(chunk_size=16, n=24)
    for w in (1, 2):
        run_study(kind, cfg, tmp_path / f"w{w}", workers=w, quiet=True)
    assert _digests(tmp_path / "w1") == _digests(tmp_path / "w2")
    assert len(_digests(tmp_path / "w1")) == 6


def test_an_agent_joins_the_ladder(tmp_path):
    """A Python agent among the bots plays each built-in one (it is team_a of its pairs),
    and an evaluation on the ladder's deals joins as one more pair."""
    lad = ladder(
        {"lowest": agents.lowest, "greedy": "greedy", "memory": "memory"},
        n=40,
        seed=3,
        out=tmp_path / "l",
        progress=False,
    )
    assert list(lad.ratings.bot)[-1] == "lowest"
    df = load(tmp_path / "l")
    assert set(df[df.pair == 0].team_a) == {"lowest"}
    ev = evaluate(agents.random_batched, against="greedy", n=40, seed=3, progress=False)
    joined = ladder(tmp_path / "l", join=[ev])
    assert "random_batched" in set(joined.ratings.bot)
    assert joined.ratings.set_index("bot").loc["memory", "rating"] == pytest.approx(
        lad.ratings.set_index("bot").loc["memory", "rating"], abs=1.0
    )
    other = evaluate(agents.random_batched, against="greedy", n=40, seed=4, progress=False)
    with pytest.raises(ValueError, match="other deals"):
        ladder(tmp_path / "l", join=[other])


@pytest.mark.parametrize(
    "keys, message",
    [
        (dict(bots={"a": "greedy"}), "at least two bots"),
        (dict(bots={"a b": "greedy", "c": "memory"}), "letters, digits"),
        (dict(bots={"a": "nosuchbot", "b": "memory"}), "unknown bot 'nosuchbot'"),
        (dict(scale={"random vs nobody": 2}), "no bot 'nobody'"),
        (dict(scale={"random greedy": 2}), '"a vs b"'),
        (dict(scale={"random vs greedy": -1}), "factor >= 0"),
        (dict(scale={"random vs greedy": 0, "greedy vs random": 1}), "given twice"),
        (dict(anchor="nobody"), "anchor: no bot 'nobody'"),
        (dict(bid_policy="players"), "kernel bid policy"),
        (dict(sweep={"level": ["2", "3"]}), "cannot be swept"),
        (
            dict(bots={"x": "tests.support.agents:lowest", "y": "tests.support.agents:greedy"}),
            "both Python agents",
        ),
    ],
)
def test_bad_keys_are_one_line(keys, message):
    with pytest.raises(ConfigError) as e:
        kind, cfg = _config(**keys)
        kind.tables(cfg)
    assert message in str(e.value) and "\n" not in str(e.value)


def test_the_summary_lists_the_pairs():
    kind, cfg = _config()
    stats = {
        "items": 10,
        "pair0_items": 10,
        "pair0_swing_points": -1000,
        "pair0_swing_points_sq": 110_000,
    }
    lines = STUDY.summary(cfg, stats)
    assert lines[0].startswith("random vs greedy: -100.0 ± ")
    assert "shengji ladder OUT" in lines[-1]


def test_the_progress_estimate_weights_each_pair_by_its_bots_cost(tmp_path, capsys):
    kind, cfg = _config(
        bots={"random": "random", "greedy": "greedy", "pimc": "pimc(samples=2, candidates=2)"},
        n=8,
    )
    steps = kind.item_costs(cfg)
    assert [start for start, _ in steps] == [p.offset for p in cfg.pairs]
    cost = {(p.a, p.b): c for p, (_, c) in zip(cfg.pairs, steps, strict=True)}
    assert cost["random", "pimc"] > 10 * cost["random", "greedy"]  # a search's hands
    # a deal: the two bots' hands of the measured table; pimc's at 2 x 2 of its 16 x 8
    hand = costs.table()["hand"]
    assert cost["random", "greedy"] == hand["random"] + hand["greedy"]
    assert cost["greedy", "pimc"] == pytest.approx(hand["greedy"] + hand["pimc"] * 4 / 128)
    # the run's progress lines (stderr is no terminal here) count deals, weighted by cost
    run_study(kind, cfg, tmp_path / "l", workers=1, quiet=False)
    lines = capsys.readouterr().err.splitlines()
    assert lines[-1].startswith("shengji: 100% (24 of 24 deals) in "), lines
    # after the cheap pair and one of pimc's, two thirds of the deals are done but about
    # half the run's cost (unweighted: 67%)
    c = [c for _, c in steps]
    pct = round(100 * (c[0] + c[1]) / sum(c))
    assert 45 <= pct <= 55
    assert any(ln.startswith(f"shengji: {pct}% (16 of 24 deals) in ") for ln in lines), lines
