"""What the tables decide, written where a literal is needed, matches the tables:
``_core/base/options.pxd`` (RulesC and the choices' enums, from the rule-option table) and
the enums' lines of its stub ``options.pyi``, ``_core/bots/params.pxd`` (BotParams, the
limits' constants, the per-bot defaults, from the bot table), ``_core/bots/bid_offsets.pxd``
and ``features_offsets.pxd`` (the net bot's C offsets, from its two layouts), ``Rules``'
typed fields and CONTRIBUTING.md's table of the bots; and the compiled core is built from
those files.

Fix a failure with ``python tools/tables.py`` (then rebuild every unit).
"""

from __future__ import annotations

import enum
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from shengji._core.base import options as core_options
from shengji._core.base import schema
from shengji._core.bots import bid_layout, features_layout, registry, table
from shengji.rules.option_table import OPTIONS

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import tables  # noqa: E402  (tools/ is not a package)


def test_the_generated_files_are_current():
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "tables.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


def test_the_generator_sees_a_changed_row():
    """A default, a limit or a new parameter in the bot table changes params.pxd."""
    before = tables.render_params_pxd(table.BOTS, table)
    pimc = table.bot_row("pimc")
    samples = pimc.param("samples")
    assert samples is not None
    for changed in (
        (replace(samples, default=17),),
        (replace(samples, kind=schema.Int(1, 2048)),),
        (samples, replace(samples, name="depth")),
    ):
        params = tuple(p for q in pimc.params for p in (changed if q.name == "samples" else (q,)))
        bots = tuple(replace(pimc, params=params) if b is pimc else b for b in table.BOTS)
        assert tables.render_params_pxd(bots, table) != before
    assert tables.render_params_pxd(table.BOTS, table) == before


def test_the_generator_writes_a_new_rule_option():
    """A rule option appended to the table is a RulesC field (its C type) and, for a choice,
    an enum: no hand-written C."""
    before = tables.render_rules_pxd(OPTIONS, schema)
    extra = (
        schema.Field("x_flag", schema.Flag(), False, "a test flag", section=3),
        schema.Field("x_way", schema.Choice(("a", "b"), enum="XWay", prefix="XW"), "a", "d"),
    )
    after = tables.render_rules_pxd(OPTIONS + extra, schema)
    assert after.startswith(before.split("ctypedef struct RulesC:")[0])
    assert "    bint x_flag  # 1 for true\n" in after
    assert "cpdef enum XWay:\n    XW_A = 0\n    XW_B = 1\n" in after
    assert "    int x_way  # XWay, its position\n" in after
    enums = tables.render_enums_pyi(OPTIONS + extra, schema)
    assert enums == [*tables.render_enums_pyi(OPTIONS, schema), "XWay: type[enum.IntEnum]"]


def test_the_stub_declares_every_enum_of_the_core():
    """options.pyi's generated lines name the compiled module's enums, no more, no less."""
    declared = [line.split(":")[0] for line in tables.render_enums_pyi(OPTIONS, schema)]
    compiled = [
        name
        for name, v in vars(core_options).items()
        if isinstance(v, type) and issubclass(v, enum.IntEnum)
    ]
    assert sorted(declared) == sorted(compiled)
    text = tables.OPTIONS_PYI.read_text(encoding="utf-8")
    for line in tables.render_enums_pyi(OPTIONS, schema):
        assert f"\n{line}\n" in text


def test_the_compiled_rules_struct_is_the_tables():
    """options.pyx reads RulesC's fields from the compiled struct: they are the table's
    fields, in its order (a stale build of options.pxd fails here)."""
    assert core_options.FIELDS == tuple(o.c_field for o in OPTIONS)


def test_the_compiled_struct_is_the_tables():
    """registry.pyx checks at import that BotParams' fields are the table's (a stale build of
    params.pxd would fail there); the Python names agree."""
    assert registry.PARAM_FIELDS == tuple(name for name, _ in table.FIELDS)
    assert registry.BOT_NAMES == table.NAMES and registry.n_bots() == len(table.BOTS)
    assert registry.ROLLOUT_BOTS == table.bot_row("pimc").param("rollout").kind.choices
    assert registry.OBJECTIVES == table.bot_row("pimc").param("objective").kind.choices


