"""The bid head's training (shengji.learn.bids): the same command writes the same file bit for
bit, the file is its base's play head with a bid head the net bot bids with, the metadata
records the provenance, and bad arguments are one line (exit 2)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.support.runsupport import studies_die
from tests.support.torch import need_torch

torch = need_torch()

from shengji._core.bots import net  # noqa: E402
from shengji.analysis import run  # noqa: E402
from shengji.learn import bids  # noqa: E402
from shengji.learn.bid_model import read_arrays  # noqa: E402


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    out = tmp_path_factory.mktemp("bids") / "data"
    run({"study": "bid_decisions", "n": 60, "seed": 8, "explore": 0.2}, out, workers=1)
    return out


def _train(data, out, *extra):
    args = ["--data", str(data), "--out", str(out), "--epochs", "2", "--arch", "16,8"]
    return bids.main(args + ["--batch", "64", *extra])


def test_the_same_command_writes_the_same_file(data, tmp_path):
    assert _train(data, tmp_path / "a.npz") == 0
    assert _train(data, tmp_path / "b.npz") == 0
    assert (tmp_path / "a.npz").read_bytes() == (tmp_path / "b.npz").read_bytes()
    assert _train(data, tmp_path / "c.npz", "--seed", "2") == 0
    assert (tmp_path / "a.npz").read_bytes() != (tmp_path / "c.npz").read_bytes()
    info = net.info(tmp_path / "a.npz")
    assert info["bids"] and info["sizes"] == net.info()["sizes"]
    meta = info["meta"]
    assert meta["script"] == bids.SCRIPT and meta["args"]["arch"] == [16, 8]
    assert meta["base"]["sha256"] == net.info()["sha256"] and meta["rows"] > 60
    assert meta["data"][0]["study"] == "bid_decisions" and "val_gain" in meta
    base, ours = read_arrays(net.SHIPPED_WEIGHTS), read_arrays(tmp_path / "a.npz")
    assert all(ours[k].tobytes() == base[k].tobytes() for k in net.ARRAYS)
    # a head trained on a head's file replaces it
    assert _train(data, tmp_path / "d.npz", "--weights", str(tmp_path / "c.npz")) == 0
    d = read_arrays(tmp_path / "d.npz")
    assert np.array_equal(d["q_bid_w1"], ours["q_bid_w1"])
    assert (
        net.info(tmp_path / "d.npz")["meta"]["base"]["sha256"]
        == net.info(tmp_path / "c.npz")["sha256"]
    )


def test_the_generations_continue_where_they_stopped(tmp_path):
    args = ["--generations", "2", "--dir", str(tmp_path / "loop"), "--hands", "40"]
    args += ["--out", str(tmp_path / "w.npz"), "--epochs", "1"]
    args += ["--arch", "16,8", "--batch", "64", "--data-seed", "3"]
    assert bids.main(args) == 0
    loop = tmp_path / "loop"
    assert {p.name for p in loop.iterdir()} >= {"data-1", "data-2", "gen-1.npz", "gen-2.npz"}
    w = (tmp_path / "w.npz").read_bytes()
    assert w == (loop / "gen-2.npz").read_bytes()
    data = net.info(tmp_path / "w.npz")["meta"]["data"]
    assert len(data) == 1 and data[0]["seed"] == 4 and data[0]["n"] == 40
    assert data[0]["bot"]["bids"] == "learned"  # generation 2 played generation 1's bids
    assert data[0]["bot"]["weights"] == "gen-1.npz"  # by name: no trace of where it lay
    (loop / "gen-2.npz").unlink()
    (tmp_path / "w.npz").unlink()
    assert bids.main(args) == 0  # the data found done, generation 2 trained again
    assert (tmp_path / "w.npz").read_bytes() == w


def test_the_loss_of_the_centred_part():
    r = torch.tensor([[1.0, 2.0, 0.0], [0.0, 0.0, 5.0]])
    q = torch.tensor([[2.0, 3.0, 9.0], [1.0, 1.0, 1.0]])
    mask = torch.tensor([[True, True, False], [True, True, True]])
    plain = bids._loss(r, q, mask, 0.0).item()
    assert plain == pytest.approx((1.0 + (1 + 1 + 16) / 3) / 2)
    # the first row's error is a shift: the centred part ignores it
    assert bids._loss(r[:1], q[:1], mask[:1], 5.0).item() == pytest.approx(1.0)


def test_bad_arguments_are_one_line(data, tmp_path, capsys):
    assert bids.main(["--data", str(tmp_path), "--out", str(tmp_path / "x.npz")]) == 2
    assert "holds no bid_decisions table" in capsys.readouterr().err
    assert _train(data, tmp_path / "x.npz", "--epochs", "-1") == 2
    assert _train(data, tmp_path / "x.npz", "--weights", str(tmp_path / "none.npz")) == 2
    assert bids.main(["--out", str(tmp_path / "x.npz")]) == 2  # neither --data nor the loop
    assert bids.main(["--generations", "2", "--out", str(tmp_path / "x.npz")]) == 2  # no --dir
    err = capsys.readouterr().err
    assert err.count("\n") == 4 and all(line.startswith("bids: ") for line in err.splitlines())


def test_a_failed_data_study_is_one_line(tmp_path, monkeypatch, capsys):
    line = studies_die(monkeypatch)
    args = ["--generations", "1", "--dir", str(tmp_path), "--out", str(tmp_path / "x.npz")]
    assert bids.main(args) == 1
    assert capsys.readouterr().err.strip() == f"bids: {line}"
