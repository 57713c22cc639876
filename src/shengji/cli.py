"""The ``shengji`` command line.  Parsing, messages and the summary only; no logic.

Bad input, a refused or failed run get one line on stderr (``shengji: error: ...``), no
traceback; exit status 2 when nothing was written, 1 when a run failed part-way (its
finished chunks are kept for ``--resume``), 130/143 when interrupted by Ctrl-C/SIGTERM.
"""

from __future__ import annotations

import argparse
import os
import shlex
import signal
import sys
from pathlib import Path

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT
EXIT_TERMINATED = 143  # 128 + SIGTERM


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one clear line instead of usage + message
        raise _UsageError(
            f"{message} (see 'shengji {self.prog.split()[-1]} --help')"
            if " " in self.prog
            else message
        )


class _UsageError(Exception):
    pass


class _Terminated(BaseException):
    """SIGTERM, raised in the main thread so that the run shuts its workers down and
    releases its directory on the way out, as for Ctrl-C."""


def _on_sigterm(signum, frame):
    raise _Terminated()


def _version() -> str:
    from shengji.names import VERSION

    return f"shengji {VERSION}"


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be > 0, got {value}")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a non-negative integer, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, got {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    from shengji.game.botspec import BOT_PRESETS
    from shengji.names import BOT_NAMES

    p = _Parser(prog="shengji", description="Monte Carlo studies of Shengji (Tractor).")
    p.add_argument("--version", action="version", version=_version())
    sub = p.add_subparsers(dest="command", parser_class=_Parser)
    r = sub.add_parser(
        "run", help="run a study: a shipped study's name (see 'shengji studies') or a TOML file"
    )
    r.add_argument(
        "study",
        help="a shipped study's name, e.g. quickstart (list: 'shengji studies'), or a study "
        "file, e.g. sim/quickstart.toml",
    )
    r.add_argument("--n", type=_positive_int, help="number of items (overrides the file)")
    r.add_argument("--seed", type=_seed, help="seed (overrides the file)")
    r.add_argument("--out", help="output directory (default: out/<study name>)")
    r.add_argument(
        "--workers",
        type=_positive_int,
        help="worker processes (default: all cores); with --engine dask, the size "
        "of the LocalCluster",
    )
    r.add_argument(
        "--engine",
        choices=("local", "dask"),
        help="local: processes on this machine (default); dask: a dask.distributed "
        'cluster (needs dask.distributed: pip install "dask[distributed]")',
    )
    r.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="join this Dask scheduler, e.g. tcp://10.0.0.5:8786 (implies --engine "
        "dask); its workers write to --out, which must be on a shared filesystem",
    )
    r.add_argument("--overwrite", action="store_true", help="replace an earlier run's output")
    r.add_argument(
        "--resume",
        action="store_true",
        help="finish an interrupted run in --out (same study and options): keep its "
        "finished chunks whose checksums match, redo the rest",
    )
    r.add_argument(
        "--quiet",
        action="store_true",
        help="no progress (by default: a bar on a terminal, else a line per 10%%)",
    )
    sub.add_parser(
        "studies",
        help="list the studies that ship with shengji, with what each one does",
    )
    sub.add_parser(
        "bots",
        help="list the built-in bots and each one's parameters (defaults, allowed values), "
        "as --bot, a study file and HandState.bot_action take them",
    )
    ru = sub.add_parser(
        "rules",
        help="list the presets and their sources, or show every option "
        "of one preset (docs/rules.md §9-10)",
    )
    ru.add_argument("preset", nargs="?", help="a preset name, e.g. club-84022 (none: list them)")
    a = sub.add_parser(
        "advise",
        help="what a 25-card hand is worth under each trump it could "
        "declare, and passing (Monte Carlo, with intervals)",
    )
    a.add_argument(
        "--hand",
        required=True,
        help='the 25 cards, e.g. "AS AS KS 2S 2H ... SJ BJ" (ranks 2-9 T J Q K A, '
        "suits S H C D, jokers SJ BJ)",
    )
    a.add_argument("--level", required=True, help="the rank being played, 2..A")
    a.add_argument(
        "--preset", default="standard", help="rule preset (default: standard; see 'shengji rules')"
    )
    a.add_argument(
        "--seat",
        type=int,
        default=0,
        choices=range(4),
        metavar="0..3",
        help="the hand's seat (dealing position; default 0)",
    )
    a.add_argument(
        "--bot",
        default="greedy",
        help=f"the bot playing every seat: {', '.join(BOT_NAMES)} or a preset "
        f"({', '.join(BOT_PRESETS)}), with parameters as name(key=value, ...), e.g. "
        "'pimc(samples=8)' (default greedy; every bot, preset and parameter: shengji bots)",
    )
    a.add_argument("--n", type=_positive_int, help="deals per option (default 1000)")
    a.add_argument("--seed", type=_seed, default=0, help="seed of the deals (default 0)")
    a.add_argument(
        "--where",
        help="condition the other cards, as a study's [deal] where: e.g. "
        "'seat2.big_jokers >= 1' (docs/conditional-deals.md)",
    )
    a.add_argument(
        "--fix",
        action="append",
        metavar="SLOT=CARDS",
        help="fix cards to another seat or the kitty, e.g. --fix 'kitty=5S 5S' (repeatable)",
    )
    a.add_argument("--quiet", action="store_true", help="no progress bar")
    _evaluate_parser(sub)
    _ladder_parser(sub)
    _almanac_parser(sub)
    sh = sub.add_parser(
        "show",
        help="an HTML page that steps through one played hand of a scoring or match run, "
        "trick by trick (written to stdout: shengji show OUT --hand H > hand.html)",
    )
    sh.add_argument("out", help="the run's output directory, e.g. out/scoring")
    sh.add_argument("--hand", type=int, required=True, help="the row's hand key")
    sh.add_argument("--match", type=int, help="the row's match key (a match run)")
    return p


