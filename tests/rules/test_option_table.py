"""rules/option_table.py: the table's rows are well formed (unique names, a default its own
kind accepts unchanged, a doc line, a rule-book section), ``OPTION`` indexes it, and every
constraint holds for the defaults and names options of the table."""

from __future__ import annotations

import re

from shengji.rules.option_table import CONSTRAINTS, OPTION, OPTIONS


def test_rows_are_well_formed():
    names = [o.name for o in OPTIONS]
    assert len(set(names)) == len(names) and list(OPTION) == names
    for o in OPTIONS:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", o.name)
        assert o.kind.check(o.name, o.default) == o.default, o.name
        assert o.doc and "\n" not in o.doc, o.name
        assert isinstance(o.section, int) and 1 <= o.section <= 9, o.name


def test_the_defaults_meet_every_constraint():
    defaults = {o.name: o.default for o in OPTIONS}
    for consistent, message in CONSTRAINTS:
        assert consistent(defaults), message
        named = set(re.findall(r"[a-z]+(?:_[a-z]+)+", message))
        assert named and named & set(OPTION), message
