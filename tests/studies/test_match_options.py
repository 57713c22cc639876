"""The levelling and match options of issue 12 (docs/rules.md §4, §6): each changes what the
scoring or match study produces, core and reference agree on the pure rules, and the
presets that need them use them.

  overturn_levels   set 002-G "每反一次升一级" (preset timed-match: "stakes")
  match_hands       the timed formats (spring-festival, tournament, campus-2015,
  timeout_tie       club-84022, timed-match): a hand count is the simulation's clock
  target_level      set 002-N "先过10为胜" (club-84022: "10")
  must_play_strict  必打 = won as banker (must-play-ja, timed-match, club-84022)
  short_suit_trumps set 002-G "要贴主" (timed-match)

Fixed seeds: the figures in the comments are those of these seeds (the margins are wide).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import shengji.reference as ref
from shengji import Rules, Trump
from shengji._core.base.rng import chunk_state
from shengji._core.drivers import hands as drivers
from shengji._core.drivers.jobs import HandsJob, MatchJob
from shengji.cards import parse_rank
from shengji.rules.combos import is_legal_follow, level_change
from shengji.runner import run_study
from shengji.studies.base import make_config
from tests.support.core_args import core_rules

NCOL = len(drivers.HAND_COLUMNS)
GREEDY = 1
COL = {c: i for i, c in enumerate(drivers.HAND_COLUMNS)}


def both_level_change(d, rules, **kw):
    core = level_change(d, rules, **kw)
    assert core == ref.level_change(d, rules, **kw), (d, rules, kw)
    return core


# -- the pure rules: core = reference --------------------------------------------------------
def test_overturn_levels_stakes_in_level_change():
    stakes = Rules(overturn_levels="stakes")
    assert both_level_change(50, stakes, overturns=2) == ("banker", 3)
    assert both_level_change(90, stakes, overturns=1) == ("defenders", 1)
    assert both_level_change(0, stakes, overturns=0) == ("banker", 3)
    # must_play stops the stakes like any jump: Q + 3 + 2 stops on A
    assert both_level_change(
        0, Rules(overturn_levels="stakes", must_play=["A"]), level="Q", overturns=2
    ) == ("banker", 2)
    assert both_level_change(0, stakes.replace(level_cap=4), overturns=3) == ("banker", 4)
    # "none" and "overturner" (a match rule) ignore the count
    for rules in (Rules(), Rules(overturn_levels="overturner")):
        assert both_level_change(50, rules, overturns=2) == ("banker", 1)
    for bad in (-1, True, 1.5):
        with pytest.raises(ValueError, match="overturns"):
            level_change(50, stakes, overturns=bad)
        with pytest.raises(ValueError, match="overturns"):
            ref.level_change(50, stakes, overturns=bad)
    # past the core's range: the same formula
    assert level_change(50, stakes, overturns=1 << 40) == ("banker", 1 + (1 << 40))


def test_must_play_strict_in_level_change():
    strict = Rules(must_play=["A"], must_play_strict=True)
    assert both_level_change(160, Rules(must_play=["A"]), level="A") == ("defenders", 2)
    assert both_level_change(160, strict, level="A") == ("defenders", 0)
    assert both_level_change(0, strict, level="A") == ("banker", 3)  # banked: past A
    ten = Rules(must_play=["10"], must_play_strict=True)
    assert both_level_change(160, ten, level="10") == ("defenders", 0)
    assert both_level_change(160, ten, level="9") == ("defenders", 1)  # stops on 10
    assert both_level_change(160, ten) == ("defenders", 2)  # no level: no stop
    # the stakes of overturns do not lift defenders off a must-play rank either
    assert both_level_change(
        90, strict.replace(overturn_levels="stakes"), level="A", overturns=2
    ) == ("defenders", 0)
    assert level_change(10**30, strict, level="A") == ("defenders", 0)


@pytest.mark.parametrize("engine", ["core", "reference"])
def test_short_suit_trumps_in_follow_legality(engine):
    legal = is_legal_follow if engine == "core" else ref.is_legal_follow
    trump = Trump("2", "H")
    on = Rules(short_suit_trumps=True)
    # one club, two trumps: the fill must be trumps (贴主); which ones is free
    hand = "3C 4H 5H 9S TS"
    assert legal(hand, "KC KC", "3C 9S", trump) and not legal(hand, "KC KC", "3C 9S", trump, on)
    assert legal(hand, "KC KC", "3C 4H", trump) and legal(hand, "KC KC", "3C 5H", trump, on)
    # void in clubs with one trump: it goes, the rest is free
    assert not legal("4H 9S TS", "KC KC", "9S TS", trump, on)
    assert legal("4H 9S TS", "KC KC", "4H 9S", trump, on)
    # a level card and a joker are trumps too
    assert not legal("2S BJ 9S TS", "KC KC", "9S TS", trump, on)
    assert legal("2S BJ 9S TS", "KC KC", "2S BJ", trump, on)
    # a trump lead is unchanged; holding enough of the led suit is unchanged
    assert legal("4H 9S TS", "3H 3H", "4H 9S", trump, on)
    assert legal("3C 5C 4H", "KC", "3C", trump, on)


# -- the studies -------------------------------------------------------------------------------
def hands(rules, n=3000, seed=11, level=0, banker=0):
    out = np.zeros((NCOL, n), np.int32)
    drivers.play_hands(
        HandsJob(
            state=chunk_state(seed, 0),
            deck=np.arange(108, dtype=np.uint8),
            n=n,
            rules=core_rules(rules),
            level=level,
            banker=banker,
            banker_bot=GREEDY,
            defender_bot=GREEDY,
            bid_policy=0,
            bid_threshold=0,
            out=out,
        )
    )
    return {c: out[i] for c, i in COL.items()}


def matches(rules, n=200, seed=12, bots=(GREEDY, GREEDY)):
    """n matches: per match (hands, winner, ended, lv0, lv1) and the hands' rows."""
    buf = np.zeros((NCOL + 2, 2000), np.int32)
    state = chunk_state(seed, 0)
    deck = np.arange(108, dtype=np.uint8)
    res, rows = [], []
    for _ in range(n):
        r = drivers.play_match(
            MatchJob(
                state=state,
                deck=deck,
                rules=core_rules(rules),
                team0_bot=bots[0],
                team1_bot=bots[1],
                bid_policy=0,
                bid_threshold=0,
                out=buf,
            )
        )
        res.append(r)
        rows.append(buf[:, : r[0]].copy())
    return res, rows


