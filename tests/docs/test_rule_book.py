"""docs/rules.md agrees with the code: §9 lists every option with its default, §10 every preset
with exactly the options it sets, the coverage table's counts add up, a rule marked "not
modelled yet" names an option that does not exist yet (flip the row when it does), and the
book cites nothing outside the repository."""

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from shengji.rules.options import PRESETS, Rules

BOOK = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
TEXT = BOOK.read_text(encoding="utf-8")


def section(number: int) -> str:
    start = re.search(rf"^## {number}\. ", TEXT, re.M)
    assert start, f"docs/rules.md has no section {number}"
    end = re.search(r"^## \d+\. ", TEXT[start.end() :], re.M)
    return TEXT[start.start() : start.end() + end.start()] if end else TEXT[start.start() :]


def table_rows(text: str) -> list[list[str]]:
    rows = []
    for line in text.splitlines():
        if line.startswith("|") and not re.match(r"\|\s*-+", line):
            rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows


def as_list(value):
    return list(value) if isinstance(value, tuple) else value


def test_sections_1_to_13_in_order():
    numbers = [int(n) for n in re.findall(r"^## (\d+)\. ", TEXT, re.M)]
    assert numbers == list(range(1, 14))


def test_no_citation_outside_the_repository():
    for needle in ("RULES.md", "shared/", "seeds/", "/work/"):
        assert needle not in TEXT, needle


def test_section_9_lists_every_option_with_its_default():
    rows = [r for r in table_rows(section(9)) if r[0].startswith("`")]
    names = [r[0].strip("`") for r in rows]
    defaults = Rules().to_dict()
    assert sorted(names) == sorted(defaults), "§9 must list every option of Rules, once"
    for name, values, default, number, _meaning in rows:
        value = json.loads(default.strip("`"))
        assert value == as_list(defaults[name.strip("`")]), name
        assert values.startswith(default), f"{name}: list the default first"
        assert re.fullmatch(r"\d+", number) and 1 <= int(number) <= 8, name


def test_section_10_lists_every_preset_with_what_it_sets():
    rows = [r for r in table_rows(section(10)) if r[0].startswith("`")]
    assert [r[0].strip("`") for r in rows] == list(PRESETS)
    for name, _source, sets, _leaves_out in rows:
        got = {}
        for item in re.findall(r"`([a-z_]+) = ([^`]*)`", sets):
            got[item[0]] = json.loads(item[1])
        want = {k: as_list(v) for k, v in Rules.preset(name.strip("`")).differences().items()}
        assert got == want, name


def coverage_rows():
    rows = []
    for line in section(13).splitlines():
        m = re.match(r"\| (00\d-[A-Z]?\d+) \|", line)
        if m:
            rows.append((m.group(1), [c.strip() for c in line.strip().strip("|").split("|")][-1]))
    return rows


def status(engine: str) -> str:
    if "not modelled yet" in engine:
        return "planned"
    if engine.startswith(("nothing to model", "terms only", "as rows")):
        return "other"
    if engine.startswith(("not modelled", "the count is modelled", "the knockout")):
        return "not"
    return "modelled"


def test_coverage_refs_are_unique_and_counts_add_up():
    rows = coverage_rows()
    refs = [r for r, _ in rows]
    assert len(refs) == len(set(refs))
    sources = ["000", "001", "002", "003", "004"]
    sets = sorted({r.rstrip("0123456789") for r in refs if r.startswith("002-")})  # 002-A …
    counts = {
        key: Counter(
            status(e)
            for r, e in rows
            if r.startswith(key + "-") or (key in sets and r.rstrip("0123456789") == key)
        )
        for key in sources + sets
    }
    counts["all"] = sum((counts[k] for k in sources), Counter())
    table = {r[0]: r[1:] for r in table_rows(section(13).split("### Counts")[1])}
    for key, c in counts.items():
        label = "002 (all sets)" if key == "002" else key
        n = c["modelled"] + c["not"] + c["planned"]
        if n == 0:  # a set of copies only (002-M)
            assert label not in table
            continue
        assert table[label] == [str(n), str(c["modelled"]), str(c["not"]), str(c["planned"])], key


def test_planned_options_do_not_exist_yet():
    """When a planned option lands, its rows must be flipped to 'modelled'."""
    options = set(Rules().to_dict())
    for ref, engine in coverage_rows():
        for name in re.findall(r"planned `([a-z_]+)", engine):
            assert name not in options, f"{ref}: `{name}` exists now; mark the row modelled"
        for preset, option, value in re.findall(
            r"`([a-z0-9-]+)` sets `([a-z_]+) = ([^`]*)`", engine
        ):
            assert as_list(getattr(Rules.preset(preset), option)) != json.loads(value), (
                f"{ref}: {preset} sets {option} now; mark the row modelled"
            )


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_is_named_in_the_book(preset):
    assert f"`{preset}`" in section(10)


def test_nothing_in_the_repository_cites_a_file_outside_it():
    """A user who clones the repository has docs/rules.md and nothing outside it: no tracked
    file may send them to the source rule book, the seed texts or this workplace."""
    import subprocess

    root = BOOK.parents[1]
    needles = ("RULES.md", "shared/", "seeds/", "/work/")
    this = Path(__file__).resolve().relative_to(root).as_posix()
    listed = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    offenders = []
    for name in listed.stdout.splitlines():
        path = root / name
        if name == this or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        offenders += [f"{name}: {n}" for n in needles if n in text]
    assert not offenders, offenders
