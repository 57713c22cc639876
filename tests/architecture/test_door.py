"""One door into the core (docs/architecture.md, "One door into the core"): outside
``shengji._core`` only these modules import it -- ``shengji.engine`` (the drivers, the
steps, the deals, the streams), ``shengji.names`` (the core's constants, re-exported),
``shengji.rules.combos`` (the rule kernels' Python face), ``shengji.game.botspec`` (the
bot table's) and ``shengji.schema`` (the one schema of a typed option, which the core's
bot table is declared with).  A new importer is a new door: run the core through
``shengji.engine``.  The imports are read as test_layers.py reads them (at module level and
inside functions)."""

from __future__ import annotations

import re

from shengji._moved import MOVED
from tests.architecture.test_layers import SRC, known_modules, module_name, python_imports, resolve

DOORS = {
    "shengji.engine",
    "shengji.names",
    "shengji.rules.combos",
    "shengji.game.botspec",
    "shengji.schema",
}
MOST = 6  # issue 43's target: at most six modules outside the core import it


def core_importers() -> dict[str, list[str]]:
    """{module outside _core: ['file:line', ...] of its imports of shengji._core}."""
    names = known_modules(SRC)
    found: dict[str, list[str]] = {}
    for path in sorted((SRC / "shengji").rglob("*.py")):
        module = module_name(path, SRC)
        if module.startswith("shengji._core"):
            continue
        for line, target, relative in python_imports(path, module):
            if relative or target.split(".")[0].split(":")[0] != "shengji":
                continue
            resolved = resolve(target, names, MOVED)
            if resolved == "shengji._core" or resolved.startswith("shengji._core."):
                found.setdefault(module, []).append(f"{path.relative_to(SRC)}:{line}")
    return found


def test_only_the_doors_import_the_core():
    found = core_importers()
    assert len(found) <= MOST, sorted(found)  # measured, not the list below
    others = {m: where for m, where in found.items() if m not in DOORS}
    assert not others, "imports of shengji._core outside its doors (use shengji.engine):\n" + (
        "\n".join(f"{m}: {', '.join(w)}" for m, w in sorted(others.items()))
    )
    assert set(found) == DOORS, f"a door that no longer imports the core: {DOORS - set(found)}"


def test_the_design_names_the_doors_that_import_the_core():
    """docs/architecture.md's "One door into the core" names every module that imports the
    core, and says how many: a door added to the code and to DOORS alone fails here."""
    text = (SRC.parent / "docs" / "architecture.md").read_text()
    start = text.index("**One door into the core.**")
    paragraph = text[start : text.index("\n\n", start)]
    found = set(core_importers())
    named = set(re.findall(r"`(shengji\.[a-z_.]+)`", paragraph))
    assert found <= named, f"doors the design does not name: {sorted(found - named)}"
    words = {4: "four", 5: "five", 6: "six"}
    assert f"{words[len(found)]} modules import it" in paragraph


def test_the_drivers_take_keywords():
    """The door's drivers take their arguments by keyword only: a call cannot swap two of
    the dozen ints a driver takes."""
    import inspect

    from shengji import engine

    for name in ("play_hands", "play_match", "play_duel", "record_hands", "advise_hands"):
        params = inspect.signature(getattr(engine, name)).parameters.values()
        assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in params), name
