"""Rules options and presets (docs/rules.md §9–10)."""

import dataclasses
import enum
import re
from dataclasses import fields
from pathlib import Path

import pytest

from shengji import PRESETS, Rules
from shengji._core.base import options as core_options
from shengji.cards import RANKS
from shengji.rules import pack
from shengji.rules.options import (
    OPTION,
    OPTIONS,
    PRESET_SOURCES,
    option_listing,
    resolve_rules,
    show_value,
)
from shengji.schema import Choice, Flag, OptionalInt, Rank, RankSet


def test_defaults_match_rules_md():
    r = Rules()
    assert r.start_level == "2" and r.clockwise is False and r.tractor_gap and r.trump_chain
    assert r.kitty_multiplier == "linear4" and r.level_table == "classic" and r.level_cap is None
    assert r.must_play == () and r.no_bid == "no_trump" and r.throw_penalty == "none"
    assert r.reinforce_locks and r.overturn_takes_bank and r.first_hand_overturn
    assert r.suit_priority is None and not r.single_joker_declares and not r.mixed_joker_pair


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_loads_and_round_trips(name):
    r = Rules.preset(name)
    assert Rules.from_dict(r.to_dict()) == r
    assert name in PRESET_SOURCES
    for key, value in PRESETS[name].items():
        got = getattr(r, key)
        assert (list(got) if isinstance(got, tuple) else got) == value


def test_preset_table_spot_checks():
    assert Rules.preset("club-84022").must_play == ("10",)
    assert Rules.preset("campus-2015").trump_throws is False
    assert Rules.preset("timed-match").first_hand_overturn is False
    assert Rules.preset("team-cup").mixed_joker_pair is True


def test_immutable_and_hashable():
    r = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.no_bid = "redeal"
    assert hash(r) == hash(Rules())


@pytest.mark.parametrize(
    "options,needle",
    [
        ({"no_bid": "maybe"}, "no_bid"),
        ({"kitty_multiplier": "x3"}, "linear4"),
        ({"level_cap": 0}, "level_cap"),
        ({"level_cap": True}, "level_cap"),
        ({"start_level": "1"}, "start_level"),
        ({"must_play": ["Z"]}, "must_play"),
        ({"tractor_gap": "yes"}, "tractor_gap"),
        ({"suit_priority": "HSCD"}, "SHCD"),
        ({"bogus": 1}, "allowed options"),
    ],
)
def test_bad_options_are_rejected_with_a_message(options, needle):
    with pytest.raises(ValueError, match=needle):
        Rules(**options)


def test_unknown_preset():
    with pytest.raises(ValueError, match="standard"):
        Rules.preset("nope")


def test_rank_canonicalisation():
    assert Rules(start_level="T").start_level == "10"
    assert Rules(must_play=["a", "j", "J"]).must_play == ("J", "A")


# -- the option table is the one source of truth ---------------------------------------------

CORE = Path(__file__).resolve().parents[2] / "src" / "shengji" / "_core"


def _core_enums():
    return {
        name: obj
        for name, obj in vars(core_options).items()
        if isinstance(obj, type) and issubclass(obj, enum.IntEnum)
    }


def test_dataclass_fields_are_the_table_rows_in_order():
    assert [f.name for f in fields(Rules)] == [o.name for o in OPTIONS]
    assert list(Rules().to_dict()) == [o.name for o in OPTIONS]
    for o in OPTIONS:
        assert getattr(Rules(), o.name) == o.kind.check(o.name, o.default)


@pytest.mark.parametrize(
    "o", [o for o in OPTIONS if isinstance(o.kind, Choice)], ids=lambda o: o.name
)
def test_choices_are_pinned_to_the_core_enums(o):
    """The core numbers each choice (cpdef enum in options.pxd, members PREFIX_VALUE);
    the Python values must be the same names in the same order: renaming, reordering,
    adding or dropping a value on one side only fails here."""
    members = sorted(getattr(core_options, o.kind.enum), key=int)
    assert [int(m) for m in members] == list(range(len(members)))
    prefixes = {m.name.split("_", 1)[0] for m in members}
    assert len(prefixes) == 1, f"{o.kind.enum}: one prefix per enum, got {prefixes}"
    core_values = [m.name.split("_", 1)[1] for m in members]
    assert core_values == ["NONE" if c is None else c.upper() for c in o.kind.choices]


def test_every_core_enum_belongs_to_an_option():
    used = {o.kind.enum for o in OPTIONS if isinstance(o.kind, Choice)}
    assert set(_core_enums()) == used


def test_the_c_struct_has_exactly_the_table_fields():
    # packed() returns the C struct converted back to a dict: all of RulesC's fields
    assert set(core_options.packed(pack.rules(Rules()))) == {o.c_field for o in OPTIONS}


def test_a_key_the_core_lacks_is_an_error_never_dropped(monkeypatch):
    """An option appended to the table, the core not rebuilt from it (no RulesC field): the
    core refuses its packed key in one line naming it, instead of dropping it."""
    from shengji.rules import options
    from shengji.schema import Field, Flag

    new = Field("x_new_option", Flag(), False, "a test option", section=3)
    monkeypatch.setattr(options, "OPTIONS", (*OPTIONS, new))
    monkeypatch.setattr(options, "OPTION", {**OPTION, new.name: new})
    packed = Rules(x_new_option=True).packed()
    assert packed["x_new_option"] == 1 and set(packed) - set(core_options.FIELDS) == {new.name}
    with pytest.raises(ValueError, match=r"^rules: the core's RulesC has no field 'x_new_option'"):
        core_options.packed(packed)
    with pytest.raises(ValueError, match="has no field 7"):
        core_options.packed({**dict.fromkeys(core_options.FIELDS, 0), 7: 0})


