"""HTML of cards and combinations, and the styles every HTML picture of the package shares
(``Combo._repr_html_`` shows ``combo_html``; the tables, ``shengji.render.table``, and the
reports, ``shengji.render.reports``, build on this).

A card is ``<span class="sj-card ..." data-card="ID" title="NOTATION">``: rank and suit
glyph, red for hearts, diamonds and the big joker, gold (``sj-trump``) for a trump.  A
``fragment`` carries its own ``<style>`` (classes prefixed ``sj-``), a ``document`` is a
whole self-contained page (styles inline, no external asset, ASCII only).
"""

from __future__ import annotations

from html import escape

from shengji.cards import format_cards
from shengji.names import BIG_JOKER, N_COPIES, N_RANKS, RANK_NAMES, SMALL_JOKER, SUITS
from shengji.rules.trump import Trump

__all__ = [
    "CSS",
    "SUIT_GLYPHS",
    "SUIT_WORDS",
    "card_html",
    "cards_html",
    "combo_html",
    "trump_of",
    "fragment",
    "document",
]

SUIT_GLYPHS = {"S": "\u2660", "H": "\u2665", "C": "\u2663", "D": "\u2666"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "C": "clubs", "D": "diamonds", "T": "trump"}
_RED = ("H", "D")

CSS = """
.sj{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;
 font-size:14px;color:#1d2430;line-height:1.35;max-width:1100px}
.sj *{box-sizing:border-box}
.sj-head{display:flex;flex-wrap:wrap;gap:6px 14px;align-items:baseline;margin:0 0 8px}
.sj-head b{font-size:15px}
.sj-chip{display:inline-block;padding:1px 8px;border-radius:10px;background:#eef1f6;
 color:#334;font-size:12.5px}
.sj-chip.sj-hot{background:#ffe8a3;color:#5a4300}
.sj-grid{display:grid;grid-template-columns:minmax(220px,1fr) minmax(260px,1.15fr)
 minmax(220px,1fr);grid-template-areas:". n ." "w c e" ". s .";gap:8px;
 background:#1f6f4a;border-radius:12px;padding:10px}
.sj-seat{background:#f7f9fb;border-radius:8px;padding:6px 8px;min-height:64px;
 border:2px solid transparent}
.sj-seat.sj-turn{border-color:#ffcf40;box-shadow:0 0 0 2px #ffcf4066}
.sj-pos-n{grid-area:n}.sj-pos-s{grid-area:s}.sj-pos-e{grid-area:e}.sj-pos-w{grid-area:w}
.sj-who{font-weight:600;margin-bottom:3px;display:flex;flex-wrap:wrap;gap:4px 8px;
 align-items:center}
.sj-who small{font-weight:400;color:#556}
.sj-badge{font-size:11px;font-weight:700;padding:0 6px;border-radius:8px;color:#fff;
 background:#7a8494}
.sj-badge.sj-bk{background:#b3261e}.sj-badge.sj-me{background:#2457c5}
.sj-center{grid-area:c;background:#2b8a5d;border-radius:8px;padding:6px;color:#fff;
 display:flex;flex-direction:column;gap:6px;justify-content:center}
.sj-tt{font-size:12.5px;text-align:center;opacity:.95}
.sj-tgrid{display:grid;grid-template-columns:1fr 1fr 1fr;grid-template-areas:
 ". n ." "w . e" ". s .";gap:4px;align-items:center;justify-items:center;min-height:110px}
.sj-play{background:#ffffff22;border-radius:6px;padding:3px 4px;text-align:center;
 border:2px solid transparent;min-width:40px}
.sj-play small{display:block;font-size:11px;color:#e8f5ee}
.sj-play .sj-card{font-size:15px}
.sj-play.sj-win{border-color:#ffcf40;background:#ffcf4033}
.sj-play.sj-lead small::after{content:" leads"}
.sj-score{display:flex;justify-content:center;gap:6px;flex-wrap:wrap}
.sj-score .sj-chip{background:#ffffffdd}
.sj-suit{margin:1px 0;padding-left:3.5em;text-indent:-3.5em}
.sj-suit>*{text-indent:0}
.sj-lbl{display:inline-block;width:3.1em;font-size:11px;color:#556;text-align:right;
 margin-right:4px;vertical-align:middle}
.sj-lbl.sj-red{color:#c8102e}
.sj-card{display:inline-block;min-width:1.75em;padding:1px 3px;margin:0 1px 1px 0;
 border:1px solid #b9c0ca;border-radius:4px;background:#fff;color:#111;text-align:center;
 font-weight:600;font-size:13px;line-height:1.25;font-variant-numeric:tabular-nums;
 vertical-align:middle}
.sj-card i{font-style:normal;margin-left:1px}
.sj-card.sj-red{color:#c8102e}
.sj-card.sj-trump{background:#fff2bf;border-color:#d4a017}
.sj-card.sj-pending{outline:2px solid #2457c5}
.sj-card.sj-played{box-shadow:inset 0 -4px 0 #2457c5;border-color:#2457c5}
.sj-back{display:inline-block;width:14px;height:20px;margin-right:-7px;border-radius:3px;
 border:1px solid #fff;vertical-align:middle;
 background:repeating-linear-gradient(45deg,#2457c5 0 3px,#3b6fe0 3px 6px)}
.sj-backs{padding-right:8px}
.sj-void{font-size:11.5px;color:#8a3b12}
.sj-foot{margin-top:8px;display:flex;flex-direction:column;gap:4px}
.sj-row{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.sj-row>b{min-width:5.5em;font-size:12.5px;color:#445}
.sj-cards{white-space:normal}
.sj-result{border:2px solid #1f6f4a;border-radius:8px;padding:6px 10px;background:#eefaf3}
.sj-result b.sj-big{font-size:18px}
table.sj-t{border-collapse:collapse;margin:4px 0;font-size:13px}
table.sj-t th,table.sj-t td{border-bottom:1px solid #dde2e8;padding:3px 8px;text-align:left;
 vertical-align:middle}
table.sj-t th{background:#eef1f6;font-weight:600}
table.sj-t td.sj-num{text-align:right;font-variant-numeric:tabular-nums}
table.sj-t tr.sj-best td{background:#fff6d6}
.sj details summary{cursor:pointer;color:#334;font-size:13px}
.sj-note{font-size:12px;color:#556}
"""


