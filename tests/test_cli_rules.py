"""`shengji rules` and `shengji rules PRESET` (issue #12): every preset with its source, every
option of one preset with the differing ones marked, and one clear line for a bad name."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from shengji.cli import main
from shengji.rules.options import PRESET_SOURCES, PRESETS, Rules


def parse(text: str):
    """A value as printed back into Python: null, true/false, [a, b], integers, else text."""
    if text == "null":
        return None
    if text in ("true", "false"):
        return text == "true"
    if text.startswith("[") and text.endswith("]"):
        return [t.strip() for t in text[1:-1].split(",") if t.strip()]
    return int(text) if text.isdigit() else text


def same(printed: str, value) -> bool:
    if isinstance(value, str):  # ranks such as "2" and "10" stay text
        return printed == value
    if isinstance(value, tuple):
        value = list(value)
    return parse(printed) == value


def run(capsys, argv):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_listing_names_every_preset_with_its_source_and_differences(capsys):
    code, out, err = run(capsys, ["rules"])
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["preset", "source"]
    body = lines[1 : 1 + len(PRESETS)]
    assert [line.split()[0] for line in body] == list(PRESETS)
    for name, line in zip(PRESETS, body, strict=False):
        assert PRESET_SOURCES[name] in line
        diff = Rules.preset(name).differences()
        shown = dict(
            item.split("=", 1)
            for item in re.findall(
                r"(\w+=(?:\[[^\]]*\]|[^,\s]+))", line.split(PRESET_SOURCES[name], 1)[1]
            )
        )
        assert set(shown) == set(diff), (name, line)
        for key, value in diff.items():
            assert same(shown[key], value), (name, key, shown[key])
        if not diff:
            assert "(the defaults)" in line
    assert "shengji rules PRESET" in lines[-1] and "docs/rules.md" in lines[-1]


def test_listing_columns_line_up_with_chinese_sources(capsys):
    """Wide characters count two columns: the third column starts at the same place."""
    import unicodedata

    _, out, _ = run(capsys, ["rules"])
    lines = out.splitlines()[: 1 + len(PRESETS)]
    sources = ["source"] + [PRESET_SOURCES[n] for n in PRESETS]
    starts = set()
    for line, source in zip(lines, sources, strict=False):
        rest = line.split(source, 1)[1]
        prefix = line[: len(line) - len(rest.lstrip(" "))]
        assert rest.startswith("  "), line
        starts.add(sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in prefix))
    assert len(starts) == 1, starts


@pytest.mark.parametrize("name", list(PRESETS))
def test_one_preset_shows_source_and_every_option(capsys, name):
    code, out, err = run(capsys, ["rules", name])
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"preset {name}"
    assert lines[1] == f"source: {PRESET_SOURCES[name]}"
    rules = Rules.preset(name)
    options = rules.to_dict()
    defaults = Rules().to_dict()
    diff = rules.differences()
    option_lines = lines[2 : 2 + len(options)]
    assert len(option_lines) == len(options)
    for (key, value), line in zip(options.items(), option_lines, strict=False):
        marked = line.startswith(" * ")
        assert marked == (key in diff), line
        m = re.fullmatch(r" [* ] (\w+) = (.*?)(?:\s+\(default (.*)\))?", line)
        assert m and m.group(1) == key, line
        assert same(m.group(2), value), line
        assert (m.group(3) is not None) == marked, line
        if marked:
            assert same(m.group(3), defaults[key]), line
    assert lines[-1].startswith(f"* differs from the defaults ({len(diff)} option")
    assert "docs/rules.md" in lines[-1]


def test_marks_follow_the_preset_table():
    """The marked options are exactly those the preset table sets (and no default sneaks in)."""
    for name, options in PRESETS.items():
        assert set(Rules.preset(name).differences()) == set(options), name


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["rules", "nope"], "unknown preset 'nope'"),
        (["rules", "clasic-80"], "did you mean 'classic-80'?"),
        (["rules", "TEAM-CUP"], "did you mean 'team-cup'?"),
        (["rules", "standard", "extra"], "unrecognized arguments"),
    ],
)
def test_bad_preset_is_one_clear_line(capsys, argv, needle):
    code, out, err = run(capsys, argv)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("shengji: error:"), err
    assert needle in lines[0], lines[0]
    if "preset" in needle or "mean" in needle:
        assert "allowed presets: " + ", ".join(PRESETS) in lines[0]


def test_entry_point(tmp_path):
    exe = Path(sys.executable).with_name("shengji")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "shengji.cli"]
    ok = subprocess.run(
        cmd + ["rules", "timed-match"], capture_output=True, text=True, cwd=tmp_path
    )
    assert ok.returncode == 0 and ok.stderr == ""
    assert " * first_hand_overturn = false" in ok.stdout
    bad = subprocess.run(cmd + ["rules", "nope"], capture_output=True, text=True, cwd=tmp_path)
    assert bad.returncode == 2 and bad.stdout == "" and "Traceback" not in bad.stderr