def cmd_run(args) -> int:
    from shengji.runner import run_study
    from shengji.studies.base import load_study_file, make_config
    from shengji.studies.catalog import resolve

    path = resolve(args.study)
    data = load_study_file(path)
    kind, cfg = make_config(data, source=str(path), overrides={"n": args.n, "seed": args.seed})
    out = Path(args.out) if args.out else Path("out") / path.stem
    # a sweep's cells each have their options (a swept bot is in a cell's, not the base's)
    cell_options = [c.cfg.options for c in getattr(cfg, "cells", ())]
    for key in dict.fromkeys(
        k for o in [cfg.options, *cell_options] for k in _unreproducible_bots(o)
    ):
        print(
            f"shengji: note: {key}: time_budget_ms > 0 makes the bot's choices depend on "
            "this machine's speed and load: the data will not be reproducible from the seed",
            file=sys.stderr,
        )
    if args.engine == "local" and args.scheduler:
        raise _UsageError("--scheduler needs --engine dask")
    engine = args.engine or ("dask" if args.scheduler else "local")
    args._out = out
    command = "shengji " + " ".join(shlex.quote(a) for a in args._argv)
    result = run_study(
        kind,
        cfg,
        out,
        workers=args.workers,
        overwrite=args.overwrite,
        quiet=args.quiet,
        engine=engine,
        scheduler=args.scheduler,
        resume=args.resume,
        command=command,
    )
    rate = result.items / result.seconds if result.seconds > 0 else float("inf")
    if args.resume and (result.reused or result.redone):
        fresh = result.chunks - result.reused
        note = (
            f"resumed: {result.reused} of {result.chunks} chunks were done, {fresh} run now"
            if fresh
            else f"resumed: the run was already complete ({result.chunks} chunks verified)"
        )
        if result.redone:
            shown = ", ".join(map(str, result.redone[:10])) + (
                ", ..." if len(result.redone) > 10 else ""
            )
            note += f" ({len(result.redone)} with damaged files redone: chunks {shown})"
        print(note)
        print(
            f"{cfg.study}: {result.items:,} {kind.unit}, {fresh} chunks in {result.seconds:.2f} s "
            f"({engine}), preset {cfg.preset}, level {cfg.level}, seed {cfg.seed}"
        )
    else:
        print(
            f"{cfg.study}: {result.items:,} {kind.unit} in {result.seconds:.2f} s "
            f"({rate:,.0f} {kind.unit}/s), preset {cfg.preset}, level {cfg.level}, seed {cfg.seed}"
        )
    for line in result.summary:
        print("  " + line)
    print(
        f"data: {result.out}/ ({', '.join(t + '/' for t in result.tables)}) — "
        f"pandas.read_parquet('{result.out}/{result.tables[0]}')"
    )
    return 0


