"""Every key refuses what its kind refuses, in one line naming it: a test generated from
the schema.  Each ``Kind`` names values it refuses (``invalid_examples``); every field of
every table (the keys every study kind takes, each kind's own, the rule options, the bots'
parameters) is given each of its kind's, a study key through a whole study table
(``make_config``), a rule option and a bot parameter through its field."""

from __future__ import annotations

import pytest

from shengji._core.bots.table import BOTS
from shengji.rules.option_table import OPTIONS
from shengji.studies import KINDS, get_study
from shengji.studies.base import ConfigError, make_config
from shengji.studies.config import COMMON

# A valid table of each kind (its required keys): a refusal is then the value's.
VALID = {
    "duel": {"team_a": "greedy", "team_b": "random"},
    "evaluate": {"agent": "random", "against": "greedy"},
    "ladder": {"bots": {"random": "random", "greedy": "greedy"}},
    "decisions": {"teacher": "greedy"},
}


def _valid(kind: str) -> dict:
    return {"study": kind, "n": 1, "seed": 0, **VALID.get(kind, {})}


STUDY_CASES = [
    pytest.param(kind, f.name, value, id=f"{kind}-{f.name}-{value!r:.30}")
    for kind in KINDS
    for f in (*COMMON, *get_study(kind).keys)
    for value in f.kind.invalid_examples()
]
TABLE_CASES = [
    pytest.param(where, f, value, id=f"{where}-{value!r:.30}")
    for where, fields in [("rules", OPTIONS), *((b.name, b.params) for b in BOTS)]
    for f in fields
    for value in f.kind.invalid_examples()
]


def _one_line_naming(message: str, key: str) -> None:
    assert "\n" not in message and message.startswith(key), message
    assert message[len(key)] in ":. ", message  # the key itself, not a longer name


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_valid_tables_are_valid(kind):
    make_config(_valid(kind))


@pytest.mark.parametrize("kind,key,value", STUDY_CASES)
def test_every_study_key_refuses_its_kinds_invalid_values_in_one_line(kind, key, value):
    with pytest.raises(ConfigError) as info:
        make_config({**_valid(kind), key: value})
    _one_line_naming(str(info.value), key)


@pytest.mark.parametrize("where,field,value", TABLE_CASES)
def test_every_rule_option_and_bot_parameter_refuses_them_too(where, field, value):
    key = f"{where}.{field.name}"
    with pytest.raises((ValueError, TypeError)) as info:
        field.check(key, value)
    _one_line_naming(str(info.value), key)


def test_every_kind_names_invalid_values():
    """The generated cases cover every kind the tables use (none refuses nothing)."""
    fields = [*COMMON, *(f for k in KINDS for f in get_study(k).keys), *OPTIONS]
    fields += [f for b in BOTS for f in b.params]
    assert all(f.kind.invalid_examples() for f in fields)
    assert len(STUDY_CASES) > 8 * len(COMMON) and TABLE_CASES
