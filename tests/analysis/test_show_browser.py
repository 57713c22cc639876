"""The replay viewer in a real browser: headless Chromium opens the page ``shengji show``
writes (file://), with no console error; real key presses and button clicks step it to
the last trick and the final score.  Screenshots are kept as the run's artifacts
(``artifacts/show*.png`` under the repository, or ``$SHENGJI_ARTIFACTS``).

Skipped when no Chromium is installed (Debian: ``apt-get install chromium``; CI's
``.ci/browser`` installs it), unless ``$SHENGJI_REQUIRE_BROWSER`` is set: then it fails."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from shengji.analysis.replay import replay
from shengji.cli import main
from tests.support.show_cdp import Browser, find_chromium

CHROMIUM = find_chromium()
NO_CHROMIUM = (
    "no Chromium on PATH (Debian: apt-get install -y chromium; .ci/browser does it); "
    "$SHENGJI_CHROMIUM names another binary"
)
if CHROMIUM is None and os.environ.get("SHENGJI_REQUIRE_BROWSER"):  # CI: fail, never skip
    raise RuntimeError(f"SHENGJI_REQUIRE_BROWSER is set but there is {NO_CHROMIUM}")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)
ARTIFACTS = Path(
    os.environ.get("SHENGJI_ARTIFACTS") or Path(__file__).resolve().parents[2] / "artifacts"
)
RIGHT, LEFT, END, HOME = ("ArrowRight", 39), ("ArrowLeft", 37), ("End", 35), ("Home", 36)


@pytest.fixture(scope="module")
def browser():
    b = Browser(CHROMIUM)
    yield b
    b.close()


def _keep(src: Path, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    dst = ARTIFACTS / name
    shutil.copyfile(src, dst)
    print(f"screenshot: {dst}")
    return dst


def _step(b) -> int:
    return int(b.evaluate("document.body.getAttribute('data-step')"))


def _visible(b) -> str:
    return b.evaluate("document.querySelector('.sj-step.sj-on').getAttribute('data-title')")


def test_the_page_steps_to_the_last_trick_and_the_final_score(
    browser, scoring_run, tmp_path, capsys
):
    assert main(["show", str(scoring_run), "--hand", "5"]) == 0
    page = tmp_path / "hand.html"
    page.write_text(capsys.readouterr().out, encoding="ascii")
    state = replay(scoring_run, 5)
    n_steps = 2 + len(state.tricks) + 1  # the deal, the bury, the tricks, the score

    mark = len(browser.events)
    browser.open(page.as_uri())
    assert _step(browser) == 0 and _visible(browser) == "the deal"
    assert browser.evaluate("document.querySelectorAll('.sj-step.sj-on').length") == 1
    assert browser.evaluate("document.getElementById('sj-prev').disabled") is True

    # the keyboard: right arrow to the last trick, one step at a time
    for k in range(1, n_steps - 1):
        browser.press(*RIGHT)
        assert _step(browser) == k
    assert _visible(browser) == f"trick {len(state.tricks)}"
    last = state.tricks[-1]
    center = browser.evaluate("document.querySelector('.sj-step.sj-on .sj-center').textContent")
    assert f"won by S{last.winner}, {last.points} pts" in center
    shot = tmp_path / "trick.png"
    browser.screenshot(shot)
    _keep(shot, "show-last-trick.png")

    # a button: next, to the final score
    browser.click("#sj-next")
    assert _step(browser) == n_steps - 1 and _visible(browser) == "the final score"
    text = browser.evaluate("document.querySelector('.sj-step.sj-on').innerText")
    r = state.result()
    assert f"D = {r['defender_points']}" in text and f"next banker S{r['next_banker']}" in text
    assert browser.evaluate("document.getElementById('sj-next').disabled") is True
    assert browser.evaluate("document.getElementById('sj-pos').textContent") == (
        f"step {n_steps} of {n_steps}: the final score"
    )
    shot = tmp_path / "score.png"
    browser.screenshot(shot)
    assert shot.stat().st_size > 10_000  # a page was drawn, not a blank
    _keep(shot, "show.png")

    # back and forth: left arrow, Home, the last button, End
    browser.press(*LEFT)
    assert _step(browser) == n_steps - 2
    browser.press(*HOME)
    assert _step(browser) == 0
    browser.click("#sj-last")
    assert _step(browser) == n_steps - 1
    browser.click("#sj-first")
    browser.press(*END)
    assert _step(browser) == n_steps - 1

    errors = browser.errors(mark)
    assert errors == [], errors


def test_the_address_opens_a_step(browser, scoring_run, tmp_path, capsys):
    assert main(["show", str(scoring_run), "--hand", "0"]) == 0
    page = tmp_path / "hand0.html"
    page.write_text(capsys.readouterr().out, encoding="ascii")
    mark = len(browser.events)
    browser.open(page.as_uri() + "#step=3")
    assert _step(browser) == 2 and _visible(browser) == "trick 1"
    assert browser.errors(mark) == []


def test_the_harness_sees_console_errors(browser, tmp_path):
    """The check above can fail: a page that logs an error and throws is caught."""
    page = tmp_path / "bad.html"
    page.write_text(
        "<!DOCTYPE html><html><head><link rel='icon' href='data:,'></head><body>"
        "<script>console.error('broken', 1); null.x;</script></body></html>"
    )
    mark = len(browser.events)
    browser.open(page.as_uri())
    browser.evaluate("1")
    errors = browser.errors(mark)
    assert any("console.error: broken 1" in e for e in errors), errors
    assert any(e.startswith("exception: TypeError") for e in errors), errors
