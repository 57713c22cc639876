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
    from shengji.schema import Field, Int

    # a bot with parameters, as its row in the bot table declares them
    memory = replace(
        table.bot_row("memory"),
        params=(
            Field("samples", Int(1, 99), 32, "deals"),
            Field("depth", Int(1, 99), 1, "plies"),
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


# ------------------------------------------------------------------------------------------
# the bot table's presets: a name written where a bot's is
# ------------------------------------------------------------------------------------------
def test_a_preset_is_its_bot_with_its_parameters():
    from shengji._core.bots.table import BOTS

    presets = [(b, s) for b in BOTS for s in b.presets]
    assert {s.name for _, s in presets} == set(bots.BOT_PRESETS) >= {"pimc_infer", "pimc_net"}
    for b, s in presets:
        written_out = {"bot": b.name, **dict(s.params)}
        spec = parse_bot("x", s.name)
        assert spec == parse_bot("x", written_out) == parse_bot("x", {"bot": s.name})
        assert spec.to_config() == parse_bot("x", written_out).to_config()
        assert spec != parse_bot("x", b.name)  # it sets something
        for k, v in s.params:  # ... what it says, not the defaults
            assert dict(spec.params)[k] == v != b.defaults()[k]
    # the strongest search, written once in the table
    assert dict(parse_bot("x", "pimc_infer").params) == {
        **dict(parse_bot("x", "pimc").params),
        "infer_steps": 32,
        "infer_eps": 0.15,
        "bury_eps": 0.5,
        "infer_bids": 1,
    }


def test_parameters_beside_a_preset_override_it():
    both = parse_bot("x", {"bot": "pimc_infer", "rollout": "net", "infer_steps": 8})
    assert both == parse_bot("x", "pimc_infer(rollout=net, infer_steps=8)")
    p = dict(both.params)
    assert (p["rollout"], p["infer_steps"], p["infer_eps"], p["infer_bids"]) == ("net", 8, 0.15, 1)
    with pytest.raises(ValueError, match=r"^x\.samples: expected an integer 1\.\.1024, got 0$"):
        parse_bot("x", {"bot": "pimc_infer", "samples": 0})
    with pytest.raises(ValueError, match="bot 'pimc' has no parameter 'depth'"):
        parse_bot("x", "pimc_infer(depth=2)")


@pytest.mark.parametrize("value", ["pimc_fast", {"bot": "pimc_fast"}, "pimc_fast(samples=2)"])
def test_an_unknown_preset_is_one_line(value):
    with pytest.raises(ValueError) as err:
        parse_bot("team_a", value)
    message = str(err.value)
    assert "\n" not in message
    assert message == (
        "team_a: unknown bot 'pimc_fast'; allowed: "
        + ", ".join(BOT_NAMES)
        + " (presets: "
        + ", ".join(bots.BOT_PRESETS)
        + ")"
    )


def test_a_study_with_a_preset_writes_the_bytes_of_its_parameters(tmp_path):
    """A duel with the preset (and parameters beside it) and the same duel with every
    parameter written out: the same files, byte for byte (the metadata included)."""
    from shengji.runner import run_study

    small = {"samples": 2, "candidates": 2}
    spelled = {"bot": "pimc", "infer_steps": 32, "infer_eps": 0.15, "bury_eps": 0.5}
    runs = {
        "preset": {"bot": "pimc_infer", **small},
        "spelled": {**spelled, "infer_bids": 1, **small},
    }
    for name, bot in runs.items():
        kind, cfg = make_config(
            {"study": "duel", "n": 2, "seed": 7, "team_a": bot, "team_b": "memory"},
            source="test",
        )
        run_study(kind, cfg, tmp_path / name, workers=1, quiet=True)

    def tables(name):  # the data (the run's log beside them holds its timings)
        return sorted(p.relative_to(tmp_path / name) for p in (tmp_path / name).rglob("*.parquet"))

    files = tables("preset")
    assert files and files == tables("spelled")
    for rel in files:
        assert (tmp_path / "preset" / rel).read_bytes() == (tmp_path / "spelled" / rel).read_bytes()


def test_the_command_line_takes_a_preset(capsys):
    from shengji.cli import main

    assert main(["bots"]) == 0
    out = capsys.readouterr().out
    assert "preset pimc_infer: pimc(infer_steps=32, infer_eps=0.15, bury_eps=0.5" in out
    code = main(["advise", "--hand", "AS " * 25, "--level", "2", "--bot", "pimc_fast"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and "\n" not in err
    assert "--bot: unknown bot 'pimc_fast'" in err and "(presets: pimc_infer, pimc_net)" in err
