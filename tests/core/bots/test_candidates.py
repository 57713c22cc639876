"""A decision's candidates (bots/candidates.pyx) inside the decision's memo (greedy.pyx
decision_memo_begin): memory's and greedy's choices are found there with the follows, their
costs and who wins listed once and shared, and must be the choices each bot makes alone."""

from __future__ import annotations

import pytest

from shengji._core.step.probes import decision_features
from shengji.game import HandState
from shengji.names import N_COPIES

ORIGIN_MEMORY, ORIGIN_GREEDY = 1, 2  # candidates.pxd


def _masks(cards: list[int]) -> tuple[int, int]:
    """Card ids as a Play's kind masks (one: every kind played, two: those played twice)."""
    one = two = 0
    for c in cards:
        bit = 1 << (c // N_COPIES)
        two |= one & bit
        one |= bit
    return one, two


@pytest.mark.parametrize("preset", ["standard", "tournament", "must-play-ja"])
def test_memory_and_greedy_choose_in_the_memo_as_alone(preset):
    follows = 0
    for seed in range(4):
        s = HandState(preset, "2", banker=seed, seed=300 + seed)
        while not s.is_over():
            if s.phase == "play":
                _, _, cands, origins = decision_features(s._core)
                memory = _masks(s.bot_action("memory"))
                greedy = _masks(s.bot_action("greedy"))
                assert cands[0] == memory and origins[0] == ORIGIN_MEMORY
                if greedy != memory:
                    assert cands[1] == greedy and origins[1] == ORIGIN_GREEDY
                follows += bool(s.observation(s.to_play).current_trick)
            s.apply(s.bot_action("memory"))
    assert follows > 200


@pytest.mark.parametrize("preset", ["standard", "tournament", "must-play-ja"])
def test_a_decision_with_one_legal_play_lists_it_alone(preset):
    """Forced plays (engine/moves.pxd forced_play, which the candidates, memory and greedy
    ask first): a follow that must play every card of the led suit, or a seat holding no
    more cards than the lead, has one candidate, memory's and greedy's choice both, the one
    play the move generator lists -- as the lists would give."""
    forced = 0
    for seed in range(3):
        s = HandState(preset, "2", banker=seed, seed=400 + seed)
        while not s.is_over():
            if s.phase == "play":
                legal = s.legal_plays()
                _, _, cands, origins = decision_features(s._core)
                if len(legal) == 1:
                    forced += 1
                    assert cands == [_masks(legal[0])] and origins == [ORIGIN_MEMORY]
                    assert _masks(s.bot_action("memory")) == cands[0]
                    assert _masks(s.bot_action("greedy")) == cands[0]
            s.apply(s.bot_action("memory"))
    assert forced > 30
