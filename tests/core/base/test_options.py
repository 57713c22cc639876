"""_core/base/options.pyx: packed rules copied into the kernels' struct: every field of
``RulesC`` and no other key, each an int; anything else refused in one line naming the
door or the key; the choices' enums numbered as the option table lists them."""

from __future__ import annotations

import pytest

from shengji._core.base import options as core
from shengji.rules import pack
from shengji.rules.option_table import OPTIONS
from shengji.rules.options import Rules
from shengji.schema import Choice


def test_the_struct_is_the_packed_rules():
    for rules in (Rules(), Rules.preset("tournament"), Rules(kitty_multiplier="power2")):
        packed = pack.rules(rules)
        assert sorted(packed) == sorted(core.FIELDS)
        assert core.packed(packed) == packed


def test_a_changed_value_reaches_the_struct():
    a = core.packed(pack.rules(Rules(kitty_multiplier="linear4")))
    b = core.packed(pack.rules(Rules(kitty_multiplier="power2")))
    assert a["kitty_multiplier"] == core.KittyMultiplier.KM_LINEAR4
    assert b["kitty_multiplier"] == core.KittyMultiplier.KM_POWER2
    assert {k for k in a if a[k] != b[k]} == {"kitty_multiplier"}


def test_anything_but_the_packed_dict_is_refused():
    packed = pack.rules(Rules())
    with pytest.raises(ValueError, match="RulesC has no field 'nonsense'"):
        core.packed({**packed, "nonsense": 1})
    missing = dict(packed)
    del missing["clockwise"]
    with pytest.raises(ValueError):
        core.packed(missing)
    for bad in (Rules(), "standard", None):
        with pytest.raises(TypeError, match="^rules: the core takes packed rules"):
            core.packed(bad)


def test_each_choice_reaches_the_struct_as_its_enum_member():
    for o in OPTIONS:
        if not (isinstance(o.kind, Choice) and o.kind.enum):
            continue
        enum = getattr(core, o.kind.enum)
        assert len(enum) == len(o.kind.choices), o.name
        for choice in o.kind.choices:
            member = enum[f"{o.kind.prefix}_{'NONE' if choice is None else choice.upper()}"]
            try:
                rules = Rules(**{o.name: choice})
            except ValueError:  # a choice that needs another option (CONSTRAINTS)
                continue
            assert core.packed(pack.rules(rules))[o.name] == member, (o.name, choice)
