"""Regenerate docs/figures/, the rendered notebooks of the documentation and every number the
studies page (docs/notebooks/index.md) and the study files quote, from the shipped defaults.

    python docs/figures/make_figures.py              # notebooks (figures) and quoted numbers
    python docs/figures/make_figures.py quotes       # only the quoted numbers (no figures)
    python docs/figures/make_figures.py quotes --fast --check   # what tests/packaging checks
    python docs/figures/make_figures.py strong --workers 2      # the 100,000-hand figure
    python docs/figures/make_figures.py ladder --keep out/ladder  # the ladder of every bot

``notebooks``: runs every notebook of notebooks/ top to bottom at its default size with
``SHENGJI_SAVE_FIGURES=docs/figures`` (each saves its summary figure there), writes the
executed notebook, outputs included, to docs/notebooks/ (the documentation renders
those; Sphinx never executes a notebook), prints its run time and the lines it prints (the
numbers the captions quote).  Needs the test extras
(nbclient, ipykernel, matplotlib; OpenSpiel for notebook 05).

``quotes``: runs the shipped studies (``shengji studies``) whose results the studies page and
the study files quote, and prints each quoted sentence as it must appear; ``--check`` fails
(exit 1) when a file does not hold it.  ``--fast`` leaves out the search-bot (pimc) runs,
which take minutes.

``strong``: runs the shipped study ``scoring_strong`` at its full size (100,000 hands under the
strongest practical play: CPU-minutes, see its file), then notebook 03 reading that run
(``SHENGJI_STRONG_RUN``), which draws docs/figures/03_scoring_strong.png from it; prints the
sentence the studies page quotes from it (``--check``: fail when the page does not hold it);
``--keep DIR`` keeps the run in DIR (and reuses a kept run, finishing it if interrupted).

``ladder``: runs the shipped study ``ladder`` (sim/ladder.toml: every built-in bot in a round
robin of duplicate duels on common deals, about an hour of one core; ``--keep DIR`` keeps the
run, and finishes or reuses a kept one), fits the ratings (``shengji.analysis.ladder``),
draws docs/figures/07_ladder.png and prints the rows of the table docs/evaluate.md quotes
(``--check``: fail when docs/evaluate.md does not hold them).
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
RENDERED = ROOT / "docs" / "notebooks"  # the executed notebooks the site renders
STUDIES = "docs/notebooks/index.md"  # the page that quotes the studies' results


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
    Quote(STUDIES, "duel", {}, _duel("`memory` beats `greedy` by")),
    Quote(STUDIES, "duel", {"team_a": "greedy", "team_b": "random"},
          _duel("`greedy` beats `random` by")),
    Quote(STUDIES, "duel", {"team_a": "memory", "team_b": "random"},
          _duel("`memory` beats `random` by")),
    Quote(STUDIES, "scoring", {"policy": "memory"}, _rate("`memory` in every seat:"), "levels"),
    Quote(STUDIES, "scoring", {"policy": "memory", "first_hand": True},
          _rate("`memory`, the declarer banking:"), "levels"),
    Quote(STUDIES, "scoring", {"policy": "greedy"}, _rate("`greedy` in every seat:"), "levels"),
    Quote(STUDIES, "scoring", {"policy": "greedy", "first_hand": True},
          _rate("`greedy`, the declarer banking:"), "levels"),
    Quote(STUDIES, "duel_pimc", {}, _duel("`pimc` beats `memory` by"), slow=True),
    Quote(STUDIES, "duel_swift", {}, _duel("`swift` against `pimc`:"), slow=True),
    Quote("sim/duel_swift.toml", "duel_swift", {}, _duel("`swift` against `pimc`:"), slow=True),
    Quote(STUDIES, "duel_infer", {}, _duel("pimc with inference against `pimc`:"),
          slow=True),
    Quote("sim/duel_infer.toml", "duel_infer", {}, _duel("pimc with inference against `pimc`:"),
          slow=True),
    Quote(STUDIES, "duel_infer", {"seed": 23420},
          _duel("pimc with inference against `pimc`:"), slow=True),
    Quote(STUDIES, "duel_pimc", {"team_b": "greedy"}, _duel("`pimc` beats `greedy` by"),
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
            RENDERED.mkdir(parents=True, exist_ok=True)
            nbformat.write(_relative(nb), RENDERED / path.name)
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


def _relative(nb):
    """The executed notebook with this checkout's paths in its printed output made relative
    to the repository (``saved docs/figures/...``): the documentation renders it, and
    nothing in the repository names a path outside it."""
    prefix = f"{ROOT}{os.sep}"
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                out["text"] = out["text"].replace(prefix, "")
            for key, value in out.get("data", {}).items():
                if key.startswith("text/") and isinstance(value, str):
                    out["data"][key] = value.replace(prefix, "")
    return nb


def strong_sentence(hands) -> str:
    """The sentence the studies page quotes from the scoring_strong run."""
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
        held = holds(STUDIES, text)
        print(
            f"{STUDIES}: {text}   {('ok' if held else 'NOT IN FILE') if check else ''}", flush=True
        )
        os.environ["SHENGJI_STRONG_RUN"] = str(out)
        try:
            notebooks(["03"])
        finally:
            os.environ.pop("SHENGJI_STRONG_RUN", None)
    return 1 if check and not held else 0


def ladder_rows(lad) -> list[str]:
    """The markdown rows docs/evaluate.md quotes: a bot, its rating and interval, deals."""
    return [
        f"| `{r.bot}` | {r.rating:+.1f} | [{r.low:+.1f}, {r.high:+.1f}] | {r.deals:,} |"
        for r in lad.ratings.itertuples()
    ]


def ladder(check: bool, workers: int | None, keep: str | None) -> int:
    import matplotlib

    matplotlib.use("Agg")
    from shengji.analysis import ladder as fit
    from shengji.studies.catalog import shipped

    with tempfile.TemporaryDirectory(prefix="shengji-ladder-") as tmp:
        out = Path(keep) if keep else Path(tmp) / "ladder"
        t0, c0 = time.perf_counter(), time.process_time() + _children_cpu()
        lad = fit(
            shipped()["ladder"],
            out=out,
            workers=workers,
            resume=bool(keep) and out.exists(),
            progress=True,
        )
        cpu = time.process_time() + _children_cpu() - c0
        print(f"ladder: {time.perf_counter() - t0:.0f} s wall, {cpu:.0f} CPU-s", flush=True)
        print(lad.table())
        ax = lad.plot()
        ax.figure.savefig(FIGURES / "07_ladder.png", dpi=120, bbox_inches="tight")
        held = True
        for row in ladder_rows(lad):
            ok = holds("docs/evaluate.md", row)
            held &= ok
            print(f"docs/evaluate.md: {row}   {('ok' if ok else 'NOT IN FILE') if check else ''}")
    return 1 if check and not held else 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument(
        "what",
        nargs="?",
        choices=("all", "notebooks", "quotes", "strong", "ladder"),
        default="all",
    )
    p.add_argument("--only", nargs="*", default=[], help="notebooks whose name starts so")
    p.add_argument("--fast", action="store_true", help="quotes: leave out the pimc runs")
    p.add_argument("--check", action="store_true", help="quotes: fail if a file lacks one")
    p.add_argument("--workers", type=int, help="worker processes for the studies")
    p.add_argument("--keep", metavar="DIR", help="strong, ladder: write (or reuse) the run in DIR")
    args = p.parse_args(argv)
    status = 0
    if args.what in ("all", "notebooks"):
        status |= notebooks(args.only)
    if args.what in ("all", "quotes"):
        status |= quotes(args.fast, args.check, args.workers)
    if args.what == "strong":
        status |= strong(args.check, args.workers, args.keep)
    if args.what == "ladder":
        status |= ladder(args.check, args.workers, args.keep)
    return status


if __name__ == "__main__":
    sys.exit(main())
