"""The networks a process holds (net.pyx ``load``, ``unload``; issue 51's "networks owned
by their users"): any number of weights files, each found by its sha256, the idle ones
evicted, the playing ones pinned, a dead handle refused, the file read once at the edge."""

from __future__ import annotations

import gc
import os
import threading
from pathlib import Path

import numpy as np
import pytest

from shengji._core.bots import features, net
from shengji.game.botspec import parse_bot
from shengji.learn.model import FLOATS, forward_numpy, write_weights
from shengji.rules import pack
from tests.support.agents import lowest_legal


def _floats(scale: float) -> dict:
    with np.load(net.SHIPPED_WEIGHTS) as f:
        floats = {k: f[k].copy() for k in FLOATS}
    floats["w1"] = floats["w1"] * np.float32(scale)
    floats["wq"] = floats["wq"] * np.float32(2.0 - scale)
    return floats


def _decisions(seed: int, count: int = 6):
    rng = np.random.default_rng(seed)
    x = (rng.random((count, features.STATE_SIZE)) < 0.05).astype(np.uint8)
    a = (rng.random((count, net.CANDIDATES, features.ACTION_SIZE)) < 0.1).astype(np.uint8)
    n = rng.integers(2, net.CANDIDATES + 1, count)
    return x, a, n


def _networks(tmp_path: Path, count: int) -> list[Path]:
    paths = []
    for i in range(count):
        path = tmp_path / f"g{i}.npz"
        write_weights(path, _floats(0.6 + 0.8 * i / count), {"script": "test", "i": i})
        paths.append(path)
    return paths


def test_any_number_of_networks_play_in_one_process_and_idle_ones_are_evicted(tmp_path):
    """More networks than were ever resident at once (16 before): each plays as its own
    file's numpy twin; at most KEEP_IDLE idle ones stay; an evicted one's handle is refused
    and its file, named again, plays again."""
    paths = _networks(tmp_path, 2 * net.KEEP_IDLE + 8)
    x, a, n = _decisions(3)
    handles = []
    for path in paths:
        h = net.load(path)
        handles.append(h)
        scores, values = net.forward(x, a, n, weights=h)
        with np.load(path) as f:
            want_s, want_v = forward_numpy({k: f[k] for k in f.files}, x, a, n)
        np.testing.assert_array_equal(scores, want_s)
        np.testing.assert_array_equal(values, want_v)
    resident = [p for p in net.loaded() if p != str(net.SHIPPED_WEIGHTS)]
    assert len(resident) <= net.KEEP_IDLE
    assert str(paths[-1]) in resident and str(paths[0]) not in resident
    with pytest.raises(ValueError, match="no network has the handle .* evicted"):
        net.load(handles[0])
    with pytest.raises(ValueError, match="no network has the handle"):
        net.forward(x, a, n, weights=handles[0])
    again = net.load(paths[0])
    assert again != handles[0]  # the same slot may come back, never the same handle
    assert net.info(again)["sha256"] == net.info(paths[0])["sha256"]


@pytest.mark.parametrize("handle", [-1, 7, 1 << 20, net.SLOTS - 1])
def test_a_handle_no_network_has_is_an_error(handle):
    with pytest.raises(ValueError, match=f"no network has the handle {handle}"):
        net.load(handle)