def test_the_bid_offsets_follow_the_layout():
    """bid_offsets.pxd: each piece at its widths' running sum, by its name; a wider piece
    moves every later one and the key."""
    text = tables.render_bid_offsets_pxd(bid_layout)
    assert "    Y_CARDS = 0  # 25 bytes\n    Y_DEALT = 25  # 20 bytes\n" in text
    assert f"    Y_END = {bid_layout.STATE_SIZE}\n" in text
    assert f"    O_END = {bid_layout.ACTION_SIZE}\n" in text
    assert f"    LAYOUT_KEY = {bid_layout.layout_key()}  #" in text

    class Wider:  # the layout with its first piece one byte wider
        LAYOUT = (("cards", 26), *bid_layout.LAYOUT[1:])
        ACTION_LAYOUT = bid_layout.ACTION_LAYOUT
        offsets = staticmethod(bid_layout.offsets)

        @staticmethod
        def layout_key():
            return 0

    wider = tables.render_bid_offsets_pxd(Wider)
    assert "    Y_DEALT = 26  # 20 bytes\n" in wider
    assert f"    Y_END = {bid_layout.STATE_SIZE + 1}\n" in wider
    assert "    LAYOUT_KEY = 0  #" in wider


def test_the_features_offsets_follow_the_layout():
    """features_offsets.pxd: each piece at its sizes' running sum (blocks x width), by its
    name, with what it holds; the slot and row widths the table's."""
    text = tables.render_features_offsets_pxd(features_layout)
    assert "    N_SLOTS = 72  #" in text and "    N_ROWS = 5  #" in text
    assert "    S_OWN1 = 0  # [slot] it holds >= 1 (72 bytes)\n" in text
    assert "    S_PLAYED = 288  # [rel seat][slot] played so far (0..2) (288 bytes)\n" in text
    assert f"    N_STATE = {features_layout.STATE_SIZE}\n" in text
    assert f"    N_ACTION = {features_layout.ACTION_SIZE}\n" in text
    assert f"    LAYOUT_KEY = {features_layout.layout_key()}  #" in text
    for name, *_ in features_layout.LAYOUT:
        assert f"    S_{name.upper()} = " in text
    for name, *_ in features_layout.ACTION_LAYOUT:
        assert f"    A_{name.upper()} = " in text


@pytest.mark.parametrize(
    ("table_module", "core_module", "pxd"),
    [
        ("bid_layout", "bid_net", "bid_offsets.pxd is not bid_layout.py's"),
        ("features_layout", "features", "features_offsets.pxd is not features_layout.py's"),
    ],
)
def test_a_build_of_another_layout_refuses_to_import(table_module, core_module, pxd):
    """bid_net.pyx and features.pyx hold their compiled LAYOUT_KEY to the table's at import."""
    # the table module, wherever the package imports it from, carries another digest
    code = (
        "import importlib.abc, importlib.machinery, sys\n"
        f"name = 'shengji._core.bots.{table_module}'\n"
        "class Patch(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, fullname, path, target=None):\n"
        "        if fullname != name:\n"
        "            return None\n"
        "        spec = importlib.machinery.PathFinder.find_spec(fullname, path)\n"
        "        run = spec.loader.exec_module\n"
        "        def exec_module(m):\n"
        "            run(m)\n"
        "            m.LAYOUT_DIGEST = 'f' * 64\n"
        "        spec.loader.exec_module = exec_module\n"
        "        return spec\n"
        "sys.meta_path.insert(0, Patch())\n"
        f"import shengji._core.bots.{core_module}\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 1
    assert pxd in done.stderr


def test_contributing_lists_every_bot_and_parameter():
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    block = text[text.index(tables.BOT_BEGIN) : text.index(tables.BOT_END)]
    for b in table.BOTS:
        assert f"| `{b.name}` |" in block
        for p in b.params:
            assert f"`{p.name}` ({p.default!r}" in block
