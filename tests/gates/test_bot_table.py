"""What the bot table decides, written where a literal is needed, matches the table:
``_core/bots/params.pxd`` (BotParams, the limits' constants, the per-bot defaults) and
CONTRIBUTING.md's table of the bots; and the compiled core is built from that file.

Fix a failure with ``python tools/bot_table.py`` (then rebuild every unit).
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from shengji._core.bots import registry, table

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import bot_table  # noqa: E402  (tools/ is not a package)


def test_the_generated_files_are_current():
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "bot_table.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


def test_the_generator_sees_a_changed_row():
    """A default, a limit or a new parameter in the table changes params.pxd."""
    t = bot_table.load_table()
    before = bot_table.render_pxd(t)
    pimc = t.bot_row("pimc")
    samples = pimc.param("samples")
    for changed in (
        replace(samples, default=17),
        replace(samples, kind=t.Int(1, 2048)),
    ):
        params = tuple(changed if p.name == "samples" else p for p in pimc.params)
        t.BOTS = tuple(replace(pimc, params=params) if b is pimc else b for b in t.BOTS)
        assert bot_table.render_pxd(t) != before
        t.BOTS = tuple(pimc if b.name == "pimc" else b for b in t.BOTS)
    assert bot_table.render_pxd(t) == before


def test_the_compiled_struct_is_the_tables():
    """registry.pyx checks at import that BotParams' fields are the table's (a stale build of
    params.pxd would fail there); the Python names agree."""
    assert registry.PARAM_FIELDS == tuple(name for name, _ in table.FIELDS)
    assert registry.BOT_NAMES == table.NAMES and registry.n_bots() == len(table.BOTS)
    assert registry.ROLLOUT_BOTS == table.bot_row("pimc").param("rollout").kind.choices
    assert registry.OBJECTIVES == table.bot_row("pimc").param("objective").kind.choices


def test_contributing_lists_every_bot_and_parameter():
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    block = text[text.index(bot_table.BEGIN) : text.index(bot_table.END)]
    for b in table.BOTS:
        assert f"| `{b.name}` |" in block
        for p in b.params:
            assert f"`{p.name}` ({p.default!r}" in block
