"""The Python names of the core's enums come from the core: bots and phases from their
cpdef enums (bot.pxd, hand.pxd), shapes and sides pinned to what the core's kernels return;
every Python copy of them (shengji.game, the studies, shengji.rules.combos) equals the core's."""

from __future__ import annotations

import numpy as np

from shengji import bots, game
from shengji import combos as api_combos
from shengji._core.bots import bot
from shengji._core.engine import hand
from shengji._core.rules import combos
from shengji._core.step import handcore
from shengji.studies import scoring as scoring_study


def test_phase_names_come_from_the_enum():
    assert hand.PHASE_NAMES == tuple(
        p.name.removeprefix("PHASE_").lower() for p in sorted(hand.Phase, key=int)
    )
    assert [int(p) for p in sorted(hand.Phase, key=int)] == list(range(len(hand.Phase)))
    assert handcore.PHASES is hand.PHASE_NAMES
    s = game.HandState("standard", "2", banker=0, seed=1)
    assert s.phase == hand.PHASE_NAMES[hand.Phase.PHASE_BURY]
    s.apply(s.bot_action("greedy"))
    assert s.phase == hand.PHASE_NAMES[hand.Phase.PHASE_PLAY]


def test_bot_names_come_from_the_enum():
    assert bot.BOT_NAMES == tuple(
        b.name.removeprefix("BOT_").lower() for b in sorted(bot.BotId, key=int)
    )
    assert [int(b) for b in sorted(bot.BotId, key=int)] == list(range(len(bot.BotId)))
    assert game.BOTS == bot.BOT_NAMES == handcore.BOTS
    assert bots.BOT_NAMES == bot.BOT_NAMES == tuple(bots.BOT_PARAMS)  # the studies' bots


def _counts(*kinds):
    c = np.zeros(54, np.uint8)
    for k in kinds:
        c[k] += 1
    return c


def test_shape_and_side_names_follow_the_kernels():
    """What the core's classifier and level change return, read through the Python names."""
    five, six, nine = 13 + 3, 13 + 4, 13 + 7  # 5H 6H 9H; trump spades at level 2
    cases = {
        "single": _counts(five),
        "pair": _counts(five, five),
        "tractor": _counts(five, five, six, six),
        "throw": _counts(five, nine),
    }
    for name, counts in cases.items():
        assert combos.SHAPE_NAMES[combos.classify(counts, 0, 0)[1]] == name
    assert combos.SIDE_NAMES[combos.level_change(0)[0]] == "banker"
    assert combos.SIDE_NAMES[combos.level_change(200)[0]] == "defenders"
    for copy in (game.SHAPE_NAMES, scoring_study.SHAPE_NAMES, api_combos.SHAPES):
        assert tuple(copy) == combos.SHAPE_NAMES
    for copy in (game.SIDE_NAMES, scoring_study.SIDE_NAMES, api_combos.SIDES):
        assert tuple(copy) == combos.SIDE_NAMES
