"""``shengji bots``: the bot table as a listing (every bot, every parameter with its default
and allowed values), and ``--bot``'s help naming the table's bots."""

from __future__ import annotations

from shengji._core.bots.table import BOTS
from shengji.cli import build_parser, main


def test_bots_lists_the_table(capsys):
    assert main(["bots"]) == 0
    out = capsys.readouterr().out
    for bot in BOTS:
        assert f"{bot.name}: {bot.doc}" in out
        for p in bot.params:
            assert f"{p.name}" in out and f"default {p.default!r}; {p.kind.values()}" in out


def test_the_bot_flag_names_the_tables_bots():
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    advise = sub.choices["advise"]
    (flag,) = [a for a in advise._actions if a.dest == "bot"]
    assert ", ".join(b.name for b in BOTS) in flag.help
