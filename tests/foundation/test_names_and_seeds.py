"""Names and limits come from one module (shengji.names), which takes every C constant
from the core; seeds are checked by one helper (shengji.seeds) at every entry point."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import shengji.names as names
from shengji import cli
from shengji._core.base import cards as core_cards
from shengji._core.bidding import bidding as core_bidding

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
    assert names.BOT_NAMES == ("random", "greedy", "memory", "pimc")
    assert names.BID_POLICIES == ("eager", "threshold", "never")
    assert names.RANK_NAMES[8] == "10" and len(names.RANK_NAMES) == names.N_RANKS


def test_public_modules_share_the_names():
    from shengji import bidding, cards, combos, game, trump

    assert bidding.TRUMP_NAMES is names.TRUMP_NAMES and bidding.MAX_REDEALS == names.MAX_REDEALS
    assert bidding.POLICIES is names.BID_POLICIES and game.BID_POLICIES is names.BID_POLICIES
    assert game.BOTS is names.BOT_NAMES and combos.SHAPES is names.SHAPE_NAMES
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


# -- seeds: one check, one message --------------------------------------------------------
BAD_SEEDS = ["x", -1, 1.5, True, 2**128 + 1, [1, -2], (), ("x",), None]
API_MESSAGE = r"^seed: expected an integer 0\.\.2\*\*128 \(or a sequence of them\), got"


@pytest.mark.parametrize("seed", BAD_SEEDS)
def test_bad_seed_public_api(seed):
    from shengji.bidding.simulate import bid_deal, simulate_bids

    deal = list(range(108))
    with pytest.raises(ValueError, match=API_MESSAGE):
        simulate_bids(3, seed)
    with pytest.raises(ValueError, match=API_MESSAGE):
        bid_deal(deal, seed=seed)


@pytest.mark.parametrize("seed", [s for s in BAD_SEEDS if s is not None])
def test_bad_seed_hand_state(seed):
    from shengji.game import HandState, play_hand

    with pytest.raises(ValueError, match=API_MESSAGE[: -len(", got")] + " or None, got"):
        HandState(seed=seed)
    with pytest.raises(ValueError, match=r"^seed: "):
        play_hand(seed=seed)


def test_good_seeds_are_accepted_everywhere():
    from shengji.bidding.simulate import simulate_bids
    from shengji.game import HandState

    for seed in (0, 7, np.int64(7), np.uint64(7), 2**128, (3, 1), [3, np.int64(1)]):
        HandState(seed=seed)
        simulate_bids(2, seed)
    assert HandState(seed=np.int64(5)).deal == HandState(seed=5).deal
    assert HandState(seed=[5, 1]).deal == HandState(seed=(5, 1)).deal != HandState(seed=5).deal
    HandState(seed=None)  # fresh entropy


@pytest.mark.parametrize("seed", ['"x"', "-1", "1.5", "true", str(2**128 + 1), "[1, 2]"])
def test_bad_seed_in_a_study_file(tmp_path, capsys, seed):
    study = tmp_path / "s.toml"
    study.write_text(f'study = "deals"\nn = 10\nseed = {seed}\n')
    assert cli.main(["run", str(study), "--out", str(tmp_path / "o"), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("shengji: error: seed: expected an integer 0..2**128, got")
    assert not (tmp_path / "o").exists()


def test_bad_seed_analysis_run(tmp_path):
    from shengji.analysis.load import run

    with pytest.raises(ValueError, match="^seed: "):
        run({"study": "deals", "n": 10, "seed": 1}, tmp_path / "o", seed=-3)


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
