"""Hostile input at the rule functions on card lists (classify, trick_winner, match_shape,
is_legal_follow, check_throw), ``Rules`` from dicts and bot parameters (``parse_bot``).

Every call returns or raises one clean ValueError/TypeError (hostile_support.attempt); a
call that returns is checked against the pure-Python twin (shengji.reference) where one
exists, so that a wrong value cannot pass silently."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shengji import reference
from shengji.game.botspec import BOT_PARAMS, parse_bot
from shengji.rules import combos
from shengji.rules.options import OPTIONS, PRESETS, Rules
from tests.hostile.hostile_support import (
    SIZES,
    attempt,
    card_lists,
    fuzz_settings,
    junk,
    notation,
    scalar_junk,
)

trumps = st.one_of(
    st.tuples(st.sampled_from(["2", "5", "10", "A", "T"]), st.sampled_from(["S", "H", "NT"])),
    st.tuples(scalar_junk, scalar_junk),
    scalar_junk,
    st.lists(scalar_junk, max_size=3),
)
GOOD_TRUMP = ("2", "H")
# mostly well-formed trumps and rules, so that the card lists are what is attacked
rules_arg = st.one_of(st.none(), st.none(), st.sampled_from(sorted(PRESETS)), junk)
trumps = st.one_of(st.just(GOOD_TRUMP), st.just(GOOD_TRUMP), st.just(("A", "NT")), trumps)


def _same_as_reference(cards, trump, rules, combo):
    ok, ref = attempt("reference.classify", reference.classify, cards, trump, rules)
    assert ok, f"the core classified {cards!r} but the reference refuses: {ref}"
    assert (combo.kind, combo.suit, combo.pairs) == (ref.kind, ref.suit, ref.pairs)
    assert sorted(combo.cards) == sorted(ref.cards)


@pytest.mark.parametrize("n", SIZES)
def test_classify(n):
    @fuzz_settings(n)
    @given(card_lists(0, 12), trumps, rules_arg)
    def run(cards, trump, rules):
        ok, combo = attempt("classify", combos.classify, cards, trump, rules)
        if ok:
            _same_as_reference(cards, trump, rules, combo)

    run()


@pytest.mark.parametrize("n", SIZES)
def test_trick_winner(n):
    @fuzz_settings(n)
    @given(
        st.one_of(st.lists(card_lists(0, 4), min_size=0, max_size=5), junk, notation),
        trumps,
        rules_arg,
    )
    def run(plays, trump, rules):
        ok, winner = attempt("trick_winner", combos.trick_winner, plays, trump, rules)
        if ok:
            assert type(winner) is int and 0 <= winner < len(plays)

    run()


@pytest.mark.parametrize("n", SIZES)
def test_match_shape(n):
    @fuzz_settings(n)
    @given(card_lists(0, 10), card_lists(0, 6), trumps, rules_arg)
    def run(cards, lead, trump, rules):
        ok, m = attempt("match_shape", combos.match_shape, cards, lead, trump, rules)
        if ok:
            assert isinstance(m.has_shape, bool)
            assert m.key is None or isinstance(m.key, int)

    run()


@pytest.mark.parametrize("n", SIZES)
def test_is_legal_follow(n):
    @fuzz_settings(n)
    @given(
        card_lists(0, 25),
        card_lists(0, 6),
        card_lists(0, 6),
        trumps,
        rules_arg,
    )
    def run(hand, lead, play, trump, rules):
        ok, legal = attempt(
            "is_legal_follow", combos.is_legal_follow, hand, lead, play, trump, rules
        )
        if ok:
            assert isinstance(legal, bool)

    run()


@pytest.mark.parametrize("n", SIZES)
def test_check_throw(n):
    @fuzz_settings(n)
    @given(
        card_lists(0, 8),
        st.one_of(st.lists(card_lists(0, 12), max_size=4), junk),
        trumps,
        rules_arg,
    )
    def run(lead, others, trump, rules):
        ok, out = attempt("check_throw", combos.check_throw, lead, others, trump, rules)
        if ok:
            stands, forced = out
            assert isinstance(stands, bool) and (stands == (forced == []))

    run()


option_values = st.one_of(
    junk,
    st.sampled_from([True, False, None, "never", "linear4", "classic", [], ["5", "10"], "2"]),
)
option_names = st.one_of(st.sampled_from([o.name for o in OPTIONS]), st.text(max_size=12))


@pytest.mark.parametrize("n", SIZES)
def test_rules_from_dict(n):
    @fuzz_settings(n)
    @given(st.one_of(st.dictionaries(option_names, option_values, max_size=4), junk))
    def run(data):
        ok, r = attempt("Rules.from_dict", Rules.from_dict, data)
        if ok:  # a valid Rules round-trips and packs for the core
            assert Rules.from_dict(r.to_dict()) == r
            attempt("classify (rules from a dict)", combos.classify, "AS AS", GOOD_TRUMP, r)
        if isinstance(data, dict) and all(isinstance(k, str) for k in data):
            ok2, r2 = attempt("Rules(**options)", lambda: Rules(**data))
            assert ok2 == ok

    run()


bot_tables = st.fixed_dictionaries(
    {"bot": st.one_of(st.sampled_from(sorted(BOT_PARAMS)), scalar_junk)},
    optional={
        "samples": st.one_of(st.integers(-5, 2000), scalar_junk),
        "candidates": st.one_of(st.integers(-5, 100), scalar_junk),
        "rollout": st.one_of(st.sampled_from(["memory", "greedy", "random", "pimc"]), junk),
        "objective": st.one_of(st.sampled_from(["points", "levels"]), junk),
        "time_budget_ms": st.one_of(st.floats(allow_nan=True), scalar_junk),
        "bogus": scalar_junk,
    },
)
bot_labels = st.one_of(
    st.builds(
        lambda name, body: f"{name}({body})",
        st.sampled_from(["pimc", "greedy", "memory", "x"]),
        st.text(alphabet="samplecndtiroubjv=,0123456789.-_ ()'\"", max_size=40),
    ),
    notation,
)


@pytest.mark.parametrize("n", SIZES)
def test_parse_bot(n):
    @fuzz_settings(n)
    @given(st.one_of(bot_tables, bot_labels, junk, st.sampled_from(sorted(BOT_PARAMS))))
    def run(value):
        ok, spec = attempt("parse_bot", parse_bot, "bot", value)
        if ok:  # what it accepts is canonical: its config parses back to itself
            assert parse_bot("bot", spec.to_config()) == spec
            assert spec.name in BOT_PARAMS

    run()
