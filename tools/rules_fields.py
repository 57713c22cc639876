"""Write the typed fields of ``Rules`` (src/shengji/rules/options.py) from ``OPTIONS``.

``Rules`` gets its dataclass fields at run time, one per row of ``OPTIONS``; type checkers
cannot see those, so the class declares them again under ``if TYPE_CHECKING:``, between two
marker comments.  This script rewrites that block from the table:

    python tools/rules_fields.py          # rewrite the block
    python tools/rules_fields.py --check  # exit 1 (and say so) when it is out of date

tests/gates/test_rules_fields.py fails when the block and ``OPTIONS`` differ.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OPTIONS_PY = ROOT / "src" / "shengji" / "rules" / "options.py"
BEGIN = "# --- begin fields generated from OPTIONS ---"
END = "# --- end fields generated from OPTIONS ---"
INDENT = " " * 8  # the block sits in ``class Rules:`` / ``if TYPE_CHECKING:``


def render() -> list[str]:
    """The block's lines (without the markers), from OPTIONS: those of the shengji that
    imports (installed, or on PYTHONPATH), else of this checkout's in-place build."""
    try:
        from shengji.rules.options import OPTIONS
    except ImportError:
        sys.path.insert(0, str(ROOT / "src"))
        try:
            from shengji.rules.options import OPTIONS
        except ImportError as exc:
            raise SystemExit(
                f"cannot import shengji ({exc}): build the core first "
                "(python setup.py build_ext --inplace -j 2, or pip install .)"
            ) from None
    return [f"{INDENT}{o.name}: {o.kind.annotation}" for o in OPTIONS]


def rewrite(text: str, block: list[str]) -> str:
    lines = text.split("\n")
    begin = [i for i, line in enumerate(lines) if line.strip() == BEGIN]
    end = [i for i, line in enumerate(lines) if line.strip() == END]
    if len(begin) != 1 or len(end) != 1 or end[0] < begin[0]:
        raise SystemExit(f"{OPTIONS_PY}: expected one {BEGIN!r} ... {END!r} block")
    return "\n".join(lines[: begin[0] + 1] + block + lines[end[0] :])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only check; exit 1 if stale")
    args = parser.parse_args(argv)
    text = OPTIONS_PY.read_text(encoding="utf-8")
    new = rewrite(text, render())
    if new == text:
        return 0
    if args.check:
        print(
            f"{OPTIONS_PY.relative_to(ROOT)}: the Rules fields differ from OPTIONS; "
            "run: python tools/rules_fields.py",
            file=sys.stderr,
        )
        return 1
    OPTIONS_PY.write_text(new, encoding="utf-8")
    print(f"wrote the Rules fields of {OPTIONS_PY.relative_to(ROOT)} ({len(render())} options)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
