"""rules/option_kinds.py: the rule options' kinds check their values (a canonical value
back, else one line naming the option), and a value written as a rules file writes it."""

from __future__ import annotations

import sys

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

from shengji.rules.option_kinds import (
    FLAG,
    OPTIONAL_COUNT,
    OPTIONAL_HANDS,
    OPTIONAL_LEVELS,
    RANK,
    RANK_SET,
    canonical_rank,
    show_value,
)


def test_canonical_rank():
    assert [canonical_rank(v) for v in ("t", 10, "10", "a", "2")] == ["10", "10", "10", "A", "2"]
    with pytest.raises(ValueError, match="^start_level: "):
        canonical_rank("1", "start_level")


def test_each_kind_checks_its_values():
    assert FLAG.check("x", True) is True
    assert RANK.check("x", "k") == "K"
    assert tuple(RANK_SET.check("x", ["a", "j"])) in (("J", "A"), ("A", "J"))
    assert OPTIONAL_LEVELS.check("x", None) is None and OPTIONAL_LEVELS.check("x", 2) == 2
    assert OPTIONAL_COUNT.check("x", 0) == 0
    bad = [(FLAG, 1), (RANK, "Z"), (RANK_SET, ["Z"]), (OPTIONAL_LEVELS, 0),
           (OPTIONAL_COUNT, -1), (OPTIONAL_HANDS, 0), (OPTIONAL_HANDS, True)]  # fmt: skip
    for kind, value in bad:
        with pytest.raises(ValueError, match="^opt: "):
            kind.check("opt", value)


@pytest.mark.parametrize("value", [None, True, False, "linear4", ("J", "A"), 6, []])
def test_show_value_writes_toml(value):
    text = show_value(value)
    if value is None:
        assert text == "null"
    else:
        back = tomllib.loads(f"v = {text}")["v"]
        assert back == (list(value) if isinstance(value, tuple) else value)
