"""The measured speed table (shengji.studies.costs, costs.json written by
benchmarks/measure_costs.py): it holds every bot, preset and study kind the estimates ask
for, in the script's own format; the ladder's and the almanac's estimates are its numbers;
and (slow: a timing) a quick measurement now is within 3x of it."""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path

import pytest

from shengji.almanac.parts import SCALES, parts
from shengji.game.agents import parse_agent
from shengji.game.botspec import BOT_PRESETS, parse_bot
from shengji.names import BOT_NAMES
from shengji.studies import costs

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"
FILE = Path(costs.__file__).with_name(costs.FILE)


def _script():
    """benchmarks/measure_costs.py as a module (it imports its neighbour every_seat.py)."""
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location("measure_costs", BENCH / "measure_costs.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BENCH))
    return module


def _raw() -> dict:
    return json.loads(FILE.read_text(encoding="utf-8"))


def test_the_table_holds_every_bot_preset_and_study_kind():
    raw = _raw()
    assert set(raw["hand"]) == {*BOT_NAMES, *BOT_PRESETS, costs.PYTHON}
    assert set(raw["item"]) == set(costs.ITEMS)
    for part in ("hand", "item"):
        for name, s in raw[part].items():
            assert isinstance(s, float) and math.isfinite(s) and s > 0, (part, name)
    assert raw["machine"] and "measure_costs.py" in raw["about"]


def test_the_table_is_the_scripts_output(tmp_path):
    """The file is what the script writes from its own figures (its format, 3 significant
    digits): a typed edit of another shape fails here."""
    raw = _raw()
    script = _script()
    out = tmp_path / "costs.json"
    script.write({"hand": raw["hand"], "item": raw["item"]}, out)
    written = json.loads(out.read_text())
    assert {k: written[k] for k in ("about", "hand", "item")} == {
        k: raw[k] for k in ("about", "hand", "item")
    }
    assert list(written) == list(raw)
    assert out.read_text().replace(written["machine"], raw["machine"]) == FILE.read_text()


def test_the_check_flags_a_figure_off_by_more_than_the_factor():
    script = _script()
    table = {"hand": {"a": 1.0, "b": 1.0}, "item": {"c": 1.0}}
    near = {"hand": {"a": 2.9, "b": 0.35}, "item": {"c": 1.0}}
    assert script.off(near, table) == []
    far = {"hand": {"a": 3.1, "b": 1.0}, "item": {"c": 0.3}}
    assert script.off(far, table) == [
        "hand a: measured 3.1 s, the table 1 s",
        "item c: measured 0.3 s, the table 1 s",
    ]
    assert script.off({"hand": {"a": 1.0}, "item": {"c": 1.0}}, table)  # b not measured


def test_a_bots_hand_is_the_tables():
    hand = _raw()["hand"]
    for name in (*BOT_NAMES, *BOT_PRESETS):
        assert costs.hand(name) == hand[name]
        assert costs.hand(parse_agent(name)) == pytest.approx(hand[name])
    assert costs.hand(parse_agent(lambda observation, rng: 0)) == hand["python"]
    # pimc at other sizes: its searched deals (samples x candidates) over its defaults
    assert costs.hand(parse_bot("x", "pimc")) == pytest.approx(hand["pimc"])
    assert costs.hand(parse_bot("x", "pimc(samples=8)")) == pytest.approx(hand["pimc"] / 2)
    assert costs.hand(parse_bot("x", "pimc(samples=32, candidates=4)")) == pytest.approx(
        hand["pimc"]
    )
    # both presets' settings: pimc times each one's measured factor
    both = {"bot": "pimc_infer", "rollout": "net", "samples": 4}
    want = hand["pimc"] * hand["pimc_infer"] / hand["pimc"] * hand["pimc_net"] / hand["pimc"] / 4
    assert costs.hand(parse_bot("x", both)) == pytest.approx(want)


def test_the_almanacs_estimate_is_the_tables():
    raw = _raw()
    hand, item = raw["hand"], raw["item"]
    s = SCALES["quick"]
    plan = {p.name: p for p in parts("quick")}
    assert plan["deals/standard"].cost == pytest.approx(s.deals * item["deals"])
    assert plan["bid_odds/levels"].cost == pytest.approx(12 * s.bids * item["bid_odds"])
    cells = plan["rules/later"].items
    assert plan["rules/later"].cost == pytest.approx(cells * hand["net"])
    assert plan["rules_memory/later"].cost == pytest.approx(cells * hand["memory"])
    assert plan["match/rules"].cost == pytest.approx(plan["match/rules"].items * item["match"])
    # the ladder: every pair's deals, each deal two hands of each of its two bots' half
    ladder = plan["ladder"]
    bots = ladder.study["bots"]
    scale = ladder.study["scale"]
    names = list(bots)
    want = sum(
        2 * max(1, round(scale.get(f"{a} vs {b}", 1.0) * s.ladder)) * (hand[a] + hand[b]) / 2
        for i, a in enumerate(names)
        for b in names[i + 1 :]
    )
    assert ladder.cost == pytest.approx(want)


@pytest.mark.slow
def test_a_quick_measurement_is_within_3x_of_the_table():
    """A timing (slow: -m slow): the script's measurement at a quarter of its sizes, each
    figure the median of 3 rounds, against the table; more than 3x off either way fails
    (the table is stale: python benchmarks/measure_costs.py)."""
    script = _script()
    figures = script.measure(scale=0.25, rounds=3)
    assert script.off(figures, costs.table(), factor=3.0) == []
