"""Small reStructuredText writers for the generated reference pages."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path

_SPECIAL = re.compile(r"([\\*`|_\[\]<>])")


def text(s: str) -> str:
    """Plain text, with reStructuredText's markup characters escaped."""
    return _SPECIAL.sub(r"\\\1", " ".join(str(s).split()))


_CODE = re.compile(r"``(.+?)``")


def prose(s: str) -> str:
    """Text from a docstring or a table: its ````code```` spans kept as inline code, the
    rest escaped (:func:`text`)."""
    flat = " ".join(str(s).split())
    out, at = [], 0
    for m in _CODE.finditer(flat):
        out.append(_SPECIAL.sub(r"\\\1", flat[at : m.start()]))
        out.append(literal(m.group(1)))
        at = m.end()
    out.append(_SPECIAL.sub(r"\\\1", flat[at:]))
    return "".join(out)


def literal(s: object) -> str:
    """Inline code (``s``); empty for an empty string."""
    s = " ".join(str(s).split())
    if not s:
        return ""
    if "``" in s or s.startswith("`") or s.endswith("`"):
        return text(s)
    return f"``{s}``"


def title(s: str, mark: str = "=") -> list[str]:
    return [s, mark * max(len(s), 3), ""]


def list_table(
    header: Sequence[str],
    rows: Iterable[Sequence[str]],
    *,
    widths: Sequence[int] | None = None,
    klass: str = "",
) -> list[str]:
    """A ``list-table`` of cells already written as reStructuredText."""
    out = [".. list-table::", "   :header-rows: 1"]
    if widths:
        out.append("   :widths: " + " ".join(map(str, widths)))
    if klass:
        out.append(f"   :class: {klass}")
    out.append("")
    for row in [list(header), *map(list, rows)]:
        for i, cell in enumerate(row):
            lines = str(cell).splitlines() or [""]
            lead = "   * - " if i == 0 else "     - "
            out.append(lead + lines[0])
            out.extend("       " + line for line in lines[1:])
    out.append("")
    return out


def literal_block(lines: Iterable[str], language: str = "text") -> list[str]:
    out = [f".. code-block:: {language}", ""]
    out.extend(("   " + line).rstrip() for line in lines)
    out.append("")
    return out


def write(path: Path, lines: Iterable[str]) -> bool:
    """Write ``path`` when its text changed (Sphinx rereads only what changed); True if
    written."""
    body = "\n".join(lines).rstrip() + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_file() and path.read_text(encoding="utf-8") == body:
        return False
    path.write_text(body, encoding="utf-8")
    return True
