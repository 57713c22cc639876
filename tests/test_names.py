"""Names and limits come from one module (shengji.names), which takes every C constant
from the core; the Python names of the core's enums come from the core: bots and phases from
their cpdef enums (bot.pxd, hand.pxd), shapes and sides pinned to what the core's kernels
return; every Python copy of them (shengji.game, the studies, shengji.rules.combos) equals the
core's."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import shengji.names as names
from shengji import cli, game
from shengji._core.base import cards as core_cards
from shengji._core.bidding import bidding as core_bidding
from shengji._core.bots import bot, registry
from shengji._core.engine import hand
from shengji._core.rules import combos
from shengji._core.rules import scoring as core_scoring
from shengji._core.step import handcore
from shengji.game import botspec as bots
from shengji.rules import combos as api_combos
from shengji.studies import scoring as scoring_study
from tests.support.core_args import core_rules

PACKAGE = Path(names.__file__).resolve().parent


def test_sizes_and_limits_are_the_cores():
    for name in (
        "N_SUITS",
        "N_RANKS",
        "N_KINDS",
        "N_COPIES",
        "N_CARDS",
        "N_SEATS",
        "HAND_SIZE",
        "KITTY_SIZE",
        "N_DEALT",
        "SMALL_JOKER",
        "BIG_JOKER",
        "TRUMP",
        "NO_TRUMP",
        "TOTAL_POINTS",
    ):
        assert getattr(names, name) == getattr(core_cards, name), name
    assert names.MAX_REDEALS == core_bidding.MAX_REDEALS == 1000
    assert (names.N_CARDS, names.N_SEATS, names.HAND_SIZE, names.KITTY_SIZE) == (108, 4, 25, 8)
    assert names.N_SEATS * names.HAND_SIZE + names.KITTY_SIZE == names.N_CARDS
    assert names.N_DEALT == names.N_SEATS * names.HAND_SIZE


def test_max_threshold_is_a_hand():
    """The threshold policy counts the trumps a seat holds while the cards are dealt: at
    most its 25 cards (36 is the number of trumps in the deck, not in a hand)."""
    assert names.MAX_THRESHOLD == core_bidding.MAX_THRESHOLD == names.HAND_SIZE == 25


def test_name_tuples():
    assert names.TRUMP_NAMES == ("S", "H", "C", "D", "NT")
    assert names.TRUMP_NAMES[names.NO_TRUMP] == "NT"
    assert names.FOLLOW_NAMES[names.TRUMP] == "T" and names.SUITS == "SHCD"
    assert names.SHAPE_NAMES == ("single", "pair", "tractor", "throw")
    assert names.SIDE_NAMES == ("banker", "defenders")
    assert names.PHASE_NAMES == ("bury", "play", "over")
    # the bot table's first rows, in its order (a new bot is appended: its own row)
    assert names.BOT_NAMES[:5] == ("random", "greedy", "memory", "pimc", "swift")
    assert names.BID_POLICIES == ("eager", "threshold", "never")
    assert names.RANK_NAMES[8] == "10" and len(names.RANK_NAMES) == names.N_RANKS


def test_public_modules_share_the_names():
    from shengji import bidding, cards, game
    from shengji.rules import combos, trump

    assert bidding.TRUMP_NAMES is names.TRUMP_NAMES and bidding.MAX_REDEALS == names.MAX_REDEALS
    assert bidding.POLICIES is names.BID_POLICIES and game.BID_POLICIES is names.BID_POLICIES
    assert game.BOT_NAMES is names.BOT_NAMES and combos.SHAPES is names.SHAPE_NAMES
    assert cards.N_CARDS == names.N_CARDS and trump.FOLLOW_NAMES is names.FOLLOW_NAMES


DEFINED_ONCE = (
    "TRUMP_NAMES",
    "SHAPE_NAMES",
    "SIDE_NAMES",
    "PHASE_NAMES",
    "BOT_NAMES",
    "BID_POLICIES",
    "FOLLOW_NAMES",
    "MAX_REDEALS",
    "MAX_THRESHOLD",
    "MAX_SEED",
    "N_SUITS",
    "N_RANKS",
    "N_KINDS",
    "N_COPIES",
    "N_CARDS",
    "N_SEATS",
    "HAND_SIZE",
    "KITTY_SIZE",
    "N_DEALT",
    "SMALL_JOKER",
    "BIG_JOKER",
    "TOTAL_POINTS",
    "NO_TRUMP",
)


def test_no_python_module_writes_them_again():
    """Only shengji.names binds these names at module level (others import them)."""
    pattern = re.compile(r"^({})\s*(:[^=]*)?=".format("|".join(DEFINED_ONCE)), re.M)
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "names.py" and path.parent == PACKAGE:
            continue
        m = pattern.search(path.read_text(encoding="utf-8"))
        assert m is None, f"{path.relative_to(PACKAGE)} defines {m.group(1)}"


def test_threshold_limit_everywhere(tmp_path, capsys):
    from shengji.bidding.simulate import simulate_bids
    from shengji.game import HandState

    with pytest.raises(ValueError, match=r"1\.\.25"):
        simulate_bids(2, 1, policy="threshold", threshold=26)
    with pytest.raises(ValueError, match=r"1\.\.25"):
        HandState(seed=1, bid_policy="threshold", threshold=26)
    for study in (
        'study = "bid_odds"\npolicy = "threshold"\nthreshold = 26',
        'study = "scoring"\nbid_policy = "threshold"\nbid_threshold = 26',
        'study = "match"\nbid_policy = "threshold"\nbid_threshold = 26',
    ):
        path = tmp_path / "t.toml"
        path.write_text(study + "\nn = 10\nseed = 1\n")
        assert cli.main(["run", str(path), "--out", str(tmp_path / "o"), "--quiet"]) == 2
        assert "1..25" in capsys.readouterr().err  # shengji.bidding.args.check_threshold


# -- the core's enums
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


def test_bot_names_come_from_the_table():
    """The bots are the bot table's rows, in order; the ids the C code names (BotId) are its
    first rows; every Python copy of the names is the table's."""
    from shengji._core.bots.table import BOTS

    assert registry.BOT_NAMES == tuple(b.name for b in BOTS) == names.BOT_NAMES
    for b in bot.BotId:
        assert registry.BOT_NAMES[int(b)] == b.name.removeprefix("BOT_").lower()
    assert [int(b) for b in sorted(bot.BotId, key=int)] == list(range(len(bot.BotId)))
    assert game.BOT_NAMES == registry.BOT_NAMES == handcore.BOT_NAMES and registry.n_bots() == len(
        BOTS
    )
    assert bots.BOT_NAMES == registry.BOT_NAMES == tuple(bots.BOT_PARAMS)  # the studies' bots


def _counts(*kinds):
    c = np.zeros(54, np.uint8)
    for k in kinds:
        c[k] += 1
    return c


def test_shape_and_side_names_follow_the_kernels():
    """What the core's classifier and level change return, read through the Python names."""
    STD = core_rules()
    five, six, nine = 13 + 3, 13 + 4, 13 + 7  # 5H 6H 9H; trump spades at level 2
    cases = {
        "single": _counts(five),
        "pair": _counts(five, five),
        "tractor": _counts(five, five, six, six),
        "throw": _counts(five, nine),
    }
    for name, counts in cases.items():
        assert combos.SHAPE_NAMES[combos.classify(counts, 0, 0, STD)[1]] == name
    assert combos.SIDE_NAMES[core_scoring.level_change(0, STD)[0]] == "banker"
    assert combos.SIDE_NAMES[core_scoring.level_change(200, STD)[0]] == "defenders"
    for copy in (game.SHAPE_NAMES, scoring_study.SHAPE_NAMES, api_combos.SHAPES):
        assert tuple(copy) == combos.SHAPE_NAMES
    for copy in (game.SIDE_NAMES, scoring_study.SIDE_NAMES, api_combos.SIDES):
        assert tuple(copy) == combos.SIDE_NAMES
