"""The bot table (``shengji._core.bots.table``) is the one place a bot and its parameters are
declared: the registry, the core's checks and packing, ``parse_bot`` and ``BOT_PARAMS`` all
follow it.  Every row plays legal, deterministic hands from ``HandState``, by name and with
its parameters."""

from __future__ import annotations

import pytest

from shengji._core.bots import table
from shengji.game import HandState, play_hand
from shengji.game.botspec import BOT_PARAMS, BotSpec, parse_bot
from shengji.rules import pack

ROWS = [b.name for b in table.BOTS]
# written out, not read from the table: the ids the core is handed (a reorder renumbers every
# packed bot) and the defaults docs/hand-engine.md gives (pimc's "Parameters", swift's "With
# the defaults", net's "Weights that belong to the bot"); memory, greedy, random take none
IDS = ("random", "greedy", "memory", "pimc", "swift", "net")
DEFAULTS = {
    "random": {},
    "greedy": {},
    "memory": {},
    "pimc": {
        "samples": 16,
        "candidates": 8,
        "rollout": "memory",
        "objective": "points",
        "time_budget_ms": 0.0,
        "infer": 0,
        "infer_eps": 0.5,
        "bury_factor": 2,
        "z_keep": 1.0,
        "infer_steps": 0,
        "bury_eps": 1.0,
        "infer_bids": 0,
        "pass_eps": 1.0,
    },
    "swift": {
        "bury_samples": 16,
        "lead_samples": 16,
        "follow_samples": 16,
        "hand_limit": 10,
        "candidates": 8,
    },
    "net": {"weights": "shipped", "bids": "memory"},
}
SEARCHES = {"pimc", "swift"}
# the search bots at small settings (a test, not a strength claim)
SMALL = {"pimc": "pimc(samples=2, candidates=2)", "swift": "swift(bury_samples=2, lead_samples=2)"}


@pytest.mark.parametrize("name", ROWS)
def test_every_row_plays_legal_deterministic_hands(name):
    spec = SMALL.get(name, name)
    a = play_hand("standard", "2", policies=(spec, "greedy", spec, "memory"), banker=0, seed=3)
    b = play_hand("standard", "2", policies=(spec, "greedy", spec, "memory"), banker=0, seed=3)
    assert a.history == b.history and a.is_over()
    r = a.result()
    assert r["defender_points"] == (
        r["table_points"] + r["kitty_points"] * r["kitty_multiplier"] + r["penalty"]
    )


@pytest.mark.parametrize("name", ROWS)
def test_the_spec_is_the_table(name):
    assert tuple(ROWS) == IDS
    row = table.bot_row(name)
    spec = parse_bot("x", name)
    assert spec.id == IDS.index(name) and dict(spec.params) == DEFAULTS[name] == row.defaults()
    assert spec.searches == row.searches == (name in SEARCHES)
    assert {k: d for k, (d, _) in BOT_PARAMS[name].items()} == DEFAULTS[name]
    assert [c for _, c in BOT_PARAMS[name].values()] == [p.check for p in row.params]
    # the packed parameters carry the sha256 of each file they play (read once, at the edge)
    files = [(p.name, p.kind.digest(p.default)) for p in row.params]
    assert spec.digests == tuple((f"{k}_sha256", d) for k, d in files if d is not None)
    assert pack.bot(spec) == (IDS.index(name), tuple(sorted(DEFAULTS[name].items())) + spec.digests)


def test_pack_params_fills_the_struct_from_the_row():
    pimc = table.NAMES.index("pimc")
    packed = table.pack_params(pimc, {"samples": 8, "rollout": "greedy", "objective": "levels"})
    assert set(packed) == {name for name, _ in table.FIELDS}
    assert packed["samples"] == 8 and packed["candidates"] == 8  # given, default
    assert packed["rollout"] == table.NAMES.index("greedy") and packed["objective"] == 1
    assert packed["bury_samples"] == 0  # another bot's field
    assert isinstance(packed["infer_eps"], float)
    assert table.pack_params(table.NAMES.index("memory"), ()) == dict.fromkeys(packed, 0)


def test_every_entry_point_takes_the_same_spec():
    """A name, a label, a table and a BotSpec are one bot for HandState.bot_action."""
    forms = [
        "pimc(samples=3, candidates=2)",
        {"bot": "pimc", "samples": 3, "candidates": 2},
        parse_bot("x", "pimc(samples=3, candidates=2)"),
    ]
    choices = []
    for form in forms:
        s = HandState("standard", "2", banker=0, seed=8)
        choices.append(s.bot_action(form))
    assert choices[0] == choices[1] == choices[2]
    with pytest.raises(ValueError, match=r"bot.samples: expected an integer 1..1024, got 0"):
        HandState("standard", "2", banker=0, seed=8).bot_action("pimc(samples=0)")
    assert BotSpec("greedy") == parse_bot("x", "greedy")
