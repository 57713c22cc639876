"""Hostile input at ``replay`` (a run's Parquet rows and metadata as a user may have
edited them: tampered parts, metadata, manifest) and at ``advise``.

A tampered row is never replayed silently: with ``check=True`` a replay that returns is
the row as the file holds it, and an edited result in the row is a ValueError."""

from __future__ import annotations

import json
import shutil
from numbers import Integral

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given
from hypothesis import strategies as st

from shengji.analysis.advisor import advise
from shengji.analysis.load import run
from shengji.analysis.replay import replay
from shengji.rules.options import OPTIONS
from tests.hostile.hostile_support import (
    SIZES,
    attempt,
    card_lists,
    fuzz_settings,
    junk,
    scalar_junk,
)

META_KEY = b"shengji"
N, CHUNK = 24, 8


@pytest.fixture(scope="module")
def scoring_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("hostile") / "scoring"
    run("scoring", out, n=N, chunk_size=CHUNK, seed=7)
    return out


def _parts(out):
    return sorted((out / "hands").glob("part-*.parquet"))


def _rewrite_meta(part, edit):
    table = pq.read_table(part)
    meta = dict(table.schema.metadata)
    key = next(k for k in meta if k == META_KEY) if META_KEY in meta else next(iter(meta))
    value = json.loads(meta[key])
    edit(value)
    try:
        meta[key] = json.dumps(value).encode()
    except (TypeError, ValueError):  # junk that JSON cannot hold: a string of it
        meta[key] = repr(value).encode()
    pq.write_table(table.replace_schema_metadata(meta), part)


meta_keys = st.sampled_from(
    ["study", "n", "seed", "level", "preset", "rules", "chunk_size", "options", "version"]
)
option_keys = st.sampled_from(
    ["bid_policy", "bid_threshold", "policy", "defender_policy", "first_hand", "bogus"]
)
json_junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False),
    st.text(max_size=10),
    st.lists(st.integers(-3, 300), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
    st.sampled_from([0, -1, 1, 2**31, 2**63, "pimc", "greedy", "scoring", "match", "deals"]),
)


@st.composite
def tampering(draw):
    how = draw(
        st.sampled_from(
            ["meta", "meta-del", "rules", "options", "row", "truncate", "flip", "drop", "manifest"]
        )
    )
    if how == "meta":
        return how, (draw(meta_keys), draw(json_junk))
    if how == "meta-del":
        return how, draw(meta_keys)
    if how == "rules":
        return how, (draw(st.sampled_from([o.name for o in OPTIONS] + ["bogus"])), draw(json_junk))
    if how == "options":
        return how, (draw(option_keys), draw(json_junk))
    if how == "row":
        return how, (
            draw(st.sampled_from(["defender_points", "levels", "banker", "kitty_points"])),
            draw(st.integers(-3, 3).filter(bool)),
        )
    if how in ("truncate", "flip"):
        return how, (draw(st.integers(0, 2)), draw(st.integers(0, 10**6)))
    if how == "drop":
        return how, draw(st.integers(0, 2))
    return how, draw(st.integers(0, 200))


def _tamper(out, how, arg) -> str | None:
    """Apply the tampering; the column whose value the row now misstates, if any."""
    parts = _parts(out)
    if how == "meta":
        key, value = arg
        for p in parts:
            _rewrite_meta(p, lambda m: m.__setitem__(key, value))
    elif how == "meta-del":
        for p in parts:
            _rewrite_meta(p, lambda m: m.pop(arg, None))
    elif how == "rules":
        key, value = arg
        for p in parts:
            _rewrite_meta(p, lambda m: m["rules"].__setitem__(key, value))
    elif how == "options":
        key, value = arg
        for p in parts:
            _rewrite_meta(p, lambda m: m["options"].__setitem__(key, value))
    elif how == "row":
        column, delta = arg
        for p in parts:
            t = pq.read_table(p)
            if column not in t.column_names:
                return None
            i = t.column_names.index(column)
            values = [v + delta for v in t.column(column).to_pylist()]
            t = t.set_column(i, t.field(i), pa.array(values, t.field(i).type))
            pq.write_table(t, p)
        return column
    elif how in ("truncate", "flip"):
        i, at = arg
        p = parts[i % len(parts)]
        data = bytearray(p.read_bytes())
        at %= len(data)
        if how == "truncate":
            data = data[:at]
        else:
            data[at] ^= 0x5A
        p.write_bytes(bytes(data))
    elif how == "drop":
        parts[arg % len(parts)].unlink()
    else:
        m = out / "_manifest.jsonl"
        text = m.read_text()
        m.write_text(text[: arg % (len(text) + 1)])
    return None


@pytest.mark.filterwarnings("ignore:the run was written by shengji")  # a tampered version
@pytest.mark.parametrize("n", SIZES)
def test_replay_tampered(n, scoring_run, tmp_path_factory):
    base = tmp_path_factory.mktemp("tampered")
    count = [0]

    @fuzz_settings(max(n // 2, 20))
    @given(
        tampering(),
        st.one_of(st.integers(0, N - 1), st.integers(-2, N + 2), scalar_junk),
        st.one_of(st.none(), scalar_junk),
    )
    def run_one(t, hand, match):
        count[0] += 1
        out = base / f"r{count[0]}"
        shutil.copytree(scoring_run, out)
        how, arg = t
        try:
            misstated = _tamper(out, how, arg)
        except (OSError, KeyError, TypeError, AttributeError, OverflowError, ValueError):
            return  # that file cannot be edited that way
        ok, state = attempt("replay", replay, out, hand, match)
        if ok:
            assert misstated is None, f"replayed a row whose {misstated} was edited"
            # a row key is any integer, numpy's included (replay's _index), never a bool
            assert isinstance(hand, Integral) and not isinstance(hand, bool)
            assert 0 <= int(hand) < N
        shutil.rmtree(out)

    run_one()


hands = st.one_of(
    st.lists(st.integers(0, 107), min_size=25, max_size=25, unique=True),
    card_lists(20, 27),
    junk,
)
bots = st.one_of(
    st.sampled_from(["greedy", "random", "memory"]),
    junk,
    st.fixed_dictionaries(
        {"bot": st.one_of(st.just("pimc"), scalar_junk), "samples": st.one_of(st.just(0), junk)}
    ),
)


@pytest.mark.parametrize("n", SIZES)
def test_advise(n):
    @fuzz_settings(n)
    @given(
        hands,
        st.one_of(st.sampled_from(["2", "10", "A"]), scalar_junk),
        st.one_of(st.just("standard"), junk),
        st.one_of(st.integers(-1, 4), scalar_junk),
        bots,
        st.one_of(st.integers(-1, 3), scalar_junk),
        st.one_of(st.integers(0, 2**64), scalar_junk),
    )
    def run_one(hand, level, rules, seat, bot, n_deals, seed):
        ok, advice = attempt(
            "advise", advise, hand, level, rules=rules, seat=seat, bot=bot, n=n_deals, seed=seed
        )
        if ok:
            assert advice.n == n_deals and len(advice.options) >= 1
            assert all(0 <= o.level_up <= 1 for o in advice.options)

    run_one()
