"""Study keys added after runs were written without them (``Study.recorded_when_set``) are
in a run's metadata only when set: a run that does not use them has the bytes it had before
they existed (and an earlier run still resumes)."""

import pytest

from shengji.studies.base import make_config


@pytest.mark.parametrize(
    ("data", "key", "value"),
    [
        ({"study": "bid_odds", "n": 10, "seed": 1}, "bot", "memory"),
        (
            {"study": "duel", "n": 10, "seed": 1, "team_a": "memory", "team_b": "memory"},
            "team_b_bid_policy",
            "eager",
        ),
    ],
)
def test_recorded_only_when_set(data, key, value):
    kind, cfg = make_config(data)
    assert key in kind.recorded_when_set and key in cfg.options
    assert key not in cfg.metadata()["options"]
    extra = {"policy": "players"} if key == "bot" else {"bid_policy": "players"}
    _, cfg = make_config({**data, **extra, key: value})
    assert cfg.metadata()["options"][key] == value


def test_every_other_key_is_always_recorded():
    kind, cfg = make_config({"study": "bid_odds", "n": 10, "seed": 1})
    assert cfg.options["threshold"] is None and "threshold" in cfg.metadata()["options"]