def _unreproducible_bots(options: dict) -> list[str]:
    """The option keys holding a bot whose choices depend on the machine (a time budget)."""
    from shengji.game.botspec import BotSpec

    return [
        key
        for key, value in options.items()
        if isinstance(value, BotSpec) and not value.reproducible
    ]


def cmd_studies(args) -> int:
    """``shengji studies``: the shipped studies, their kind and one-line description."""
    from shengji.studies.catalog import descriptions
    from shengji.studies.catalog import files_dir as shipped_dir

    rows = descriptions()
    if not rows:
        raise _UsageError("no shipped studies found (a broken install?)")
    wn = max(len(r[0]) for r in rows)
    wk = max(len(r[1]) for r in rows)
    for name, kind, text in rows:
        print(f"{name:<{wn}}  {kind:<{wk}}  {text}")
    print(
        "run one: shengji run NAME (e.g. shengji run quickstart --out out/q); "
        f"the files are in {shipped_dir()}"
    )
    return 0


def cmd_bots(args) -> int:
    """``shengji bots``: the bot table -- every bot, what it does, whose bids it makes, and
    each parameter with its default, allowed values and doc."""
    from shengji.game.botspec import BOTS

    for bot in BOTS:
        searches = "; a search bot (studies use small chunks)" if bot.searches else ""
        print(f"{bot.name}: {bot.doc} (bids as {bot.bids or 'its own'}{searches})")
        width = max((len(p.name) for p in bot.params), default=0)
        for p in bot.params:
            print(f"  {p.name:<{width}}  default {p.default!r}; {p.kind.values()}: {p.doc}")
        for s in bot.presets:
            settings = ", ".join(f"{k}={v}" for k, v in s.params)
            print(f"  preset {s.name}: {bot.name}({settings}): {s.doc}")
    print(
        "a bot with parameters: --bot 'pimc(samples=8, rollout=greedy)', in a study file "
        'policy = {bot = "pimc", samples = 8}; a preset in place of its bot\'s name: '
        '--bot pimc_infer, policy = {bot = "pimc_infer", samples = 8}; '
        'docs/hand-engine.md, "The bots"'
    )
    return 0


