"""The table as HTML: what Jupyter shows for a hand (``HandState._repr_html_``,
``Observation._repr_html_``) and the pages of ``shengji show`` are made of.

* ``state_html(HandState)``: the whole table -- the four hands as cards grouped by
  following-suit, trumps first and marked, the kitty and the bury, the current trick, the
  points, phase, trump, level and banker, the bids and the bidding (the lines of
  ``shengji.render.text``: the same words as the text);
* ``observation_html(Observation)``: one seat's view -- its own cards, the others' as card
  backs (how many they hold), the kitty and the bury only when that seat may see them;
* ``hand_html``, ``trick_html``, ``result_html``, ``state_body``, ``tricks_html``: the
  parts (``shengji.analysis.show`` pages through them).  Cards, combinations and the
  shared styles are ``shengji.render.cards``; advice and summaries ``render.reports``.

Every fragment carries its own ``<style>`` (the classes are prefixed ``sj-``); text that
does not come from the package (bot labels, study names, paths) is escaped.  A card is
``<span class="sj-card ..." data-card="ID" title="NOTATION">``: rank and suit glyph, red
for hearts, diamonds and the big joker, gold for a trump.
"""

from __future__ import annotations

from html import escape

from shengji.names import N_SEATS
from shengji.render.cards import (
    CSS,
    SUIT_GLYPHS,
    SUIT_WORDS,
    card_html,
    cards_html,
    document,
    fragment,
    trump_of,
)
from shengji.render.text import bidding_line, bids_line, card_groups
from shengji.rules.trump import Trump

__all__ = [
    "CSS",
    "card_html",
    "cards_html",
    "hand_html",
    "trick_html",
    "state_html",
    "state_body",
    "tricks_html",
    "result_html",
    "observation_html",
    "fragment",
    "document",
]

_POSITIONS = ("s", "e", "n", "w")  # seat (bottom + i) % 4 sits at _POSITIONS[i]


def hand_html(
    cards, trump: str | None, level: str, rules, marked=(), mark: str = "sj-pending"
) -> str:
    """A hand as rows of following-suits, trumps first, strongest first; the cards in
    ``marked`` get the class ``mark``."""
    groups = card_groups(cards, trump, level, rules)
    if not groups:
        return '<div class="sj-note">(no cards)</div>'
    t = trump_of(trump, level)
    rows = []
    for g, mine in groups:
        label = "trump" if g == "T" else SUIT_GLYPHS[g]
        red = " sj-red" if g in ("H", "D") else ""
        rows.append(
            f'<div class="sj-suit"><span class="sj-lbl{red}" title="{SUIT_WORDS[g]}">{label}</span>'
            f"{cards_html(mine, t, marked, mark)}</div>"
        )
    return "".join(rows)


def _backs(n: int) -> str:
    return (
        f'<span class="sj-backs" title="{n} hidden cards">'
        + '<span class="sj-back"></span>' * n
        + "</span>"
    )


def _trump_words(trump: str | None) -> str:
    if trump is None:
        return "not decided yet"
    if trump == "NT":
        return "no trump"
    return f"{SUIT_GLYPHS[trump]} {SUIT_WORDS[trump]}"


# -- tricks ---------------------------------------------------------------------------------
def trick_html(trick, trump: Trump, bottom: int = 0, label: str | None = None) -> str:
    """A trick as four plays around the table, the winner's marked."""
    cells = []
    for seat, cards in trick.plays:
        pos = _POSITIONS[(seat - bottom) % N_SEATS]
        cls = "sj-play"
        if trick.winner == seat:
            cls += " sj-win"
        if seat == trick.leader:
            cls += " sj-lead"
        cells.append(
            f'<div class="{cls}" style="grid-area:{pos}">{cards_html(cards, trump)}'
            f"<small>S{seat}</small></div>"
        )
    if label is None:
        label = f"trick {trick.index + 1}, led by S{trick.leader}"
    if trick.complete:
        label += f" \u2014 won by S{trick.winner}, {trick.points} pts"
    else:
        label += f" \u2014 {trick.points} pts so far"
    note = ""
    if trick.attempt is not None:
        note = (
            f'<div class="sj-tt">S{trick.leader} tried to throw '
            f"{cards_html(trick.attempt, trump)}: failed, penalty {trick.penalty:+d}</div>"
        )
    return f'<div class="sj-tt">{label}</div><div class="sj-tgrid">{"".join(cells)}</div>{note}'


def _tricks_table(tricks, trump: Trump) -> str:
    rows = []
    for t in tricks:
        plays = " ".join(f"<span>S{s}&nbsp;{cards_html(c, trump)}</span>&ensp;" for s, c in t.plays)
        fail = f" (failed throw, {t.penalty:+d})" if t.attempt is not None else ""
        rows.append(
            f'<tr><td class="sj-num">{t.index + 1}</td><td>{plays}{fail}</td>'
            f'<td>S{t.winner}</td><td class="sj-num">{t.points}</td></tr>'
        )
    return (
        '<table class="sj-t"><tr><th>#</th><th>plays (in order)</th><th>won by</th>'
        f"<th>pts</th></tr>{''.join(rows)}</table>"
    )


