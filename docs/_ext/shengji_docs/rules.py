"""The rule options and the presets, generated from ``OPTIONS`` (``option_listing``),
``PRESETS`` and ``PRESET_SOURCES`` (``shengji.rules``)."""

from __future__ import annotations

from pathlib import Path

from . import rst


def generate(dest: Path) -> None:
    from shengji.rules import PRESET_SOURCES, PRESETS, Rules, option_listing, show_value

    out = rst.title("Rule options and presets")
    out += [
        "Every rule the simulator can vary, generated from the one table that defines them "
        "(``shengji.rules.OPTIONS``). A study file overrides any of them in its ``[rules]`` "
        "table; Python takes ``Rules.preset(name).replace(option=value)`` or a dict wherever "
        "it takes rules; ``shengji rules PRESET`` prints a preset's values. The section "
        "(§) is the rule book's (:doc:`/rules`), which says what each rule does and where "
        "the sources disagree.",
        "",
    ]
    out += rst.title("Options", "-")
    rows = [
        (
            rst.literal(o["name"]),
            rst.literal(show_value(o["default"])),
            rst.text(o["values"]),
            f"§{o['section']}",
            rst.prose(o["doc"]),
        )
        for o in option_listing()
    ]
    out += rst.list_table(("option", "default", "values", "§", "what"), rows,
                          widths=(20, 12, 22, 5, 41))  # fmt: skip
    out += rst.title("Presets", "-")
    out += [
        "One preset per source rule set (:doc:`/rules` §10 names the sources); "
        "``standard`` is every option's default. Each row lists the options the preset "
        "sets differently from ``standard``.",
        "",
    ]
    rows = []
    for name in PRESETS:
        diff = Rules.preset(name).differences()
        changes = ", ".join(rst.literal(f"{k} = {show_value(v)}") for k, v in diff.items())
        rows.append((rst.literal(name), rst.text(PRESET_SOURCES.get(name, "")),
                     changes or "(none)"))  # fmt: skip
    out += rst.list_table(("preset", "source", "differs from standard in"), rows,
                          widths=(18, 22, 60))  # fmt: skip
    rst.write(dest / "rule-options.rst", out)
