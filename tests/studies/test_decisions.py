"""The decisions study (issue 34): the scoring study's hands, every decision recorded as the net
bot sees it -- the teacher's choice among the candidates, its search's values, the outcome
from the seat's side -- the same bytes for any number of workers, and hands that replay to
the recorded features."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from shengji._core.bots import features, net
from shengji._core.step.probes import decision_features
from shengji.game import HandState
from shengji.names import N_COPIES, TRUMP_NAMES
from shengji.rules.options import Rules
from shengji.runner import run_study
from shengji.studies.base import ConfigError, make_config

TEACHER = {"bot": "pimc", "samples": 4, "candidates": 8}


def _run(tmp_path, name, workers=1, **keys):
    data = dict(study="decisions", n=6, seed=31, teacher=TEACHER, chunk_size=3)
    data.update(keys)
    kind, cfg = make_config(data, source="test")
    run_study(kind, cfg, tmp_path / name, workers=workers, quiet=True)
    return tmp_path / name


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    return _run(tmp_path_factory.mktemp("decisions"), "one")


def test_the_hands_are_the_scoring_studys(recorded, tmp_path):
    kind, cfg = make_config(
        dict(study="scoring", n=6, seed=31, policy=TEACHER, chunk_size=3), source="test"
    )
    run_study(kind, cfg, tmp_path / "scoring", workers=1, quiet=True)
    ours = pd.read_parquet(recorded / "hands")
    theirs = pd.read_parquet(tmp_path / "scoring" / "hands")
    for col in theirs.columns:
        assert (ours[col] == theirs[col]).all(), col


def test_same_bytes_for_any_number_of_workers(recorded, tmp_path):
    other = _run(tmp_path, "two", workers=2)

    def digests(out):
        records = [json.loads(line) for line in (out / "_manifest.jsonl").read_text().splitlines()]
        return sorted(
            (f, v["sha256"]) for r in records if "files" in r for f, v in r["files"].items()
        )

    assert digests(recorded) == digests(other)


def test_rows_hold_the_teachers_choice_and_the_outcome(recorded):
    d = pd.read_parquet(recorded / "decisions")
    hands = pd.read_parquet(recorded / "hands")
    assert len(d) > 6 * 30 and (d["n"] >= 2).all() and (d["n"] <= 8).all()
    # pimc's candidates are the list: its choice is always one of them
    assert ((d["choice"] >= 0) & (d["choice"] < d["n"])).all()
    assert (d["phase"] == "bury").sum() == 6
    x = np.stack([np.frombuffer(v, np.uint8) for v in d["x"]])
    a = np.stack([np.frombuffer(v, np.uint8) for v in d["a"]]).reshape(len(d), 8, -1)
    assert x.shape[1] == features.STATE_SIZE and a.shape[2] == features.ACTION_SIZE
    n = d["n"].to_numpy()
    assert not a[np.arange(8)[None, :] >= n[:, None]].any()  # zero past n
    assert a[np.arange(8)[None, :] < n[:, None]].any(axis=1).all()
    # the outcome from the seat's side: +D defending, -D banking
    h = hands.set_index("hand")
    dp = h.loc[d["hand"], "defender_points"].to_numpy()
    banker = h.loc[d["hand"], "banker"].to_numpy()
    defending = (d["seat"].to_numpy() % 2) != (banker % 2)
    assert (d["points"].to_numpy() == np.where(defending, dp, -dp)).all()
    # the search's values: the chosen candidate was searched (or the only one kept)
    q_n = np.stack(d["q_n"].to_numpy())
    assert (q_n[np.arange(len(d)), d["choice"].to_numpy()] >= 0).all()
    assert q_n.max() >= 4


def _ids(state: HandState, seat: int, one: int, two: int) -> list[int]:
    """The ids of the kinds of (one, two) in seat's hand, the lower copy first."""
    held = sorted(state.observation(seat).hand)
    out = []
    for k in range(64):
        copies = ((one >> k) & 1) + ((two >> k) & 1)
        if copies:
            mine = [c for c in held if c // N_COPIES == k]
            out += mine[:copies]
    return sorted(out)


def test_hands_replay_to_the_recorded_features(recorded):
    d = pd.read_parquet(recorded / "decisions")
    hands = pd.read_parquet(recorded / "hands")
    rules = Rules.preset("standard")
    checked = 0
    for _, row in hands.iterrows():
        deal = list(np.frombuffer(row["seat_deck"], np.uint8))
        s = HandState(rules, "2", banker=int(row["banker"]), deal=deal, trump=row["trump"])
        assert row["trump"] in TRUMP_NAMES
        plays = np.asarray(row["plays"], np.uint64).reshape(-1, 2)
        mine = d[d["hand"] == row["hand"]].set_index("step")
        for step, (one, two) in enumerate(plays):
            if step in mine.index:
                rec = mine.loc[step]
                x, a, cands, _ = decision_features(s._core)
                assert (x == np.frombuffer(rec["x"], np.uint8)).all()
                n = int(rec["n"])
                ra = np.frombuffer(rec["a"], np.uint8).reshape(8, -1)
                assert len(cands) == n and (a == ra[:n]).all()
                assert cands[int(rec["choice"])] == (int(one), int(two))
                checked += 1
            s.apply(_ids(s, s.to_play, int(one), int(two)))
        assert s.is_over()
        assert s.result()["defender_points"] == row["defender_points"]
    assert checked == len(d)


def test_bad_keys_are_one_line():
    with pytest.raises(ConfigError, match="candidates"):
        make_config(dict(study="decisions", n=2, seed=1, candidates=17))
    with pytest.raises(ConfigError, match="teacher"):
        make_config(dict(study="decisions", n=2, seed=1, teacher="oracle"))


def test_the_net_explores_from_the_hands_stream(tmp_path):
    """explore: the net bot's self-play, each choice drawn by softmax(score / T): the same
    seed the same rows for any workers; a low temperature plays the net's own choices, a
    high one others too; only the net explores."""
    hot = _run(tmp_path, "hot", teacher="net", explore=5.0)
    again = _run(tmp_path, "again", workers=2, teacher="net", explore=5.0)
    d, e = pd.read_parquet(hot / "decisions"), pd.read_parquet(again / "decisions")
    assert d.equals(e)
    cold = pd.read_parquet(_run(tmp_path, "cold", teacher="net", explore=1e-9) / "decisions")
    plain = pd.read_parquet(_run(tmp_path, "plain", teacher="net") / "decisions")
    # the draws come from the hand's stream, which then deals the chunk's next hand: the first
    # hand of each chunk (chunk_size 3) is dealt alike, and a cold net plays it as net plays
    # -- up to an exact tie of the network's scores, which net breaks by the earlier
    # candidate and softmax(score / T) by the draw at any temperature
    for h in (0, 3):
        c, p = cold[cold["hand"] == h], plain[plain["hand"] == h]
        same = 0
        for rc, rp in zip(c.itertuples(), p.itertuples(), strict=False):
            assert rc.x == rp.x and rc.a == rp.a and rc.n == rp.n
            if rc.choice != rp.choice:
                a = np.frombuffer(rc.a, np.uint8).reshape(1, net.CANDIDATES, -1)
                x = np.frombuffer(rc.x, np.uint8)[None]
                scores = net.forward(x.copy(), a.copy(), np.array([rc.n]))[0][0]
                assert scores[rc.choice] == scores[rp.choice] == scores[: rc.n].max()
                break
            same += 1
        else:
            assert len(c) == len(p)
        assert same >= 10
    assert (d["choice"] >= 0).all() and (d["choice"] < d["n"]).all()
    assert len(d) != len(plain) or not d["choice"].equals(plain["choice"])
    with pytest.raises(ConfigError, match="explore"):
        make_config(dict(study="decisions", n=2, seed=1, explore=-1))
    kind, cfg = make_config(dict(study="decisions", n=2, seed=1, teacher="memory", explore=1.0))
    with pytest.raises(ConfigError, match="needs teacher"):
        kind.tables(cfg)


def test_a_deal_table_is_refused():
    # the driver deals unconditioned hands: a [deal] table would be ignored, so it is refused
    # when the file is read, before any run
    with pytest.raises(ConfigError, match=r"deal: the decisions study .* no \[deal\] table"):
        make_config(dict(study="decisions", n=2, seed=1, teacher="memory", deal={"seat0": "BJ BJ"}))


def test_hindsight_plays_every_candidate_out_on_the_true_deal(tmp_path):
    """hindsight: each candidate's q is the hand played out from it by the network on the
    true deal; the last recorded decision of a hand is followed by the network alone, so its
    chosen candidate's value is the hand's outcome; the hands and choices are explore's."""
    seen = pd.read_parquet(_run(tmp_path, "h", teacher="net", explore=0.5, hindsight=True)
                           / "decisions")  # fmt: skip
    blind = pd.read_parquet(_run(tmp_path, "b", teacher="net", explore=0.5) / "decisions")
    assert seen.drop(columns=["q", "q_n"]).equals(blind.drop(columns=["q", "q_n"]))
    q, qn = np.stack(seen["q"].to_numpy()), np.stack(seen["q_n"].to_numpy())
    n = seen["n"].to_numpy()
    assert (qn == (np.arange(qn.shape[1])[None, :] < n[:, None])).all()
    chosen = q[np.arange(len(q)), seen["choice"].to_numpy()]
    last = (seen.groupby("hand")["step"].transform("max") == seen["step"]).to_numpy()
    assert last.sum() == seen["hand"].nunique()
    np.testing.assert_array_equal(chosen[last], seen["points"].to_numpy()[last])
    # the candidates differ, and earlier decisions' values are not the outcome
    assert (q.max(1) > np.where(qn > 0, q, np.inf).min(1)).mean() > 0.3
    assert (chosen[~last] != seen["points"].to_numpy()[~last]).any()
    kind, cfg = make_config(dict(study="decisions", n=2, seed=1, teacher="net", hindsight=True))
    with pytest.raises(ConfigError, match="hindsight: .* set explore"):
        kind.tables(cfg)
