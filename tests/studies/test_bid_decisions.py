"""The bid decisions study (issue 51): net's bid decisions with each option's hindsight value,
the same bytes for any number of workers, its rows the driver's, and its bad keys refused in
one line."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from shengji._core.bots import bid_net
from shengji.runner import run_study
from shengji.studies.base import ConfigError, make_config


def _run(tmp_path, name, workers=1, **keys):
    data = dict(study="bid_decisions", n=24, seed=41, chunk_size=5, explore=0.2)
    data.update(keys)
    kind, cfg = make_config(data, source="test")
    run_study(kind, cfg, tmp_path / name, workers=workers, quiet=True)
    return tmp_path / name


def _digests(out):
    records = [json.loads(line) for line in (out / "_manifest.jsonl").read_text().splitlines()]
    return sorted((f, v["sha256"]) for r in records if "files" in r for f, v in r["files"].items())


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    return _run(tmp_path_factory.mktemp("bid_decisions"), "one")


def test_same_bytes_for_any_number_of_workers(recorded, tmp_path):
    assert _digests(recorded) == _digests(_run(tmp_path, "two", workers=2))


def test_the_rows(recorded):
    b = pd.read_parquet(recorded / "bid_decisions")
    hands = pd.read_parquet(recorded / "hands")
    assert len(hands) == 24 and len(b) > 24 and set(b["hand"]) <= set(hands["hand"])
    assert set(b["round"]) <= {"card", "after_deal"}
    y = np.stack([np.frombuffer(v, np.uint8) for v in b["y"]])
    o = np.stack([np.frombuffer(v, np.uint8) for v in b["o"]]).reshape(len(b), 8, -1)
    assert y.shape[1] == bid_net.STATE_SIZE and o.shape[2] == bid_net.ACTION_SIZE
    q = np.stack(b["q"].to_numpy())
    n = b["n"].to_numpy()
    past = np.arange(8)[None, :] >= n[:, None]
    assert not q[past].any() and not o[past].any()
    assert ((b["played"] >= 0) & (b["played"] < b["n"])).all()
    assert (b["played"] != b["policy"]).any()  # explored


def test_another_bot(tmp_path):
    out = _run(tmp_path, "memory", bot="memory", n=8, explore=0.0)
    b = pd.read_parquet(out / "bid_decisions")
    assert len(b) and (b["played"] == b["memory"]).all()


@pytest.mark.parametrize(
    "keys, match",
    [
        ({"keep": 0}, "keep"),
        ({"explore": 2}, "explore"),
        ({"bot": "nobot"}, "bot"),
        ({"preset": "must-play-ja"}, "secret_bids"),
        ({"first_hand": True}, "first_hand"),
        ({"deal": {"trumps": {"seat": 0, "min": 3}}}, "deal"),
    ],
)
def test_bad_keys_are_one_line(keys, match):
    with pytest.raises(ConfigError, match=match) as info:
        kind, cfg = make_config(dict(study="bid_decisions", n=2, seed=0, **keys), source="test")
        kind.tables(cfg)
    assert "\n" not in str(info.value)
