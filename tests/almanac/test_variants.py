"""The almanac's rule variants (shengji.almanac.variants) come from the option table alone:
a flag's other value, a choice's other values, a row's ``typical`` values, with its
``needs`` set beside them; an option of numbers or ranks without typical values is refused
in one line."""

from __future__ import annotations

import pytest

from shengji.almanac.variants import MATCH_SECTION, alternatives, variants
from shengji.rules import Rules
from shengji.rules.option_kinds import FLAG, OPTIONAL_COUNT, RANK_SET
from shengji.rules.option_table import OPTION, OPTIONS
from shengji.schema import Choice, Field


def test_a_flag_a_choice_and_a_typical_row():
    assert alternatives(Field("x", FLAG, False, "d"), False) == (True,)
    assert alternatives(Field("x", FLAG, True, "d"), True) == (False,)
    way = Field("x", Choice((None, "a", "b")), None, "d")
    assert alternatives(way, None) == ("a", "b")
    assert alternatives(way, "a") == (None, "b")
    assert alternatives(Field("x", OPTIONAL_COUNT, None, "d", typical=(3, 0)), None) == (3, 0)
    # a row's typical values win over the values a choice would give
    assert alternatives(Field("x", Choice(("a", "b", "c")), "a", "d", typical=("c",)), "a") == (
        "c",
    )


@pytest.mark.parametrize("kind", [OPTIONAL_COUNT, RANK_SET], ids=["count", "rank_set"])
def test_an_open_kind_without_typical_values_is_refused_in_one_line(kind):
    with pytest.raises(ValueError) as err:
        alternatives(Field("x_open", kind, None, "d"), None)
    message = str(err.value)
    assert "\n" not in message
    assert "x_open" in message and "typical=" in message and "option_table.py" in message


def test_every_option_has_its_variants_in_table_order():
    every = variants()
    named = [v.label.split("=")[0] for v in every]
    assert sorted(set(named), key=named.index) == [o.name for o in OPTIONS]
    assert len({v.label for v in every}) == len(every)
    standard = Rules.preset("standard")
    for v in every:
        name = v.label.split("=")[0]
        assert Rules.preset("standard").replace(**v.change) != standard, v.label
        assert v.match_level == (OPTION[name].section == MATCH_SECTION), v.label


def test_a_rows_typical_values_are_its_variants():
    every = variants()
    for o in OPTIONS:
        if o.typical:
            got = [v.change[o.name] for v in every if v.label.split("=")[0] == o.name]
            want = [list(t) if isinstance(t, tuple) else t for t in o.typical]
            assert got == want, o.name
    labels = {v.label for v in every}
    assert {"level_cap=1", "level_cap=2", "must_play=[J, A]", "start_level=5"} <= labels


def test_a_rows_needs_are_set_beside_it():
    every = variants()
    for o in OPTIONS:
        for v in every:
            if v.label.split("=")[0] == o.name:
                needs = {k: list(x) if isinstance(x, tuple) else x for k, x in o.needs}
                assert v.change == {o.name: v.change[o.name], **needs}, v.label
    labels = {v.label for v in every}
    assert "secret_bids=true (+ overturn_after_kitty=later_hands)" in labels
    assert "timeout_tie=banker (+ match_hands=20)" in labels
