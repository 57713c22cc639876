"""The built documentation site in a real browser (issue 32): headless Chromium opens the
front page, an API page and the search (served over HTTP, as a reader's browser gets them),
with no console error, and the search for ``advise`` finds ``shengji.advise``.
Screenshots are kept as the run's artifacts (``artifacts/docs-*.png`` under the repository,
or ``$SHENGJI_ARTIFACTS``).

The browser is the replay viewer's test's (``tests/support/show_cdp.py``, headless Chromium
over the DevTools protocol): skipped without a Chromium, unless ``$SHENGJI_REQUIRE_BROWSER``
is set (CI, after ``.ci/browser``); without a built site, see ``tests/docs/site.py``."""

from __future__ import annotations

import functools
import os
import shutil
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.docs.site import ROOT, site
from tests.support import show_cdp

CHROMIUM = show_cdp.find_chromium()
NO_CHROMIUM = (
    "no Chromium on PATH (Debian: apt-get install -y chromium; .ci/browser does it); "
    "$SHENGJI_CHROMIUM names another binary"
)
if CHROMIUM is None and os.environ.get("SHENGJI_REQUIRE_BROWSER"):  # CI: fail, never skip
    raise RuntimeError(f"SHENGJI_REQUIRE_BROWSER is set but there is {NO_CHROMIUM}")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)
ARTIFACTS = Path(os.environ.get("SHENGJI_ARTIFACTS") or ROOT / "artifacts")


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="module")
def served():
    """The built site over HTTP on a free local port: its base URL."""
    handler = functools.partial(_Quiet, directory=str(site()))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser():
    b = show_cdp.Browser(CHROMIUM)
    yield b
    b.close()


def _keep(b, name: str, tmp_path: Path) -> Path:
    shot = tmp_path / name
    b.screenshot(shot)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    dst = ARTIFACTS / name
    shutil.copyfile(shot, dst)
    print(f"screenshot: {dst}")
    assert dst.stat().st_size > 10_000  # a drawn page, not a blank one
    return dst


def _wait(b, expression: str, timeout: float = 30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = b.evaluate(expression)
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {expression}")


def test_the_front_page(browser, served, tmp_path):
    mark = len(browser.events)
    browser.open(f"{served}/index.html")
    assert "shengji" in browser.evaluate("document.title")
    assert browser.evaluate("document.querySelector('h1').textContent").startswith("shengji")
    nav = browser.evaluate(
        "Array.from(document.querySelectorAll('nav a')).map(a => a.textContent.trim())"
    )
    for section in ("Getting started", "Tutorials", "Reference", "Results"):
        assert section in nav, nav
    assert browser.evaluate("document.querySelector('img').naturalWidth") > 100  # the figure
    _keep(browser, "docs-front.png", tmp_path)
    assert browser.errors(mark) == []


def test_an_api_page(browser, served, tmp_path):
    mark = len(browser.events)
    browser.open(f"{served}/reference/generated/api/shengji.load.html")
    signature = browser.evaluate("document.querySelector('dt.sig').textContent")
    assert "shengji.load" in signature and "path" in signature
    sections = browser.evaluate(
        "Array.from(document.querySelectorAll('dl.field-list dt, p.rubric'))"
        ".map(e => e.textContent.trim())"
    )
    assert any(s.startswith("Parameters") for s in sections), sections
    _keep(browser, "docs-api-load.png", tmp_path)
    assert browser.errors(mark) == []


def test_the_search_finds_advise(browser, served, tmp_path):
    mark = len(browser.events)
    browser.open(f"{served}/search.html?q=advise")
    hits = _wait(
        browser,
        "(function(){var a=Array.from(document.querySelectorAll('#search-results li a'));"
        "return a.length ? a.map(x => x.getAttribute('href')) : null})()",
    )
    assert any("shengji.advise.html" in h for h in hits), hits
    _keep(browser, "docs-search-advise.png", tmp_path)
    assert browser.errors(mark) == []
