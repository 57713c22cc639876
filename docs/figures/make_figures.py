"""Regenerate docs/figures/ and every number README.md and the study files quote, from the
shipped defaults.

    python docs/figures/make_figures.py              # notebooks (figures) and quoted numbers
    python docs/figures/make_figures.py quotes       # only the quoted numbers (no figures)
    python docs/figures/make_figures.py quotes --fast --check   # what tests/packaging checks
    python docs/figures/make_figures.py strong --workers 2      # the 100,000-hand figure

``notebooks``: runs every notebook of notebooks/ top to bottom at its default size with
``SHENGJI_SAVE_FIGURES=docs/figures`` (each saves its summary figure there), prints its run
time and the lines it prints (the numbers the captions quote).  Needs the test extras
(nbclient, ipykernel, matplotlib; OpenSpiel for notebook 05).

``quotes``: runs the shipped studies (``shengji studies``) whose results README.md and the
study files quote, and prints each quoted sentence as it must appear; ``--check`` fails
(exit 1) when a file does not hold it.  ``--fast`` leaves out the search-bot (pimc) runs,
which take minutes.

``strong``: runs the shipped study ``scoring_strong`` at its full size (100,000 hands under the
strongest practical play: CPU-minutes, see its file), then notebook 03 reading that run
(``SHENGJI_STRONG_RUN``), which draws docs/figures/03_scoring_strong.png from it; prints the
sentence README.md quotes from it (``--check``: fail when README.md does not hold it);
``--keep DIR`` keeps the run in DIR (and reuses a kept run, finishing it if interrupted).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIGURES = ROOT / "docs" / "figures"


@dataclass(frozen=True)
class Quote:
    """A sentence quoted in ``where`` and the run that gives it."""

    where: str  # file, relative to the repository
    study: str  # a shipped study's name
    keys: dict  # overrides of its defaults
    text: object  # (result) -> the quoted sentence
    read: str = "duel"  # "duel" (duel_summary) or "levels" (the scoring hands' level-up rate)
    slow: bool = False


def _duel(lead: str):
    """The sentence of a duel's summary after ``lead`` (which ends with its joining word:
    "`pimc` beats `memory` by", "`swift` against `pimc`:")."""

    def text(s: dict) -> str:
        p, lv = s["points"], s["levels"]
        return (
            f"{lead} {p['mean']:+.1f} defender points per deal "
            f"[{p['low']:+.1f}, {p['high']:+.1f}] and {lv['mean']:+.2f} levels"
        )

    return text


def _rate(label: str):
    return lambda r: f"{label} {100 * r:.1f}%"


QUOTES = [
    Quote("README.md", "duel", {}, _duel("`memory` beats `greedy` by")),
    Quote("README.md", "duel", {"team_a": "greedy", "team_b": "random"},
          _duel("`greedy` beats `random` by")),
    Quote("README.md", "duel", {"team_a": "memory", "team_b": "random"},
          _duel("`memory` beats `random` by")),
    Quote("README.md", "scoring", {"policy": "memory"}, _rate("`memory` in every seat:"), "levels"),
    Quote("README.md", "scoring", {"policy": "memory", "first_hand": True},
          _rate("`memory`, the declarer banking:"), "levels"),
    Quote("README.md", "scoring", {"policy": "greedy"}, _rate("`greedy` in every seat:"), "levels"),
    Quote("README.md", "scoring", {"policy": "greedy", "first_hand": True},
          _rate("`greedy`, the declarer banking:"), "levels"),
    Quote("README.md", "duel_pimc", {}, _duel("`pimc` beats `memory` by"), slow=True),
    Quote("README.md", "duel_swift", {}, _duel("`swift` against `pimc`:"), slow=True),
    Quote("sim/duel_swift.toml", "duel_swift", {}, _duel("`swift` against `pimc`:"), slow=True),
    Quote("README.md", "duel_infer", {}, _duel("pimc with inference against `pimc`:"),
          slow=True),
    Quote("sim/duel_infer.toml", "duel_infer", {}, _duel("pimc with inference against `pimc`:"),
          slow=True),
    Quote("README.md", "duel_infer", {"seed": 23420},
          _duel("pimc with inference against `pimc`:"), slow=True),
    Quote("README.md", "duel_pimc", {"team_b": "greedy"}, _duel("`pimc` beats `greedy` by"),
          slow=True),
    Quote("sim/duel_pimc.toml", "duel_pimc", {}, _duel("`pimc` beats `memory` by"), slow=True),
]  # fmt: skip


def produce(quote: Quote, out: Path, workers: int | None = None) -> str:
    """Run the quote's study (its shipped defaults plus its keys) and return the sentence."""
    from shengji.analysis import duel_summary, load, run
    from shengji.studies.catalog import shipped

    # the shipped file (a bare name that is also a kind would be the kind's defaults)
    run(shipped()[quote.study], out, workers=workers, overwrite=True, **quote.keys)
    if quote.read == "duel":
        return quote.text(duel_summary(out))
    hands = load(out)
    return quote.text(float((hands["level_side"].astype(str) == "banker").mean()))


def holds(where: str, text: str) -> bool:
    """Whether the file quotes ``text`` (line breaks and spacing aside: the files wrap)."""
    body = (ROOT / where).read_text(encoding="utf-8")
    return " ".join(text.split()) in " ".join(body.replace("#", " ").split())


