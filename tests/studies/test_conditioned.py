"""The [deal] table in every study kind (shengji.studies.conditioned): the deals meet it,
the same bytes for any number of workers, another seed differs, the acceptance in the
summary, the stats and each file's metadata, an empty table changes no byte, and one line
for a constraint no deal can meet."""

from __future__ import annotations

import json
import shutil

import numpy as np
import pyarrow.dataset as ds
import pyarrow.parquet as pq
import pytest

from shengji._core.base.rng import chunk_state
from shengji._core.bidding.entry import bid_chunk
from shengji.analysis.load import load, run, run_metadata
from shengji.analysis.replay import replay
from shengji.reference.constraint import satisfies
from shengji.rules import pack
from shengji.rules.options import Rules
from shengji.runner import run_study
from shengji.runner.plan import ConfigError
from shengji.studies import KINDS as STUDY_KINDS
from shengji.studies import get_study
from shengji.studies.base import make_config
from shengji.studies.conditioned import compile_deal, dealing
from shengji.studies.constraints import parse_deal
from tests.support.runsupport import data_files

DEAL = {"seat0": "BJ BJ AH AH", "where": "seat0.trumps_h >= 12 and seat2.points >= 30"}
KINDS = {
    "deals": {},
    "bid_odds": {"store_cards": True},
    "scoring": {},
    "match": {},
    "duel": {"team_a": "greedy", "team_b": "random"},
}
SIZES = {"deals": 600, "bid_odds": 120, "scoring": 24, "match": 3, "duel": 12}


