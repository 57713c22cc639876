"""A study kind's keys are a table of the one schema (``Study.keys``: fields with a kind, a
default and a one-line doc), and a config's options are a frozen value parsed by them."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from shengji.runner.plan import Options
from shengji.schema import Field, Kind
from shengji.studies import KINDS, get_study
from shengji.studies.base import COMMON_KEYS, ConfigError, make_config
from shengji.studies.config import COMMON


@pytest.mark.parametrize("name", ["every kind's", *KINDS])
def test_every_key_is_a_field_with_its_doc(name):
    keys = COMMON if name == "every kind's" else get_study(name).keys
    names = [f.name for f in keys]
    assert len(set(names)) == len(names) and (keys is COMMON or not set(names) & set(COMMON_KEYS))
    for f in keys:
        assert isinstance(f, Field) and isinstance(f.kind, Kind), f.name
        assert f.doc and "\n" not in f.doc and f.doc == f.doc.strip(), f.name
        assert f.kind.values(), f.name


def test_the_options_are_a_frozen_value_in_the_keys_order():
    _, cfg = make_config({"study": "scoring", "n": 1, "seed": 0, "policy": "memory"})
    o = cfg.options
    assert isinstance(o, Options) and list(o) == [f.name for f in get_study("scoring").keys]
    assert o["policy"].name == "memory" and o.policy is o["policy"] and o.defender_policy is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        o.policy = "greedy"  # type: ignore[misc]
    with pytest.raises(TypeError):
        o["policy"] = "greedy"  # type: ignore[index]
    assert pickle.loads(pickle.dumps(o)) == o == dict(o)
    changed = o.replace(first_hand=True)
    assert changed["first_hand"] is True and o["first_hand"] is False
    assert list(changed) == list(o)
    with pytest.raises(KeyError, match="no study option 'nope'"):
        o.replace(nope=1)
    with pytest.raises(AttributeError, match="no study option 'nope'"):
        o.nope  # noqa: B018


@pytest.mark.parametrize(
    "data,line",
    [
        ({"study": "decisions", "candidates": 0}, "candidates: expected an integer 1..16, got 0"),
        ({"study": "deals", "aggregate": "yes"}, "aggregate: expected true or false, got 'yes'"),
        ({"study": "scoring", "bid_policy": "x"}, "bid_policy: unknown value 'x'; allowed: "),
        ({"study": "scoring", "policy": "nobot"}, "policy: "),
        ({"study": "match", "bid_policy": "never"}, "bid_policy: unknown value 'never'"),
    ],
)
def test_a_bad_value_is_one_config_error_line(data, line):
    with pytest.raises(ConfigError) as info:
        make_config({"n": 1, "seed": 0, **data})
    message = str(info.value)
    assert message.startswith(line) and "\n" not in message
