"""Bots decide from their seat's view only (view.pxd, bot.pxd): permuting the cards the
deciding seat cannot see -- between two other seats, within one following-suit so that
every void shown stays true -- never changes a bot's choice."""

from __future__ import annotations

import numpy as np
import pytest

from shengji.game import BOT_NAMES, HandState
from shengji.rules.options import PRESETS

TRUMP_SUIT = 4


def _follow(s, kind):
    """Following-suit of a kind (0..3 side suits, 4 trump) under the state's trump."""
    level = "23456789TJQKA".index(s.level)
    if (
        kind >= 52
        or kind % 13 == level
        or (s.trump != "NT" and kind // 13 == "SHCD".index(s.trump))
    ):
        return TRUMP_SUIT
    return kind // 13


def _swap_hidden(s, core, rng, n):
    """Up to n swaps of one card between two seats other than the one to play, within one
    following-suit (so keeping every void shown), made on `core`; returns how many."""
    me = s.to_play
    others = [x for x in range(4) if x != me]
    done = 0
    for _ in range(50):
        if done == n:
            break
        a, b = (int(x) for x in rng.choice(others, 2, replace=False))
        ha, hb = core.hand(a), core.hand(b)
        for ka in rng.permutation(np.flatnonzero(ha)):
            kb = [
                k
                for k in np.flatnonzero(hb)
                if k != ka and _follow(s, k) == _follow(s, ka) and ha[k] < 2 and hb[ka] < 2
            ]
            if kb:
                core._move_card(a, int(ka), b)
                core._move_card(b, int(rng.choice(kb)), a)
                done += 1
                break
    return done


@pytest.mark.parametrize("preset", ["standard", "club-84022", "league-2019"])
def test_bot_choice_ignores_hidden_cards(preset):
    rng = np.random.default_rng(sorted(PRESETS).index(preset))
    checked = 0
    for seed in range(6):
        s = HandState(preset, "2", banker=seed % 4, seed=seed)
        while not s.is_over():
            for bot in BOT_NAMES:
                base = s._core.copy()  # same generator state for both
                moved = s._core.copy()
                swaps = _swap_hidden(s, moved, rng, 3)
                assert moved.hand(s.to_play).tolist() == base.hand(s.to_play).tolist()
                assert base.bot(BOT_NAMES.index(bot)) == moved.bot(BOT_NAMES.index(bot)), (
                    seed,
                    bot,
                )
                checked += swaps > 0
            s.apply(s.bot_action(BOT_NAMES[seed % 2]))
    assert checked > 500
