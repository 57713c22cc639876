"""simulate_bids: the kernel against the Python engine on random deals, redeal counting and
its cap, trump counts, callable policies, and the bid_odds study end to end."""

from __future__ import annotations

import numpy as np
import pyarrow.parquet as pq
import pytest

from shengji import cli
from shengji.bidding.simulate import (
    COLUMNS,
    bid_deal,
    eager_policy,
    simulate_bids,
    threshold_policy,
)
from shengji.rules.options import PRESETS
from tests.support.core_args import core_rules

# rule sets beyond the presets: every bidding option of issue 12 on, in combinations
OPTION_SETS = {
    "first-drawer": {
        "random_first_drawer": True,
        "banker_draws_first": True,
        "first_hand_no_bid": "kitty_first",
        "no_bid": "kitty_random",
    },
    "limits": {
        "later_joker_overturns": 0,
        "reinforce_lock_jokers": True,
        "joker_pair_takes_bank": False,
        "mixed_joker_pair": True,
        "suit_priority": "SHDC",
        "bids_close_with_deal": True,
    },
    "secret": {
        "secret_bids": True,
        "overturn_after_kitty": "always",
        "single_joker_declares": True,
        "later_joker_overturns": 1,
        "mixed_joker_pair": True,
    },
}


@pytest.mark.parametrize("preset", list(PRESETS) + list(OPTION_SETS))
@pytest.mark.parametrize("policy, k", [("eager", None), ("threshold", 9)])
@pytest.mark.parametrize("first_hand, banker", [(True, None), (False, 1)])
def test_kernel_matches_python_engine(preset, policy, k, first_hand, banker):
    kw = dict(
        level="5", rules=OPTION_SETS.get(preset, preset), first_hand=first_hand, banker=banker
    )
    core = simulate_bids(400, 11, policy=policy, threshold=k, **kw)
    py = simulate_bids(400, 11, policy=eager_policy if k is None else threshold_policy(k), **kw)
    assert set(core) == set(COLUMNS)
    for col in COLUMNS:
        np.testing.assert_array_equal(core[col], py[col], err_msg=col)


