"""The numbers the documentation's studies page (docs/notebooks/index.md) and the study files
quote come from the shipped defaults (issue 22 item 4): each sentence
docs/figures/make_figures.py produces from a fresh run is in the file that quotes it.  The
search-bot (pimc) duels take minutes: slow."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location(
    "make_figures", ROOT / "docs" / "figures" / "make_figures.py"
)
make_figures = importlib.util.module_from_spec(spec)
sys.modules["make_figures"] = make_figures  # dataclasses look their module up
spec.loader.exec_module(make_figures)

QUOTES = make_figures.QUOTES


def _id(q) -> str:
    return f"{q.where}:{q.study}:" + ",".join(f"{k}={v}" for k, v in q.keys.items())


@pytest.mark.parametrize(
    "quote",
    [pytest.param(q, marks=pytest.mark.slow) if q.slow else q for q in QUOTES],
    ids=[_id(q) for q in QUOTES],
)
def test_quoted_number_is_what_the_shipped_study_gives(quote, tmp_path):
    text = make_figures.produce(quote, tmp_path / "out")
    assert make_figures.holds(quote.where, text), text


def test_every_study_quoted_ships():
    from shengji.studies.catalog import shipped

    assert {q.study for q in QUOTES} <= set(shipped())


def test_the_strong_sentence_is_the_shipped_study_s(tmp_path):
    """The studies page's sentence of the 100,000-hand scoring_strong run (``make_figures.py
    strong --check`` reruns it: CPU-minutes) names that study's bot and size; a small run of
    the same study gives a sentence of the same form, with its own numbers."""
    import re

    from shengji.analysis import load, run
    from shengji.game.botspec import parse_bot
    from shengji.studies.base import load_study_file
    from shengji.studies.catalog import shipped

    path = shipped()["scoring_strong"]
    study = load_study_file(path)
    label = parse_bot("policy", study["policy"]).label
    form = (
        rf"`{label}` in all four seats, ([\d,]+) hands: the defenders take [\d.]+ ± [\d.]+ "
        r"points and the banker team keeps the bank in [\d.]+% \[[\d.]+%, [\d.]+%\]"
    )
    page = " ".join((ROOT / make_figures.STUDIES).read_text(encoding="utf-8").split())
    quoted = re.search(form, page)
    assert quoted, f"{make_figures.STUDIES} does not quote the scoring_strong run"
    assert int(quoted.group(1).replace(",", "")) == study["n"] >= 100_000
    small = make_figures.strong_sentence(load(run(path, tmp_path / "out", n=64)))
    assert re.fullmatch(form, small) and re.fullmatch(form, small).group(1) == "64"
