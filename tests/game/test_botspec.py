"""Bots as study files name them (shengji.game.botspec): a name, or a table with parameters;
accepted by every study that takes a policy."""

from __future__ import annotations

import pytest

from shengji.game import HandState
from shengji.game import botspec as bots
from shengji.game.botspec import BotSpec, parse_bot
from shengji.names import BOT_NAMES
from shengji.studies.base import ConfigError, make_config


def test_names_come_from_the_core():
    assert BOT_NAMES[:5] == ("random", "greedy", "memory", "pimc", "swift")  # the table's first
    assert set(bots.BOT_PARAMS) == set(BOT_NAMES)
    for i, name in enumerate(BOT_NAMES):
        spec = parse_bot("x", name)
        assert spec.id == i and spec.name == name
        assert dict(spec.params) == {k: d for k, (d, _) in bots.BOT_PARAMS[name].items()}
        assert spec.label == name  # every parameter at its default


def test_a_table_with_parameters(monkeypatch):
    from dataclasses import replace

    from shengji._core.bots import table

    # a bot with parameters, as its row in the bot table declares them
    memory = replace(
        table.bot_row("memory"),
        params=(
            table.Param("samples", table.Int(1, 99), 32, "deals"),
            table.Param("depth", table.Int(1, 99), 1, "plies"),
        ),
    )
    monkeypatch.setattr(
        table, "BOTS", tuple(memory if b.name == "memory" else b for b in table.BOTS)
    )
    spec = parse_bot("team_a", {"bot": "memory", "samples": 8})
    assert spec.params == (("depth", 1), ("samples", 8))  # defaults filled, sorted
    assert spec.label == "memory(samples=8)"  # what differs from them
    assert spec.to_config() == {"bot": "memory", "depth": 1, "samples": 8}
    assert parse_bot("team_a", spec.to_config()) == spec  # canonical round trip
    with pytest.raises(ValueError, match=r"team_a.samples: expected an integer 1..99, got 0"):
        parse_bot("team_a", {"bot": "memory", "samples": 0})
    with pytest.raises(ValueError, match="its parameters: depth, samples"):
        parse_bot("team_a", {"bot": "memory", "width": 2})


@pytest.mark.parametrize(
    "value,needle",
    [
        ("clever", "unknown bot 'clever'; allowed: " + ", ".join(BOT_NAMES)),
        ({"samples": 2}, "a bot table needs the key 'bot'"),
        ({"bot": 3}, "unknown bot 3"),
        (
            {"bot": "greedy", "samples": 2},
            "bot 'greedy' has no parameter 'samples'; its parameters: none",
        ),
        (["memory"], "expected a bot name"),
    ],
)
def test_bad_bots(value, needle):
    with pytest.raises(ValueError) as err:
        parse_bot("policy", value)
    assert str(err.value).startswith("policy: ") and needle in str(err.value)


@pytest.mark.parametrize(
    "study,keys",
    [
        ("scoring", ("policy", "defender_policy")),
        ("match", ("policy", "opponent_policy")),
        ("duel", ("team_a", "team_b")),
    ],
)
def test_every_study_takes_memory_by_name_or_table(study, keys):
    for value in ("memory", {"bot": "memory"}):
        kind, cfg = make_config(
            {"study": study, "n": 1, "seed": 1, keys[0]: value, keys[1]: "greedy"}
        )
        kind.tables(cfg)
        assert cfg.options[keys[0]] == BotSpec("memory")
        assert cfg.metadata()["options"][keys[0]] == "memory"
    with pytest.raises(ConfigError, match=f"{keys[1]}: unknown bot 'smart'"):
        make_config({"study": study, "n": 1, "seed": 1, keys[0]: "memory", keys[1]: "smart"})


def test_hand_state_bot_action_memory():
    s = HandState("standard", "2", banker=0, seed=2)
    s.apply(s.bot_action("memory"))
    assert s.phase == "play" and len(s.buried) == 8
    with pytest.raises(ValueError, match="bot: unknown bot 'smart'"):
        s.bot_action("smart")