def ended(r):
    return drivers.MATCH_ENDS[r[2]]


def test_overturn_levels_in_scoring():
    off = hands(Rules.preset("timed-match").replace(overturn_levels="none"))
    on = hands("timed-match")
    # the play does not depend on the option; each overturn is one more level (from level 2
    # no jump reaches the must-play A)
    for c in ("table_points", "defender_points", "overturns", "level_side", "trump"):
        np.testing.assert_array_equal(on[c], off[c], err_msg=c)
    assert (on["levels"] == off["levels"] + on["overturns"]).all()
    assert (on["overturns"] > 0).mean() > 0.3  # 53 % of later hands


def test_overturn_levels_in_matches():
    base = Rules.preset("timed-match").replace(match_hands=None)
    res_on, rows_on = matches(base)
    res_off, rows_off = matches(base.replace(overturn_levels="none"))
    n_on = np.mean([r[0] for r in res_on])
    n_off = np.mean([r[0] for r in res_off])
    assert n_on < n_off - 5  # 19.2 vs 34.2 hands
    # "overturner": the overturning team gains the levels; the hands table is the stakes-less
    res_ov, rows_ov = matches(base.replace(overturn_levels="overturner"), n=60)
    gained = 0
    for r, rows in zip(res_ov, rows_ov, strict=False):
        ov = rows[COL["overturns"]]
        lv = rows[NCOL : NCOL + 2]
        for i in range(r[0] - 1):
            bt = rows[COL["banker"], i] % 2
            side = bt if rows[COL["level_side"], i] == 0 else 1 - bt
            step = lv[:, i + 1] - lv[:, i]
            if ov[i] and step[1 - side] > 0:
                gained += 1  # the non-levelling team rose: its overturns
            if not ov[i]:
                assert step[1 - side] <= 0
    assert gained > 10


def test_match_hands_and_timeout_tie():
    d_of = {}
    for tie in ("draw", "banker", "play_on"):
        res, rows = matches(Rules(match_hands=1, timeout_tie=tie), n=400, seed=13)
        d = np.array([rows_[COL["defender_points"], 0] for rows_ in rows])
        first_bank = np.array([rows_[COL["banker"], 0] % 2 for rows_ in rows])
        drawish = (80 <= d) & (d < 120)  # classic: take over with no level
        d_of[tie] = d
        if tie != "play_on":
            assert all(r[0] == 1 and ended(r) == "time" for r in res)
        winners = np.array([r[1] for r in res])
        for r in res:  # the higher team wins
            if r[3] != r[4]:
                assert r[1] == (0 if r[3] > r[4] else 1)
        if tie == "draw":
            assert ((winners == -1) == drawish).all() and 0.1 < drawish.mean() < 0.6  # 45 %
        elif tie == "banker":  # the defenders took the bank
            assert (winners[drawish] == 1 - first_bank[drawish]).all()
            assert (winners >= 0).all()
        else:
            assert (winners >= 0).all()
            hands_played = np.array([r[0] for r in res])
            assert (hands_played[drawish] >= 2).all() and (hands_played[~drawish] == 1).all()
            assert all(ended(r) in ("time", "target") for r in res)
    # the first hand is the same whatever the tie rule (the same seed, the same deal)
    np.testing.assert_array_equal(d_of["draw"], d_of["banker"])


