"""The bidding machine and its twin: the C kernel in the core (driven by shengji.bidding:
in a loop by the kernel policies, decision by decision by a Python policy), its plain-Python
twin in shengji.reference.bidding (independent of the core, imported by the tests only),
and the two held to the same answers -- for the kernel policies and for arbitrary callable
policies, view by view."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import shengji.bidding.simulate as bidding
import shengji.reference.bidding as ref_bidding
from shengji import Rules
from shengji._core.base.rng import chunk_state
from shengji._core.bidding.entry import shuffle_deck
from shengji.names import RANKS
from shengji.rules.bid_types import BidOutcome

REFERENCE = Path(ref_bidding.__file__).resolve().parent

# What the reference must not use: the core and the implementations it is checked against.
FORBIDDEN = re.compile(
    r"^\s*(from|import)\s+(shengji\.(_core|combos|trump|bidding|game)\b|"
    r"\.\.(_core|combos|trump|bidding|game)\b|\.\.\s+import\s+(combos|trump|bidding|game)\b)",
    re.M,
)


def test_the_reference_imports_nothing_of_the_core():
    for path in sorted(REFERENCE.glob("*.py")):
        m = FORBIDDEN.search(path.read_text(encoding="utf-8"))
        assert m is None, f"reference/{path.name}: {m.group(0).strip()}"


def test_the_public_module_drives_the_kernel():
    """The bidding layer never imports the reference: a callable policy steps the kernel's
    machine (shengji.bidding.policy.bid_with)."""
    from shengji.bidding import policy

    src = Path(bidding.__file__).resolve().parent
    for path in sorted(src.glob("*.py")):
        assert "shengji.reference" not in "".join(
            line
            for line in path.read_text().splitlines()
            if line.lstrip().startswith(("import", "from"))
        ), path.name
    assert bidding.bid_with is policy.bid_with and not hasattr(bidding, "bid_python")
    assert bidding.BidOutcome is BidOutcome


@pytest.mark.parametrize(
    "preset",
    [
        "standard",
        "campus-2015",
        "spring-festival",
        "team-cup",
        "timed-match",
        "tournament",
        "school-cup",
    ],
)
@pytest.mark.parametrize("first_hand, banker", [(True, None), (False, 2)])
def test_reference_engine_alone_matches_the_kernel(preset, first_hand, banker):
    """bid_python called directly (its own kitty draw) against bid_deal on the kernel."""
    rules = Rules.preset(preset)
    state = chunk_state(41, 0)
    deck = np.arange(108, dtype=np.uint8)
    for i in range(60):
        shuffle_deck(state, deck)
        cards = deck.tolist()
        kernel = bidding.bid_deal(
            cards, "7", rules, first_hand=first_hand, banker=banker, seed=i, engine="core"
        )
        # the kernel's one kitty_random draw, replayed from the same seed
        from shengji._core.bidding.entry import draw_bounded

        s = chunk_state(i, 0)
        py = ref_bidding.bid_python(
            cards,
            5,
            rules,
            bidding.eager_policy,
            first_hand,
            0 if banker is None else banker,
            lambda bound, s=s: draw_bounded(s, bound),
        )
        assert py.same_result(kernel), (i, py, kernel)
        assert len(py.bids) == py.overturns + (py.first_declarer >= 0) + sum(
            b[2] == "reinforce" for b in py.bids
        )


def test_count_trumps():
    deck = list(range(108))
    # seat 0 gets positions 0, 4, ..., 96; at level 2 (rank 0) with spades trump
    cards = [deck[i] for i in range(0, 100, 4)]
    want = sum(1 for c in cards if c // 2 >= 52 or (c // 2) % 13 == 0 or (c // 2) // 13 == 0)
    assert ref_bidding.count_trumps(deck, 0, 0, 0, kitty=False) == want
    kitty = sum(1 for c in deck[100:] if c // 2 >= 52 or (c // 2) % 13 == 0 or (c // 2) // 13 == 0)
    assert ref_bidding.count_trumps(deck, 0, 0, 0) == want + kitty


@pytest.mark.parametrize("chunk", [-1, 1.0, "0", True])
def test_simulate_bids_checks_chunk(chunk):
    with pytest.raises(ValueError, match="^chunk: "):
        bidding.simulate_bids(2, 1, chunk=chunk)


# -- every bidding option on random deals: the kernel against the Python engine ---------------

BIDDING_OPTIONS = st.fixed_dictionaries(
    {
        "reinforce_locks": st.booleans(),
        "suit_priority": st.sampled_from([None, "SHCD", "SHDC"]),
        "overturn_takes_bank": st.booleans(),
        "single_joker_declares": st.booleans(),
        "mixed_joker_pair": st.booleans(),
        "first_hand_overturn": st.booleans(),
        "no_bid": st.sampled_from(
            [
                "no_trump",
                "kitty_random",
                "kitty_first",
                "kitty_third",
                "redeal",
                "banker_steps_down",
            ]
        ),
        "later_joker_overturns": st.sampled_from([None, 0, 1, 2]),
        "reinforce_lock_jokers": st.booleans(),
        "overturn_after_kitty": st.sampled_from(["never", "later_hands", "always"]),
        "secret_bids": st.booleans(),
        "joker_pair_takes_bank": st.booleans(),
        "bids_close_with_deal": st.booleans(),
        "banker_draws_first": st.booleans(),
        "random_first_drawer": st.booleans(),
        "first_hand_no_bid": st.sampled_from(["redeal", "kitty_first"]),
    }
)


def consistent(options: dict) -> Rules:
    """Rules from drawn options, dropping what CONSTRAINTS forbid."""
    o = dict(options)
    if not o["reinforce_locks"]:
        o["reinforce_lock_jokers"] = False
    if o["bids_close_with_deal"]:
        o["overturn_after_kitty"] = "never"
    if o["overturn_after_kitty"] == "never":
        o["secret_bids"] = False
    return Rules(**o)


@settings(max_examples=250, deadline=None)
@given(
    options=BIDDING_OPTIONS,
    seed=st.integers(0, 2**32 - 1),
    level=st.integers(0, 12),
    first_hand=st.booleans(),
    banker=st.integers(0, 3),
    threshold=st.sampled_from([None, 1, 5, 8, 11]),
    first_drawer=st.sampled_from([None, 0, 2]),
)
def test_every_bidding_option_kernel_matches_python(
    options, seed, level, first_hand, banker, threshold, first_drawer
):
    rules = consistent(options)
    deck = np.random.default_rng(seed).permutation(108).tolist()
    policy = "eager" if threshold is None else "threshold"
    kw = dict(
        level=RANKS[level],
        rules=rules,
        policy=policy,
        threshold=threshold,
        first_hand=first_hand,
        banker=None if first_hand else banker,
        seed=seed,
        first_drawer=first_drawer,
    )
    core = bidding.bid_deal(deck, engine="core", **kw)
    py = bidding.bid_deal(deck, engine="python", **kw)
    assert core.same_result(py), (core, py)
    ref = _reference(deck, level, rules, _callable(policy, threshold), first_hand, banker, seed)
    if first_drawer is None:
        assert core.same_result(ref), (core, ref)
    if rules.secret_bids:
        assert not py.reinforced


def _callable(policy, threshold):
    return bidding.eager_policy if policy == "eager" else bidding.threshold_policy(threshold)


def _reference(deck, level, rules, policy, first_hand, banker, seed, views=None):
    """The twin's bidding of ``deck``, drawing as bid_deal(seed=seed) draws."""
    from shengji._core.bidding.entry import draw_bounded

    s = chunk_state(seed, 0)
    if views is not None:
        inner = policy

        def policy(view):
            views.append(view)
            return inner(view)

    return ref_bidding.bid_python(
        deck,
        level,
        rules,
        policy,
        first_hand,
        0 if first_hand else banker,
        lambda bound, s=s: draw_bounded(s, bound),
    )


