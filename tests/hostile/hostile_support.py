"""Shared pieces of the hostile-input tests: junk values, the verdict on one call, and the
count of calls per entry point (printed at the end of the run by conftest.py).

A hostile call passes when it returns, or raises ONE ValueError/TypeError whose message is
a line naming what is wrong -- not an interpreter message that leaked from inside (e.g.
``list.remove(x): x not in list``).  Any other exception (IndexError, KeyError,
OverflowError, AttributeError, ZeroDivisionError, RuntimeError ...) fails the test; a crash
fails the whole run (and, under .ci/sanitize, so does any memory error or undefined
behaviour the call caused)."""

from __future__ import annotations

import os
import re
from collections import Counter

import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

CALLS: Counter = Counter()

# Example counts: the default suite, and the slow-marked long run (`-m slow`).  Under the
# sanitizer build (.ci/sanitize sets SHENGJI_SANITIZED) every call is slower: fewer.
SANITIZED = bool(os.environ.get("SHENGJI_SANITIZED"))
DEFAULT_EXAMPLES = 25 if SANITIZED else 60
SLOW_EXAMPLES = 2000

SIZES = [
    pytest.param(DEFAULT_EXAMPLES, id="default"),
    pytest.param(SLOW_EXAMPLES, id="long", marks=pytest.mark.slow),
]


def fuzz_settings(n: int):
    return settings(
        max_examples=n,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        derandomize=False,
    )


# Messages that are Python's or a library's own, not the boundary's.
INTERNAL = re.compile(
    r"list\.remove|not in list|has no attribute|unsupported operand|'NoneType' object|"
    r"not subscriptable|unhashable type|invalid literal for int|an integer is required|"
    r"cannot convert float|Buffer dtype mismatch|Expected .* got|index .* out of bounds|"
    r"truth value of an array|takes \d+ positional|"
    r"object cannot be interpreted|argument must be|must be real number|"
    r"only integer scalar arrays|could not convert|Python int too large|"
    r"has incorrect type|\.pyx|\.cc:|Traceback"
)


def attempt(entry: str, fn, *args, **kwargs):
    """Call ``fn``; return ``(True, result)`` or ``(False, exception)`` for a clean
    ValueError/TypeError.  Anything else raises (fails the test)."""
    CALLS[entry] += 1
    try:
        return True, fn(*args, **kwargs)
    except (ValueError, TypeError) as exc:
        check_message(exc)
        return False, exc


def check_message(exc: BaseException) -> None:
    msg = str(exc)
    assert msg.strip(), f"{type(exc).__name__} with an empty message"
    assert "\n" not in msg.strip(), f"a message of several lines: {msg!r}"
    assert not INTERNAL.search(msg), f"an internal message: {type(exc).__name__}: {msg}"


# -- junk ----------------------------------------------------------------------------------
huge = st.sampled_from([2**31, 2**31 - 1, -(2**31) - 1, 2**32, 2**63, -(2**63) - 1, 2**64, 10**30])
np_int = st.builds(
    lambda t, v: t(v),
    st.sampled_from([np.int8, np.uint8, np.int16, np.int32, np.int64, np.uint64]),
    st.integers(0, 127),
)
np_bool = st.sampled_from([np.True_, np.False_])
floats = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([float("nan"), float("inf"), -float("inf"), 0.5, 3.0, -0.0]),
    st.builds(np.float64, st.floats(allow_nan=True)),
)
notation = st.one_of(
    st.text(max_size=30),
    st.text(alphabet="23456789TJQKA10SHCDsjbBJ♠♥♣♦ ,", max_size=40),
    st.sampled_from(["AS AS AS", "ZZ", "1S", "BJ BJ BJ", "10H 10H", "S", "", " ", "\x00", "🂡"]),
)
scalar_junk = st.one_of(
    st.none(),
    st.booleans(),
    np_bool,
    st.integers(-300, 300),
    huge,
    np_int,
    floats,
    notation,
    st.binary(max_size=8),
    st.just(object()),
    st.just(Ellipsis),
    st.complex_numbers(max_magnitude=5),
)
junk = st.one_of(
    scalar_junk,
    st.lists(scalar_junk, max_size=6),
    st.dictionaries(st.text(max_size=5), scalar_junk, max_size=3),
    st.tuples(scalar_junk, scalar_junk),
)
card_id = st.one_of(st.integers(0, 107), st.integers(-5, 120), np_int, np_bool, floats, huge)


@st.composite
def card_lists(draw, min_size: int = 0, max_size: int = 30):
    """Mostly card ids, some out of range, duplicated or of the wrong type; as a list, a
    tuple, a numpy array of some dtype, or notation text."""
    if draw(st.booleans()):  # one suit (and the jokers): cards that may form a combination
        suit = draw(st.integers(0, 3))
        pool = [c for c in range(108) if c // 26 == suit or c >= 104]
        good = draw(st.lists(st.sampled_from(pool), min_size=min_size, max_size=max_size))
        good = list(dict.fromkeys(good))
    else:
        good = draw(
            st.lists(st.integers(0, 107), min_size=min_size, max_size=max_size, unique=True)
        )
    ids = list(good)
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 2]))):
        if ids and draw(st.booleans()):
            ids[draw(st.integers(0, len(ids) - 1))] = draw(card_id)
        elif ids:
            ids.append(draw(st.sampled_from(ids)))  # a duplicate
    form = draw(st.sampled_from(["list"] * 4 + ["tuple", "array", "text", "junk"]))
    if form == "tuple":
        return tuple(ids)
    if form == "array":
        dtype = draw(st.sampled_from([np.uint8, np.int64, np.int8, np.float64, np.bool_, object]))
        try:
            with np.errstate(all="ignore"):
                return np.array(ids, dtype=dtype)
        except (OverflowError, ValueError, TypeError):
            return ids
    if form == "text":
        return draw(notation)
    if form == "junk":
        return draw(junk)
    return ids


@st.composite
def deals(draw):
    """108 card ids in dealing order, or a near miss of one."""
    deck = draw(st.permutations(range(108)))
    deck = list(deck)
    how = draw(
        st.sampled_from(
            ["good", "array", "short", "long", "dup", "range", "type", "text", "junk", "bool"]
        )
    )
    if how == "array":
        return np.array(deck, dtype=draw(st.sampled_from([np.uint8, np.int64, np.float64])))
    if how == "short":
        return deck[: draw(st.integers(0, 107))]
    if how == "long":
        return deck + [draw(st.integers(0, 107))]
    if how == "dup":
        i, j = draw(st.integers(0, 107)), draw(st.integers(0, 107))
        deck[i] = deck[j] if i != j else (deck[i] + 1) % 108
        return deck
    if how == "range":
        deck[draw(st.integers(0, 107))] = draw(st.sampled_from([-1, 108, 255, 256, 2**40]))
        return deck
    if how == "type":
        deck[draw(st.integers(0, 107))] = draw(scalar_junk)
        return deck
    if how == "bool":
        return [bool(c % 2) for c in deck]
    if how == "text":
        return draw(notation)
    if how == "junk":
        return draw(junk)
    return deck
