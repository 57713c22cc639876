"""The built documentation site (issue 32): the reference has the pages users look for, and
every link between its pages resolves (``tests/docs/site.py`` says where the site is)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from tests.docs.site import site

API = "reference/generated/api"
# The pages the issue names, by the object each documents.
REQUIRED = {
    f"{API}/shengji.load.html": "shengji.load",
    f"{API}/shengji.advise.html": "shengji.advise",
    f"{API}/shengji.replay.html": "shengji.replay",
    f"{API}/shengji.HandState.html": "shengji.HandState",
    f"{API}/shengji.Observation.html": "shengji.Observation",
    f"{API}/shengji.adapters.vector.VectorEnv.html": "shengji.adapters.vector.VectorEnv",
    f"{API}/shengji.analysis.compare.html": "shengji.analysis.compare",
    f"{API}/shengji.analysis.duel_summary.html": "shengji.analysis.duel_summary",
    "reference/generated/cli.html": "shengji advise",
    "reference/generated/study-files.html": "team_b_bid_policy",
    "reference/generated/rule-options.html": "kitty_multiplier",
    "reference/generated/bots.html": "infer_steps",
    "reference/generated/tables.html": "defender_points",
}


_LINK = re.compile(r"""\s(?:href|src)=["']([^"']*)["']""")
_ID = re.compile(r"""\sid=["']([^"']*)["']""")


class _Page:
    """A page's links (href and src) and ids, read with two regular expressions (Sphinx's
    HTML quotes every attribute)."""

    def __init__(self, path: Path):
        text = path.read_text(encoding="utf-8")
        self.links = [unescape(m) for m in _LINK.findall(text)]
        self.ids = {unescape(m) for m in _ID.findall(text)}


@pytest.mark.parametrize("page,what", REQUIRED.items(), ids=list(REQUIRED))
def test_the_reference_has_the_page(page, what):
    path = site() / page
    assert path.is_file(), f"the site has no {page}"
    text = re.sub(r"<[^>]+>", "", path.read_text(encoding="utf-8"))
    assert what in text


def test_every_internal_link_resolves():
    """Every href and src of every page that points inside the site names a file that
    exists, and its #fragment an id on that page."""
    root = site()
    parsed: dict[Path, _Page] = {}
    exists: dict[Path, bool] = {}
    bad = []
    for page in sorted(root.rglob("*.html")):
        if page.relative_to(root).parts[0] in ("_static", "_sources"):  # the theme's files
            continue
        links = parsed.get(page) or parsed.setdefault(page, _Page(page))
        for link in links.links:
            url = urlsplit(link)
            if url.scheme or url.netloc or link.startswith(("mailto:", "javascript:", "data:")):
                continue
            target = (page.parent / unquote(url.path)).resolve() if url.path else page
            if target not in exists:
                exists[target] = target.exists()
            if not exists[target]:
                bad.append(f"{page.relative_to(root)}: {link}")
                continue
            if url.fragment and target.suffix == ".html":
                ids = (parsed.get(target) or parsed.setdefault(target, _Page(target))).ids
                if unquote(url.fragment) not in ids:
                    bad.append(f"{page.relative_to(root)}: {link} (no such anchor)")
    assert not bad, f"{len(bad)} broken links:\n" + "\n".join(bad[:40])


def _text(path: Path) -> str:
    """A page's text as a reader copies it: the tags dropped, the entities read."""
    return unescape(re.sub(r"<[^>]+>", "", path.read_text(encoding="utf-8")))


def test_the_command_line_reference_copies_exactly():
    """No smart quotes: an option copied from the page is the option (not an en dash), a
    quoted bot spec keeps the quotes a shell reads."""
    text = _text(site() / "reference/generated/cli.html")
    assert "--engine" in text and "'pimc(samples=8)'" in text
    assert "\u2013engine" not in text and "\u2018pimc(samples=8)\u2019" not in text


# the theme's section navigation, holding no link
_EMPTY_NAV = re.compile(
    r'aria-label="Section Navigation">\s*<p[^>]*>[^<]*</p>\s*'
    r'<div class="bd-toc-item[^"]*">\s*</div>'
)


def test_no_page_has_an_empty_sidebar():
    """No page shows an empty "Section Navigation" (a top-level page without sub-pages
    did: docs/conf.py's html_sidebars gives those no primary sidebar)."""
    root = site()
    empty = []
    for page in sorted(root.rglob("*.html")):
        if page.relative_to(root).parts[0] in ("_static", "_sources", "_modules"):
            continue
        if _EMPTY_NAV.search(page.read_text(encoding="utf-8")):
            empty.append(str(page.relative_to(root)))
    assert not empty, f"{len(empty)} pages with an empty sidebar: {empty[:20]}"
