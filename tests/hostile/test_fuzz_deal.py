"""Hostile input at the [deal] table: a study file's table (make_config), the parser
(parse_deal), the advisor's deal= and where=, a run's metadata edited to hold a junk deal
table (replay), and the core's DealSpec door.  Each call returns or raises one clean
ValueError/TypeError line (hostile_support.attempt); a table that is accepted deals
deals that meet it."""

from __future__ import annotations

import json

import numpy as np
import pyarrow.parquet as pq
import pytest
from hypothesis import given
from hypothesis import strategies as st

from shengji._core.base.rng import chunk_state
from shengji._core.deal.cond import deal_orders
from shengji._core.deal.spec import Dealing, DealSpec
from shengji.analysis.advisor import advise
from shengji.analysis.load import run
from shengji.analysis.replay import replay
from shengji.reference.constraint import satisfies
from shengji.studies.base import make_config
from shengji.studies.constraints import parse_deal
from tests.hostile.hostile_support import (
    SIZES,
    attempt,
    card_lists,
    fuzz_settings,
    junk,
    notation,
    scalar_junk,
)
from tests.reference.test_constraint import tables as good_tables

HAND = "BJ SJ AS AS KH QH 2S 2H 5C 5D TD TD 9S 8S 7H 6C 4C 3D JD QD KC AC 3S 4H 6D"
KEYS = ["seat0", "seat1", "seat2", "seat3", "kitty", "where", "method", "hands", "seat4", ""]
TOKENS = [
    "seat0.",
    "seat1.",
    "seat2.",
    "seat3.",
    "kitty.",
    "seat9.",
    "points",
    "trumps_h",
    "pairs",
    "longest_side_suit",
    "length_s",
    "AS",
    "10H",
    "BJ",
    "bj",
    "XX",
    " and ",
    " or ",
    " not ",
    "(",
    ")",
    "==",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "=",
    "+",
    "-",
    "*",
    "0",
    "1",
    "12",
    "40",
    "200",
    "99999999",
    " ",
    "\x00",
    "♠",
    ".",
    "seat0",
    "kitty",
]
wheres = st.one_of(
    st.lists(st.sampled_from(TOKENS), max_size=14).map("".join),
    st.text(max_size=40),
    scalar_junk,
    st.lists(st.text(max_size=10), max_size=3),
)
values = st.one_of(notation, card_lists(max_size=30), wheres, scalar_junk)


@st.composite
def deal_tables(draw):
    if draw(st.integers(0, 6)) == 0:
        return draw(junk)
    keys = draw(st.lists(st.sampled_from(KEYS), max_size=5, unique=True))
    table = {}
    for k in keys:
        table[k] = draw(wheres if k == "where" else values)
    return table


def _check_accepted(table, c):
    """A table the parser took: its deals (if any can be made) meet the twin."""
    from shengji.studies.conditioned import compile_deal

    ok, compiled = attempt("compile_deal", compile_deal, c, 0)
    if not ok:
        return
    deal = Dealing([compiled.spec], max_tries=2_000)
    ok, rows = attempt("deal_orders", deal_orders, deal, chunk_state(1), 3, 0, 2)
    if ok:
        canonical = c.to_config()
        for row in rows:
            assert satisfies(row, canonical, 0, 2)


@pytest.mark.parametrize("n", SIZES)
def test_parse_deal_takes_junk_with_one_line(n):
    @fuzz_settings(n)
    @given(st.one_of(deal_tables(), good_tables()))
    def check(table):
        ok, c = attempt("parse_deal", parse_deal, table)
        if ok and c is not None:
            assert parse_deal(c.to_config()) == c
            _check_accepted(table, c)

    check()


@pytest.mark.parametrize("n", SIZES)
def test_a_study_files_deal_table_takes_junk_with_one_line(n):
    @fuzz_settings(n)
    @given(
        st.sampled_from(["deals", "bid_odds", "scoring", "match"]),
        st.one_of(deal_tables(), good_tables()),
    )
    def check(kind, table):
        attempt("make_config[deal]", make_config, {"study": kind, "n": 5, "seed": 1, "deal": table})

    check()


@pytest.mark.parametrize("n", SIZES)
def test_advise_deal_and_where_take_junk_with_one_line(n):
    @fuzz_settings(max(10, n // 6))
    @given(st.one_of(st.none(), deal_tables()), st.one_of(st.none(), wheres))
    def check(deal, where):
        attempt("advise[deal]", advise, HAND, "2", n=2, deal=deal, where=where)

    check()


@pytest.fixture(scope="module")
def conditioned_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("hostile_deal") / "scoring"
    run(
        "scoring",
        out,
        n=6,
        chunk_size=3,
        seed=7,
        deal={"seat0": "BJ", "where": "seat1.points >= 20"},
    )
    return out


@pytest.mark.parametrize("n", SIZES)
def test_replay_of_a_run_whose_deal_table_was_edited(n, conditioned_run, tmp_path_factory):
    import shutil

    @fuzz_settings(max(10, n // 6))
    @given(deal_tables())
    def check(table):
        out = tmp_path_factory.mktemp("edited") / "run"
        shutil.copytree(conditioned_run, out)
        for part in sorted((out / "hands").glob("part-*.parquet")):
            t = pq.read_table(part)
            meta = dict(t.schema.metadata)
            m = json.loads(meta[b"shengji"])
            m["deal"] = table
            try:
                meta[b"shengji"] = json.dumps(m).encode()
            except (TypeError, ValueError):
                meta[b"shengji"] = repr(m).encode()
            pq.write_table(t.replace_schema_metadata(meta), part)
        attempt("replay[deal]", replay, out, 1)

    check()


@pytest.mark.parametrize("n", SIZES)
def test_the_core_door_takes_junk_with_one_line(n):
    @fuzz_settings(n)
    @given(
        st.one_of(st.integers(-2, 14), scalar_junk),
        st.lists(card_lists(max_size=27), min_size=0, max_size=6),
        st.one_of(
            st.lists(
                st.tuples(
                    st.lists(
                        st.tuples(
                            st.integers(-1, 6), st.integers(-1, 80), st.integers(-2000, 2000)
                        ),
                        max_size=9,
                    ),
                    st.integers(-1, 7),
                    st.integers(-200_000, 200_000),
                ),
                max_size=3,
            ),
            junk,
        ),
        st.one_of(st.lists(st.integers(-4, 4), max_size=6), junk),
        st.one_of(st.integers(-2, 6), scalar_junk),
    )
    def check(level, fixed, atoms, code, anchor):
        ok, spec = attempt(
            "DealSpec",
            DealSpec,
            level,
            fixed,
            False,
            atoms,
            code,
            anchor,
            [list(range(108))],
            np.zeros((1, 1), np.uint8),
            [1],
        )
        if ok:
            ok2, rows = attempt(
                "deal_orders",
                deal_orders,
                Dealing([spec], max_tries=500),
                chunk_state(2),
                2,
                spec.level,
                0,
            )

    check()
