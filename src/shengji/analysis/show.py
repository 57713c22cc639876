"""The replay viewer: one self-contained HTML page that steps through a played hand.

``show_page(out, hand, match=None)`` replays one row of a scoring or match run
(``shengji.analysis.replay``, the replay ``shengji.replay`` returns) and writes a page of
steps: the deal (the hands after the bidding, the banker holding the kitty), the bury
(and a round of overturns after it, if the rules have one), every trick, and the final
score.  ``state_page(state)`` does the same for any finished ``HandState``.  The page
steps with the keyboard (left / right arrows, Home / End) and its buttons; ``#step=N``
in its address opens step N (from 1, as the page counts; ``#step=last`` the last).  It
needs no network and no other file: the styles and the script are inline.
"""

from __future__ import annotations

from html import escape

from shengji.render.cards import document
from shengji.render.table import result_html, state_body, tricks_html

__all__ = ["show_page", "state_page", "steps"]

_SCRIPT = r"""
(function () {
  var steps = Array.prototype.slice.call(document.querySelectorAll(".sj-step"));
  var pos = document.getElementById("sj-pos");
  var buttons = {};
  ["first", "prev", "next", "last"].forEach(function (k) {
    buttons[k] = document.getElementById("sj-" + k);
  });
  var i = 0;
  function show(k) {
    i = Math.max(0, Math.min(steps.length - 1, k));
    steps.forEach(function (s, j) { s.classList.toggle("sj-on", j === i); });
    pos.textContent = "step " + (i + 1) + " of " + steps.length + ": " +
      steps[i].getAttribute("data-title");
    buttons.first.disabled = buttons.prev.disabled = i === 0;
    buttons.next.disabled = buttons.last.disabled = i === steps.length - 1;
    document.body.setAttribute("data-step", String(i));
  }
  buttons.first.addEventListener("click", function () { show(0); });
  buttons.prev.addEventListener("click", function () { show(i - 1); });
  buttons.next.addEventListener("click", function () { show(i + 1); });
  buttons.last.addEventListener("click", function () { show(steps.length - 1); });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var to = {ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: steps.length - 1}[e.key];
    if (to !== undefined) { e.preventDefault(); show(to); }
  });
  var m = /step=(\d+|last)/.exec(window.location.hash);
  document.body.classList.add("sj-js");
  show(m ? (m[1] === "last" ? steps.length - 1 : parseInt(m[1], 10) - 1) : 0);
})();
"""

_STYLE = """<style>
.sj-bar{position:sticky;top:0;z-index:2;display:flex;gap:6px;align-items:center;
 flex-wrap:wrap;background:#fafbfc;padding:6px 0 8px;border-bottom:1px solid #dde2e8;
 margin-bottom:8px}
.sj-bar button{font:inherit;font-size:13px;padding:3px 10px;border-radius:6px;
 border:1px solid #9aa4b2;background:#fff;cursor:pointer}
.sj-bar button:disabled{opacity:.4;cursor:default}
.sj-bar #sj-pos{font-weight:600;margin-left:6px}
.sj-bar .sj-note{margin-left:auto}
.sj-js .sj-step{display:none}
.sj-js .sj-step.sj-on{display:block}
.sj-step{margin-bottom:18px}
.sj-step>h2{font-size:15px;margin:4px 0 6px}
.sj-final .sj-result{font-size:15px;margin:8px 0}
</style>"""


def steps(state) -> list[tuple[str, object, object, str]]:
    """List the viewer's steps of a hand: the deal, the bury (with any bids after it), each trick.

    Parameters
    ----------
    state : HandState
        A finished (or started) hand.

    Returns
    -------
    list of tuple
        ``(title, after, before, note)`` per step, in order: its title (``"the deal"``,
        ``"the bury"``, ``"trick 1"`` ...), the state after the step, the state before it
        (a trick's start; None for the deal and the bury) and what happened, in words.

    Examples
    --------
    >>> from shengji import HandState
    >>> from shengji.analysis.show import steps
    >>> s = HandState("standard", level="2", banker=0, trump="H", seed=7)
    >>> while not s.is_over():
    ...     ev = s.apply(s.bot_action("greedy"))
    >>> [title for title, *_ in steps(s)][:3]
    ['the deal', 'the bury', 'trick 1']
    >>> steps(s)[2][3]
    'S0 takes trick 1 (20 pts)'
    """
    events = state.events
    start = state.at(0)
    out: list[tuple[str, object, object, str]] = [("the deal", start, None, _deal_note(state))]
    n_bury = sum(1 for e in events if e.phase == "bury")
    first_play = next((k for k, e in enumerate(events) if e.phase == "play"), len(events))
    if n_bury or first_play:
        bids = [str(e) for e in events[:first_play] if e.phase == "bid"]
        note = f"the banker S{state.setup.banker} buried 8 cards" if n_bury else ""
        if bids:
            note += ("; " if note else "") + "; ".join(bids)
        title = "the bury" if n_bury else "the bidding"
        out.append((title, state.at(first_play), None, note))
    begin = first_play
    for k, e in enumerate(events):
        if e.phase == "play" and e.trick_complete:
            note = f"S{e.winner} takes trick {e.trick + 1} ({e.points} pts)"
            out.append((f"trick {e.trick + 1}", state.at(k + 1), state.at(begin), note))
            begin = k + 1
    return out


