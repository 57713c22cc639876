"""The text and the HTML pictures share their lines (shengji.render.text): the bidding's
outcome reads the same in ``render()`` and ``_repr_html_()`` of a state and of an
observation -- one function, so they cannot drift (they had: "no_bid" in text, "no bid" in
HTML)."""

import re
from html import unescape

import pytest

from shengji import HandState
from shengji.render.text import bidding_line, bids_line

CASES = {
    "no bid": ({"first_hand_no_bid": "kitty_first"}, "never", "nobody declared (no bid)"),
    "a declaration": ("standard", "eager", "declared first (card "),
}


def _html_rows(page: str, name: str) -> list[str]:
    return [unescape(x) for x in re.findall(rf"<b>{name}</b><span>([^<]*)</span>", page)]


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_bidding_line_is_one(case):
    rules, policy, expected = CASES[case]
    s = HandState(rules, level="2", seed=3, bid_policy=policy)
    line = bidding_line(s.bidding)
    assert expected in line
    o = s.observation(0)
    for text in (s.render(), o.render()):
        assert f"bidding: {line}" in text.splitlines()
    for page in (s._repr_html_(), o._repr_html_()):
        assert _html_rows(page, "bidding") == [line]


def test_the_bids_line_is_one():
    s = HandState("standard", level="2", seed=5, bid_phase=True)
    while s.phase == "bid":
        s.apply(s.bot_action("eager"))
    bids = s.bidding.bids
    assert bids, "the eager policy declared"
    text = [ln for ln in s.render().splitlines() if ln.startswith("bids: ")]
    assert text == ["bids: " + bids_line(bids)]
    (row,) = _html_rows(s._repr_html_(), "bids")
    # the same line, with the trump in words (hearts ...) where the text has its letter
    assert (
        row.count(";") == text[0].count(";")
        and row.split(" ")[:2] == bids_line(bids).split(" ")[:2]
    )
