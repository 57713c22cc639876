"""The almanac's page and figures, drawn from its tables alone: ``markdown(dir)`` is the
generated part of docs/results/almanac.md (between ``BEGIN`` and ``END``), ``figures(dir,
to)`` draws the rule options' effects, the match lengths and the ladder.  Nothing is typed
by hand; the command rewrites both pages drawn from the tables (``PAGES``: this one and the
results page, ``shengji.almanac.results_page``) and the figures:

    python -m shengji.almanac.report docs/results/almanac   # the pages' tables, the figures

``tests/almanac/test_report.py`` checks that the page holds what ``markdown`` gives from the
committed tables (whose digests it quotes).
"""

from __future__ import annotations

import sys
from pathlib import Path

from shengji.almanac import results_page
from shengji.almanac.figures import figures
from shengji.almanac.markup import BEGIN, END, FIGURE_LADDER, FIGURE_MATCH, FIGURE_RULES
from shengji.almanac.sections import SECTIONS, head

__all__ = ["BEGIN", "END", "PAGES", "SECTIONS", "figures", "markdown", "update", "update_page"]


def markdown(path: str | Path) -> str:
    """The page's generated part from the tables in ``path``: the head, then every section
    of ``shengji.almanac.sections.SECTIONS``."""
    from shengji.almanac import load

    df = load(path)
    parts = {p["name"]: p for p in df.attrs["almanac"]["parts"]}
    g = df.set_index(["analysis", "preset", "variant", "hand", "metric", "by"]).sort_index()

    def get(*key):
        return g.loc[key]

    lines = [BEGIN, "", *head(df, get, parts)]
    for draw in SECTIONS.values():
        lines += draw(df, get, parts)
    lines += ["", END]
    return "\n".join(lines) + "\n"


def update_page(path: str | Path, page: str | Path, render=markdown) -> bool:
    """Replace the generated part of ``page`` by ``render(path)`` (this page's ``markdown``,
    or ``results_page.markdown``); True when it changed."""
    page = Path(page)
    text = page.read_text()
    start, end = text.index(BEGIN), text.index(END) + len(END) + 1
    new = text[:start] + render(path) + text[end:]
    if new != text:
        page.write_text(new)
    return new != text


# the pages drawn from the tables, relative to the repository, and what draws each
PAGES = {"docs/results/almanac.md": markdown, "docs/results/index.md": results_page.markdown}


def update(path: str | Path, root: str | Path) -> dict[str, bool]:
    """Redraw every page of ``PAGES`` under ``root`` (a checkout) from the tables in ``path``,
    and the figures into its docs/figures/; {page: whether it changed}."""
    root = Path(root)
    changed = {name: update_page(path, root / name, render) for name, render in PAGES.items()}
    figures(path, root / "docs" / "figures")
    return changed


USAGE = (
    "usage: python -m shengji.almanac.report [DIR]\n"
    "  redraw docs/results/index.md, docs/results/almanac.md and the almanac's figures from\n"
    "  the tables in DIR (default: the checkout's docs/results/almanac)"
)


def _main(argv: list[str]) -> int:  # pragma: no cover - a maintainer's script
    if argv and argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    if len(argv) > 1:
        print(USAGE, file=sys.stderr)
        return 2
    root = Path(__file__).resolve().parents[3]
    data = Path(argv[0]) if argv else root / "docs" / "results" / "almanac"
    try:
        changed = update(data, root)
    except (OSError, ValueError) as e:
        print(f"shengji.almanac.report: {e}", file=sys.stderr)
        return 2
    for name, was_changed in changed.items():
        print(name, "updated" if was_changed else "unchanged")
    print("drew", ", ".join((FIGURE_RULES, FIGURE_MATCH, FIGURE_LADDER)), "in docs/figures")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(_main(sys.argv[1:]))
