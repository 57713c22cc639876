"""The HTML pictures (shengji.render): they parse, show what must show and hide
what must hide -- an Observation never shows a card its seat may not see."""

from __future__ import annotations

import re

import pytest

from shengji import HandState
from shengji.cards import format_cards
from shengji.render.text import card_groups
from shengji.rules.trump import Trump
from tests.support.show_tree import parse


def _played(state) -> set[int]:
    return {
        c
        for t in (*state.tricks, state.current_trick)
        if t is not None
        for _, cards in t.plays
        for c in cards
    }


def _states(seed: int):
    """One hand at the points where what a seat may see changes: the start of the bury,
    the middle of the bury, a trick under way, between tricks, the end."""
    s = HandState("standard", level="2", banker=0, seed=seed)
    yield "bury start", s.clone()
    for _ in range(3):
        s.apply(s.bot_action("greedy")[0])
    yield "mid bury", s.clone()
    s.apply(s.bot_action("greedy"))
    while s.current_trick is None or len(s.current_trick.plays) < 2:
        s.apply(s.bot_action("greedy"))
    yield "trick under way", s.clone()
    while s.current_trick is not None:
        s.apply(s.bot_action("greedy"))
    yield "between tricks", s.clone()
    while not s.is_over():
        s.apply(s.bot_action("greedy"))
    yield "over", s


@pytest.mark.parametrize("seed", [1, 7])
def test_state_shows_every_hand_grouped_with_trumps_marked(seed):
    for when, s in _states(seed):
        root = parse(s._repr_html_())
        t = Trump(s.level, None if s.trump == "NT" else s.trump)
        for seat in range(4):
            (box,) = root.find("sj-seat", data_seat=str(seat))
            assert sorted(box.cards()) == sorted(s.hands[seat]), when
            # grouped: the rows are the following-suits, trumps first, strongest first
            rows = [r.cards() for r in box.find("sj-suit")]
            assert rows == [g for _, g in card_groups(s.hands[seat], s.trump, s.level, s.rules)]
            for n in box.walk():
                if "data-card" in n.attrs:
                    assert ("sj-trump" in n.classes) == t.is_trump(int(n.attrs["data-card"]))
            assert f"{s.points[seat]} pts" in box.text()
        (kitty,) = root.find(data_part="kitty")
        assert kitty.cards() == s.kitty
        text = root.text()
        assert f"level {s.level}" in text and f"banker S{s.banker}" in text
        if s.is_over():
            assert "the hand is over" in text
            assert f"D = {s.result()['defender_points']}" in text
        else:
            assert f"phase {s.phase}, S{s.to_play} to decide" in text
        if s.current_trick is not None:
            (center,) = root.find("sj-center")
            assert sorted(center.cards()) == sorted(
                c for _, cards in s.current_trick.plays for c in cards
            )
            assert f"trick {s.current_trick.index + 1}, led by S{s.current_trick.leader}" in (
                center.text()
            )


@pytest.mark.parametrize("seed", [1, 7, 11])
def test_observation_shows_only_what_the_seat_may_see(seed):
    for when, s in _states(seed):
        for seat in range(4):
            o = s.observation(seat)
            root = parse(o._repr_html_())
            shown = set(root.cards())
            others = {c for q in range(4) if q != seat for c in s.hands[q]}
            assert not shown & others, (when, seat, format_cards(sorted(shown & others)))
            visible = set(o.hand) | _played(s)
            if o.kitty is not None:
                visible |= set(o.kitty)
            if o.buried is not None:
                visible |= set(o.buried)
            assert shown <= visible, (when, seat)
            # the own hand in full, the others as backs that count their cards
            (mine,) = root.find("sj-seat", data_seat=str(seat))
            assert sorted(mine.cards()) == sorted(o.hand)
            for q in range(4):
                if q != seat:
                    (box,) = root.find("sj-seat", data_seat=str(q))
                    assert box.cards() == [] and len(box.find("sj-back")) == o.hand_sizes[q]
            # the kitty only for the seat that took it; the bury for who may see it
            assert bool(root.find(data_part="kitty")) == (seat == s.banker and s.kitty != [])
            if seat != s.banker:
                # the kitty's cards it never saw played (nor, once over, buried)
                unseen = set(s.kitty) - _played(s) - set(o.buried or ())
                assert not unseen & shown, (when, seat)
            buried = root.find(data_part="buried")
            may = seat == s.banker or s.is_over()
            assert bool(buried) == (may and bool(s.buried)), (when, seat)
            if not may:
                assert not set(s.buried) & shown


def test_observation_during_the_bidding_and_the_state_too():
    s = HandState("standard", level="2", seed=3, bid_phase=True)
    for _ in range(12):
        s.apply(s.bot_action("never"))
    assert s.phase == "bid" and 0 < len(s.hands[0]) < 25
    root = parse(s._repr_html_())
    assert "not decided yet" in root.text()
    for seat in range(4):
        o = s.observation(seat)
        shown = set(parse(o._repr_html_()).cards())
        assert shown == set(o.hand)


def test_fragments_are_self_contained():
    s = HandState("standard", level="2", banker=0, seed=1)
    html = s._repr_html_()
    assert "<style>" in html
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//|[\w./-]+\.(css|js))""", html)
