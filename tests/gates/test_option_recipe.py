"""The recipe of a rule option holds (CONTRIBUTING.md, "Recipe: a rule option"): in a scratch
copy of the checkout, two rows appended to ``OPTIONS`` (a choice the kernels name, and an
option of numbers with its typical value) and their two rows of docs/rules.md §9 are the only
edits by hand.  ``python tools/tables.py`` writes the rest, the unit that packs the rules
(``base.options``) is rebuilt, and then ``Rules`` takes the options, the core packs them and
exports the choice's enum, its stub declares it, the listing (the reference's rule options
page) shows both, the almanac plays their variants, and the tests of the table, the book, the
variants, the packing and the listing pass in the copy.

It compiles one unit (about 10 s); it needs the in-place build (``python setup.py build_ext
--inplace``, or ``pip install -e .``) and Cython, and is skipped without them.  A real option
is read by the kernels, so after its row every unit that cimports ``options.pxd`` is rebuilt
(32 of the 40: about 70 CPU-seconds); this test reads nothing but the packing.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import shengji._core.base.options as core_options

ROOT = Path(__file__).resolve().parents[2]

# what the copy holds: the package with its in-place build, what setup.py and the tables'
# script read, the book, the reference's generator, and the tests run in the copy
COPIED = (
    "src",
    "tools",
    "sim",
    "tests",
    "docs/rules.md",
    "docs/_ext",
    "setup.py",
    "pyproject.toml",
    "README.md",
    "CONTRIBUTING.md",
    "LICENSE",
    "MANIFEST.in",
)
# the two rows by hand: one in the option table, one in the book's §9, per option
ROWS = """\
    Field(
        "x_recipe_way",
        Choice(("off", "on", "twice"), enum="XRecipeWay", prefix="XRW"),
        "off",
        "a choice the kernels would name (the recipe's test)",
        section=7,
    ),
    Field(
        "x_recipe_count",
        OPTIONAL_COUNT,
        None,
        "a number of something, null for none (the recipe's test)",
        section=6,
        typical=(3,),
    ),
"""
BOOK_ROWS = (
    '| `x_recipe_way` | `"off"`, `"on"`, `"twice"` | `"off"` | 7 | the recipe\'s test |\n'
    "| `x_recipe_count` | `null` (no limit), or a number ≥ 0 | `null` | 6 | the recipe's test |\n"
)
CHECKS = """\
from shengji._core.base import options as core
from shengji.almanac.variants import variants
from shengji.rules import Rules, option_listing

rules = Rules(x_recipe_way="twice", x_recipe_count=5)
packed = core.packed(rules.packed())
assert core.FIELDS[-2:] == ("x_recipe_way", "x_recipe_count"), core.FIELDS
assert packed["x_recipe_way"] == 2 and packed["x_recipe_count"] == 5, packed
assert Rules().x_recipe_way == "off" and Rules().x_recipe_count is None
assert [m.name for m in core.XRecipeWay] == ["XRW_OFF", "XRW_ON", "XRW_TWICE"]
for bad in ({"x_recipe_way": "thrice"}, {"x_recipe_count": -1}):
    try:
        Rules(**bad)
    except ValueError as exc:
        assert "x_recipe" in str(exc) and "\\n" not in str(exc), exc
    else:
        raise AssertionError(f"Rules took {bad}")
