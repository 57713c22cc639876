"""The net bot (bots/net.pyx): its forward pass equals the training's (the numpy twin bit for
bit, PyTorch to rounding), its shipped weights carry their provenance, it plays legal hands as
a pure function of the view in every entry point (HandState, studies, the vector env, the
advisor), and bad weights are one clear error that leaves the loaded ones in place."""

from __future__ import annotations

import hashlib
import json
import platform
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from shengji._core.bots import features, net
from shengji._core.step.probes import decision_features
from shengji.game import BOT_NAMES, HandState
from shengji.learn import data as learn_data
from shengji.learn import train as learn_train
from shengji.learn.model import forward_numpy
from shengji.runner import run_study
from shengji.studies.base import load_study_file, make_config
from tests.support.duels import duel_columns, hand_decisions
from tests.support.torch import need_torch

# x86-64 runs the scalar build and at least one vector build beside it: the per-build tests
# compare at least two there; elsewhere (one build, scalar, so far) they have nothing to
# compare
X86_64 = platform.machine().lower() in ("x86_64", "amd64")
two_builds = pytest.mark.skipif(
    not X86_64, reason=f"one build of the net kernels on {platform.machine()}: nothing to compare"
)


def _builds() -> tuple:
    """The builds this processor runs: scalar and at least one other (x86-64)."""
    builds = net.supported_isas()
    assert len(builds) >= 2 and "scalar" in builds, builds
    return builds


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


def test_the_core_forward_pass_is_the_numpy_twin_bit_for_bit():
    x, a, n = _decisions()
    assert len(x) > 50
    scores, values = net.forward(x, a, n)
    twin_s, twin_v = forward_numpy(_shipped(), x, a, n)
    assert np.array_equal(scores, twin_s) and np.array_equal(values, twin_v)
    assert not scores[np.arange(net.CANDIDATES)[None, :] >= n[:, None]].any()
    # the twin quantises float weights itself the same way
    floats = {k: v for k, v in _shipped().items() if not k.startswith("q_")}
    assert np.array_equal(forward_numpy(floats, x, a, n)[0], scores)


def _random_decisions(rng, count):
    """Decisions of random bytes: mostly zero, small counts, and some rows of extremes (every
    byte 255: sums far outside the integers' range, where only the wrapping is defined)."""
    x = rng.integers(1, 4, (count, features.STATE_SIZE), dtype=np.uint8)
    x *= rng.random((count, features.STATE_SIZE)) < 0.14
    x[rng.random(x.shape) < 0.002] = 33
    a = rng.integers(1, 3, (count, net.CANDIDATES, features.ACTION_SIZE), dtype=np.uint8)
    a *= rng.random(a.shape) < 0.06
    a[rng.random(a.shape) < 0.001] = 255
    x[::997] = 255
    a[::991] = 255
    n = rng.integers(1, net.CANDIDATES + 1, count)
    return x, a, n


@two_builds
def test_every_build_of_the_kernels_gives_the_same_bits():
    """C (every build this processor runs, the scalar one included) on 10^5 random decisions,
    and the numpy twin on the first 4,000 of them (its int64 products are slow)."""
    rng = np.random.default_rng(40)
    x, a, n = _random_decisions(rng, 100_000)
    builds = _builds()
    assert net.isa() == builds[-1]  # the best one by default
    before = net.isa()
    results = {}
    try:
        for isa in builds:
            net.use_isa(isa)
            assert net.isa() == isa
            results[isa] = net.forward(x, a, n)
    finally:
        net.use_isa(before)
    first = results[builds[0]]
    for isa in builds[1:]:
        assert np.array_equal(results[isa][0], first[0]), isa
        assert np.array_equal(results[isa][1], first[1]), isa
    twin = forward_numpy(_shipped(), x[:4000], a[:4000], n[:4000])
    assert np.array_equal(twin[0], first[0][:4000]) and np.array_equal(twin[1], first[1][:4000])
    with pytest.raises(ValueError, match="this processor runs"):
        net.use_isa("avx1024")