# -- the table --------------------------------------------------------------------------------
class _View:
    """What one picture of the table shows (from a HandState or an Observation)."""

    def __init__(self, **kw):
        self.__dict__.update(kw)


def _header(v) -> str:
    chips = [
        f"<b>{escape(v.title)}</b>",
        f'<span class="sj-chip">level {v.level}'
        + (f" (defenders {v.defender_level})" if v.defender_level != v.level else "")
        + "</span>",
        f'<span class="sj-chip sj-hot">trump {_trump_words(v.trump)}</span>',
        '<span class="sj-chip">banker '
        + (
            "none yet"
            if v.banker < 0
            else f"S{v.banker} (team S{v.banker % 2} S{v.banker % 2 + 2})"
        )
        + "</span>",
    ]
    if v.phase == "over":
        phase = "the hand is over"
    else:
        phase = f"phase {v.phase}, S{v.to_play} to decide"
    chips.append(f'<span class="sj-chip">{phase}</span>')
    return f'<div class="sj-head">{"".join(chips)}</div>'


def _seat_box(v, seat: int) -> str:
    pos = _POSITIONS[(seat - v.bottom) % N_SEATS]
    cls = "sj-seat sj-pos-" + pos + (" sj-turn" if v.phase != "over" and v.to_play == seat else "")
    badges = []
    if v.banker >= 0 and seat == v.banker:
        badges.append('<span class="sj-badge sj-bk">banker</span>')
    elif v.banker >= 0 and seat % 2 == v.banker % 2:
        badges.append('<span class="sj-badge">banker team</span>')
    if v.me == seat:
        badges.append('<span class="sj-badge sj-me">you</span>')
    hand = v.hands[seat]
    n = v.sizes[seat]
    if hand is None:
        body = _backs(n)
    elif v.played:
        body = hand_html(hand, v.trump, v.level, v.rules, v.played, "sj-played")
    else:
        body = hand_html(hand, v.trump, v.level, v.rules, v.pending if v.me == seat else ())
    voids = v.voids[seat]
    void = (
        f'<div class="sj-void">shown out of: {", ".join(SUIT_WORDS[x] for x in voids)}</div>'
        if voids
        else ""
    )
    return (
        f'<div class="{cls}" data-seat="{seat}"><div class="sj-who">S{seat} {"".join(badges)}'
        f"<small>{n} card{'' if n == 1 else 's'} \u00b7 {v.points[seat]} pts</small></div>"
        f"{body}{void}</div>"
    )


def _center(v) -> str:
    t = trump_of(v.trump, v.level)
    if v.current_trick is not None:
        inner = trick_html(v.current_trick, t, v.bottom)
    elif v.tricks:
        last = v.tricks[-1]
        inner = trick_html(last, t, v.bottom, f"trick {last.index + 1}, led by S{last.leader}")
    elif v.phase == "bury":
        inner = f'<div class="sj-tt">S{v.to_play} takes the kitty and buries 8 cards</div>'
    elif v.phase == "bid":
        inner = '<div class="sj-tt">the cards are being dealt: bidding</div>'
    else:
        inner = f'<div class="sj-tt">S{v.leader} leads the first trick</div>'
    d_team = 1 - v.banker % 2 if v.banker >= 0 else None
    score = []
    if d_team is not None:
        score.append(f'<span class="sj-chip">defenders {v.team_points[d_team]}</span>')
        score.append(f'<span class="sj-chip">banker team {v.team_points[1 - d_team]}</span>')
    if v.penalty:
        score.append(f'<span class="sj-chip">penalty {v.penalty:+d}</span>')
    return f'<div class="sj-center">{inner}<div class="sj-score">{"".join(score)}</div></div>'


def result_html(r: dict) -> str:
    """A finished hand's scoring (docs/rules.md §5, §6, §8)."""
    side = r["level_side"]
    if side == "banker":
        what = f"the banker team goes up {r['levels']} level{'s' if r['levels'] != 1 else ''}"
    else:
        what = "the defenders take over" + (
            f" and go up {r['levels']} level{'s' if r['levels'] != 1 else ''}"
            if r["levels"]
            else ""
        )
    return (
        '<div class="sj-result" data-result="1">'
        f'<b class="sj-big">D = {r["defender_points"]}</b> '
        f"<span>({r['table_points']} in tricks + the bury's {r['kitty_points']} \u00d7 "
        f"{r['kitty_multiplier']}, penalty {r['penalty']:+d})</span> \u2192 "
        f"<b>{what}</b>; next banker S{r['next_banker']}</div>"
    )


def _bidding_rows(v) -> list[str]:
    rows = []
    if v.bids:
        rows.append(
            '<div class="sj-row"><b>bids</b><span>'
            + escape(bids_line(v.bids, _trump_words), quote=False)
            + "</span></div>"
        )
    if v.bidding is not None:
        line = escape(bidding_line(v.bidding))
        rows.append(f'<div class="sj-row"><b>bidding</b><span>{line}</span></div>')
    return rows