@pytest.mark.parametrize(
    "preset, limit",
    [
        ("tournament", 10),
        ("spring-festival", 6),
        ("campus-2015", 9),
        ("timed-match", 9),
        ("club-84022", 6),
    ],
)
def test_timed_presets_end_on_time(preset, limit):
    rules = Rules.preset(preset)
    assert rules.match_hands == limit
    res, _ = matches(preset, n=40, seed=14)
    assert max(r[0] for r in res) <= limit
    target = parse_rank(rules.target_level)
    for r in res:
        if ended(r) == "target":
            assert max(r[3], r[4]) == target + 1 and r[1] == (0 if r[3] > r[4] else 1)
        else:
            assert ended(r) == "time" and r[0] == limit and max(r[3], r[4]) <= target
    assert any(ended(r) == "time" for r in res)
    # without the limit, the same matches run longer
    res_free, _ = matches(rules.replace(match_hands=None), n=40, seed=14)
    assert np.mean([r[0] for r in res_free]) > np.mean([r[0] for r in res])
    assert all(ended(r) == "target" for r in res_free)


def test_target_level():
    res, rows = matches(Rules.preset("club-84022").replace(match_hands=None), n=100, seed=15)
    ten = parse_rank("10")
    for r, rows_ in zip(res, rows, strict=False):
        assert ended(r) == "target"
        assert rows_[NCOL : NCOL + 2].max() <= ten  # nobody plays above 10
        assert rows_[NCOL + r[1], -1] == ten  # must_play 10: the winner was on 10
    free, _ = matches(
        Rules.preset("club-84022").replace(match_hands=None, target_level="A"), n=100, seed=15
    )
    assert np.mean([r[0] for r in free]) > np.mean([r[0] for r in res]) + 2  # 20.5 vs 14.0
    # target 2 from 2: the first hand that gives a team a level ends the match
    res, rows = matches(Rules(target_level="2"), n=100, seed=16)
    for r, rows_ in zip(res, rows, strict=False):
        lv = rows_[COL["levels"]]
        assert (lv[:-1] == 0).all() and lv[-1] > 0 and ended(r) == "target"
    with pytest.raises(ValueError, match="target_level"):
        Rules(start_level="8", target_level="6")


def test_must_play_strict_in_matches():
    base = Rules.preset("must-play-ja").replace(must_play_strict=False)
    res_on, rows_on = matches("must-play-ja", n=150, seed=17)
    res_off, rows_off = matches(base, n=150, seed=17)

    def won_from_a_as_defenders(res, rows):
        n = 0
        for r, rows_ in zip(res, rows, strict=False):
            last = rows_[:, -1]
            if r[1] >= 0 and last[COL["level_side"]] == 1 and last[NCOL + r[1]] == 12:
                n += 1
        return n

    # defenders standing on the must-play A took over and passed it: 56 matches of 150
    # without the option, never with it (36.1 vs 32.6 hands a match)
    assert won_from_a_as_defenders(res_off, rows_off) > 20
    assert won_from_a_as_defenders(res_on, rows_on) == 0
    assert np.mean([r[0] for r in res_on]) > np.mean([r[0] for r in res_off])


def test_short_suit_trumps_in_scoring():
    off = hands(Rules.preset("timed-match").replace(short_suit_trumps=False), seed=18)
    on = hands("timed-match", seed=18)
    # trumps filled into side-suit tricks change the play: 70 % of the hands end with other
    # trick points (83.8 vs 84.3 on average)
    assert (on["table_points"] != off["table_points"]).mean() > 0.3
    assert on["table_points"].mean() != off["table_points"].mean()


def test_match_study_records_how_matches_end(tmp_path):
    def run(name, **rules):
        kind, cfg = make_config(
            dict(study="match", n=60, seed=19, preset="standard", rules=rules), source="test"
        )
        run_study(kind, cfg, tmp_path / name, workers=1)
        return pd.read_parquet(tmp_path / name / "matches").sort_values("match")

    free = run("free")
    assert (free.ended_by.astype(str) == "target").all() and (free.winner_team >= 0).all()
    timed = run("timed", match_hands=3)
    assert (timed.hands <= 3).all()
    on_time = timed.ended_by.astype(str) == "time"
    assert on_time.any() and (timed.hands[on_time] == 3).all()
    assert (timed.winner_team == -1).any()  # draws at equal levels
    assert set(timed.ended_by.astype(str)) <= {"target", "time"}


@pytest.mark.parametrize("bid_phase", [False, True])
def test_overturn_levels_in_hand_state(bid_phase):
    """HandState scores the stakes whether the kernel or the step-by-step bid phase bid."""
    from shengji.game import HandState

    rules = Rules.preset("timed-match")
    with_overturns = 0
    for seed in range(30):
        s = HandState(rules, "5", banker=seed % 4, seed=seed, bid_phase=bid_phase)
        while s.phase != "over":
            s.apply(s.bot_action("greedy"))
        r = s.result()
        want = ref.level_change(r["defender_points"], rules, level="5", overturns=r["overturns"])
        assert (r["level_side"], r["levels"]) == want, seed
        with_overturns += r["overturns"] > 0
    assert with_overturns > 5
