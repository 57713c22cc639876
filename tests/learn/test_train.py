"""The training script (shengji.learn.train): the same command gives the same weights bit for
bit, its weights load into the core with their provenance, self-play runs on top, and bad
arguments are one line (exit 2)."""

from __future__ import annotations

import json

import numpy as np

from tests.support.torch import need_torch

torch = need_torch()

from shengji._core.bots import net  # noqa: E402
from shengji.learn import train  # noqa: E402

TEACHER = json.dumps({"bot": "pimc", "samples": 4})


def _train(out, *extra):
    args = ["--out", str(out), "--hands", "12", "--teacher", TEACHER, "--epochs", "2"]
    return train.main(args + ["--arch", "32,16,16", "--batch", "64", *extra])


def test_the_same_command_writes_the_same_weights(tmp_path):
    assert _train(tmp_path / "a") == 0
    assert _train(tmp_path / "b", "--data", str(tmp_path / "a" / "data")) == 0
    a, b = (np.load(tmp_path / x / "net.npz") for x in "ab")
    for k in a.files:
        if k != "meta":
            assert a[k].tobytes() == b[k].tobytes(), k
    info = net.info(tmp_path / "a" / "net.npz")
    meta = info["meta"]
    assert meta["script"] == train.SCRIPT and meta["args"]["hands"] == 12
    assert meta["data"]["teacher"] == json.loads(TEACHER) and meta["decisions"] > 12 * 30
    assert info["sizes"] == (32, 16, 16)
    assert (tmp_path / "a" / "epoch-1.npz").exists()
    curve = [json.loads(line) for line in (tmp_path / "a" / "curve.jsonl").read_text().splitlines()]
    assert [r["epoch"] for r in curve] == [1, 2] and all(0 <= r["val_accuracy"] <= 1 for r in curve)


def test_self_play_rounds_run_on_top(tmp_path):
    assert _train(tmp_path / "a") == 0
    out = tmp_path / "sp"
    assert (
        _train(
            out,
            "--data",
            str(tmp_path / "a" / "data"),
            "--init",
            str(tmp_path / "a" / "net.npz"),
            "--epochs",
            "0",
            "--selfplay-rounds",
            "1",
            "--selfplay-hands",
            "8",
        )
        == 0
    )
    # no imitation epoch: whatever moved the weights away from --init is the self-play round
    init, after = (np.load(p) for p in (tmp_path / "a" / "net.npz", out / "net.npz"))
    moved = [k for k in ("w1", "w2", "wz", "wa", "wq") if not np.array_equal(init[k], after[k])]
    assert moved == ["w1", "w2", "wz", "wa", "wq"], moved
    assert np.array_equal(np.load(out / "epoch-1.npz")["q_w1"], after["q_w1"])
    curve = [json.loads(line) for line in (out / "curve.jsonl").read_text().splitlines()]
    assert [r.get("selfplay_round") for r in curve] == [1]
    assert net.info(out / "net.npz")["meta"]["args"]["selfplay_rounds"] == 1


def test_bad_arguments_are_one_line(tmp_path, capsys):
    assert _train(tmp_path / "x", "--arch", "30,16,16") == 2
    assert "multiples of 16" in capsys.readouterr().err
    assert _train(tmp_path / "a") == 0
    assert _train(tmp_path / "y", "--data", str(tmp_path / "a" / "data"), "--data-seed", "7") == 2
    assert "another data seed (34001) than --data-seed 7" in capsys.readouterr().err
    other = json.dumps({"bot": "pimc", "samples": 8})
    assert _train(tmp_path / "w", "--data", str(tmp_path / "a" / "data"), "--teacher", other) == 2
    assert "another teacher" in capsys.readouterr().err
    assert _train(tmp_path / "z", "--data", str(tmp_path / "a" / "data"), "--hands", "20") == 2
    assert "not >= 20" in capsys.readouterr().err


def test_self_play_data_train_without_search_values(tmp_path, capsys):
    """The net bot's exploring decisions (self-play: no pimc values, q_n all 0) are data
    for --data, and the loss stays finite (it was nan: the empty advantage term summed the
    masked -inf scores)."""
    from shengji.analysis import run
    from shengji.learn.model import advantage_loss

    q = torch.tensor([[0.5, float("-inf")], [1.0, 2.0]], requires_grad=True)
    zero = advantage_loss(q, torch.zeros(2, 2), torch.zeros(2, 2))
    zero.backward()
    assert zero.item() == 0.0 and torch.isfinite(q.grad).all()
    data = run(
        {"study": "decisions", "n": 12, "seed": 5, "teacher": "net", "explore": 0.5},
        tmp_path / "sp",
    )
    args = ["--out", str(tmp_path / "t"), "--hands", "12", "--epochs", "2", "--batch", "64"]
    assert train.main([*args, "--data", str(data), "--init", str(net.SHIPPED_WEIGHTS)]) == 0
    log = (tmp_path / "t" / "train.log").read_text()
    assert "nan" not in log and "epoch 2: train loss" in log, log
    meta = net.info(tmp_path / "t" / "net.npz")["meta"]
    assert meta["data"]["explore"] == 0.5 and meta["data"]["teacher"]["bot"] == "net"
    assert meta["args"]["data_seed"] == 5