def _table(v, tricks: bool = True) -> str:
    t = trump_of(v.trump, v.level)
    grid = "".join(_seat_box(v, s) for s in range(N_SEATS)) + _center(v)
    foot = _bidding_rows(v)
    if v.kitty is not None:
        foot.append(
            '<div class="sj-row" data-part="kitty"><b>kitty</b>'
            f'<span class="sj-cards">{cards_html(v.kitty, t)}</span>'
            f'<span class="sj-note">{escape(v.kitty_note)}</span></div>'
        )
    if v.buried is not None and v.buried:
        foot.append(
            '<div class="sj-row" data-part="buried"><b>buried</b>'
            f'<span class="sj-cards">{cards_html(v.buried, t)}</span></div>'
        )
    if v.result is not None:
        foot.append(result_html(v.result))
    if tricks and v.tricks:
        foot.append(
            f"<details><summary>{len(v.tricks)} trick{'s' if len(v.tricks) != 1 else ''} "
            f"played</summary>{_tricks_table(v.tricks, t)}</details>"
        )
    return (
        f'{_header(v)}<div class="sj-grid">{grid}</div><div class="sj-foot">{"".join(foot)}</div>'
    )


def _state_view(s, title: str, before=None) -> _View:
    # the public record (tricks, voids, bids) as the banker sees it; the hands from the state
    # (or from ``before``, an earlier state of the hand, marking the cards played since)
    o = s.observation(s.banker if s.banker >= 0 else 0)
    hands = s.hands if before is None else before.hands
    played = (
        () if before is None else set(c for h in hands for c in h) - {c for h in s.hands for c in h}
    )
    return _View(
        title=title,
        me=None,
        bottom=0,
        level=o.level,
        defender_level=o.defender_level,
        trump=o.trump,
        banker=o.banker,
        phase=s.phase,
        to_play=s.to_play,
        leader=o.leader,
        hands=hands,
        sizes=[len(h) for h in hands],
        pending=(),
        played=played,
        points=o.points,
        team_points=o.team_points,
        penalty=o.penalty,
        current_trick=o.current_trick,
        tricks=o.tricks,
        kitty=s.kitty or None,
        kitty_note=f"dealt to the kitty; the banker S{o.banker} took it up",
        buried=s.buried,
        voids=o.voids,
        bids=s.bid_log,
        bidding=o.bidding,
        result=s.result() if s.is_over() else None,
        rules=s.rules,
    )


def state_body(s, *, tricks: bool = True, title: str = "Full table", before=None) -> str:
    """``state_html`` without its styles (for a page that has them: ``document``).
    ``before``: an earlier state of the same hand: its hands are shown, the cards played
    since marked (a trick and the hands it was played from)."""
    return _table(_state_view(s, title, before), tricks)


def state_html(s, *, tricks: bool = True, title: str = "Full table") -> str:
    """The whole table of a ``HandState`` (every hand, the kitty, the bury); ``tricks``:
    the list of the tricks played (folded) under it."""
    return fragment(state_body(s, tricks=tricks, title=title))


def tricks_html(s) -> str:
    """Every completed trick of a ``HandState`` as a table (without the styles)."""
    return _tricks_table(s.tricks, trump_of(s.trump, s.level))


def observation_html(o) -> str:
    """One seat's view: nothing it may not know (its own cards; the others' as backs)."""
    side = "no banker yet" if o.banker < 0 else "banker team" if o.is_banker_team else "defenders"
    v = _View(
        title=f"Seat {o.seat}'s view ({side})",
        me=o.seat,
        bottom=o.seat,
        level=o.level,
        defender_level=o.defender_level,
        trump=o.trump,
        banker=o.banker,
        phase=o.phase,
        to_play=o.to_play,
        leader=o.leader,
        hands=[o.hand if s == o.seat else None for s in range(N_SEATS)],
        sizes=list(o.hand_sizes),
        pending=o.pending,
        played=(),
        points=o.points,
        team_points=o.team_points,
        penalty=o.penalty,
        current_trick=o.current_trick,
        tricks=o.tricks,
        kitty=o.kitty,
        kitty_note="dealt to the kitty (you took it up)",
        buried=o.buried,
        voids=o.voids,
        bids=o.bids,
        bidding=o.bidding,
        result=o.result,
        rules=o.rules,
    )
    extra = ""
    if o.standing_bid is not None:
        st = o.standing_bid
        extra = (
            f'<div class="sj-row"><b>standing bid</b>S{st["bidder"]} {escape(str(st["strength"]))}'
            f" {_trump_words(st['trump']) if st['trump'] else '(face down)'}"
            + (", locked" if st["locked"] else "")
            + "</div>"
        )
    if o.legal_actions:
        extra += (
            f'<div class="sj-row"><b>to decide</b><span>{len(o.legal_actions)} legal '
            "actions</span></div>"
        )
    return fragment(_table(v) + extra)
