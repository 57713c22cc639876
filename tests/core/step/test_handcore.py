"""_core/step/handcore.pyx, the C hand behind ``HandState``: it pickles as its sealed C
structs (a round trip plays on identically; altered or truncated bytes are one ValueError),
a copy is independent, the candidate plays and the bots' plays agree, and a bad card is a
status, the hand unchanged."""

from __future__ import annotations

import pickle

import pytest

from shengji._core.step.handcore import APPLY_ERRORS, HandCore
from shengji.game import HandState
from shengji.game.botspec import parse_bot
from shengji.rules import pack

GREEDY = pack.bot(parse_bot("bot", "greedy"))


def core(seed=3) -> HandCore:
    return HandState("standard", "2", banker=0, trump="H", seed=seed)._play.core


def test_a_pickle_plays_on_identically():
    c = core()
    c.apply_cards(c.bot_cards(GREEDY))
    back = pickle.loads(pickle.dumps(c))
    assert [back.hand_ids(s) for s in range(4)] == [c.hand_ids(s) for s in range(4)]
    assert back.play_to_end(GREEDY) == c.play_to_end(GREEDY)
    assert back.result() == c.result()


def test_altered_bytes_are_refused():
    fn, args = core().__reduce__()
    hb = bytearray(args[0])
    hb[len(hb) // 2] ^= 1
    for bad in ((bytes(hb), *args[1:]), (args[0][:-3], *args[1:]), (*args[:-1], b"x" * 16)):
        with pytest.raises(ValueError, match="a pickled hand that was altered or truncated"):
            fn(*bad)


def test_a_copy_is_independent():
    c = core()
    twin = c.copy()
    c.apply_cards(c.bot_cards(GREEDY))
    assert len(twin.hand_ids(0)) == 33 and len(c.hand_ids(0)) == 25


def test_a_bad_card_is_a_status_and_changes_nothing():
    c = core()
    before = c.hand_ids(0)
    status = c.apply_cards([c.hand_ids(1)[0]])  # seat 1's card, seat 0 buries
    assert isinstance(status, tuple) and len(status) == 1 and status[0] in APPLY_ERRORS
    assert c.hand_ids(0) == before
