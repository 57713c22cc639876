"""game/arguments.py: a game's rules and bots parsed once at its edge: every form of a
rules argument gives its Rules, a bot's name, label or table gives its BotSpec (a name
parsed once per process), and a bad one is one ValueError naming the argument."""

from __future__ import annotations

import pytest

from shengji.game.arguments import card_bot, game_rules
from shengji.game.botspec import BotSpec, parse_bot
from shengji.rules.options import Rules


def test_rules_in_every_form():
    assert game_rules(None) == Rules()
    assert game_rules("tournament") == Rules.preset("tournament")
    assert game_rules({"level_table": "league"}) == Rules(level_table="league")
    r = Rules(clockwise=True)
    assert game_rules(r) == r


def test_bots_in_every_form():
    spec = card_bot("pimc(samples=4)")
    assert isinstance(spec, BotSpec) and spec == parse_bot("bot", "pimc(samples=4)")
    assert card_bot("pimc(samples=4)") is spec  # a label is parsed once
    assert card_bot(spec) is spec
    assert card_bot({"bot": "pimc", "samples": 4}) == spec


def test_a_bad_bot_names_its_argument():
    with pytest.raises(ValueError, match="^opponent"):
        card_bot("no_such_bot", "opponent")
    with pytest.raises(ValueError, match="^opponent"):
        card_bot({"bot": "greedy", "samples": 4}, "opponent")
