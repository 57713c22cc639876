"""``shengji show``: one self-contained page per played hand, built from the replay."""

from __future__ import annotations

import re

import pytest

from shengji.analysis import run
from shengji.analysis.replay import replay
from shengji.analysis.show import show_page, steps
from shengji.cli import main
from tests.support.show_tree import parse


def _page(capsys, *argv) -> tuple[int, str, str]:
    rc = main(["show", *map(str, argv)])
    out, err = capsys.readouterr()
    return rc, out, err


def test_page_steps_through_the_replayed_hand(scoring_run, capsys):
    rc, page, err = _page(capsys, scoring_run, "--hand", 5)
    assert rc == 0 and err == ""
    assert page.isascii() and page.startswith("<!DOCTYPE html>")
    root = parse(page)
    state = replay(scoring_run, 5)
    sections = root.find("sj-step", tag="section")
    n_tricks = len(state.tricks)
    # the deal, the bury, every trick, the final score
    assert [s.attrs["data-title"] for s in sections] == [
        "the deal",
        "the bury",
        *(f"trick {k + 1}" for k in range(n_tricks)),
        "the final score",
    ]
    # the deal: the banker holds the kitty (33 cards); each trick step shows that trick
    deal = sections[0].find("sj-seat", data_seat=str(state.banker))[0]
    assert len(deal.cards()) == 33
    held = [list(h) for h in replay(scoring_run, 5).at(len(state.history)).hands]
    for k in reversed(range(len(state.tricks))):  # the hands before trick k: add its cards
        for seat, cs in state.tricks[k].plays:
            held[seat] += cs
        t = state.tricks[k]
        center = sections[2 + k].find("sj-center")[0]
        assert sorted(center.cards()) == sorted(c for _, cs in t.plays for c in cs)
        assert f"won by S{t.winner}, {t.points} pts" in center.text()
        for seat in range(4):
            box = sections[2 + k].find("sj-seat", data_seat=str(seat))[0]
            assert sorted(box.cards()) == sorted(held[seat])
            lifted = [int(n.attrs["data-card"]) for n in box.find("sj-played")]
            assert sorted(lifted) == sorted(t.cards_of(seat))
    final = sections[-1]
    r = state.result()
    assert f"D = {r['defender_points']}" in final.text()
    assert final.find(data_result="1")
    # the buttons and one inline script; nothing external
    for b in ("sj-first", "sj-prev", "sj-next", "sj-last"):
        assert root.find(tag="button", id=b)
    scripts = root.find(tag="script")
    assert len(scripts) == 1 and "src" not in scripts[0].attrs
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//|[\w./-]+\.(css|js|png))""", page)


def test_page_is_the_same_as_the_api_and_reproducible(scoring_run, capsys):
    _, a, _ = _page(capsys, scoring_run, "--hand", 2)
    assert a == show_page(scoring_run, 2)


def test_match_row(match_run, capsys):
    rc, page, err = _page(capsys, match_run, "--hand", 1, "--match", 0)
    assert rc == 0, err
    state = replay(match_run, 1, 0)
    assert len(parse(page).find("sj-step", tag="section")) == len(steps(state)) + 1
    assert "match 0, hand 1" in page


def test_steps_of_a_state_with_a_given_trump():
    from shengji import HandState

    s = HandState("standard", level="5", banker=2, seed=4, trump="NT")
    while not s.is_over():
        s.apply(s.bot_action("greedy"))
    titles = [t for t, _, _, _ in steps(s)]
    assert titles[:2] == ["the deal", "the bury"] and len(titles) == 2 + len(s.tricks)
    assert "trump NT was given" in steps(s)[0][3]
    # a trick's step shows the hands it was played from, the cards of the trick marked
    for (_, after, before, _), t in zip(steps(s)[2:], s.tricks, strict=True):
        assert after.tricks[-1] == t
        assert sum(map(len, before.hands)) == sum(map(len, after.hands)) + len(
            [c for _, cs in t.plays for c in cs]
        )


@pytest.mark.parametrize(
    "argv, message",
    [
        (["{tmp}/nope", "--hand", "0"], "is not a shengji output: no such file or directory"),
        (["{scoring}", "--hand", "6"], "hand: expected a row key 0..5, got 6"),
        (["{scoring}", "--hand", "-1"], "hand: expected a row key 0..5, got -1"),
        (["{scoring}", "--hand", "1", "--match", "0"], "keyed by hand alone"),
        (["{match}", "--hand", "1"], "keyed by match and hand"),
        (["{match}", "--hand", "99", "--match", "0"], "match 0 has no hand 99"),
        (["{deals}", "--hand", "0"], "is a 'deals' run: shengji show replays the hands of"),
        (["{scoring}"], "the following arguments are required: --hand"),
        (["{scoring}", "--hand", "x"], "invalid int value: 'x'"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_nothing_on_stdout(
    argv, message, scoring_run, match_run, tmp_path, capsys
):
    deals = run("deals", tmp_path / "deals", n=10, seed=1)
    argv = [a.format(tmp=tmp_path, scoring=scoring_run, match=match_run, deals=deals) for a in argv]
    rc, out, err = _page(capsys, *argv)
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("shengji: error: ") and message in err


def test_aggregate_deals_run_has_no_hands(tmp_path, capsys):
    out = run("deals", tmp_path / "agg", n=10, seed=1, aggregate=True)
    rc, page, err = _page(capsys, out, "--hand", "0")
    assert rc == 2 and page == "" and err.count("\n") == 1 and "is a 'deals' run" in err
