"""Helpers for the bot tests: a duel played straight through the core (drivers.duel's
play_duel, standard rules, level 2, first hands) and the two checks a bad bot parameter
meets (the botspec parser and a study file)."""

from __future__ import annotations

import numpy as np
import pytest

from shengji._core.base.rng import chunk_state, seat_key
from shengji._core.drivers import hands as core
from shengji._core.drivers.duel import play_duel
from shengji._core.drivers.jobs import DuelJob
from shengji.game import HandState
from shengji.game.botspec import parse_bot
from shengji.names import N_CARDS
from shengji.rules import pack
from shengji.rules.options import Rules
from shengji.studies.base import ConfigError, make_config


def duel_columns(
    spec_a, spec_b, n: int, seed: int, *, bid_policy: int = 0, team_b_bid_policy: int = -1
) -> dict:
    """n deals of play_duel with bots spec_a (team A) and spec_b (a BotSpec, packed for the
    core by shengji.rules.pack.bot, or what the core takes: a bot id, (id, parameters)), bid
    by the kernel's bid_policy index (0: eager) -> {column: 2 n values}."""
    state, deck = chunk_state(seed, 0), np.arange(N_CARDS, dtype=np.uint8)
    out = np.zeros((len(core.HAND_COLUMNS), 2 * n), np.int32)
    play_duel(
        DuelJob(
            state=state,
            key=seat_key(seed, 0),
            deck=deck,
            first=0,
            n=n,
            rules=pack.rules(Rules.preset("standard")),
            level=0,
            banker=0,
            bot_a=_packed(spec_a),
            bot_b=_packed(spec_b),
            bid_policy=bid_policy,
            bid_threshold=0,
            out=out,
            team_b_bid_policy=team_b_bid_policy,
        )
    )
    return {c: out[i] for i, c in enumerate(core.HAND_COLUMNS)}


def hand_decisions(bot: str, seed: int, preset: str = "tournament") -> list[tuple]:
    """Every decision of one hand (level 2, seat 1 banks) with `bot` in all four seats,
    asked through HandState.bot_action: what a digest of a bot's choices is taken over."""
    s = HandState(preset, "2", banker=1, seed=seed)
    seq = []
    while not s.is_over():
        a = s.bot_action(bot)
        seq.append(tuple(a))
        s.apply(a)
    return seq


def _packed(spec):
    """A BotSpec packed for the core; a bot id or (id, parameters) as it is (what the core
    takes, for the tests of its own checks)."""
    return spec if isinstance(spec, (int, tuple)) else pack.bot(spec)


def assert_bad_bot_parameter(value, needle: str) -> None:
    """A bad bot table is one ValueError naming the parameter ("p.<name>") from the parser
    and one ConfigError naming it ("policy.<name>") from a study file."""
    with pytest.raises(ValueError, match=needle):
        parse_bot("p", value)
    with pytest.raises(ConfigError, match=needle.replace("p.", "policy.")):
        make_config({"study": "scoring", "n": 1, "seed": 1, "policy": value})