def _deal_note(state) -> str:
    b = state.bidding
    if b is None:
        return f"trump {state.setup.trump} was given; S{state.setup.banker} banks"
    if b.no_bid:
        return f"nobody declared; S{state.setup.banker} banks"
    return f"S{b.first_declarer} declared first; S{state.setup.banker} banks and takes up the kitty"


def state_page(state, title: str = "shengji hand", subtitle: str = "") -> str:
    """Write the viewer's page for a hand: a whole HTML document that steps through it.

    Parameters
    ----------
    state : HandState
        The hand (finished: the page ends with the final score).
    title : str, default "shengji hand"
        The page's title.
    subtitle : str, default ""
        A line shown in the page's bar (what the hand is).

    Returns
    -------
    str
        The HTML document (ASCII; styles and script inline, no other file needed).

    Examples
    --------
    >>> from shengji import HandState
    >>> from shengji.analysis.show import state_page
    >>> s = HandState("standard", level="2", banker=0, trump="H", seed=7)
    >>> while not s.is_over():
    ...     ev = s.apply(s.bot_action("greedy"))
    >>> page = state_page(s, subtitle="seed 7")
    >>> page.startswith("<!DOCTYPE html>"), page.isascii()
    (True, True)
    """
    parts = []
    for name, s, before, note in steps(state):
        body = state_body(s, tricks=False, title=name, before=before)
        parts.append(
            f'<section class="sj-step sj" data-title="{escape(name)}">'
            f"<h2>{escape(note)}</h2>{body}</section>"
        )
    if state.is_over():
        parts.append(
            '<section class="sj-step sj sj-final" data-title="the final score">'
            f"<h2>the final score</h2>{result_html(state.result())}{tricks_html(state)}"
            "</section>"
        )
    bar = (
        '<nav class="sj-bar sj">'
        '<button id="sj-first" title="first step (Home)">&laquo; first</button>'
        '<button id="sj-prev" title="previous step (left arrow)">&#x25C0; prev</button>'
        '<button id="sj-next" title="next step (right arrow)">next &#x25B6;</button>'
        '<button id="sj-last" title="last step (End)">last &raquo;</button>'
        '<span id="sj-pos"></span>'
        f'<span class="sj-note">{escape(subtitle)} &middot; keys: &larr; &rarr; Home End</span>'
        "</nav>"
    )
    return document(bar + "".join(parts), title, head=_STYLE, script=_SCRIPT)


def show_page(out, hand: int, match: int | None = None) -> str:
    """Write the viewer's page for one row of a scoring or match run (``shengji show``).

    The row is replayed (``shengji.replay``) and shown by ``state_page``.

    Parameters
    ----------
    out : str or path-like
        The run's output directory.
    hand : int
        The row's ``hand`` key (in a match run, the hand's number in its match).
    match : int, optional
        A match run's ``match`` key.

    Returns
    -------
    str
        The HTML document.

    Raises
    ------
    ValueError
        One line: an output that is not a scoring or match run, or keys naming no row.

    Examples
    --------
    >>> import tempfile
    >>> from shengji.analysis import run
    >>> from shengji.analysis.show import show_page
    >>> out = run("scoring", tempfile.mkdtemp() + "/scoring", n=20, seed=5)
    >>> page = show_page(out, hand=7)
    >>> "hand 7" in page
    True
    >>> show_page(out, hand=99)
    Traceback (most recent call last):
    ...
    ValueError: hand: expected a row key 0..19, got 99
    """
    from shengji.analysis.load import run_metadata
    from shengji.analysis.replay import replay

    study = run_metadata(out).get("study")  # any run: its first table
    if study not in ("scoring", "match"):
        raise ValueError(
            f"{str(out)!r} is a {study!r} run: shengji show replays the hands of scoring and "
            "match runs"
        )
    state = replay(out, hand, match)
    meta = run_metadata(out, "hands")
    row = f"hand {hand}" if match is None else f"match {match}, hand {hand}"
    subtitle = (
        f"{meta.get('study')} run {out}: {row}; preset {meta.get('preset')}, "
        f"level {state.level}, seed {meta.get('seed')}"
    )
    return state_page(state, f"shengji: {row} of {out}", subtitle)