# -- cards ----------------------------------------------------------------------------------
def trump_of(trump: str | None, level: str) -> Trump:
    return Trump(level, None if trump in (None, "NT") else trump)


def card_html(card: int, trump: Trump | None = None, extra: str = "") -> str:
    """One card; ``trump`` marks it gold when it is a trump."""
    c = int(card)
    kind = c // N_COPIES
    if kind >= SMALL_JOKER:
        big = kind == BIG_JOKER
        face = f"{'B' if big else 'S'}J<i>\u2605</i>"
        red = big
    else:
        suit = SUITS[kind // N_RANKS]
        face = f"{RANK_NAMES[kind % N_RANKS]}<i>{SUIT_GLYPHS[suit]}</i>"
        red = suit in _RED
    cls = "sj-card" + (" sj-red" if red else "")
    if trump is not None and trump.is_trump(c):
        cls += " sj-trump"
    if extra:
        cls += " " + extra
    return f'<span class="{cls}" data-card="{c}" title="{format_cards([c])}">{face}</span>'


def cards_html(cards, trump: Trump | None = None, marked=(), mark: str = "sj-pending") -> str:
    """Cards in the order given; those in ``marked`` get the class ``mark`` (by default
    ``sj-pending``: chosen, not yet played)."""
    marked = set(marked)
    return "".join(card_html(c, trump, mark if c in marked else "") for c in cards)


# -- combinations ---------------------------------------------------------------------------
def combo_html(c) -> str:
    parts = c.components if c.kind == "throw" else [c]
    rows = "".join(
        f'<tr><td>{p.kind}</td><td>{cards_html(p.cards)}</td><td class="sj-num">{p.pairs}</td></tr>'
        for p in parts
    )
    head = (
        f'<div class="sj-head"><b>{c.kind}</b><span class="sj-chip">'
        f"{SUIT_WORDS[c.suit]}</span><span>{cards_html(c.cards)}</span></div>"
    )
    table = (
        f'<table class="sj-t"><tr><th>component</th><th>cards</th><th>pairs</th></tr>{rows}</table>'
        if c.kind == "throw"
        else ""
    )
    return fragment(head + table)


# -- wrappers ---------------------------------------------------------------------------------
def fragment(body: str) -> str:
    """A piece of HTML for a notebook cell: its styles and the content."""
    return f'<div class="sj"><style>{CSS}</style>{body}</div>'


def document(body: str, title: str, *, head: str = "", script: str = "") -> str:
    """A whole page, self-contained and ASCII only (other characters as references)."""
    page = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f'<link rel="icon" href="data:,"><title>{escape(title)}</title>'
        f"<style>body{{margin:16px;background:#fafbfc}}{CSS}</style>{head}</head>"
        f"<body>{body}" + (f"<script>{script}</script>" if script else "") + "</body></html>\n"
    )
    return page.encode("ascii", "xmlcharrefreplace").decode("ascii")