def test_trump_counts_against_the_cards():
    from shengji._core.base.rng import chunk_state
    from shengji._core.bidding.entry import bid_chunk

    n = 2000
    cards = np.empty((n, 108), np.uint8)
    cols = bid_chunk(
        chunk_state(3, 0),
        np.arange(108, dtype=np.uint8),
        n,
        0,
        core_rules(),
        0,
        0,
        True,
        0,
        True,
        cards,
    )
    kind = cards // 2
    for i in range(0, n, 97):
        t = cols["trump"][i]
        trump = (kind[i] >= 52) | (kind[i] % 13 == 0) | ((kind[i] // 13 == t) & (kind[i] < 52))
        seat = np.arange(108) % 4
        kitty = np.arange(108) >= 100
        b = cols["banker"][i]
        bt = trump[(seat == b) & ~kitty].sum() + trump[kitty].sum()
        assert cols["banker_trumps"][i] == bt
        assert cols["team_trumps"][i] == bt + trump[(seat == (b + 2) % 4) & ~kitty].sum()
        # the final dealing order replays to the same bidding
        o = bid_deal(cards[i].tolist(), "2")
        assert (o.banker, "SHCDN".index(o.trump[0])) == (b, t)


def test_redeals_are_counted_and_capped():
    cols = simulate_bids(3000, 2, policy="threshold", threshold=12)
    assert cols["redeals"].sum() > 0 and not cols["no_bid"].any()
    assert (cols["first_declarer"] >= 0).all()
    later = simulate_bids(
        3000,
        2,
        policy="threshold",
        threshold=12,
        first_hand=False,
        banker=0,
        rules={"no_bid": "redeal"},
    )
    assert later["redeals"].sum() > 0
    with pytest.raises(ValueError, match="1000 deals in a row"):
        simulate_bids(5, 2, policy="threshold", threshold=25)
    with pytest.raises(ValueError, match="never"):
        simulate_bids(5, 2, policy="never")


def test_never_in_later_hands_is_the_no_bid_rule():
    cols = simulate_bids(20_000, 4, policy="never", first_hand=False, banker=2, rules="tournament")
    assert cols["no_bid"].all() and (cols["banker"] == 2).all()
    nt = (cols["trump"] == 4).mean()
    assert abs(nt - 4 / 108) < 0.006  # the first kitty card is a joker
    down = simulate_bids(100, 4, policy="never", first_hand=False, banker=3, rules="campus-2015")
    assert down["banker_steps_down"].all() and (down["banker"] == 0).all()
    assert (down["trump"] == 4).all()


def test_callable_policy():
    seen = []

    def hearts_only(view):
        seen.append(view)
        for o in view.options:
            if o.trump == "H":
                return o
        return None

    cols = simulate_bids(300, 9, policy=hearts_only, first_hand=False, banker=0)
    assert set(np.unique(cols["trump"])) <= {1, 4}
    assert (cols["trump"][~cols["no_bid"]] == 1).all()
    assert any(v.after_deal for v in seen) and all(v.options for v in seen)

    def bad(view):
        return "2H"

    with pytest.raises(ValueError, match="not one of the options"):
        simulate_bids(3, 9, policy=bad)


def write_study(tmp_path, **extra):
    lines = ['study = "bid_odds"', "n = 5000", "seed = 7", "chunk_size = 1500"]
    lines += [f"{k} = {v}" for k, v in extra.items()]
    p = tmp_path / "bids.toml"
    p.write_text("\n".join(lines) + "\n")
    return p


def test_study_end_to_end_and_workers(tmp_path, capsys):
    study = write_study(tmp_path, policy='"threshold"', threshold=8, store_cards="true")
    for w in (1, 2):
        assert (
            cli.main(
                [
                    "run",
                    str(study),
                    "--out",
                    str(tmp_path / f"w{w}"),
                    "--workers",
                    str(w),
                    "--quiet",
                ]
            )
            == 0
        )
    out = capsys.readouterr().out
    assert "P(no bid)" in out and "mean banker trumps" in out and "overturn rate" in out
    t1 = pq.read_table(tmp_path / "w1" / "bids")
    t2 = pq.read_table(tmp_path / "w2" / "bids")
    assert t1.equals(t2) and t1.num_rows == 5000
    for f in sorted((tmp_path / "w1" / "bids").iterdir()):
        assert f.read_bytes() == (tmp_path / "w2" / "bids" / f.name).read_bytes()
    schema = {f.name: str(f.type) for f in t1.schema}
    assert schema == {
        "deal": "int64",
        "first_declarer": "int8",
        "first_declare_index": "int8",
        "trump": "dictionary<values=string, indices=int8, ordered=0>",
        "banker": "uint8",
        "overturns": "uint8",
        "reinforced": "bool",
        "no_bid": "bool",
        "redeals": "uint16",
        "banker_steps_down": "bool",
        "banker_trumps": "uint8",
        "team_trumps": "uint8",
    }
    df = t1.to_pandas()
    assert df["deal"].tolist() == list(range(5000))
    assert set(df["trump"].astype(str)) <= {"S", "H", "C", "D", "NT"}
    # the rows are simulate_bids' chunk by chunk
    first = simulate_bids(1500, 7, policy="threshold", threshold=8)
    np.testing.assert_array_equal(df["banker_trumps"].to_numpy()[:1500], first["banker_trumps"])
    cards = pq.read_table(tmp_path / "w1" / "cards").to_pandas()
    assert len(cards) == 5000 and len(cards["cards"][0]) == 108


@pytest.mark.parametrize(
    "extra, message",
    [
        ({"policy": '"threshold"'}, "threshold"),
        ({"threshold": 3}, "threshold only applies"),
        ({"policy": '"never"'}, "never"),
        ({"policy": '"greedy"'}, "policy"),
        ({"banker": 4}, "banker"),
    ],
)
def test_study_config_errors(tmp_path, capsys, extra, message):
    study = write_study(tmp_path, **extra)
    assert cli.main(["run", str(study), "--out", str(tmp_path / "o"), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("shengji: error:") and message in err


def test_shipped_study_file(tmp_path, capsys):
    from pathlib import Path

    sim = Path(__file__).resolve().parents[2] / "sim" / "bid_odds.toml"
    assert cli.main(["run", str(sim), "--n", "20000", "--out", str(tmp_path / "o"), "--quiet"]) == 0
    assert "P(no-trump)" in capsys.readouterr().out
