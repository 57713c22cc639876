"""_core/engine/moves.pyx, move generation: the candidate plays of the seat to play are
exactly the reference's legal follows, and the random bot's counted leads (singles, pairs,
tractors, throws) agree with the listed candidates."""

from __future__ import annotations

import shengji.reference as ref
from shengji.game import HandState
from shengji.rules.options import PRESETS


def test_legal_follows_are_exactly_the_reference_ones():
    """On small follows, legal_plays() equals brute force over the hand with the
    reference's is_legal_follow (as multisets of kinds)."""
    from itertools import combinations

    checked = 0
    for seed in range(6):
        s = HandState("standard", "2", banker=seed % 4, seed=seed)
        trump = (s.level, None if s.trump == "NT" else s.trump)
        s.apply(s.bot_action("greedy"))
        while not s.is_over():
            if s.current_trick is not None and len(s.current_trick.lead) <= 2:
                lead = s.current_trick.lead
                hand = s.hands[s.to_play]
                got = {tuple(sorted(c // 2 for c in p)) for p in s.legal_plays()}
                want = {
                    tuple(sorted(c // 2 for c in p))
                    for p in combinations(hand, len(lead))
                    if ref.is_legal_follow(hand, lead, list(p), trump)
                }
                assert got == want
                checked += 1
            s.apply(s.bot_action("random"))
    assert checked > 100


def test_random_lead_counts_match_the_candidates():
    """The random bot draws a lead by counting (singles, pairs, tractors, throws) instead
    of listing: its throw count must equal the listed top-k throws, for every seat, and
    its leads must be among legal_plays()."""
    for seed in range(40):
        preset = sorted(PRESETS)[seed % len(PRESETS)]
        s = HandState(preset, ["2", "8", "A"][seed % 3], banker=seed % 4, seed=seed)
        s.apply(s.bot_action("random"))
        while not s.is_over():
            if s.phase == "bury":  # an overturner re-buries (overturn_reburies)
                s.apply(s.bot_action("random"))
                continue
            for seat in range(4):
                fast, listed = s._core.throw_counts(seat)
                assert fast == listed
            if s.current_trick is None:
                legal = {tuple(sorted(p)) for p in s.legal_plays()}
                assert tuple(sorted(s.bot_action("random"))) in legal
            s.apply(s.bot_action("random"))