def cmd_rules(args) -> int:
    """``shengji rules``: every preset with its source and what it changes; ``shengji rules
    PRESET``: its source and every option, marking those that differ from the defaults."""
    import difflib
    import unicodedata

    from shengji.rules.options import PRESET_SOURCES, PRESETS, Rules
    from shengji.studies.sweep import label as shown  # a value as text: null, true, [J, A]

    def cols(text: str) -> int:
        # the sources quote Chinese titles: wide characters take two terminal columns
        return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)

    def pad(text: str, width: int) -> str:
        return text + " " * max(0, width - cols(text))

    if args.preset is None:
        rows = [("preset", "source", "differs from the defaults in")] + [
            (
                name,
                PRESET_SOURCES[name],
                ", ".join(f"{k}={shown(v)}" for k, v in Rules.preset(name).differences().items())
                or "(the defaults)",
            )
            for name in PRESETS
        ]
        wn = max(cols(r[0]) for r in rows)
        ws = max(cols(r[1]) for r in rows)
        for name, source, differs in rows:
            print(f"{pad(name, wn)}  {pad(source, ws)}  {differs}")
        print(
            "every option of one preset: shengji rules PRESET; the rules, the options and the "
            "presets: docs/rules.md §9-10"
        )
        return 0
    if args.preset not in PRESETS:
        close = difflib.get_close_matches(args.preset.lower(), list(PRESETS), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise _UsageError(
            f"unknown preset {args.preset!r}{hint}; allowed presets: " + ", ".join(PRESETS)
        )
    rules = Rules.preset(args.preset)
    diff = rules.differences()
    defaults = Rules().to_dict()
    print(f"preset {args.preset}")
    print(f"source: {PRESET_SOURCES[args.preset]}")
    options = rules.to_dict()
    width = max(len(f"{k} = {shown(v)}") for k, v in options.items())
    for key, value in options.items():
        text = f"{key} = {shown(value)}"
        if key in diff:
            print(f" * {text:<{width}}  (default {shown(defaults[key])})")
        else:
            print(f"   {text}")
    n = len(diff)
    print(
        f"* differs from the defaults ({n} option{'s' if n != 1 else ''}); the options are "
        "explained in docs/rules.md §9, the preset's source in §10"
    )
    return 0


def cmd_advise(args) -> int:
    """``shengji advise``: shengji.advise's table for one hand."""
    from shengji.analysis.advisor import DEFAULT_N, advise
    from shengji.game.botspec import parse_bot
    from shengji.rules.options import PRESETS

    if args.preset not in PRESETS:
        raise _UsageError(
            f"--preset: unknown preset {args.preset!r}; allowed presets: " + ", ".join(PRESETS)
        )
    bot = parse_bot("--bot", args.bot)  # the flag's edge: its messages name --bot
    deal = None
    if args.fix:
        deal = {}
        for item in args.fix:
            slot, sep, cards = item.partition("=")
            if not sep or not slot.strip():
                raise _UsageError(f'--fix: expected SLOT=CARDS (e.g. seat2="BJ SJ"), got {item!r}')
            if slot.strip() in deal:
                raise _UsageError(f"--fix: {slot.strip()} given twice")
            deal[slot.strip()] = cards
        if args.where is not None:
            deal["where"] = args.where
    result = advise(
        args.hand,
        args.level,
        rules=args.preset,
        seat=args.seat,
        bot=bot,
        n=args.n or DEFAULT_N,
        seed=args.seed,
        progress=not args.quiet,
        deal=deal,
        where=args.where if deal is None else None,
    )
    print(result.table())
    return 0


def cmd_show(args) -> int:
    """``shengji show``: the replay viewer's page of one row (shengji.analysis.show)."""
    from shengji.analysis.show import show_page

    page = show_page(args.out, args.hand, args.match)  # all of it before a byte is written
    sys.stdout.write(page)
    sys.stdout.flush()
    return 0


def _run_flags(p) -> None:
    """The flags an evaluation and a ladder share with ``shengji run``."""
    p.add_argument("--seed", type=_seed, help="seed of the deals")
    p.add_argument("--out", help="output directory for the rows (resumable; default: none)")
    p.add_argument("--workers", type=_positive_int, help="worker processes")
    p.add_argument("--overwrite", action="store_true", help="replace an earlier run's output")
    p.add_argument("--resume", action="store_true", help="finish an interrupted run in --out")
    p.add_argument("--quiet", action="store_true", help="no progress")


def _evaluate_parser(sub) -> None:
    e = sub.add_parser(
        "evaluate",
        help="an agent (MODULE:NAME, or a built-in bot) against a built-in bot in the "
        "duplicate duel: the swing per deal with 95%% intervals (docs/evaluate.md)",
    )
    e.add_argument(
        "agent",
        help="MODULE:NAME (or path/file.py:NAME) of a Python bot fn(observation, rng), a "
        "batched policy (--batched) or an OpenSpiel bot; or a built-in bot, e.g. memory, "
        "'pimc(samples=8)'",
    )
    e.add_argument("--against", default="pimc", help="the built-in bot (default pimc)")
    e.add_argument("--n", type=_positive_int, default=2000, help="deals (default 2000)")
    e.add_argument("--preset", default="standard", help="rule preset (default standard)")
    e.add_argument("--level", default="2", help="both teams' level (default 2)")
    e.add_argument("--bid-policy", default="eager", help="how the deals are bid (default eager)")
    e.add_argument(
        "--batched",
        action="store_true",
        help="the agent is a batched policy fn(observations, action_masks[, rng])",
    )
    e.add_argument(
        "--illegal",
        choices=("raise", "replace"),
        default="raise",
        help="an illegal decision stops the run (raise, default) or is refused, counted "
        "and replaced by a random legal one (replace)",
    )
    _run_flags(e)


def _ladder_parser(sub) -> None:
    lp = sub.add_parser(
        "ladder",
        help="ratings of bots from a round robin of duplicate duels: run a ladder study "
        "file (e.g. sim/ladder.toml, or the name ladder), or fit a finished run's directory",
    )
    lp.add_argument("source", help="a ladder study file or name, or a ladder run's directory")
    lp.add_argument("--n", type=_positive_int, help="deals of a full-size pair (overrides)")
    lp.add_argument("--metric", choices=("points", "levels"), default="points")
    lp.add_argument(
        "--link",
        choices=("tanh", "linear"),
        default="tanh",
        help="the swing at a rating gap: saturating (tanh, where it pays) or linear",
    )
    lp.add_argument("--anchor", help="the bot rated 0 (default: the file's, else greedy)")
    lp.add_argument("--plot", metavar="PNG", help="write the ladder's plot there")
    _run_flags(lp)


def _almanac_parser(sub) -> None:
    al = sub.add_parser(
        "almanac",
        help="every headline analysis under the net bot, as ordinary studies, reduced to "
        "tidy tables DIR/*.parquet and DIR/manifest.json (docs/results/almanac.md)",
    )
    al.add_argument("--out", required=True, metavar="DIR", help="the almanac's directory")
    al.add_argument(
        "--scale",
        default="quick",
        help="quick (CPU-minutes) or full (the published tables, the issue's sizes: over "
        "an hour of CPU; docs/results/almanac.md says how long); tiny is for tests",
    )
    al.add_argument("--workers", type=_positive_int, help="worker processes (default: all)")
    al.add_argument("--resume", action="store_true", help="finish or re-reduce DIR")
    al.add_argument("--engine", choices=("local", "dask"), help="as for shengji run")
    al.add_argument("--scheduler", metavar="ADDRESS", help="as for shengji run")
    al.add_argument("--quiet", action="store_true", help="no plan, estimate or progress")


def cmd_almanac(args) -> int:
    """``shengji almanac``: run and reduce the almanac (shengji.almanac)."""
    from shengji.almanac import run

    if args.engine == "local" and args.scheduler:
        raise _UsageError("--scheduler needs --engine dask")
    args._out = args.out  # stopped: its finished parts and chunks are kept for --resume
    out = run(
        args.out,
        args.scale,
        workers=args.workers,
        resume=args.resume,
        engine=args.engine or ("dask" if args.scheduler else "local"),
        scheduler=args.scheduler,
        stream=None if args.quiet else sys.stderr,
        progress=not args.quiet,
    )
    print(f"tables: {out}/*.parquet, {out}/manifest.json — shengji.almanac.load('{out}')")
    return 0


def cmd_evaluate(args) -> int:
    """``shengji evaluate``: shengji.evaluate's result for one agent."""
    from shengji.analysis.evaluation import evaluate, parse_edge_agent

    args._out = args.out
    try:  # an agent the evaluator cannot use (not callable, a wrong arity): before the run
        args.agent = parse_edge_agent(args.agent, True if args.batched else None)
    except TypeError as exc:
        raise _UsageError(str(exc)) from None
    with _agent_failure():
        res = _evaluate(evaluate, args)
    print(res)
    if res.out is not None:
        print(f"data: {res.out}/duel/ — shengji.load('{res.out}')")
    return 0


class _agent_failure:
    """An agent that failed mid-run (AgentError: one line naming the decision) exits 1."""

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        from shengji.runner.errors import FAILED, RunError
        from shengji.studies.agent_duel import AgentError

        if isinstance(exc, AgentError):
            raise RunError(str(exc), FAILED) from None
        return False


def _evaluate(evaluate, args):
    return evaluate(
        args.agent,
        against=args.against,
        n=args.n,
        rules=args.preset,
        level=args.level,
        seed=0 if args.seed is None else args.seed,
        workers=args.workers,
        bid_policy=args.bid_policy,
        out=args.out,
        batched=True if args.batched else None,
        illegal=args.illegal,
        resume=args.resume,
        overwrite=args.overwrite,
        progress=not args.quiet,
    )


def cmd_ladder(args) -> int:
    """``shengji ladder``: run a ladder file (or fit a run), print the ratings."""
    from shengji.analysis.ratings import ladder

    source = Path(args.source)
    if source.is_dir():
        if args.out or args.resume or args.overwrite or args.n or args.seed is not None:
            raise _UsageError(
                f"{args.source!r} is a finished run: it is fitted as it is (--out, --n, "
                "--seed, --resume and --overwrite are for running a ladder file)"
            )
    elif not args.out:
        from shengji.studies.catalog import resolve

        args.out = str(Path("out") / resolve(args.source).stem)
    args._out = args.out
    with _agent_failure():
        lad = _ladder(ladder, args)
    _print_ladder(lad, args)
    return 0


def _ladder(ladder, args):
    return ladder(
        args.source,
        n=args.n,
        seed=args.seed,
        out=args.out,
        anchor=args.anchor,
        workers=args.workers,
        resume=args.resume,
        overwrite=args.overwrite,
        progress=not args.quiet,
        metric=args.metric,
        link=args.link,
    )


def _print_ladder(lad, args) -> None:
    print(lad.table())
    w = max(len(a) + len(b) for a, b in zip(lad.pairs.a, lad.pairs.b, strict=True)) + 4
    nd = 1 if args.metric == "points" else 3
    print("pairs (the duels; swing: the first bot's advantage a deal, 95% interval):")
    for r in lad.pairs.itertuples():
        print(
            f"  {r.a + ' vs ' + r.b:<{w}} {r.deals:>7,} deals  {r.swing:+.{nd}f} "
            f"[{r.low:+.{nd}f}, {r.high:+.{nd}f}]  fitted {r.fitted:+.{nd}f}"
        )
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        ax = lad.plot()
        ax.figure.savefig(args.plot, dpi=120, bbox_inches="tight")
        print(f"plot: {args.plot}")
    if args.out:
        print(f"data: {args.out}/duel/")


def _stopped(args, what: str) -> str:
    """The line for a run stopped by a signal, with the way to finish it when it had begun."""
    out = getattr(args, "_out", None)
    if out is not None and any(
        (Path(out) / f).is_file() for f in ("_manifest.jsonl", "parts/_almanac.json")
    ):
        return (
            f"shengji: {what}; the finished chunks in {str(out)!r} are kept: run the same "
            "command with --resume to finish"
        )
    return f"shengji: {what}"


def main(argv=None) -> int:
    from shengji.runner.errors import RunError

    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    args = None
    previous = None
    if threading_is_main():
        previous = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        args = parser.parse_args(argv)
        args._argv = argv
        if args.command is None:
            parser.print_usage(sys.stderr)
            print(
                "shengji: error: a command is needed: run, studies, bots, rules, advise, show, "
                "evaluate, ladder or almanac "
                "(see 'shengji --help')",
                file=sys.stderr,
            )
            return EXIT_USAGE
        handler = {
            "run": cmd_run,
            "studies": cmd_studies,
            "bots": cmd_bots,
            "rules": cmd_rules,
            "advise": cmd_advise,
            "show": cmd_show,
            "evaluate": cmd_evaluate,
            "ladder": cmd_ladder,
            "almanac": cmd_almanac,
        }[args.command]
        return handler(args)
    except (_UsageError, ValueError) as exc:
        print(f"shengji: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except RunError as exc:
        print(f"shengji: error: {exc}", file=sys.stderr)
        return exc.status
    except KeyboardInterrupt:
        print(_stopped(args, "interrupted"), file=sys.stderr)
        return EXIT_INTERRUPTED
    except _Terminated:
        print(_stopped(args, "terminated"), file=sys.stderr)
        return EXIT_TERMINATED
    except BrokenPipeError:
        # stdout went away (`shengji run ... | head -1`): the run itself is complete; leave
        # quietly, and keep Python from failing again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141  # 128 + SIGPIPE, as a shell reports a command killed by a closed pipe
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def threading_is_main() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