listed = {o["name"]: o for o in option_listing()}
assert listed["x_recipe_way"]["values"] == "'off', 'on', 'twice'", listed["x_recipe_way"]
assert listed["x_recipe_count"]["section"] == 6
labels = {v.label: v for v in variants()}
assert {"x_recipe_way=on", "x_recipe_way=twice", "x_recipe_count=3"} <= set(labels)
assert not labels["x_recipe_way=on"].match_level and labels["x_recipe_count=3"].match_level
print("checks: ok")
"""
REFUSED = """\
from shengji._core.base.options import packed
from shengji.rules import Rules
packed(Rules().packed())
"""
# the reference's rule options page, as the site's build writes it (needs Sphinx)
PAGE = """\
import sys
from pathlib import Path
sys.path.insert(0, "docs/_ext")
from shengji_docs import rules
rules.generate(Path("page"))
text = Path("page/rule-options.rst").read_text(encoding="utf-8")
assert "``x_recipe_way``" in text and "``x_recipe_count``" in text
print("page: ok")
"""


def _copy(scratch: Path) -> None:
    skip = shutil.ignore_patterns("__pycache__", "*.html", ".pytest_cache", "build")
    for name in COPIED:
        src, dest = ROOT / name, scratch / name
        if src.is_dir():
            shutil.copytree(src, dest, ignore=skip)  # copy2: the build's times are kept
        elif src.exists():
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest)


def _add_rows(scratch: Path) -> None:
    table = scratch / "src" / "shengji" / "rules" / "option_table.py"
    text = table.read_text(encoding="utf-8")
    end = "\n)\n\nOPTION: dict"  # the end of OPTIONS: append the rows
    assert text.count(end) == 1, "option_table.py: the end of OPTIONS moved"
    table.write_text(text.replace(end, "\n" + ROWS.rstrip("\n") + end), encoding="utf-8")
    book = scratch / "docs" / "rules.md"
    text = book.read_text(encoding="utf-8")
    nine = text.index("## 9. Every option")
    section = text[nine : text.index("## 10. ", nine)]
    last = [m.end() for m in re.finditer(r"^\| `[a-z_]+` \|.*\n", section, re.M)][-1]
    book.write_text(text[: nine + last] + BOOK_ROWS + text[nine + last :], encoding="utf-8")


def _run(scratch: Path, *args: str, env: dict | None = None) -> str:
    done = subprocess.run(
        args, cwd=scratch, env=env, capture_output=True, text=True, timeout=900, check=False
    )
    assert done.returncode == 0, f"{' '.join(args)}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def test_a_rule_option_is_one_row_and_one_line_of_the_book(tmp_path):
    if not Path(core_options.__file__).resolve().is_relative_to(ROOT / "src"):
        pytest.skip("needs the in-place build (python setup.py build_ext --inplace)")
    if importlib.util.find_spec("Cython") is None:
        pytest.skip("needs Cython to rebuild a unit")
    scratch = tmp_path / "checkout"
    _copy(scratch)
    _add_rows(scratch)
    env = {**os.environ, "PYTHONPATH": str(scratch / "src"), "SHENGJI_ONLY": "base.options"}
    py = sys.executable

    # the core built before the rows refuses them, in one line
    refused = subprocess.run(
        [py, "-c", REFUSED],
        cwd=scratch,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert refused.returncode != 0 and "x_recipe_way" in refused.stderr.splitlines()[-1]

    wrote = _run(scratch, py, "tools/tables.py", env=env)
    generated = {line.split()[1] for line in wrote.splitlines() if line.startswith("wrote ")}
    assert generated == {
        "src/shengji/_core/base/options.pxd",
        "src/shengji/_core/base/options.pyi",
        "src/shengji/rules/options.py",
    }, wrote
    stub = (scratch / "src/shengji/_core/base/options.pyi").read_text(encoding="utf-8")
    assert "\nXRecipeWay: type[enum.IntEnum]\n" in stub
    typed = (scratch / "src/shengji/rules/options.py").read_text(encoding="utf-8")
    assert "        x_recipe_way: str\n        x_recipe_count: int | None\n" in typed

    _run(scratch, py, "setup.py", "build_ext", "--inplace", "-j", "2", env=env)
    assert "checks: ok" in _run(scratch, py, "-c", CHECKS, env=env)
    if importlib.util.find_spec("sphinx") is not None:  # the docs extra
        assert "page: ok" in _run(scratch, py, "-c", PAGE, env=env)
    _run(scratch, py, "tools/tables.py", "--check", env=env)
    # the checks of the table, the book, the stub's enums, the variants, the packing and the
    # listing, in the copy
    _run(
        scratch,
        py,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "tests/gates/test_tables.py",
        "tests/gates/test_rules_fields.py",
        "tests/docs/test_rule_book.py",
        "tests/almanac/test_variants.py",
        "tests/rules/test_options.py",
        "tests/test_cli_rules.py",
        env=env,
    )
