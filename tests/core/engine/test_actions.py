"""_core/engine/actions.pyx, the step encoding's action numbers: 0..107 choose that card,
``ACTION_PLAY`` (108) plays the lead chosen so far, and a follow or a bury card is complete
without it."""

from __future__ import annotations

import pytest

from shengji._core.engine.actions import ACTION_PLAY, N_PLAY_ACTIONS
from shengji.game import HandState


def test_the_numbers():
    assert (ACTION_PLAY, N_PLAY_ACTIONS) == (108, 109)


def test_a_lead_is_its_cards_then_action_play():
    s = HandState("standard", level="2", banker=0, trump="H", seed=2)
    for card in s.bot_action("greedy"):  # the bury: one action a card, each a decision
        assert s.apply_action(card) is not None
    lead = s.bot_action("greedy")
    for card in lead:
        assert s.apply_action(card) is None  # chosen, not played
        assert ACTION_PLAY in s.legal_actions()
    ev = s.apply_action(ACTION_PLAY)
    assert ev is not None and sorted(ev.played or ev.cards) == sorted(lead)
    follow = s.bot_action("greedy")
    assert ACTION_PLAY not in s.legal_actions()
    last = None
    for card in sorted(follow):
        last = s.apply_action(card)
    assert last is not None and sorted(last.cards) == sorted(follow)


def test_action_play_with_nothing_chosen_is_refused():
    s = HandState("standard", level="2", banker=0, trump="H", seed=2)
    s.apply(s.bot_action("greedy"))
    with pytest.raises(ValueError):
        s.apply_action(ACTION_PLAY)