def _expected_c_value(o, value):
    """What the kernels must read, worked out independently of Kind.pack (by the kind's
    class, so that a new row needs nothing here): choices by the core enum member's NAME
    (not by position), ranks by the cards' notation."""
    if isinstance(o.kind, Choice) and not o.kind.enum:  # the kernels do not name it
        return o.kind.choices.index(value)
    if isinstance(o.kind, Choice):
        members = getattr(core_options, o.kind.enum)
        prefix = next(iter(members)).name.split("_", 1)[0]
        return int(members[f"{prefix}_{'NONE' if value is None else value.upper()}"])
    if isinstance(o.kind, Rank):
        return RANKS.index("T" if value == "10" else value)
    if isinstance(o.kind, OptionalInt):
        return -1 if value is None else value
    if isinstance(o.kind, RankSet):
        return sum(1 << RANKS.index("T" if r == "10" else r) for r in value)
    assert isinstance(o.kind, Flag), o.name
    return int(value)


@pytest.mark.parametrize("name", list(PRESETS))
def test_packed_struct_per_preset(name):
    r = Rules.preset(name)
    got = core_options.packed(pack.rules(r))
    for o in OPTIONS:
        assert int(got[o.c_field]) == _expected_c_value(o, getattr(r, o.name)), o.name
    # the edge resolves None, preset names and option dicts; the core takes the packed Rules
    assert pack.rules(resolve_rules(name)) == pack.rules(Rules.from_dict(r.to_dict())) == got


def test_packing_covers_every_value():
    for o in OPTIONS:
        values = o.kind.choices if isinstance(o.kind, Choice) else None
        for v in values or ():
            r = Rules(**{o.name: v})
            assert int(core_options.packed(pack.rules(r))[o.c_field]) == _expected_c_value(o, v)
    assert core_options.packed(pack.rules(Rules(level_cap=10**30)))["level_cap"] == 2**31 - 1


def test_the_core_takes_packed_rules_only():
    """The core never resolves a preset nor calls back up: a Rules, a name, None or a dict of
    options is a TypeError naming the door (shengji.rules.pack); packed rules with a field
    missing are a ValueError."""
    for value in (Rules(), "standard", None, 3):
        with pytest.raises(TypeError, match=r"packed rules.*shengji\.rules\.pack\.rules"):
            core_options.packed(value)
    short = dict(pack.rules(Rules()))
    del short["no_bid"]
    with pytest.raises(ValueError, match="no_bid"):
        core_options.packed(short)
    with pytest.raises(TypeError, match="expected a shengji.Rules"):
        pack.rules("standard")  # type: ignore[arg-type]


def test_option_table_rows_are_documented():
    names = [o.name for o in OPTIONS]
    assert len(set(names)) == len(names) and OPTION == {o.name: o for o in OPTIONS}
    rulebook_sections = set(range(1, 12))
    for o in OPTIONS:
        assert o.section in rulebook_sections, o.name
        assert o.doc and "\n" not in o.doc and o.doc == o.doc.strip(), o.name
        assert o.kind.values()


def test_listing_data_behind_shengji_rules():
    rows = option_listing("club-84022")
    assert [r["name"] for r in rows] == [o.name for o in OPTIONS]
    changed = {r["name"] for r in rows if r["changed"]}
    assert changed == set(Rules.preset("club-84022").differences())
    by = {r["name"]: r for r in rows}
    assert by["must_play"]["value"] == ["10"] and by["must_play"]["default"] == []
    assert by["kitty_multiplier"]["section"] == 5 and "'power2'" in by["kitty_multiplier"]["values"]
    assert show_value(by["must_play"]["value"]) == '["10"]'
    assert show_value(None) == "null" and show_value(True) == "true" and show_value(6) == "6"


def test_presets_and_defaults_are_shared_instances():
    assert Rules.preset("tournament") is Rules.preset("tournament")
    assert resolve_rules(None) is resolve_rules(None) == Rules()
    assert Rules(must_play=["A"]).packed() == Rules(must_play="A").packed()


def test_rules_pickle_and_equality_ignore_the_pack():
    import pickle

    r = Rules.preset("club-84022")
    back = pickle.loads(pickle.dumps(r))
    assert back == r and hash(back) == hash(r) and back.packed() == r.packed()
    assert repr(back) == repr(r)


def test_the_core_imports_nothing_above_it():
    """No unit of shengji._core imports the Python layer (rules, cards, ...): it is handed
    packed values instead (options.pyx)."""
    pattern = re.compile(
        r"^\s*(from|import|cimport)\s+shengji(?!\._core)\b|"
        r"^\s*from\s+\.\.",
        re.M,
    )
    for path in sorted(CORE.glob("*.p[yx]*")):
        if path.suffix in (".pyx", ".pxd"):
            assert not pattern.search(path.read_text()), path.name