def quotes(fast: bool, check: bool, workers: int | None) -> int:
    bad = 0
    with tempfile.TemporaryDirectory(prefix="shengji-figures-") as tmp:
        for i, q in enumerate(QUOTES):
            if fast and q.slow:
                continue
            t0 = time.perf_counter()
            text = produce(q, Path(tmp) / f"q{i}", workers)
            held = holds(q.where, text)
            mark = "ok" if held else "NOT IN FILE"
            extra = " ".join(f"{k}={v}" for k, v in q.keys.items())
            print(
                f"{q.where}: {text}   [shengji run {q.study} {extra}".rstrip()
                + f"; {time.perf_counter() - t0:.0f} s] {mark if check else ''}".rstrip(),
                flush=True,
            )
            bad += check and not held
    return 1 if bad else 0


def _children_cpu() -> float:
    """CPU seconds of the finished child processes (a notebook's kernel, once it exits)."""
    import resource

    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def notebooks(only: list[str]) -> int:
    import nbclient
    import nbformat

    env_before = dict(os.environ)
    os.environ["SHENGJI_SAVE_FIGURES"] = str(FIGURES)
    os.environ["MPLBACKEND"] = "Agg"
    os.environ.pop("SHENGJI_NOTEBOOK_N", None)
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(Path(__import__("shengji").__file__).resolve().parents[1])]
        + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    )
    try:
        for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
            if only and not any(path.stem.startswith(o) for o in only):
                continue
            nb = nbformat.read(path, as_version=4)
            with tempfile.TemporaryDirectory(prefix="shengji-nb-") as tmp:
                os.environ["SHENGJI_NOTEBOOK_OUT"] = tmp
                t0, c0 = time.perf_counter(), _children_cpu()
                nbclient.NotebookClient(
                    nb, timeout=1800, resources={"metadata": {"path": tmp}}
                ).execute()
                seconds, cpu = time.perf_counter() - t0, _children_cpu() - c0
            print(
                f"== {path.name}: {seconds:.0f} s wall, {cpu:.0f} CPU-s (its kernel and "
                "workers) at its default size",
                flush=True,
            )
            for cell in nb.cells:
                for o in cell.get("outputs", []):
                    if o.get("output_type") == "stream":
                        print("   " + o["text"].rstrip().replace("\n", "\n   "))
                    elif o.get("output_type") == "execute_result":  # a table: its head
                        lines = o["data"].get("text/plain", "").splitlines()[:12]
                        print("   | " + "\n   | ".join(lines))
    finally:
        os.environ.clear()
        os.environ.update(env_before)
    return 0


def strong_sentence(hands) -> str:
    """The sentence README.md quotes from the scoring_strong run."""
    from shengji.game.botspec import parse_bot
    from shengji.stats import mean_interval, wilson

    d = hands.defender_points.astype(int).to_numpy().astype(float)
    mean, half = mean_interval(len(d), float(d.sum()), float((d * d).sum()))
    up = int((hands["level_side"].astype(str) == "banker").sum())
    lo, hi = wilson(up, len(d))
    bot = parse_bot("policy", hands.attrs["shengji"]["options"]["policy"]).label
    return (
        f"`{bot}` in all four seats, {len(d):,} hands: the defenders take {mean:.1f} ± {half:.1f} "
        f"points and the banker team keeps the bank in {100 * up / len(d):.1f}% "
        f"[{100 * lo:.1f}%, {100 * hi:.1f}%]"
    )


def strong(check: bool, workers: int | None, keep: str | None) -> int:
    from shengji.analysis import load, run
    from shengji.studies.catalog import shipped

    with tempfile.TemporaryDirectory(prefix="shengji-strong-") as tmp:
        out = Path(keep) if keep else Path(tmp) / "scoring_strong"
        if keep and (out / "hands").is_dir():  # a kept run: finish it (same bytes) or reuse it
            import subprocess

            cmd = [sys.executable, "-m", "shengji", "run", str(shipped()["scoring_strong"])]
            cmd += ["--out", str(out), "--resume", "--quiet"]
            subprocess.run(cmd + (["--workers", str(workers)] if workers else []), check=True)
        else:
            t0, c0 = time.perf_counter(), time.process_time() + _children_cpu()
            run(shipped()["scoring_strong"], out, workers=workers, overwrite=True)
            cpu = time.process_time() + _children_cpu() - c0
            print(
                f"scoring_strong: {time.perf_counter() - t0:.0f} s wall, {cpu:.0f} CPU-s",
                flush=True,
            )
        text = strong_sentence(load(out))
        held = holds("README.md", text)
        print(
            f"README.md: {text}   {('ok' if held else 'NOT IN FILE') if check else ''}", flush=True
        )
        os.environ["SHENGJI_STRONG_RUN"] = str(out)
        try:
            notebooks(["03"])
        finally:
            os.environ.pop("SHENGJI_STRONG_RUN", None)
    return 1 if check and not held else 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument(
        "what", nargs="?", choices=("all", "notebooks", "quotes", "strong"), default="all"
    )
    p.add_argument("--only", nargs="*", default=[], help="notebooks whose name starts so")
    p.add_argument("--fast", action="store_true", help="quotes: leave out the pimc runs")
    p.add_argument("--check", action="store_true", help="quotes: fail if a file lacks one")
    p.add_argument("--workers", type=int, help="worker processes for the studies")
    p.add_argument("--keep", metavar="DIR", help="strong: write (or reuse) the run in DIR")
    args = p.parse_args(argv)
    status = 0
    if args.what in ("all", "notebooks"):
        status |= notebooks(args.only)
    if args.what in ("all", "quotes"):
        status |= quotes(args.fast, args.check, args.workers)
    if args.what == "strong":
        status |= strong(args.check, args.workers, args.keep)
    return status


if __name__ == "__main__":
    sys.exit(main())
