"""Rules options and presets (RULES.md §9–10)."""
import pytest

from shengji import PRESETS, Rules
from shengji.rules import PRESET_SOURCES


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
    with pytest.raises(Exception):
        r.no_bid = "redeal"
    assert hash(r) == hash(Rules())


@pytest.mark.parametrize("options,needle", [
    ({"no_bid": "maybe"}, "no_bid"),
    ({"kitty_multiplier": "x3"}, "linear4"),
    ({"level_cap": 0}, "level_cap"),
    ({"level_cap": True}, "level_cap"),
    ({"start_level": "1"}, "start_level"),
    ({"must_play": ["Z"]}, "must_play"),
    ({"tractor_gap": "yes"}, "tractor_gap"),
    ({"suit_priority": "HSCD"}, "SHCD"),
    ({"bogus": 1}, "allowed options"),
])
def test_bad_options_are_rejected_with_a_message(options, needle):
    with pytest.raises(ValueError, match=needle):
        Rules(**options)


def test_unknown_preset():
    with pytest.raises(ValueError, match="standard"):
        Rules.preset("nope")


def test_rank_canonicalisation():
    assert Rules(start_level="T").start_level == "10"
    assert Rules(must_play=["a", "j", "J"]).must_play == ("J", "A")