def _whim(salt: int):
    """An arbitrary but deterministic policy: its choice a hash of everything it sees."""
    import hashlib

    def policy(view):
        key = repr((salt, view)).encode()
        k = int.from_bytes(hashlib.sha256(key).digest()[:4], "little")
        choices = (None, *view.options)
        return choices[k % len(choices)]

    return policy


@settings(max_examples=200, deadline=None)
@given(
    options=BIDDING_OPTIONS,
    seed=st.integers(0, 2**32 - 1),
    level=st.integers(0, 12),
    first_hand=st.booleans(),
    banker=st.integers(0, 3),
    salt=st.integers(0, 2**16),
)
def test_any_callable_policy_sees_and_gets_what_the_twin_gives(
    options, seed, level, first_hand, banker, salt
):
    """A callable policy on the stepped kernel is asked exactly when, and shown exactly what,
    the independent twin asks and shows, and the bidding comes out the same, bids included."""
    rules = consistent(options)
    deck = np.random.default_rng(seed).permutation(108).tolist()
    seen: list = []
    policy = _whim(salt)

    def recording(view):
        seen.append(view)
        return policy(view)

    kw = dict(level=RANKS[level], rules=rules, first_hand=first_hand, seed=seed)
    kw["banker"] = None if first_hand else banker
    got = bidding.bid_deal(deck, policy=recording, **kw)
    twin: list = []
    ref = _reference(deck, level, rules, policy, first_hand, banker, seed, twin)
    assert seen == twin
    assert got.same_result(ref) and got.bids == ref.bids, (got, ref)
