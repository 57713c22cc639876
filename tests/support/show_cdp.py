"""A small Chrome DevTools Protocol client for the browser tests: headless Chromium driven
over ``--remote-debugging-pipe`` (the protocol's JSON messages, NUL-separated, on the
browser's file descriptors 3 and 4), so that it needs nothing but the standard library.

It presses real keys and clicks real buttons (``Input.dispatchKeyEvent`` /
``dispatchMouseEvent``: trusted events, as a user's), reads every console error and
uncaught exception (``Runtime`` and ``Log`` events), and takes screenshots.
"""

from __future__ import annotations

import base64
import json
import os
import queue
import shutil
import subprocess
import tempfile
import threading
import time

CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")


def find_chromium() -> str | None:
    """The Chromium binary: ``$SHENGJI_CHROMIUM``, else the first of CANDIDATES on PATH."""
    given = os.environ.get("SHENGJI_CHROMIUM")
    if given:
        return shutil.which(given) or (given if os.access(given, os.X_OK) else None)
    for name in CANDIDATES:
        path = shutil.which(name)
        if path:
            return path
    return None


class CDPError(RuntimeError):
    pass


class Browser:
    """One headless Chromium with one page (``self.session``)."""

    def __init__(self, binary: str, width: int = 1280, height: int = 1000, timeout: float = 60):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="sj-chromium-")
        cmd_r, cmd_w = os.pipe()  # our commands -> the browser's fd 3
        res_r, res_w = os.pipe()  # the browser's fd 4 -> our replies and events
        args = [
            binary,
            "--headless=new",
            "--no-sandbox",  # CI runs as root
            "--disable-gpu",
            "--disable-extensions",
            "--disable-background-networking",
            "--no-first-run",
            "--no-default-browser-check",
            "--hide-scrollbars",
            "--mute-audio",
            "--remote-debugging-pipe",
            f"--user-data-dir={self.profile}",
            f"--window-size={width},{height}",
            "about:blank",
        ]
        # the shell moves the pipes to fds 3 and 4, where the browser expects them
        self.proc = subprocess.Popen(
            ["sh", "-c", 'exec "$@" 3<&0 4>&1 0</dev/null 1>/dev/null', "sh", *args],
            stdin=cmd_r,
            stdout=res_w,
            stderr=subprocess.DEVNULL,
        )
        os.close(cmd_r)
        os.close(res_w)
        self._w = os.fdopen(cmd_w, "wb", buffering=0)
        self._r = os.fdopen(res_r, "rb", buffering=0)
        self._id = 0
        self._replies: dict[int, dict] = {}
        self._inbox: queue.Queue = queue.Queue()
        self.events: list[dict] = []
        threading.Thread(target=self._read, daemon=True).start()
        try:
            targets = self.send("Target.getTargets")["targetInfos"]
            page = next(t for t in targets if t["type"] == "page")
            self.session = self.send(
                "Target.attachToTarget", {"targetId": page["targetId"], "flatten": True}
            )["sessionId"]
            for domain in ("Page", "Runtime", "Log"):
                self.page(f"{domain}.enable")
        except BaseException:
            self.close()
            raise

    # -- the pipe -------------------------------------------------------------------------
    def _read(self) -> None:
        buf = b""
        while True:
            try:
                chunk = self._r.read(65536)
            except OSError:
                chunk = b""
            if not chunk:
                self._inbox.put(None)
                return
            buf += chunk
            *messages, buf = buf.split(b"\0")
            for m in messages:
                self._inbox.put(json.loads(m))

    def _pump(self, until) -> None:
        deadline = time.monotonic() + self.timeout
        while not until():
            left = deadline - time.monotonic()
            if left <= 0:
                raise CDPError("timed out waiting for the browser")
            try:
                msg = self._inbox.get(timeout=left)
            except queue.Empty:
                continue
            if msg is None:
                raise CDPError("the browser went away")
            if "id" in msg:
                self._replies[msg["id"]] = msg
            else:
                self.events.append(msg)

    def send(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        self._id += 1
        ident = self._id
        msg = {"id": ident, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        self._w.write(json.dumps(msg).encode() + b"\0")
        self._pump(lambda: ident in self._replies)
        reply = self._replies.pop(ident)
        if "error" in reply:
            raise CDPError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    def page(self, method: str, params: dict | None = None) -> dict:
        return self.send(method, params, self.session)

    def wait_event(self, method: str, since: int = 0) -> dict:
        found: list[dict] = []

        def seen():
            found[:] = [e for e in self.events[since:] if e.get("method") == method]
            return bool(found)

        self._pump(seen)
        return found[0]

    # -- what a test does -----------------------------------------------------------------
    def open(self, url: str) -> None:
        """Load ``url`` and wait for its load event."""
        mark = len(self.events)
        self.page("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired", mark)

    def evaluate(self, expression: str):
        r = self.page("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in r:
            raise CDPError(f"{expression}: {r['exceptionDetails'].get('text')}")
        return r["result"].get("value")

    def press(self, key: str, code: int) -> None:
        """A real key press (keyDown, keyUp) of ``key`` (its DOM name, e.g. "ArrowRight",
        and Windows virtual key code, e.g. 39)."""
        for kind in ("rawKeyDown", "keyUp"):
            self.page(
                "Input.dispatchKeyEvent",
                {
                    "type": kind,
                    "key": key,
                    "code": key,
                    "windowsVirtualKeyCode": code,
                    "nativeVirtualKeyCode": code,
                },
            )

    def click(self, selector: str) -> None:
        """A real mouse click in the middle of the element ``selector``."""
        box = self.evaluate(
            f"(function(){{var r=document.querySelector({json.dumps(selector)})"
            ".getBoundingClientRect();return [r.x+r.width/2,r.y+r.height/2]})()"
        )
        x, y = box
        self.page("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})
        for kind in ("mousePressed", "mouseReleased"):
            self.page(
                "Input.dispatchMouseEvent",
                {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1},
            )

    def screenshot(self, path) -> None:
        data = self.page("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def errors(self, since: int = 0) -> list[str]:
        """Every console error, failed assertion, uncaught exception and error log entry
        (a failed load of a resource) among the events from number ``since`` on."""
        out = []
        for e in self.events[since:]:
            m, p = e.get("method"), e.get("params", {})
            if m == "Runtime.exceptionThrown":
                d = p["exceptionDetails"]
                out.append(
                    "exception: " + (d.get("exception", {}).get("description") or d.get("text"))
                )
            elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append(
                    f"console.{p['type']}: "
                    + " ".join(str(a.get("value", a.get("description"))) for a in p["args"])
                )
            elif m == "Log.entryAdded" and p["entry"].get("level") == "error":
                out.append(f"log: {p['entry'].get('text')} ({p['entry'].get('url', '')})")
        return out

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for f in (self._w, self._r):
            try:
                f.close()
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)
