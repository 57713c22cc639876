"""``shengji.almanac.parts``: ``PLAN`` is the one source of the almanac's plan.  The parts
the driver runs, the tables it reduces, the estimate it prints and the page's sections are
all the plan's rows, in its order; every part carries its row's study, seed, size and bots."""

from __future__ import annotations

import pytest

import shengji.almanac as almanac
from shengji.almanac.driver import estimate
from shengji.almanac.parts import ANALYSES, PLAN, SCALES, parts
from shengji.almanac.sections import SECTIONS

ROWS = {a.name: a for a in PLAN}


def test_the_tables_are_the_plan_s_rows_in_order():
    assert ANALYSES == almanac.ANALYSES == tuple(a.name for a in PLAN)
    assert len(set(ANALYSES)) == len(ANALYSES)


@pytest.mark.parametrize("scale", list(SCALES))
def test_the_driver_s_parts_are_the_plan_s_rows_in_order(scale):
    plan = parts(scale)
    # every part belongs to a row, the rows' parts in the rows' order, none without parts
    assert tuple(dict.fromkeys(p.analysis for p in plan)) == ANALYSES
    assert [p.analysis for p in plan] == sorted((p.analysis for p in plan), key=ANALYSES.index)
    assert len({p.name for p in plan}) == len(plan)


@pytest.mark.parametrize("scale", list(SCALES))
def test_every_part_carries_its_row_s_study_seed_size_and_bots(scale):
    s = SCALES[scale]
    for p in parts(scale):
        a = ROWS[p.analysis]
        assert p.name.split("/")[0] == a.name
        assert p.study["study"] == a.study and p.study["seed"] == a.seed, p.name
        assert p.study["n"] == getattr(s, a.size), p.name
        played = p.study.get("bots") or {p.study.get("policy"), p.study.get("bot")} - {
            None,
            "players",
        }
        assert sorted(played) == sorted(a.bots), p.name


def test_the_estimate_is_the_sum_of_the_rows_parts():
    for scale, s in SCALES.items():
        by_row = sum(p.cost for a in PLAN for p in a.parts(s))
        cpu, wall = estimate(parts(scale), 1)
        assert cpu == pytest.approx(by_row) and wall == pytest.approx(by_row)
        assert cpu > 0


def test_the_page_s_sections_are_the_rows_sections():
    assert {a.section for a in PLAN} == set(SECTIONS)