def _run(tmp_path, name, kind, workers=1, seed=5, deal=DEAL, **keys):
    data = {"study": kind, "n": SIZES[kind], "seed": seed, **KINDS[kind], **keys}
    if deal is not None:
        data["deal"] = deal
    data.setdefault("chunk_size", max(1, SIZES[kind] // 3))
    k, cfg = make_config(data)
    return run_study(k, cfg, tmp_path / name, workers=workers)


def _meta(path):
    return json.loads(pq.read_metadata(path).metadata[b"shengji"])


@pytest.mark.parametrize("kind", list(KINDS))
def test_same_bytes_for_any_number_of_workers_and_another_seed_differs(tmp_path, kind):
    a = _run(tmp_path, "a", kind)
    b = _run(tmp_path, "b", kind, workers=2)
    c = _run(tmp_path, "c", kind, seed=6)
    fa, fb, fc = data_files(a.out), data_files(b.out), data_files(c.out)
    assert fa == fb
    assert fa.keys() == fc.keys() and fa != fc
    # the acceptance: in the summary, the stats, and every chunk file's metadata
    assert a.summary[0].startswith("deal: seat0 4 fixed; where seat0.trumps_h >= 12")
    assert "acceptance" in a.summary[0]
    assert a.stats["deal_tries"] >= a.stats["deal_deals"] >= SIZES[kind]
    total = {"deals": 0, "tries": 0}
    for part in sorted(a.out.glob("*/part-*.parquet")):
        meta = _meta(part)
        assert meta["deal"] == DEAL
        if part.parent.name == sorted({p.parent.name for p in a.out.glob("*/part-*")})[0]:
            for key in total:
                total[key] += meta["deal_stats"][key]
    assert total == {"deals": a.stats["deal_deals"], "tries": a.stats["deal_tries"]}
    # the run's metadata is the run's: its chunks' counts summed, and their ratio
    run_stats = dict(total, rate=total["deals"] / total["tries"])
    assert run_metadata(a.out)["deal_stats"] == run_stats
    assert load(a.out).attrs["shengji"]["deal_stats"] == run_stats
    # a table directory alone (no manifest): the sum of its files'
    first = sorted(p for p in a.out.iterdir() if p.is_dir() and any(p.glob("part-*")))[0]
    shutil.copytree(first, tmp_path / "loose" / first.name)
    assert run_metadata(tmp_path / "loose" / first.name)["deal_stats"] == run_stats


def test_the_kinds_that_take_a_deal_table_are_the_ones_tested_here():
    # a new study kind either declares takes_deal (and joins KINDS above) or refuses a table
    assert {name for name in STUDY_KINDS if get_study(name).takes_deal} == set(KINDS)


@pytest.mark.parametrize("kind", sorted(set(STUDY_KINDS) - set(KINDS)))
def test_a_kind_that_takes_no_deal_table_refuses_one_in_a_line(kind):
    # decisions, evaluate and the ladder deal the duel's (or the driver's) unconditioned
    # deals: a [deal] table there would be recorded and silently not applied
    with pytest.raises(ConfigError) as err:
        make_config({"study": kind, "n": 4, "seed": 1, "deal": DEAL})
    msg = str(err.value)
    assert msg.startswith(f"deal: the {kind} study takes no [deal] table: ")
    assert "\n" not in msg and msg.endswith(get_study(kind).no_deal)
    # an empty table is no table, as in the kinds that take one
    try:
        make_config({"study": kind, "n": 4, "seed": 1, "deal": {}})
    except ConfigError as exc:
        assert not str(exc).startswith("deal")


@pytest.mark.parametrize("kind", list(KINDS))
def test_an_empty_deal_table_changes_no_byte(tmp_path, kind):
    a = _run(tmp_path, "a", kind, deal=None)
    b = _run(tmp_path, "b", kind, deal={})
    assert data_files(a.out) == data_files(b.out)
    assert "deal" not in _meta(next(a.out.glob("*/part-*.parquet")))


def test_the_deal_studys_rows_meet_the_where(tmp_path):
    res = _run(tmp_path, "a", "deals")
    h = load(res.out, "hands")
    s0, s2 = h[h.seat == 0], h[h.seat == 2]
    assert (s0.trumps_h.to_numpy() >= 12).all() and (s2.points.to_numpy() >= 30).all()
    assert (s0.big_jokers.to_numpy() == 2).all()
    # stored deals: every one meets the table (the twin)
    res = _run(tmp_path, "b", "deals", store_cards=True)
    cards = load(res.out, "cards")
    for row in cards.cards:
        assert satisfies(np.frombuffer(row, np.uint8), DEAL, 0)


def test_an_aggregate_run_records_the_whole_runs_acceptance(tmp_path):
    res = _run(tmp_path, "a", "deals", aggregate=True)
    meta = _meta(next((res.out / "histograms").glob("part-*.parquet")))
    assert meta["deal_stats"] == {"deals": SIZES["deals"], "tries": res.stats["deal_tries"]}
    rate = SIZES["deals"] / res.stats["deal_tries"]
    assert run_metadata(res.out)["deal_stats"] == dict(meta["deal_stats"], rate=rate)
    h = ds.dataset(res.out / "histograms").to_table().to_pandas()
    low = h[(h.column == "trumps_h") & (h.seat == 0) & (h.value < 12)]
    assert low["count"].sum() == 0


@pytest.mark.parametrize("first", [False, True])
def test_the_bidding_deals_each_seat_its_fixed_cards_whoever_draws_first(first):
    """bid_odds' kernel under random_first_drawer: position i goes to seat
    (first_drawer + i) % 4, and the table's seats are those seats."""
    # a first hand: a random first drawer; a later hand: the banker (seat 1) draws first
    rules = pack.rules(
        Rules.preset("standard").replace(random_first_drawer=True, banker_draws_first=True)
    )
    table = {"seat1": "BJ BJ SJ", "seat3": "AS", "where": "seat2.level_cards >= 3"}
    n = 300
    cards = np.empty((n, 108), np.uint8)
    deal = dealing(parse_deal(table), [0])
    out = bid_chunk(
        chunk_state(3),
        np.arange(108, dtype=np.uint8),
        n,
        0,
        rules,
        0,
        0,
        first,
        1,
        True,
        cards,
        deal=deal,
    )
    assert set(out["first_drawer"]) == ({0, 1, 2, 3} if first else {1})
    for row, f in zip(cards, out["first_drawer"], strict=True):
        assert satisfies(row, table, 0, int(f))
    assert deal.accepted >= n  # redeals are conditional deals too


def test_match_hands_first_conditions_each_matchs_first_hand_alone(tmp_path):
    every = _run(tmp_path, "a", "match", deal={"seat0": "BJ BJ SJ SJ"})
    first = _run(tmp_path, "b", "match", deal={"seat0": "BJ BJ SJ SJ", "hands": "first"})
    m_every = load(every.out, "matches")
    assert every.stats["deal_deals"] >= m_every.hands.sum()
    assert SIZES["match"] <= first.stats["deal_deals"] < load(first.out, "matches").hands.sum()


def test_a_sweep_conditions_every_cell(tmp_path):
    data = {
        "study": "scoring",
        "n": 12,
        "seed": 3,
        "chunk_size": 6,
        "deal": DEAL,
        "sweep": {"kitty_multiplier": ["linear4", "plus2"]},
    }
    k, cfg = make_config(data)
    res = run_study(k, cfg, tmp_path / "s", workers=1)
    assert any(line.startswith("deal: seat0 4 fixed") for line in res.summary)
    assert res.stats["deal_deals"] >= 24
    with pytest.raises(ConfigError, match="'deal' cannot be swept"):
        make_config(dict(data, sweep={"deal": [DEAL]}))


def test_a_conditioned_scoring_and_match_run_replays(tmp_path):
    out = run("scoring", tmp_path / "s", n=12, chunk_size=4, seed=3, deal=DEAL)
    for hand in (0, 5, 11):
        assert replay(out, hand).result()  # check=True: equal to the row
    out = run("match", tmp_path / "m", n=2, chunk_size=1, seed=3, deal=dict(DEAL, hands="first"))
    assert replay(out, 2, match=1).result()


@pytest.mark.parametrize(
    "kind,deal,needle",
    [
        ("deals", {"where": "seat0.big_jokers >= 3"}, "seat0.big_jokers >= 3 never holds"),
        ("deals", {"seat0": "BJ BJ", "where": "seat1.BJ >= 1"}, "seat1 can hold 0..0 BJ"),
        ("deals", {"where": "seat0.points + seat2.points > 200"}, "its left side can be"),
        ("deals", {"where": "seat0.BJ == 2 and seat1.big_jokers >= 1"}, "3 big_jokers in all"),
        (
            "deals",
            {"where": "seat0.big_jokers == 2 and seat1.big_jokers >= 1"},
            "seat0, seat1 are asked for 3 big_jokers in all; together they can hold at most 2",
        ),
        (
            "duel",
            {"kitty": "KH", "where": "seat0.points >= 120 and 100 <= seat2.points"},
            "asked for 220 points in all; together they can hold at most 190",
        ),
        ("bid_odds", {"where": "seat0.trumps_h >= 20 and seat0.trumps_h < 19"}, "no seat0 holding"),
        ("scoring", {"where": "seat0.pairs > 12"}, "seat0 can hold 0..12 pairs"),
        (
            "match",
            {"seat0": "2S 2S 2H 2H 2C 2C 2D 2D", "where": "seat0.level_cards <= 2"},
            "at level 2",
        ),
        ("scoring", {"seat0": "AS", "hands": "first"}, "deal.hands: a scoring study"),
        ("deals", {"where": "seat0.pairs >= 3", "method": "exact"}, "method = 'exact': no"),
        ("deals", "seat0", "deal: expected a table"),
    ],
)
def test_a_constraint_no_deal_can_meet_is_one_config_error(kind, deal, needle):
    with pytest.raises(ConfigError) as info:
        make_config({"study": kind, "n": 10, "seed": 1, **KINDS[kind], "deal": deal})
    assert needle in str(info.value) and "\n" not in str(info.value), str(info.value)


def test_the_method_is_chosen_by_the_exact_probability():
    rare = compile_deal(parse_deal({"where": "seat1.points >= 90"}), 0)
    assert rare.method == "exact" and rare.anchor == 1 and rare.p_anchor < 0.01
    common = compile_deal(parse_deal({"where": "seat1.points >= 30"}), 0)
    assert common.method == "reject" and common.anchor is None
    forced = compile_deal(parse_deal({"where": "seat1.points >= 30", "method": "exact"}), 0)
    assert forced.method == "exact" and 0.25 < forced.p_anchor < 1
    # the anchor is the rarest slot's clauses; the rest by rejection on top
    two = compile_deal(parse_deal({"where": "kitty.points >= 60 and seat1.points >= 30"}), 0)
    assert two.anchor == 4
    # pairs are not a sum over cards: rejection only
    assert compile_deal(parse_deal({"where": "seat1.pairs >= 9"}), 0).method == "reject"
