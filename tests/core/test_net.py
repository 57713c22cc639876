"""The net bot (bots/net.pyx): its forward pass equals the training's (the numpy twin bit for
bit, PyTorch to rounding), its shipped weights carry their provenance, it plays legal hands as
a pure function of the view in every entry point (HandState, studies, the vector env, the
advisor), and bad weights are one clear error that leaves the loaded ones in place."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from shengji._core.bots import features, net
from shengji._core.step.probes import decision_features
from shengji.game import BOTS, HandState
from shengji.learn import data as learn_data
from shengji.learn import train as learn_train
from shengji.learn.model import forward_numpy
from shengji.runner import run_study
from shengji.studies.base import load_study_file, make_config
from tests.support.duels import duel_columns


def _shipped() -> dict:
    with np.load(net.SHIPPED_WEIGHTS) as f:
        return {k: f[k] for k in f.files}


def _decisions(seeds=(1, 2), every=3):
    """(x, a, n) of decisions met in hands played by memory (one in `every`)."""
    xs, as_, ns = [], [], []
    k = 0
    for seed in seeds:
        s = HandState("standard", "2", banker=seed % 4, seed=seed)
        while not s.is_over():
            if k % every == 0:
                x, a, _, _ = decision_features(s._core)
                pad = np.zeros((net.CANDIDATES, features.ACTION_SIZE), np.uint8)
                pad[: len(a)] = a
                xs.append(x)
                as_.append(pad)
                ns.append(len(a))
            k += 1
            s.apply(s.bot_action("memory"))
    return np.stack(xs), np.stack(as_), np.array(ns)


@pytest.fixture(autouse=True)
def _shipped_weights():
    net.load_weights(None)
    yield
    net.load_weights(None)


def test_the_core_forward_pass_is_the_numpy_twin_bit_for_bit():
    x, a, n = _decisions()
    assert len(x) > 50
    scores, values = net.forward(x, a, n)
    twin_s, twin_v = forward_numpy(_shipped(), x, a, n)
    assert np.array_equal(scores, twin_s) and np.array_equal(values, twin_v)
    assert not scores[np.arange(net.CANDIDATES)[None, :] >= n[:, None]].any()


def test_the_core_forward_pass_is_pytorchs_to_rounding():
    torch = pytest.importorskip("torch")
    from shengji.learn.model import VALUE_SCALE, Net, load_into, weights_of

    m = Net(features.STATE_SIZE, features.ACTION_SIZE, net.layer_sizes())
    load_into(m, _shipped())
    back = weights_of(m)  # the export is load_into's inverse (the value head scaled back)
    for k, v in _shipped().items():
        if k in ("wv", "bv"):
            assert np.allclose(back[k], v, rtol=1e-6), k
        elif k != "meta":
            assert np.array_equal(back[k], v), k
    x, a, n = _decisions(seeds=(3,))
    mask = np.arange(net.CANDIDATES)[None, :] < n[:, None]
    with torch.no_grad():
        q, v = m(
            torch.from_numpy(x.astype(np.float32)),
            torch.from_numpy(a.astype(np.float32)),
            torch.from_numpy(mask),
        )
    scores, values = net.forward(x, a, n)
    assert np.abs(q.numpy()[mask] - scores[mask]).max() < 1e-4
    assert np.abs(v.numpy() * VALUE_SCALE - values).max() < 1e-2


def test_the_shipped_weights_say_how_they_were_made():
    meta = net.weights_meta()
    assert meta["script"] == learn_train.SCRIPT == "shengji.learn.train"
    assert meta["state_size"] == features.STATE_SIZE
    assert meta["action_size"] == features.ACTION_SIZE
    args = meta["args"]
    for key in ("seed", "data_seed", "hands", "teacher", "epochs", "arch"):
        assert key in args, key
    # the data are the script's decisions study of those arguments
    assert meta["data"] == learn_data.study(args["data_seed"], args["hands"], args["teacher"])
    assert tuple(args["arch"]) == net.layer_sizes()
    # ... and they are the script at its defaults: python -m shengji.learn.train --out DIR
    defaults = vars(learn_train.parser().parse_args(["--out", "x"]))
    for key, value in args.items():
        want = defaults[key]
        assert (list(want) if isinstance(want, tuple) else want) == value, key
    assert len(meta["commit"]) == 40 and meta["torch"]
    # the shipped study file sim/decisions.toml is that data study
    sim = Path(__file__).resolve().parents[2] / "sim" / "decisions.toml"
    assert (
        make_config(load_study_file(sim))[1].metadata() == make_config(meta["data"])[1].metadata()
    )
    assert net.SHIPPED_WEIGHTS.stat().st_size < 4 << 20  # a few MB at most


def test_the_net_plays_legal_hands_as_a_function_of_the_view():
    assert "net" in BOTS
    for seed in range(3):
        s = HandState("standard", "2", banker=seed, seed=50 + seed)
        while not s.is_over():
            twin = s.clone()
            action = s.bot_action("net")
            assert twin.bot_action("net") == action  # no draw, same choice
            if s.phase == "play":
                x, a, cands, _ = decision_features(s._core)
                if len(cands) > 1:
                    pad = np.zeros((1, net.CANDIDATES, features.ACTION_SIZE), np.uint8)
                    pad[0, : len(a)] = a
                    scores, _ = net.forward(x[None], pad, [len(a)])
                    best = int(np.argmax(scores[0, : len(a)]))
                    one, two = cands[best]
                    kinds = sorted(c // 2 for c in action)
                    want = sorted([k for k in range(54) if (one >> k) & 1] +
                                  [k for k in range(54) if (two >> k) & 1])  # fmt: skip
                    assert kinds == want
            s.apply(action)  # HandState checks legality
        assert s.result()["defender_points"] >= 0


def test_duels_and_studies_have_the_same_bytes_for_any_number_of_workers(tmp_path):
    a = duel_columns(_spec("net"), _spec("memory"), 8, 34)
    b = duel_columns(_spec("net"), _spec("memory"), 8, 34)
    assert all((a[c] == b[c]).all() for c in a)

    def run(workers, name, **study):
        kind, cfg = make_config(study)
        out = tmp_path / f"{name}-w{workers}"
        run_study(kind, cfg, out, workers=workers, quiet=True)
        records = [json.loads(line) for line in (out / "_manifest.jsonl").read_text().splitlines()]
        return sorted(
            (f, v["sha256"]) for r in records if "files" in r for f, v in r["files"].items()
        )

    studies = {
        "duel": dict(study="duel", n=24, seed=35, team_a="net", team_b="memory", chunk_size=6),
        # the scoring study with net in every seat, bidding by the players (scoring_strong_net)
        "scoring": dict(
            study="scoring", n=60, seed=36, policy="net", bid_policy="players", chunk_size=16
        ),
        # the search over the network (pimc's rollout = "net") against pimc with inference
        "search": dict(
            study="duel",
            n=4,
            seed=37,
            chunk_size=2,
            team_a={"bot": "pimc", "rollout": "net", "samples": 2, "infer_steps": 4},
            team_b={"bot": "pimc", "samples": 2, "infer_steps": 4},
        ),
    }
    for name, study in studies.items():
        assert run(1, name, **study) == run(2, name, **study), name


def _spec(name):
    from shengji.game.botspec import parse_bot

    return parse_bot("bot", name)


def test_the_net_plays_in_the_vector_env_and_the_advisor():
    from shengji.adapters.vector import VectorEnv
    from shengji.analysis.advisor import advise

    env = VectorEnv(4, preset="standard", seats=(0, 2), opponents="net")
    env.reset(seed=3)
    ended = 0
    for _ in range(400):
        obs, reward, terminated, truncated, info = env.step(env.sample_actions())
        ended += int(terminated.sum())
    assert ended >= 4 and env.opponents == "net"
    adv = advise(HandState("standard", "2", banker=0, seed=9).observation(1).hand, bot="net", n=4)
    assert len(adv.options) > 0


def test_bad_weights_are_one_line_and_leave_the_loaded_ones(tmp_path):
    x, a, n = _decisions(seeds=(4,), every=10)
    before = net.forward(x, a, n)[0]
    good = _shipped()
    bad = dict(good, w2=good["w2"][:, :8])
    with pytest.raises(ValueError, match="multiple of 16"):
        net.load_weights(bad)
    with pytest.raises(ValueError, match="no array 'wq'"):
        net.load_weights({k: v for k, v in good.items() if k != "wq"})
    with pytest.raises(ValueError, match="float32"):
        net.load_weights(dict(good, b1=good["b1"].astype(np.float64)))
    with pytest.raises(ValueError, match="cannot be read"):
        net.load_weights(tmp_path / "missing.npz")
    meta = json.dumps({"state_size": features.STATE_SIZE + 1}).encode()
    with pytest.raises(ValueError, match="retrain"):
        net.load_weights(dict(good, meta=np.frombuffer(meta, np.uint8)))
    assert np.array_equal(net.forward(x, a, n)[0], before)
