"""The code blocks of README.md and of the documentation's pages, and how each is run.

A page's fenced blocks run in order, in one namespace and one working directory (a fresh
temporary one per page), as a reader would type them:

* ``python``: executed; with ``<!-- file: NAME -->`` right before it, written to NAME
  instead (a module the blocks after it import or name, e.g. ``shengji evaluate NAME:fn``);
* ``bash`` / ``console`` / ``sh``: run with bash when every command in it is a ``shengji``
  command (the ``shengji`` on PATH is this interpreter's ``python -m shengji``), or when the
  comment ``<!-- run -->`` comes right before it; a block of other commands (pip, git, a
  server) needs ``<!-- no-run: why -->`` right before it, and is not run (README.md's test
  command, after ``<!-- ci:test-command -->``, is run by ``.ci/run``);
* ``toml``: parsed; with ``<!-- file: NAME -->`` right before it, also written to NAME, so
  the blocks after it can run that study file.

Other languages (``text``) are shown, not run.  ``tests/docs/test_snippets.py`` runs each
page in a fresh interpreter: ``python tests/docs/snippets.py PAGE`` (in the directory to run
in) runs the page's blocks and exits 0; 1 when a block fails; 3 (``SKIP``) when a block
needs an optional library that is not installed.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SHELLS = ("bash", "console", "sh", "shell")
SKIP = 3  # the exit status of a page skipped for an optional library
OPTIONAL = {"pyspiel", "open_spiel", "pettingzoo", "gymnasium", "polars", "duckdb", "matplotlib"}
_FENCE = re.compile(r"^(?P<indent> *)(?P<fence>`{3,})(?P<lang>[\w+-]*)[^\n]*$")
_MARK = re.compile(r"^<!--\s*(?P<mark>[\w-]+)(?::\s*(?P<arg>.*?))?\s*-->\s*$")


@dataclass(frozen=True)
class Block:
    path: Path
    line: int  # of the opening fence, from 1
    lang: str
    code: str
    mark: str = ""  # the comment right before the block: "run", "no-run", "file", ...
    arg: str = ""  # its argument (the reason, the file name)

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def pages() -> list[Path]:
    """README.md and every Markdown page of the documentation (not the build's output)."""
    found = sorted(
        p
        for p in DOCS.rglob("*.md")
        if not p.relative_to(DOCS).parts[0].startswith("_")
        and "generated" not in p.relative_to(DOCS).parts
    )
    return [ROOT / "README.md", *found]


def blocks(path: Path) -> list[Block]:
    """The fenced code blocks of a Markdown file, with the marker comment before each."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out: list[Block] = []
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, indent = m.group("fence"), len(m.group("indent"))
        j = i + 1
        while j < len(lines) and not re.match(rf"^ {{0,{indent + 3}}}{fence}`*\s*$", lines[j]):
            j += 1
        code = "\n".join(line[indent:] for line in lines[i + 1 : j]) + "\n"
        k = i - 1
        while k >= 0 and not lines[k].strip():
            k -= 1
        mark = _MARK.match(lines[k].strip()) if k >= 0 else None
        out.append(
            Block(
                path,
                i + 1,
                m.group("lang").lower(),
                code,
                mark.group("mark") if mark else "",
                (mark.group("arg") or "") if mark else "",
            )
        )
        i = j + 1
    return out


def commands(code: str) -> list[str]:
    """The commands of a shell block: its lines without comments, continuations joined."""
    joined = re.sub(r"\\\n", " ", code)
    out = []
    for line in joined.splitlines():
        line = line.split(" #", 1)[0].strip() if not line.lstrip().startswith("#") else ""
        if line:
            out.append(line)
    return out


def shell_runs(block: Block) -> bool:
    """Whether a shell block is run (module docstring); ValueError when it is neither a
    shengji command block nor marked."""
    if block.mark == "no-run":
        if not block.arg:
            raise ValueError(f"{block.where}: <!-- no-run: ... --> needs its reason")
        return False
    if block.mark == "run":
        return True
    if block.mark == "ci" and block.arg == "test-command":  # .ci/run runs it, in a fresh venv
        return False
    cmds = commands(block.code)
    if cmds and all(c == "shengji" or c.startswith("shengji ") for c in cmds):
        return True
    raise ValueError(
        f"{block.where}: a shell block of other commands than shengji's ({cmds[:1]}): "
        "mark it <!-- run --> or <!-- no-run: why --> on the line before it"
    )


def run_page(path: Path, work: Path) -> int:
    """Run the page's blocks in order in ``work`` (module docstring); the exit status."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib

    namespace: dict = {"__name__": "__docs__"}
    for block in blocks(path):
        if block.lang == "python" and block.mark == "file":
            (work / block.arg).write_text(block.code)
        elif block.lang == "python":
            try:
                exec(compile(block.code, block.where, "exec"), namespace)
            except ModuleNotFoundError as exc:
                top = (exc.name or "").split(".")[0]
                if top in OPTIONAL and not os.environ.get("SHENGJI_REQUIRE_DOCS"):
                    print(f"SKIP: {block.where} needs {top}", flush=True)
                    return SKIP
                traceback.print_exc()
                return 1
            except BaseException:
                traceback.print_exc()
                return 1
        elif block.lang in SHELLS and shell_runs(block):
            sys.stdout.flush()
            res = subprocess.run(["bash", "-euo", "pipefail", "-c", block.code], cwd=work)
            if res.returncode:
                print(f"{block.where}: exit status {res.returncode}", file=sys.stderr)
                return 1
        elif block.lang == "toml":
            tomllib.loads(block.code)
            if block.mark == "file":
                (work / block.arg).write_text(block.code)
    return 0


if __name__ == "__main__":
    sys.exit(run_page(Path(sys.argv[1]).resolve(), Path.cwd()))
