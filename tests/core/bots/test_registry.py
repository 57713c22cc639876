"""_core/bots/registry.pyx: the registry is the bot table's rows in order (names, the
objectives, the parameter fields, the rollout bots), and an agent is refused in one line for
an id out of range or a value that is no bot id."""

from __future__ import annotations

import pytest

from shengji._core.bots import registry, table
from tests.support.duels import duel_columns


def test_the_registry_is_the_tables_rows():
    assert registry.BOT_NAMES == tuple(b.name for b in table.BOTS)
    assert registry.n_bots() == len(table.BOTS) == len(registry.BOT_NAMES)
    assert registry.OBJECTIVES == ("points", "levels")
    fields = {name for b in table.BOTS for name in (p.name for p in b.params)}
    assert fields <= set(registry.PARAM_FIELDS)
    assert set(registry.ROLLOUT_BOTS) <= set(registry.BOT_NAMES)
    assert "pimc" not in registry.ROLLOUT_BOTS and "swift" not in registry.ROLLOUT_BOTS


def test_every_id_plays_and_one_beyond_is_refused():
    n = registry.n_bots()
    greedy = registry.BOT_NAMES.index("greedy")
    for bot in ("random", "greedy", "memory"):
        cols = duel_columns(registry.BOT_NAMES.index(bot), greedy, n=2, seed=3)
        assert len(cols["defender_points"]) == 4
    with pytest.raises(ValueError, match=f"bot id {n} out of range 0..{n - 1}"):
        duel_columns(n, greedy, n=1, seed=3)
    with pytest.raises(TypeError, match="^bot: expected a bot id or"):
        duel_columns(("greedy", ()), greedy, n=1, seed=3)
