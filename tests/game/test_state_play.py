"""game/state_play.py: ``HandPlay`` makes card decisions on its C hand: the bury card by
card, a lead in ids or notation (notation mapped onto the copies the seat holds), one action
at a time; an illegal decision is one line and leaves the hand as it was; a copy is
independent."""

from __future__ import annotations

import pytest

from shengji.cards import format_cards
from shengji.game.actions import ACTION_PLAY
from shengji.game.state_start import start_hand
from shengji.rules.options import Rules


def hand():
    return start_hand(Rules.preset("standard"), "2", 0, None, 9, "H", "eager", 0, None, False)[1]


def test_the_bury_is_one_decision_a_card():
    play = hand()
    seat = play.core.to_play
    kitty = play.hands()[seat][:8]
    made = play.decide(kitty)
    assert [ev.phase for ev, _ in made] == ["bury"] * 8
    assert [a for _, acts in made for a in acts] == kitty
    assert not play.burying() and play.leading() and play.burier() == seat


def test_a_lead_in_notation_takes_a_held_copy():
    play = hand()
    play.decide(play.hands()[0][:8])
    seat = play.core.to_play
    held = play.hands()[seat]
    card = next(c for c in held if c % 2 == 1 and c - 1 not in held)  # copy 1 alone
    ((ev, actions),) = play.decide(format_cards([card]))  # notation names copy 0
    assert ev.cards == (card,)
    assert actions[-1] == ACTION_PLAY and not play.leading()


def test_an_illegal_decision_changes_nothing():
    play = hand()
    before = play.hands()
    other = play.hands()[1][0]  # seat 1's card, seat 0 buries
    with pytest.raises(ValueError):
        play.decide([other])
    with pytest.raises(ValueError, match="cards: expected card ids"):
        play.decide(2.5)
    assert play.hands() == before and play.burying()


def test_a_copy_is_independent():
    play = hand()
    twin = play.copy()
    play.decide(play.hands()[0][:8])
    assert twin.burying() and not play.burying()
    assert twin.apply_action(twin.hands()[0][0]) is not None  # one bury card: a decision
    assert len(twin.hands()[0]) == len(play.hands()[0]) + 7
