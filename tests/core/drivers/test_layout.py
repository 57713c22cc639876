"""_core.drivers.layout.walk_deals: deals a chunk's hands as play_duel does, so play_duel
can start at any deal of a chunk and an env can deal any of them again."""

from __future__ import annotations

import numpy as np
import pytest

from shengji._core.base.rng import chunk_state, seat_key
from shengji._core.drivers import hands as core
from shengji._core.drivers.duel import play_duel
from shengji._core.drivers.jobs import DuelJob, WalkJob
from shengji._core.drivers.layout import walk_deals
from shengji.bidding.args import policy_index
from shengji.game.botspec import parse_bot
from shengji.names import N_CARDS
from shengji.rules import pack
from shengji.rules.options import Rules

RULES = pack.rules(Rules.preset("standard"))  # the core takes packed values
A, B = pack.bot(parse_bot("a", "greedy")), pack.bot(parse_bot("b", "random"))


def _duel(state, deck, first, n):
    out = np.zeros((len(core.HAND_COLUMNS), 2 * n), np.int32)
    play_duel(
        DuelJob(
            state=state,
            key=seat_key(4, 0),
            deck=deck,
            first=first,
            n=n,
            rules=RULES,
            level=0,
            banker=0,
            bot_a=A,
            bot_b=B,
            bid_policy=0,
            bid_threshold=0,
            out=out,
        )
    )
    return out


def test_skipping_deals_then_playing_is_playing_them_all():
    full = _duel(chunk_state(4, 0), np.arange(N_CARDS, dtype=np.uint8), 0, 12)
    state, deck = chunk_state(4, 0), np.arange(N_CARDS, dtype=np.uint8)
    walk_deals(
        WalkJob(
            state=state,
            deck=deck,
            skip=5,
            n=0,
            rules=RULES,
            level=0,
            banker=0,
            bid_policy=0,
            bid_threshold=0,
        )
    )
    np.testing.assert_array_equal(_duel(state, deck, 5, 7), full[:, 10:])


def test_recorded_starts_deal_the_same_hands():
    state, deck = chunk_state(4, 0), np.arange(N_CARDS, dtype=np.uint8)
    states = np.zeros((6, 4), np.uint64)
    decks = np.zeros((6, N_CARDS), np.uint8)
    walk_deals(
        WalkJob(
            state=state,
            deck=deck,
            skip=2,
            n=6,
            rules=RULES,
            level=0,
            banker=0,
            bid_policy=0,
            bid_threshold=0,
            states=states,
            decks=decks,
        )
    )
    full = _duel(chunk_state(4, 0), np.arange(N_CARDS, dtype=np.uint8), 0, 8)
    for i in range(6):  # each deal alone, from its recorded start
        one = _duel(states[i].copy(), decks[i].copy(), 2 + i, 1)
        np.testing.assert_array_equal(one, full[:, 2 * (2 + i) : 2 * (3 + i)])
    rest = _duel(state, deck, 8, 1)  # and the walk left the stream after them
    np.testing.assert_array_equal(
        rest, _duel(chunk_state(4, 0), np.arange(N_CARDS, dtype=np.uint8), 0, 9)[:, 16:]
    )


def test_bad_arguments():
    state, deck = chunk_state(4, 0), np.arange(N_CARDS, dtype=np.uint8)
    with pytest.raises(ValueError, match="kernel policy"):
        walk_deals(
            WalkJob(
                state=state,
                deck=deck,
                skip=1,
                n=0,
                rules=RULES,
                level=0,
                banker=0,
                bid_policy=policy_index("players"),
                bid_threshold=0,
            )
        )
    with pytest.raises(ValueError, match="states"):
        walk_deals(
            WalkJob(
                state=state,
                deck=deck,
                skip=0,
                n=2,
                rules=RULES,
                level=0,
                banker=0,
                bid_policy=0,
                bid_threshold=0,
            )
        )
    with pytest.raises(ValueError, match="skip and n"):
        walk_deals(
            WalkJob(
                state=state,
                deck=deck,
                skip=-1,
                n=0,
                rules=RULES,
                level=0,
                banker=0,
                bid_policy=0,
                bid_threshold=0,
            )
        )
