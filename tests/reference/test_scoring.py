"""reference/scoring.py: the kitty multiplier by the play's largest component and the
level tables of docs/rules.md §6 (classic, league, step20), with stakes, the cap and
must-play ranks."""

from __future__ import annotations

import pytest

from shengji.reference.scoring import kitty_multiplier, level_change
from shengji.rules.options import Rules

HEARTS = ("2", "H")


def test_the_kitty_multiplier_follows_the_largest_component():
    assert kitty_multiplier("AS", HEARTS) == 2
    assert kitty_multiplier("AS AS KS", HEARTS) == 4  # a pair leads the throw
    tractor = "3S 3S 4S 4S 5S 5S"  # three pairs
    expect = {"linear4": 12, "plus2": 8, "power2": 16}
    for name, times in expect.items():
        assert kitty_multiplier(tractor, HEARTS, Rules(kitty_multiplier=name)) == times


@pytest.mark.parametrize(
    "d, classic, league, step20",
    [
        (-5, ("banker", 3), ("banker", 3), ("banker", 4)),
        (0, ("banker", 3), ("banker", 3), ("banker", 4)),
        (35, ("banker", 2), ("banker", 2), ("banker", 2)),
        (75, ("banker", 1), ("banker", 1), ("banker", 1)),
        (95, ("defenders", 0), ("defenders", 1), ("defenders", 0)),
        (100, ("defenders", 0), ("defenders", 1), ("defenders", 1)),
        (165, ("defenders", 2), ("defenders", 2), ("defenders", 4)),
    ],
)
def test_the_level_tables(d, classic, league, step20):
    assert level_change(d, Rules(level_table="classic")) == classic
    assert level_change(d, Rules(level_table="league")) == league
    assert level_change(d, Rules(level_table="step20")) == step20


def test_stakes_cap_and_must_play():
    assert level_change(0, Rules(overturn_levels="stakes"), overturns=2) == ("banker", 5)
    assert level_change(0, Rules(level_cap=1)) == ("banker", 1)
    must = Rules(must_play=("5",))
    assert level_change(0, must, level="3") == ("banker", 2)  # stops on 5
    assert level_change(0, must, level="5") == ("banker", 3)


def test_bad_arguments_are_one_value_error():
    with pytest.raises(ValueError, match="defender_points must be an integer"):
        level_change(1.5)
    with pytest.raises(ValueError, match="overturns must be an integer >= 0"):
        level_change(40, overturns=-1)
