"""Agents parsed at the edge (shengji.game.agents): each kind of value becomes one typed
agent, a reference imports, and anything else is one line."""

from __future__ import annotations

import pytest

from shengji.game.agents import (
    BatchedAgent,
    BuiltinAgent,
    DecisionAgent,
    batched,
    parse_agent,
    resolve_reference,
)
from shengji.game.botspec import parse_bot
from tests.support import agents


def test_bot_specs_are_builtin_agents():
    for value in (
        "memory",
        "pimc(samples=8)",
        {"bot": "pimc", "samples": 8},
        parse_bot("x", "swift"),
    ):
        a = parse_agent(value)
        assert isinstance(a, BuiltinAgent) and a.spec == parse_bot("x", value)
    assert parse_agent("pimc(samples=8)").label == "pimc(samples=8)"


def test_callables_by_kind():
    d = parse_agent(agents.lowest)
    assert isinstance(d, DecisionAgent) and d.label == "lowest"
    assert d.reference == "tests.support.agents:lowest"
    b = parse_agent(agents.lowest_batched)  # marked by the decorator
    assert isinstance(b, BatchedAgent) and not b.takes_rng
    r = parse_agent(agents.random_batched)  # three arguments: a batched policy with rng
    assert isinstance(r, BatchedAgent) and r.takes_rng
    assert isinstance(parse_agent(agents.lowest, batched=True), BatchedAgent)
    assert parse_agent(lambda o, r: 0).reference is None  # not importable by name
    assert parse_agent(d) is d


def test_references_import():
    assert resolve_reference("tests.support.agents:lowest") is agents.lowest
    a = parse_agent("tests.support.agents:random_batched")
    assert isinstance(a, BatchedAgent) and a.reference == "tests.support.agents:random_batched"


def test_a_file_reference(tmp_path):
    f = tmp_path / "mine.py"
    f.write_text("def act(observation, rng):\n    return 0\n")
    assert isinstance(parse_agent(f"{f}:act"), DecisionAgent)
    with pytest.raises(ValueError, match="no such file"):
        parse_agent(f"{tmp_path / 'none.py'}:act")


def test_the_batched_decorator_labels_and_wraps():
    @batched(label="mine")
    def policy(obs, mask):
        return mask.argmax(1)

    a = parse_agent(policy)
    assert isinstance(a, BatchedAgent) and a.label == "mine"
    wrapped = batched(len)  # a builtin cannot take the mark: wrapped
    assert isinstance(parse_agent(wrapped), BatchedAgent)


@pytest.mark.parametrize(
    "value, kind, message",
    [
        (3, TypeError, "expected a bot name"),
        ("nosuch", ValueError, "unknown bot 'nosuch'"),
        ("mod:", ValueError, "expected MODULE:NAME"),
        ("tests.support.agents:missing", ValueError, "has no 'missing'"),
        ("no_such_module_x:f", ValueError, "cannot import 'no_such_module_x'"),
        (agents.one_arg, TypeError, "a bot takes (observation, rng)"),
    ],
)
def test_bad_values_are_one_line(value, kind, message):
    with pytest.raises(kind) as e:
        parse_agent(value)
    assert message in str(e.value) and "\n" not in str(e.value)
    with pytest.raises(ValueError, match="not a batched policy"):
        parse_agent("memory", batched=True)