@two_builds
def test_a_duel_has_the_same_bytes_under_every_build():
    """The bot's kept accumulators (moved by the features that changed) decide as the
    whole computation does, in every build (at least two compared)."""
    before = net.isa()
    try:
        cols = []
        for isa in _builds():
            net.use_isa(isa)
            assert net.isa() == isa
            cols.append(duel_columns(_spec("net"), _spec("memory"), 6, 40))
    finally:
        net.use_isa(before)
    assert len(cols) >= 2
    for c in cols[1:]:
        assert all((c[k] == cols[0][k]).all() for k in c)


def _digest(a: bytes) -> str:
    return hashlib.sha256(a).hexdigest()[:16]


def test_the_nets_decisions_keep_their_bytes_under_every_build():
    """The same bits from every compiler, machine and build of the kernels: a duel's outcomes
    (200 deals) and one hand's decisions, digests recorded from the gcc build on x86-64, under
    each build this processor runs (a clang or an arm64 build is held to gcc's here).  New
    weights or features change them: record them again, and say so in CHANGELOG.md."""
    before = net.isa()
    try:
        for isa in net.supported_isas():
            net.use_isa(isa)
            c = duel_columns(_spec("net"), _spec("memory"), 200, 5300)
            outcomes = np.stack([c[k] for k in sorted(c)]).astype(np.int32).tobytes()
            assert _digest(outcomes) == "ce3a275b49ec9526", isa
            seq = hand_decisions("net", 5301)
            assert _digest(repr(seq).encode()) == "03087b2c54204f88", isa
    finally:
        net.use_isa(before)


def test_the_kept_accumulators_decide_as_the_whole_computation():
    """Each seat's accumulator, moved by the features that changed and started at a hand's
    first decision from the kept "every card unseen" point of its trump, is the first layer
    computed whole: a duel's bytes are those of recomputing it at every decision."""
    before = net.use_incremental(False)
    try:
        whole = duel_columns(_spec("net"), _spec("memory"), 12, 41)
    finally:
        net.use_incremental(before)
    kept = duel_columns(_spec("net"), _spec("memory"), 12, 41)
    assert all((kept[k] == whole[k]).all() for k in kept)


def test_the_core_forward_pass_is_pytorchs_to_the_quantisation():
    torch = need_torch()
    from shengji.learn.model import FLOATS, VALUE_SCALE, Net, load_into, weights_of

    m = Net(features.STATE_SIZE, features.ACTION_SIZE, net.info()["sizes"])
    floats = {k: _shipped()[k] for k in FLOATS}
    load_into(m, floats)
    back = weights_of(m)  # the export is load_into's inverse (the value head scaled back)
    for k, v in floats.items():
        if k in ("wv", "bv"):
            assert np.allclose(back[k], v, rtol=1e-6), k
        else:
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
    assert np.abs(q.numpy()[mask] - scores[mask]).max() < 0.2
    assert np.abs(v.numpy() * VALUE_SCALE - values).max() < 3
    best = np.where(mask, scores, -np.inf).argmax(1) == np.where(mask, q.numpy(), -np.inf).argmax(1)
    assert best[n > 1].mean() > 0.97


def test_the_integer_network_chooses_as_the_float_one():
    """The quantisation's cost: on decisions met in play, the integer network's choice is the
    float network's (float64, from the same file's float weights) but for near ties."""
    x, a, n = _decisions(seeds=(5, 6, 7), every=1)
    w = {
        k: v.astype(np.float64)
        for k, v in _shipped().items()
        if not k.startswith("q_") and v.dtype.kind == "f"
    }
    h1 = np.maximum(x @ w["w1"] + w["b1"], 0)
    h2 = np.maximum(h1 @ w["w2"] + w["b2"], 0)
    s = h2 @ w["wz"] + w["bz"]
    q = np.maximum(s[:, None, :] + a @ w["wa"], 0) @ w["wq"] + w["bq"]
    mask = np.arange(net.CANDIDATES)[None, :] < n[:, None]
    scores, _ = net.forward(x, a, n)
    assert np.abs(q - scores)[mask].max() < 0.2
    choice = np.where(mask, scores, -np.inf).argmax(1)
    same = choice == np.where(mask, q, -np.inf).argmax(1)
    assert same[n > 1].mean() > 0.98
    # where they differ, the float network's own margin is small
    top2 = np.sort(np.where(mask, q, -np.inf), axis=1)[:, -2:]
    assert (top2[:, 1] - top2[:, 0])[~same].max(initial=0) < 0.2


