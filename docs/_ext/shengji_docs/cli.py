"""The command-line reference, generated from the argument parser
(``shengji.cli.build_parser``): every command, its usage and its arguments."""

from __future__ import annotations

import argparse
from pathlib import Path

from . import rst


def _subcommands(parser: argparse.ArgumentParser):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help for a in action._choices_actions}
            for name, sub in action.choices.items():
                yield name, helps.get(name) or "", sub


def _arguments(parser: argparse.ArgumentParser) -> list[tuple[str, str, str, str]]:
    formatter = parser._get_formatter()
    rows = []
    for action in parser._actions:
        if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
            continue
        if action.option_strings:
            name = ", ".join(action.option_strings)
            if action.nargs != 0:
                name += " " + formatter._format_args(action, action.dest.upper())
        else:
            name = formatter._format_args(action, action.dest)
        text = formatter._expand_help(action) if action.help else ""
        if action.choices is not None and action.metavar is None:
            choices = ", ".join(map(str, action.choices))
        else:
            choices = ""
        if action.required or not action.option_strings and action.nargs not in ("?", "*"):
            need = "required"
        elif action.default not in (None, False, argparse.SUPPRESS):
            need = f"default {action.default}"
        else:
            need = ""
        rows.append((name, choices, need, text))
    return rows


def _table(rows) -> list[str]:
    return rst.list_table(
        ("argument", "values", "", "what"),
        [(rst.literal(n), rst.literal(c), rst.text(d), rst.text(t)) for n, c, d, t in rows],
        widths=(22, 14, 12, 52),
    )


def generate(dest: Path) -> None:
    from shengji.cli import build_parser

    parser = build_parser()
    out = rst.title("Command line")
    out += [
        "Generated from the argument parser of ``shengji`` (``shengji.cli.build_parser``): "
        "every command with its arguments, as ``shengji COMMAND --help`` shows them. Bad "
        "input gets one line on stderr and exit status 2; a run that fails part-way exits "
        "with 1, Ctrl-C with 130 and SIGTERM with 143.",
        "",
    ]
    out += rst.literal_block(parser.format_usage().strip().splitlines())
    out += _table(_arguments(parser))
    for name, help_, sub in _subcommands(parser):
        out += rst.title(f"shengji {name}", "-")
        out += [rst.text(help_[:1].upper() + help_[1:]) + ".", ""]
        out += rst.literal_block(sub.format_usage().strip().splitlines())
        rows = _arguments(sub)
        if rows:
            out += _table(rows)
    rst.write(dest / "cli.rst", out)
