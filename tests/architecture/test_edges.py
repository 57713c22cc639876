"""Parse at the edge (issue 31): a bot spec and a rules argument are parsed where a user
hands them in -- the command line, a game's arguments, the study file, the advisor -- and
every layer below takes the typed value (``BotSpec``, ``Rules``) as it is.  This test reads
every call of ``parse_bot`` and ``resolve_rules`` in the package (by ``ast``) outside their
own modules: a new call site must be a new edge, said here."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "shengji"

EDGES = {
    # parse_bot: the --bot flag, a game's bots (HandState, play_hand, the adapters), the
    # study file's bot keys (BotRef, the one kind of a bot), learn's --teacher and the
    # self-play loop's --start, ... (the advisor takes card_bot, the game's edge)
    "parse_bot": (
        "game/botspec.py",
        {"cli.py", "game/arguments.py", "studies/kinds.py", "learn/train.py", "learn/iterate.py"},
    ),
    # resolve_rules: the rules functions, simulate_bids / bid_deal, a game's rules, advise
    "resolve_rules": (
        "rules/options.py",
        {"rules/combos.py", "bidding/simulate.py", "game/arguments.py", "analysis/advisor.py"},
    ),
}


def call_sites(name: str) -> dict[str, int]:
    """{file relative to the package: number of calls of ``name``}."""
    sites: dict[str, int] = {}
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith("reference/"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                f = node.func
                called = f.id if isinstance(f, ast.Name) else getattr(f, "attr", None)
                if called == name:
                    sites[rel] = sites.get(rel, 0) + 1
    return sites


def test_parsing_happens_at_the_edges_only():
    for name, (home, edges) in EDGES.items():
        sites = call_sites(name)
        sites.pop(home, None)
        assert set(sites) == edges, f"{name} called at {sorted(sites)}; the edges: {sorted(edges)}"
        assert sum(sites.values()) <= len(edges), f"{name}: {sites}"  # one call an edge