def test_the_imitation_weights_say_how_they_were_made():
    """The network shipped before the self-play generations, kept as ``imitation``: learnt
    from pimc's decisions by ``python -m shengji.learn.train`` at its defaults."""
    path = net.NAMED["imitation"]
    info = net.info("imitation")
    meta = info["meta"]
    assert info["path"] == str(path)
    assert info["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
    # the float weights quantised (python -m shengji.learn.quantize), made for today's features
    with np.load(path) as f:
        assert int(f["format"]) == net.FORMAT
        assert bytes(f["layout"]).decode() == features.LAYOUT_DIGEST
        assert len(meta["quantized_from"]) == 64
    assert meta["script"] == learn_train.SCRIPT == "shengji.learn.train"
    assert meta["state_size"] == features.STATE_SIZE
    assert meta["action_size"] == features.ACTION_SIZE
    args = meta["args"]
    for key in ("seed", "data_seed", "hands", "teacher", "epochs", "arch"):
        assert key in args, key
    # the data are the script's decisions study of those arguments
    assert meta["data"] == learn_data.study(args["data_seed"], args["hands"], args["teacher"])
    assert tuple(args["arch"]) == info["sizes"]
    # ... and they are the script at its defaults: python -m shengji.learn.train --out DIR
    defaults = vars(learn_train.parser().parse_args(["--out", "x"]))
    # the data's flags default to None (--data: the run's own), the study's seed and teacher
    defaults.update(data_seed=learn_train.DATA_SEED, teacher=learn_data.TEACHER)
    for key, value in args.items():
        want = defaults[key]
        assert (list(want) if isinstance(want, tuple) else want) == value, key
    assert len(meta["commit"]) == 40 and meta["torch"]
    # the shipped study file sim/decisions.toml is that data study
    sim = Path(__file__).resolve().parents[3] / "sim" / "decisions.toml"
    assert (
        make_config(load_study_file(sim))[1].metadata() == make_config(meta["data"])[1].metadata()
    )
    assert path.stat().st_size < 4 << 20  # a few MB at most


def _made_by_iterate(path, flags, generation, parent, try_, start_was=None):
    """The weights file ``path`` is a generation of ``python -m shengji.learn.iterate`` with
    ``flags`` (its metadata records the loop's settings; ``start_was``: the name --start had
    when the loop ran, for the same file); returns its metadata."""
    from shengji.learn import iterate

    info = net.info(str(path))
    meta = info["meta"]
    assert info["sha256"] == hashlib.sha256(Path(path).read_bytes()).hexdigest()
    with np.load(path) as f:
        assert int(f["format"]) == net.FORMAT
        assert bytes(f["layout"]).decode() == features.LAYOUT_DIGEST
    assert meta["script"] == iterate.SCRIPT
    want = iterate._options(iterate.parser().parse_args(["--out", "x", *flags]))
    settings = iterate._settings(want)
    if start_was is not None:
        settings["start"] = start_was
    assert meta["settings"] == settings
    assert (meta["generation"], meta["parent"], meta["try"]) == (generation, parent, try_)
    assert len(meta["data"]) == 64 and info["sizes"] == net.info("imitation")["sizes"]
    assert Path(path).stat().st_size < 4 << 20  # a few MB at most
    return meta


def test_the_selfplay4_weights_say_how_they_were_made():
    """``selfplay4`` (shipped before the one shipped now): the fourth generation of the
    self-play loop from the imitation network (docs/hand-engine.md, "Self-play
    generations")."""
    flags = ["--hindsight", "--explore", "0.5", "--generations", "4", "--tries", "8",
             "--workers", "2"]  # fmt: skip
    _made_by_iterate(net.NAMED["selfplay4"], flags, 4, 3, 5)


def test_the_shipped_weights_say_how_they_were_made():
    """The shipped network: the third generation of the nearly greedy loop (``--explore
    0.02``) from ``selfplay4``, which was the shipped network then: the loop recorded its
    start as ``"shipped"``, with that file's digest."""
    assert net.info()["path"] == str(net.SHIPPED_WEIGHTS)
    flags = ["--start", "selfplay4", "--hindsight", "--explore", "0.02", "--generations", "3",
             "--tries", "8", "--workers", "2"]  # fmt: skip
    meta = _made_by_iterate(net.SHIPPED_WEIGHTS, flags, 3, 2, 3, start_was="shipped")
    assert meta["settings"]["start_sha256"] == net.info("selfplay4")["sha256"]


def test_the_net_plays_legal_hands_as_a_function_of_the_view():
    assert "net" in BOT_NAMES
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
    """1, 2 and 3 workers (3: a chunk count that no two-worker split shows) write the same
    files, each chunk's table with its sha256."""

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
        one = run(1, name, **study)
        assert len(one) >= study["n"] // study["chunk_size"], one  # a file per chunk at least
        for workers in (2, 3) if name == "duel" else (2,):  # 3 once: spawning costs seconds
            assert run(workers, name, **study) == one, (name, workers)


def _spec(name):
    from shengji.game.botspec import parse_bot

    return parse_bot("bot", name)


def test_the_net_plays_in_the_vector_env_and_the_advisor():
    from shengji.adapters.vector import VectorEnv
    from shengji.analysis.advisor import advise
    from tests.adapters.test_vector_differential import play_first_hands, replay

    # the opponents' every decision is HandState.bot_action("net")'s, which the test above
    # holds to the network's forward pass
    env = VectorEnv(4, preset="standard", seats=(0, 2), opponents="net", record=True)
    for i, rec in enumerate(play_first_hands(env, 3)):
        replay(env, 3, i, rec)
    adv = advise(HandState("standard", "2", banker=0, seed=9).observation(1).hand, bot="net", n=4)
    assert len(adv.options) > 0


def _write(path, arrays):
    with open(path, "wb") as f:
        np.savez(f, **arrays)
    return path


def test_bad_weights_are_one_line_naming_the_file_and_leave_every_other_bot(tmp_path):
    from shengji.analysis.evaluation import evaluate
    from shengji.cli import main as cli_main
    from shengji.game.botspec import parse_bot

    good = _shipped()
    truncated = tmp_path / "truncated.npz"
    truncated.write_bytes(net.SHIPPED_WEIGHTS.read_bytes()[:5000])
    garbage = tmp_path / "garbage.npz"
    garbage.write_bytes(b"\x80\x04not weights at all" * 40)
    old_format = _write(
        tmp_path / "v1.npz",
        {k: v for k, v in good.items() if not k.startswith("q_") and k != "format"},
    )
    layout = _write(tmp_path / "layout.npz", dict(good, layout=np.frombuffer(b"0" * 64, np.uint8)))
    shape = _write(tmp_path / "shape.npz", dict(good, q_wa=good["q_wa"][:100]))
    dtype = _write(tmp_path / "dtype.npz", dict(good, q_b1=good["q_b1"].astype(np.int32)))
    missing_array = _write(tmp_path / "missing.npz", {k: v for k, v in good.items() if k != "q_wq"})
    nan = _write(tmp_path / "nan.npz", dict(good, w1=np.full_like(good["w1"], np.nan)))
    shifts = _write(tmp_path / "shifts.npz", dict(good, q_shifts=np.array([0, 9, 19, 19])))
    version = _write(tmp_path / "version.npz", dict(good, format=np.array(7)))
    cases = {
        tmp_path / "nowhere.npz": "cannot be read",
        truncated: "not an .npz of net weights",
        garbage: "not an .npz of net weights",
        old_format: "format 1",
        layout: "feature layout",
        shape: "q_wa is int16",
        dtype: "q_b1 is int32",
        missing_array: "no array 'q_wq'",
        nan: "NaN",
        shifts: "q_shifts",
        version: "format 7",
    }
    for path, reason in cases.items():
        for call in (
            lambda p=path: net.load(p),
            lambda p=path: parse_bot("team_a", {"bot": "net", "weights": str(p)}),
        ):
            with pytest.raises(ValueError, match=reason) as err:
                call()
            message = str(err.value)
            assert "\n" not in message and str(path) in message, message
    # the command line: one line, exit 2, before anything runs
    for path in (garbage, layout):
        assert (
            cli_main(
                ["evaluate", f"net(weights={path})", "--against", "greedy", "--n", "2", "--quiet"]
            )
            == 2
        )
    # ... and every other bot, and the shipped network, still play
    assert evaluate("memory", against="greedy", n=2, workers=1, progress=False).deals == 2
    assert evaluate("net", against="greedy", n=2, workers=1, progress=False).deals == 2


def test_importing_shengji_reads_no_weights():
    code = "import shengji, shengji.game; from shengji._core.bots import net; print(net.loaded())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_two_networks_play_one_duel_and_the_metadata_names_both(tmp_path):
    from shengji.learn.model import FLOATS, write_weights

    floats = {k: _shipped()[k].copy() for k in FLOATS}
    floats["wq"] = -floats["wq"]  # a network that picks its worst candidate
    other = tmp_path / "gen2.npz"
    write_weights(other, floats, {"script": "test"})
    digest = hashlib.sha256(other.read_bytes()).hexdigest()
    assert net.load(other) != net.load() and net.info(other)["sha256"] == digest
    kind, cfg = make_config(
        dict(
            study="duel",
            n=8,
            seed=41,
            chunk_size=4,
            team_a={"bot": "net", "weights": str(other)},
            team_b="net",
        )
    )
    out = tmp_path / "run"
    run_study(kind, cfg, out, workers=1, quiet=True)
    import shengji

    df = shengji.load(out)
    meta = df.attrs["shengji"]
    text = json.dumps(meta)
    assert digest in text and net.info()["sha256"] in text
    # the worst-candidate network loses to the shipped one, in both roles
    worst = f"net(weights={other})"
    assert set(df["banker_bot"]) == {worst, "net"}
    as_defender = df.loc[df["defender_bot"] == worst, "defender_points"].mean()
    as_banker = df.loc[df["banker_bot"] == worst, "defender_points"].mean()
    assert as_defender - as_banker < -20
    # a recorded digest that no longer matches the file is refused
    from shengji.game.botspec import parse_bot

    recorded = parse_bot("team_a", {"bot": "net", "weights": str(other)}).to_config()
    assert recorded["weights_sha256"] == digest
    write_weights(other, {k: v * 2 for k, v in floats.items()}, {"script": "test"})
    with pytest.raises(ValueError, match="other weights under the same name"):
        parse_bot("team_a", recorded)
    # pimc's search over the network records the shipped network it rolls out with
    search = parse_bot("team_a", "pimc(rollout=net)").to_config()
    assert search["rollout_sha256"] == net.info()["sha256"]
    assert "rollout_sha256" not in parse_bot("team_a", "pimc").to_config()
    with pytest.raises(ValueError, match="plays no weights file"):
        parse_bot("team_a", {"bot": "pimc", "rollout_sha256": "0" * 64})


def _net_choice(s, weights) -> list[int] | None:
    """The card kinds that the network ``weights`` (a weights file's arrays) plays at ``s``'s
    decision by the numpy twin (its best candidate), None where there is no choice."""
    x, a, cands, _ = decision_features(s._core)
    if s.phase != "play" or len(cands) < 2:
        return None
    pad = np.zeros((1, net.CANDIDATES, features.ACTION_SIZE), np.uint8)
    pad[0, : len(a)] = a
    scores, _ = forward_numpy(weights, x[None], pad, [len(a)])
    one, two = cands[int(np.argmax(scores[0, : len(a)]))]
    return sorted(
        [k for k in range(54) if (one >> k) & 1] + [k for k in range(54) if (two >> k) & 1]
    )


def test_a_second_network_plays_wherever_a_bot_is_named(tmp_path):
    """A second weights file, another network (the shipped float weights with the first
    layer perturbed), decides as the numpy twin of its own file does -- not as the shipped
    one -- in HandState and in the vector env."""
    from shengji.adapters.vector import VectorEnv
    from shengji.learn.model import FLOATS, write_weights
    from tests.adapters.test_vector_differential import play_first_hands, replay

    floats = {k: _shipped()[k].copy() for k in FLOATS}
    rng = np.random.default_rng(52)
    floats["w1"] = floats["w1"] * rng.uniform(0.5, 1.5, floats["w1"].shape).astype(np.float32)
    other = tmp_path / "other.npz"
    write_weights(other, floats, {"script": "test"})
    with np.load(other) as f:
        weights = {k: f[k] for k in f.files}
    label = f"net(weights={other})"
    checked = differ = 0
    for seed in (12, 13):
        s = HandState("standard", "2", banker=seed % 4, seed=seed)
        while not s.is_over():
            action = s.bot_action(label)
            want = _net_choice(s, weights)
            if want is not None:
                assert sorted(c // 2 for c in action) == want
                checked += 1
                differ += sorted(action) != sorted(s.clone().bot_action("net"))
            s.apply(action)
    assert checked > 20 and differ > 0, (checked, differ)
    # the vector env's opponents play the same second network: each of their decisions
    # is HandState.bot_action's of that label (tests/adapters/test_vector_differential)
    env = VectorEnv(
        3,
        preset="standard",
        seats=(0,),
        opponents={"bot": "net", "weights": str(other)},
        record=True,
    )
    assert env.opponents == label
    for i, rec in enumerate(play_first_hands(env, 5)):
        replay(env, 5, i, rec)
    assert str(other) in net.loaded()


def test_the_shipped_file_named_by_its_path_first_still_plays_the_rollouts():
    code = (
        "from shengji._core.bots import net\n"
        "from shengji.game import HandState\n"
        "h = net.load(str(net.SHIPPED_WEIGHTS))\n"
        "assert h != 0 and net.load() == 0, h\n"
        "assert net.info(0)['sha256'] == net.info(h)['sha256']\n"
        "s = HandState('standard', '2', banker=0, seed=3)\n"
        "for _ in range(6):\n"
        "    s.apply(s.bot_action('pimc(rollout=net, samples=2)'))\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]


def test_the_shipped_network_is_read_once_then_checked_without_a_file(monkeypatch):
    """Once loaded, the shipped network is its handle: checking, packing or recording a bot
    that plays it (every agent's check_params checks the default network) touches no file."""
    import os

    from shengji._core.bots.table import pack_params
    from shengji.game.botspec import parse_bot

    net.load()
    touched = []
    stat, read_bytes = os.stat, Path.read_bytes

    def spy_stat(path, *args, **kwargs):
        touched.append(str(path))
        return stat(path, *args, **kwargs)

    def spy_read(path):
        touched.append(str(path))
        return read_bytes(path)

    monkeypatch.setattr(os, "stat", spy_stat)
    monkeypatch.setattr(Path, "read_bytes", spy_read)
    configs = [
        parse_bot("team_a", "net").to_config(),
        parse_bot("team_a", "pimc(rollout=net)").to_config(),
        pack_params(BOT_NAMES.index("net"), {}),
    ]
    monkeypatch.undo()
    assert [t for t in touched if t.endswith(".npz")] == []
    digest = net.info()["sha256"]
    assert configs[0]["weights_sha256"] == configs[1]["rollout_sha256"] == digest
    assert configs[2]["weights"] == 0  # the shipped network's handle


def test_an_earlier_shipped_network_is_seated_by_its_name():
    from shengji.game.botspec import parse_bot

    for name, path in net.NAMED.items():
        assert path.parent == net.SHIPPED_WEIGHTS.parent and path.exists()
        assert net.path_of(name) == path  # the one reading of a name: load's and unload's
        h = net.load(name)
        assert net.load(path) == h and net.info(name)["path"] == str(path)
        assert net.info(name)["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
        spec = parse_bot("team_a", {"bot": "net", "weights": name})
        assert spec.digests == (("weights_sha256", net.info(name)["sha256"]),)
        assert net.unload(name) and not net.unload(name)
    assert net.path_of(net.SHIPPED) == net.SHIPPED_WEIGHTS
    assert net.path_of("~/w.npz") == Path("~/w.npz").expanduser()
    with pytest.raises(ValueError, match="'shipped', 'imitation'") as err:
        parse_bot("team_a", {"bot": "net", "weights": 7})
    assert "\n" not in str(err.value)