def test_the_edge_reads_the_file_once_then_everything_finds_it_by_its_digest(tmp_path, monkeypatch):
    """parse_bot reads the file and records its sha256; packing, checking and playing the
    bot (what every worker does) then touch no file -- not even when it has gone."""
    from shengji.game import HandState

    (path,) = _networks(tmp_path, 1)
    spec = parse_bot("team_a", {"bot": "net", "weights": str(path)})
    digest = dict(spec.digests)["weights_sha256"]
    assert digest == net.info(path)["sha256"]
    path.rename(tmp_path / "gone.npz")
    touched = []
    stat, read_bytes = os.stat, Path.read_bytes

    def spy_stat(p, *args, **kwargs):
        touched.append(str(p))
        return stat(p, *args, **kwargs)

    def spy_read(p):
        touched.append(str(p))
        return read_bytes(p)

    monkeypatch.setattr(os, "stat", spy_stat)
    monkeypatch.setattr(Path, "read_bytes", spy_read)
    s = HandState("standard", "2", banker=0, seed=5)
    for _ in range(12):
        s.apply(s.bot_action(spec))
    monkeypatch.undo()
    assert [t for t in touched if t.endswith(".npz")] == []
    packed = pack.bot(spec)
    assert ("weights_sha256", digest) in packed[1]
    # evicted, it is read again, and must still be the file the edge read
    assert net.unload(net.info(digest_handle := net.load(str(path), sha256=digest))["handle"])
    with pytest.raises(ValueError, match="no network has the handle"):
        net.load(digest_handle)
    with pytest.raises(net.WeightsError, match="cannot be read"):
        net.load(str(path), sha256=digest)
    (tmp_path / "gone.npz").rename(path)
    write_weights(path, _floats(1.3), {"script": "test"})
    with pytest.raises(net.DigestError, match="other weights under the same name"):
        net.load(str(path), sha256=digest)


def test_a_network_an_agent_plays_stays_resident_while_others_come_and_go(tmp_path):
    """A duel playing network A in one thread (the core without the GIL): its agents pin A
    (``playing``), and many other networks loaded meanwhile evict idle ones -- A too between
    two chunks, when no agent holds it, and the next chunk finds it again by its digest --
    yet the duel's rows are those of the same duel run alone: no other network ever plays
    in A's place, none is freed under an agent."""
    from shengji.analysis.evaluation import evaluate

    first, *others = _networks(tmp_path, 3 * net.KEEP_IDLE)
    spec = parse_bot("agent", {"bot": "net", "weights": str(first)})
    deals = 2000
    alone = evaluate(spec, against="net", n=deals, workers=1, progress=False)
    result: dict = {}
    thread = threading.Thread(
        target=lambda: result.update(
            r=evaluate(spec, against="net", n=deals, workers=1, progress=False)
        )
    )
    thread.start()
    seen = 0
    while thread.is_alive() and not seen:
        seen = net.info(first)["playing"]
    assert seen, "the duel ended before it was seen playing (make it longer)"
    loaded = 0
    while thread.is_alive():  # churn: every load past KEEP_IDLE evicts an idle network
        net.load(others[loaded % len(others)])
        loaded += 1
    thread.join()
    assert loaded > len(others), loaded
    assert net.info(first)["playing"] == 0
    assert result["r"].points == alone.points
    net.unload(first)
    assert not net.unload(first)


def _play(env, between) -> np.ndarray:
    """Every observation of 300 steps of ``env`` (the learner playing its lowest legal
    action), calling ``between()`` after each step."""
    obs, _ = env.reset(seed=21)
    seen = []
    for _ in range(300):
        obs = env.step(lowest_legal(obs))[0]
        seen.append(obs["observation"].copy())
        between()
    return np.array(seen)


def test_an_agent_keeps_its_network_while_every_idle_one_is_evicted(tmp_path):
    """A vector env's opponents hold network A's agent for the env's life (its scratch pins
    A): loads of KEEP_IDLE + 1 other networks after every step, each enough to evict every
    idle network, leave A resident and playing as it plays with no churn; once the env is
    gone, A is idle and goes like any other."""
    from shengji.adapters.vector import VectorEnv

    first, *others = _networks(tmp_path, 3 * net.KEEP_IDLE)
    spec = {"bot": "net", "weights": str(first)}
    calm = VectorEnv(4, seats=(0,), opponents=spec)
    want = _play(calm, lambda: None)
    del calm
    gc.collect()
    env = VectorEnv(4, seats=(0,), opponents=spec)
    assert net.info(first)["playing"] == 1
    loads = iter(others * 300)

    def churn():
        for _ in range(net.KEEP_IDLE + 1):
            net.load(next(loads))
        assert str(first) in net.loaded()

    np.testing.assert_array_equal(_play(env, churn), want)
    del env
    gc.collect()
    assert net.info(first)["playing"] == 0
    for path in others[: net.KEEP_IDLE + 1]:
        net.load(path)
    assert str(first) not in net.loaded()
