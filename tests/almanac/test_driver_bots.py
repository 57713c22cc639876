"""The manifest's bots: those a part's recorded options name with parameters, found from its
study kind's keys of a bot's kind (``played_bots``), not from a list of key names: the
match's ``opponent_policy`` and the duel's ``team_a`` / ``team_b`` count as ``policy`` does."""

from __future__ import annotations

import pytest

from shengji.almanac.driver import played_bots
from shengji.studies.base import make_config

PIMC = {"bot": "pimc", "samples": 4}


def _recorded(study: str, **keys) -> dict:
    _, cfg = make_config({"study": study, "n": 1, "seed": 0, **keys})
    return cfg.metadata()["options"]


@pytest.mark.parametrize(
    "study,keys",
    [
        ("scoring", {"policy": "greedy", "defender_policy": PIMC}),
        ("match", {"policy": "greedy", "opponent_policy": PIMC}),
        ("duel", {"team_a": "memory", "team_b": PIMC}),
        ("duel", {"team_a": PIMC, "team_b": "random"}),
        ("bid_odds", {"policy": "players", "bot": PIMC}),
        ("decisions", {"teacher": PIMC}),
        ("evaluate", {"agent": "random", "against": PIMC}),
        ("evaluate", {"agent": PIMC, "against": "greedy"}),
    ],
)
def test_every_bot_key_of_a_part_names_its_bot(study, keys):
    found = played_bots(study, _recorded(study, **keys))
    assert list(found) == ["pimc"] and found["pimc"]["samples"] == 4


def test_the_ladder_s_bots_by_their_ladder_names_and_plain_bots_elsewhere_not_at_all():
    recorded = _recorded("ladder", bots={"a": "random", "b": PIMC})
    found = played_bots("ladder", recorded)
    assert found == recorded["bots"] and list(found) == ["a", "b"]
    assert found["b"]["bot"] == "pimc" and found["b"]["samples"] == 4
    assert played_bots("scoring", _recorded("scoring", policy="greedy")) == {}
    assert played_bots(None, {"policy": PIMC}) == {}  # a part without a study header
