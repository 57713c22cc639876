"""The built-in bots and their parameters.

``bot_table()`` reads the bots' one declaration, the bot table
(``shengji._core.bots.table``: each bot's doc, each parameter's kind, default and doc);
the page is written from its rows only, so a new bot is a new row there and nothing here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import rst


@dataclass(frozen=True)
class Param:
    name: str
    default: Any
    values: str  # the allowed values, as text
    doc: str


@dataclass(frozen=True)
class PresetRow:
    name: str
    settings: str  # its parameters, as a study file writes them
    doc: str


@dataclass(frozen=True)
class BotRow:
    name: str
    doc: str  # what the bot does (its module docstring's first paragraph)
    params: tuple[Param, ...]
    presets: tuple[PresetRow, ...] = ()


def bot_table() -> list[BotRow]:
    """Every built-in bot, with its parameters (name, default, allowed values, doc) and its
    presets: the rows of the bot table (``shengji._core.bots.table.BOTS``), in its order."""
    import json

    from shengji._core.bots import table

    return [
        BotRow(
            b.name,
            b.doc,
            tuple(Param(p.name, p.default, p.kind.values(), p.doc) for p in b.params),
            tuple(
                PresetRow(s.name, ", ".join(f"{k} = {json.dumps(v)}" for k, v in s.params), s.doc)
                for s in b.presets
            ),
        )
        for b in table.BOTS
    ]


def generate(dest: Path, warn) -> None:
    out = rst.title("Bots")
    out += [
        "The built-in players, generated from the bot table. A study file names a bot by "
        'its name (``policy = "memory"``) or by a table with its parameters '
        '(``team_a = {bot = "pimc", samples = 32}``); ``shengji advise --bot`` and '
        "``HandState.bot_action`` take ``name(key=value, ...)``. A parameter left out has "
        "its default. How they play, and how strong each is: :doc:`/hand-engine`; the "
        "ladder of every bot: :doc:`/results/index`; the studies' duels between them: "
        ":doc:`/notebooks/index`.",
        "",
    ]
    rows = bot_table()
    out += rst.list_table(
        ("bot", "parameters", "what"),
        [(rst.literal(b.name), str(len(b.params)) if b.params else "none", rst.prose(b.doc))
         for b in rows],
        widths=(12, 12, 76),
    )  # fmt: skip
    for b in rows:
        out += [f".. _bot-{b.name}:", ""]
        out += rst.title(b.name, "-")
        out += [rst.prose(b.doc), ""]
        if not b.params:
            out += ["No parameters.", ""]
            continue
        for p in b.params:
            if not p.doc:
                warn(f"bot {b.name!r}: parameter {p.name!r} has no description in the bot table")
        out += rst.list_table(
            ("parameter", "default", "values", "what"),
            [(rst.literal(p.name), rst.literal(repr(p.default).strip("'")), rst.text(p.values),
              rst.prose(p.doc)) for p in b.params],
            widths=(16, 10, 18, 56),
        )  # fmt: skip
        if b.presets:
            out += [
                f"Presets: a name written where a bot's is stands for ``{b.name}`` with these "
                "parameters (parameters given beside it override them: "
                f'``{{bot = "{b.presets[0].name}", samples = 8}}``).',
                "",
            ]
            out += rst.list_table(
                ("preset", "parameters", "what"),
                [(rst.literal(s.name), rst.literal(s.settings), rst.prose(s.doc))
                 for s in b.presets],
                widths=(16, 40, 44),
            )  # fmt: skip
    rst.write(dest / "bots.rst", out)
