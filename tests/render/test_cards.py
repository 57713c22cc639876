"""render/cards.py: a card's glyph, colour and notation, a combination's table of its
components, a trump resolved for the pictures, and the self-contained fragment and
document around them."""

from __future__ import annotations

from shengji import classify
from shengji.render.cards import card_html, cards_html, document, fragment, trump_of
from shengji.rules.trump import Trump
from tests.support.show_tree import parse


def test_card_glyphs_colours_and_notation():
    red = parse(card_html(classify("TH", ("2", "S")).cards[0])).find("sj-card")[0]
    assert "sj-red" in red.classes and red.text() == "10\u2665" and red.attrs["title"] == "TH"
    spade = parse(card_html(0)).find("sj-card")[0]
    assert "sj-red" not in spade.classes and spade.text() == "2\u2660"
    big, small = (parse(card_html(c)).find("sj-card")[0] for c in (106, 104))
    assert "sj-red" in big.classes and big.attrs["title"] == "BJ"
    assert "sj-red" not in small.classes and small.attrs["title"] == "SJ"


def test_combo_html_lists_a_throws_components():
    c = classify("AS AS KS QS QS", ("8", "H"))
    root = parse(c._repr_html_())
    rows = root.find(tag="tr")[1:]
    assert [r.find(tag="td")[0].text() for r in rows] == ["pair", "pair", "single"]
    assert sorted(root.find("sj-head")[0].cards()) == sorted(c.cards)
    single = classify("9C 9C 7C 7C", ("8", "S"))
    root = parse(single._repr_html_())
    assert "tractor" in root.text() and not root.find(tag="table")
    assert sorted(root.cards()) == sorted(single.cards)


def test_cards_html_marks_the_chosen_cards_and_trump_of_reads_the_level():
    root = parse(cards_html([0, 2, 4], trump_of("S", "2"), marked=(2,)))
    marked = [c for c in root.find("sj-card") if "sj-pending" in c.classes]
    assert [c.attrs["data-card"] for c in marked] == ["2"]
    assert trump_of("S", "2") == Trump("2", "S") and trump_of(None, "5") == Trump("5", None)


def test_a_fragment_and_a_document_carry_their_styles():
    frag = fragment("<b>x</b>")
    assert "<style>" in frag and "<b>x</b>" in frag
    page = document("<b>x</b>", "A <title>")
    assert page.lstrip().lower().startswith("<!doctype html>")
    assert "A &lt;title&gt;" in page and "<b>x</b>" in page
