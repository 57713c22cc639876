"""Every relative link of README.md and of the documentation's Markdown pages names a file
that exists (issue 32: every internal link resolves).  The links between the site's pages
(``{doc}`` roles) are checked by the site's build, which treats a broken one as an error;
the built site's own links by tests/docs/test_site.py."""

from __future__ import annotations

import re
from pathlib import Path

from tests.docs.snippets import ROOT, pages

# [text](target) and ![alt](target), outside code spans; a target may carry a #fragment
_LINK = re.compile(r"!?\[[^\]\n]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
_CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)


def links(path: Path) -> list[str]:
    text = _CODE.sub("", path.read_text(encoding="utf-8"))
    return _LINK.findall(text)


def test_every_relative_link_resolves():
    bad, seen = [], 0
    for page in [*pages(), ROOT / "CONTRIBUTING.md"]:
        for target in links(page):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                continue  # a URL, a mail address, an anchor on the same page
            seen += 1
            if not (page.parent / target.split("#", 1)[0]).exists():
                bad.append(f"{page.relative_to(ROOT)}: {target}")
    assert seen >= 20  # README.md's links at least
    assert not bad, "\n".join(bad)


def test_the_readme_links_into_the_documentation():
    targets = links(ROOT / "README.md")
    for page in ("docs/getting-started.md", "docs/rules.md", "docs/results/index.md"):
        assert page in targets
