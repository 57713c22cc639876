"""The net bot improves itself: ``python -m shengji.learn.iterate --out DIR``.

Generation 0 is ``--start``: by default the network learnt by imitating pimc
(``net(weights="imitation")``), the root of the shipped networks' lineage:
docs/hand-engine.md gives the commands that made them (``selfplay4`` from it with
``--explore 0.5``, the shipped one from ``selfplay4`` at today's defaults); ``--start``
another network's name (or a weights file) continues from that one.  Generation k+1 is
tried from generation k:

1. **self-play**: the decisions study (``shengji.studies.decisions``) with ``teacher`` the
   net bot playing generation k, exploring (``--explore`` T, default 0.02, nearly greedy:
   each decision drawn among its candidates with probability softmax(score / T), from the
   chunk's stream), every candidate's value recorded on the true deal (``--hindsight``, the
   default; ``--no-hindsight`` records the hand's outcome only), ``--hands`` hands; a
   ``--pool`` share of them played by an earlier accepted generation instead,
   drawn from the try's seed (the pool of opponents a generation meets in its data);
2. **learn**: from generation k's float weights, the Deep Monte-Carlo rule of
   ``shengji.learn.dmc`` over this try's data and the last ``--window`` accepted
   generations' (the replay window), ``--epochs`` passes; with ``--arch H1,H2,H3`` wider
   than generation 0's layers, generation 0's weights are first widened to them
   (``shengji.learn.model.widen``: the same function, from the try's seed) and every
   later generation keeps those widths;
3. **gate**: the network quantised to the core's integers (``DIR/gen-<k+1>-try-<t>.npz``)
   meets generation k in a duplicate duel of ``--gate-deals`` deals (the evaluate study);
   accepted when the paired 95 % interval's low end is above ``--gate-margin`` points a
   deal (default 0), else the next try starts again from generation k with new data;
4. **duels** of an accepted generation against generation 0 and memory (``--duel-deals``).

``DIR/manifest.json`` holds the loop's settings and a record per try: its seeds, the data
(runs and a digest of their files), the weights' sha256, the gate's and the duels' figures,
the CPU-seconds of each phase (of a phase stopped and resumed, the resuming process's part,
the phase listed in the try's ``resumed``); rewritten whole as each phase begins and ends
(never half a file).  Each phase prints a line with its estimate before it starts and its
figures after; the self-play and the learning report their progress on stderr between them
(as ``shengji run`` does: a bar on a terminal, a line a tenth in a log).  A loop stopped at
any point continues with ``--resume``: a phase recorded in the manifest is not
run again, a study resumes from its finished chunks, and the same settings give the same
bytes (data, weights, duels) as a loop never stopped -- on the same machine and PyTorch.
A resume takes the folder's recorded settings (a loop made before the defaults changed
continues as it was made); a flag given with it must agree with them, but for how far the
loop goes (``--generations``, ``--tries``) and its ``--workers``: a loop continues across
sessions, one generation more each time.
One process at a time: the folder is locked while a loop runs in it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from shengji.learn.dmc import Rule

__all__ = ["LoopOptions", "main", "parser"]

SCRIPT = "shengji.learn.iterate"
FORMAT = 1  # the manifest's format
# CPU-seconds per unit, for the phases' estimates before the first try has measured them
START_RATES = {"selfplay": 1 / 900, "learn": 1 / 12000, "gate": 1 / 1500, "duels": 1 / 1500}
# self-play's cost with --hindsight, in hands without it (measured: 22-24x at --explore 0.5 on
# an AVX-512 host, 30x at 0.02 on an AVX2 one)
HINDSIGHT_COST = 28


START = "imitation"  # generation 0 (module docstring)


@dataclass(frozen=True)
class LoopOptions:
    """The loop's settings (the flags, checked once; recorded in the manifest)."""

    generations: int = 3
    tries: int = 0
    hands: int = 20000
    workers: int = 1
    seed: int = 51
    explore: float = 0.02  # nearly greedy (docs/hand-engine.md: 0.5 reached a plateau)
    hindsight: bool = True  # from the hands' outcomes alone no try was accepted
    pool: float = 0.25
    window: int = 1
    gate_deals: int = 20000
    gate_margin: float = 0.0
    duel_deals: int = 2000
    rule: Rule = Rule()
    start: str = START  # generation 0's weights (recorded only when not the default)
    start_sha256: str = ""  # its file's digest, recorded with it
    arch: tuple[int, ...] | None = None  # the layers' widths: None, generation 0's own

    def max_tries(self) -> int:
        return self.tries or 3 * self.generations


def parser(defaults: bool = True) -> argparse.ArgumentParser:
    """The flags; with ``defaults=False`` a flag not given is absent from the parsed
    namespace (what a ``--resume`` takes from the loop's folder instead)."""
    d, r = LoopOptions(), Rule()
    p = argparse.ArgumentParser(
        prog=f"python -m {SCRIPT}",
        description="Self-play generations of the net bot, gated by duels (module docstring).",
        argument_default=None if defaults else argparse.SUPPRESS,
    )
    p.add_argument("--out", type=Path, required=True, help="the loop's folder")
    p.add_argument("--resume", action="store_true",
                   help="continue the loop in --out, with its settings (a flag given must "
                   "agree with them, but for --generations, --tries and --workers)")  # fmt: skip

    def add(*names, default, **kw) -> None:
        p.add_argument(*names, **kw, **({"default": default} if defaults else {}))

    add("--generations", type=int, default=d.generations, help="accepted generations to make")
    add("--tries", type=int, default=d.tries, help="tries at most (0: 3 per generation)")
    add("--hands", type=int, default=d.hands, help="self-play hands a try")
    add("--workers", type=int, default=d.workers, help="processes of the studies")
    add("--seed", type=int, default=d.seed)
    add("--start", default=d.start,
        help="generation 0: a shipped network's name ('imitation', 'shipped', ...) or a "
        "weights file")  # fmt: skip
    add("--arch", type=_widths, default=d.arch,
        help="the layers' widths H1,H2,H3, each a multiple of generation 0's own: the "
        "first generation is widened to them (learn.model.widen); default: its own")  # fmt: skip
    add("--explore", type=float, default=d.explore, help="self-play's temperature (> 0)")
    add("--hindsight", action=argparse.BooleanOptionalAction, default=d.hindsight,
        help="record every candidate's value on the true deal (shengji.learn.dmc)")  # fmt: skip
    add("--pool", type=float, default=d.pool, help="share of hands an earlier generation plays")
    add("--window", type=int, default=d.window, help="accepted generations' data replayed")
    add("--gate-deals", type=int, default=d.gate_deals, help="deals of the gate's duel")
    add("--duel-deals", type=int, default=d.duel_deals, help="deals of the other duels")
    add("--gate-margin", type=float, default=d.gate_margin,
        help="points a deal the gate's low end must pass (< 0: a smoke test)")  # fmt: skip
    add("--lr", type=float, default=r.lr)
    add("--epochs", type=int, default=r.epochs, help="passes over a try's data")
    add("--batch", type=int, default=r.batch)
    add("--anchor", type=float, default=r.anchor, help="weight of the pull to the parent")
    add("--value-weight", type=float, default=r.value_weight)
    add("--td", type=float, default=r.td,
        help="the outcome's share of a target, else the parent's next value")  # fmt: skip
    add("--centred", type=float, default=r.centred,
        help="weight of the candidates' differences in a hindsight fit")  # fmt: skip
    return p


def _widths(value: str) -> tuple[int, ...]:
    """--arch's value: comma-separated widths."""
    try:
        return tuple(int(v) for v in value.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not widths H1,H2,H3") from None


RULE_FLAGS = ("lr", "epochs", "batch", "anchor", "value_weight", "td", "centred")


def _held(settings: dict) -> dict:
    """The flags of a loop's recorded settings (its manifest's), as ``parser()`` parses them:
    the inverse of ``_settings`` (a setting it leaves out is its default)."""
    rule = {**asdict(Rule()), **settings.get("rule", {})}
    flags = {k: v for k, v in settings.items() if k not in ("rule", "start_sha256")}
    return {"start": START, **flags, **{k: rule[k] for k in RULE_FLAGS}}


def _resumed(a: argparse.Namespace, argv) -> argparse.Namespace:
    """``--resume`` of a folder that holds a loop: its recorded settings, then the flags
    given (``Manifest`` refuses any that disagree, but for the loop's EXTENT)."""
    path = a.out / "manifest.json"
    if not (a.resume and path.exists()):
        return a
    try:
        settings = json.loads(path.read_text())["settings"]
        held = _held(settings)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"{str(path)!r} is not a loop's manifest ({exc})") from None
    given = vars(parser(defaults=False).parse_args(argv))
    return argparse.Namespace(**{**vars(a), **held, **given})


def _options(a: argparse.Namespace) -> LoopOptions:
    """The flags checked once: ValueError naming the first bad one."""
    positive = ("generations", "hands", "workers", "gate_deals", "duel_deals", "batch", "epochs")
    for name in positive:
        if getattr(a, name) < 1:
            raise ValueError(f"--{name.replace('_', '-')} must be >= 1")
    for name in ("tries", "window"):
        if getattr(a, name) < 0:
            raise ValueError(f"--{name} must be >= 0")
    if not a.explore > 0 or not 0 <= a.pool < 1 or not a.lr > 0 or a.anchor < 0:
        raise ValueError("--explore and --lr must be > 0, --pool in [0, 1), --anchor >= 0")
    if not 0 <= a.td <= 1:
        raise ValueError("--td must be in [0, 1]")
    if not a.centred >= 0:
        raise ValueError("--centred must be >= 0")
    rule = Rule(lr=a.lr, epochs=a.epochs, batch=a.batch, anchor=a.anchor,
                value_weight=a.value_weight, td=a.td, centred=a.centred)  # fmt: skip
    return LoopOptions(
        generations=a.generations, tries=a.tries, hands=a.hands, workers=a.workers,
        seed=a.seed, explore=a.explore, hindsight=a.hindsight, pool=a.pool, window=a.window,
        gate_deals=a.gate_deals, duel_deals=a.duel_deals, gate_margin=a.gate_margin,
        rule=rule, start=a.start, start_sha256=_start_digest(a.start),
        arch=_arch(a.arch, a.start),
    )  # fmt: skip


def _arch(arch, start: str) -> tuple[int, ...] | None:
    """--arch checked once: three widths the core takes (a multiple of its tile, up to its
    most), each a multiple of generation 0's own (``widen``); None when not given."""
    if arch is None:
        return None
    from shengji.door import NET_MAX_HIDDEN, NET_TILE, net_info
    from shengji.learn.model import arch_of, read_floats, widen_factors

    arch = tuple(int(w) for w in arch)
    own = arch_of(read_floats(net_info(start)["path"])[0])
    try:
        widen_factors(own, arch)
        if any(not 1 <= w <= NET_MAX_HIDDEN or w % NET_TILE for w in arch):
            raise ValueError
    except ValueError:
        raise ValueError(
            f"--arch must be three widths, each a multiple of {NET_TILE} up to {NET_MAX_HIDDEN} "
            f"and of generation 0's own {','.join(map(str, own))}"
        ) from None
    return arch


def _start_digest(value: str) -> str:
    """--start checked once (the bot table's weights check: a name or a readable file): its
    file's sha256, so that a resume with another file under the same name is refused."""
    from shengji.game.botspec import parse_bot

    return dict(parse_bot("--start", {"bot": "net", "weights": value}).digests)["weights_sha256"]


def _settings(o: LoopOptions) -> dict:
    """The settings as the manifest and the weights' metadata record them: ``start``,
    ``arch`` and the rule's ``centred`` only when not the default (loops made before the
    flags record none)."""
    settings = json.loads(json.dumps(asdict(o)))
    if settings["start"] == START:
        del settings["start"], settings["start_sha256"]
    if settings["arch"] is None:
        del settings["arch"]
    if settings["rule"]["centred"] == Rule().centred:
        del settings["rule"]["centred"]
    return settings


def _cpu() -> float:
    from shengji.learn.train import _cpu as cpu

    return cpu()


def _seed(o: LoopOptions, tried: int, phase: int) -> int:
    """The seed of a try's phase: one SeedSequence stream per (loop seed, try, phase)."""
    return int(np.random.SeedSequence([o.seed, tried, phase]).generate_state(1, np.uint32)[0])


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _data_digest(runs: list[Path]) -> str:
    h = hashlib.sha256()
    for run in runs:
        for f in sorted((run / "decisions").glob("part-*.parquet")):
            h.update(f.name.encode() + hashlib.sha256(f.read_bytes()).digest())
    return h.hexdigest()


# how far a loop goes and how many processes run it: --resume may change them (the bytes
# are the same for any number of workers)
EXTENT = ("generations", "tries", "workers")


def _content(settings: dict) -> dict:
    """The settings a resumed loop must share with the folder's: all but its EXTENT."""
    return {k: v for k, v in settings.items() if k not in EXTENT}


class Manifest:
    """DIR/manifest.json: the settings and the tries, written whole after each phase."""

    def __init__(self, out: Path, o: LoopOptions, resume: bool):
        self.path = out / "manifest.json"
        settings = _settings(o)
        if self.path.exists():
            if not resume:
                raise ValueError(f"{str(out)!r} holds a loop: --resume continues it")
            self.data = json.loads(self.path.read_text())
            held = dict(self.data.get("settings", {}))
            if _content(held) != _content(settings):
                raise ValueError(f"{str(out)!r} holds a loop of other settings than these flags")
            self.data["settings"] = settings  # a resume may extend the loop, or change its workers
            self.save()
        else:
            self.data = {"format": FORMAT, "script": SCRIPT, "settings": settings, "tries": []}
            self.save()

    def save(self) -> None:
        tmp = self.path.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(self.data, indent=1, sort_keys=True) + "\n")
        os.replace(tmp, self.path)

    @property
    def tries(self) -> list[dict]:
        return self.data["tries"]

    def accepted(self) -> list[dict]:
        return [t for t in self.tries if t.get("accepted")]


class Loop:
    """The generations of one folder (module docstring)."""

    def __init__(self, out: Path, o: LoopOptions, manifest: Manifest, log=print):
        self.out, self.o, self.m, self.log = out, o, manifest, log

    # -- the generations ---------------------------------------------------------------
    def weights(self, generation: int) -> str:
        """The weights of an accepted generation (0: ``--start``)."""
        if generation == 0:
            return self.o.start
        (t,) = [t for t in self.m.accepted() if t["generation"] == generation]
        return str(self.out / t["weights"])

    def bot(self, generation: int) -> dict:
        return {"bot": "net", "weights": self.weights(generation)}

    def estimate(self, phase: str, units: float) -> float:
        """CPU-seconds of a phase of `units`, at the rate of the last try that ran it whole."""
        done = [
            t["cpu"][phase] / t["units"][phase]
            for t in self.m.tries
            if phase in t["cpu"] and phase not in t.get("resumed", ())
        ]
        return units * (done[-1] if done else START_RATES[phase])

    def phase(self, t: dict, name: str, units: float, what: str, work) -> Any:
        """Run one phase of try t unless the manifest has it: a line before (estimate) and
        after (figures); the CPU-seconds recorded.  A phase begun by a process that was
        stopped is listed in the try's ``resumed``: its CPU-seconds are the resuming
        process's alone (the stopped one's are not known), and no estimate uses them."""
        if name in t["done"]:
            return t["done"][name]
        resumed = name in t.setdefault("begun", [])
        self.log(
            f"gen {t['generation']} try {t['try']}: {name}: {what} "
            f"(estimate {self.estimate(name, units):.0f} CPU-s{', resumed' if resumed else ''})"
        )
        if not resumed:
            t["begun"].append(name)
            self.m.save()
        start = _cpu()
        result = work()
        t["cpu"][name] = _cpu() - start
        t["units"][name] = units
        t["done"][name] = result
        if resumed:
            t.setdefault("resumed", []).append(name)
        self.m.save()
        part = ", this process's part" if resumed else ""
        self.log(f"  {name} done: {json.dumps(result)} ({t['cpu'][name]:.0f} CPU-s{part})")
        return result

    def run(self) -> int:
        o = self.o
        while len(self.m.accepted()) < o.generations:
            if self.m.tries and not self.m.tries[-1].get("ended"):
                t = self.m.tries[-1]
            elif len(self.m.tries) >= o.max_tries():
                self.log(f"stopped: {len(self.m.tries)} tries, {len(self.m.accepted())} accepted")
                return 1
            else:
                parent = len(self.m.accepted())
                t = {"try": len(self.m.tries) + 1, "generation": parent + 1, "parent": parent,
                     "done": {}, "cpu": {}, "units": {}}  # fmt: skip
                self.m.tries.append(t)
                self.m.save()
            self.attempt(t)
        self.log(f"done: {len(self.m.accepted())} generations accepted")
        return 0

    def attempt(self, t: dict) -> None:
        from shengji.learn.dmc import fit
        from shengji.learn.model import Net, arch_of, export, load_into, read_floats, widen

        o, n = self.o, t["try"]
        stem = f"gen-{t['generation']}-try-{n}"
        units = o.hands * (HINDSIGHT_COST if o.hindsight else 1)
        runs = self.phase(t, "selfplay", units, f"{o.hands} hands", lambda: self.selfplay(t))
        window = [r for a in self.m.accepted()[-o.window :] if o.window for r in a["runs"]]
        t["runs"] = runs

        def learn():
            parent = self.weights(t["parent"])
            from shengji.door import ACTION_SIZE, STATE_SIZE, net_info

            floats, _ = read_floats(net_info(parent)["path"])
            own = arch_of(floats)
            arch = o.arch or own
            if arch != own:  # generation 0, narrower: widened (--arch)
                floats = widen(floats, arch, np.random.default_rng(_seed(o, n, 6)))
            model = Net(STATE_SIZE, ACTION_SIZE, arch)
            load_into(model, floats)
            dirs = [self.out / r for r in [*window, *runs]]
            figures = fit(model, dirs, o.rule, _seed(o, n, 2), self.log)
            meta = {"script": SCRIPT, "settings": self.m.data["settings"], "try": n,
                    "generation": t["generation"], "parent": t["parent"],
                    "data": _data_digest(dirs)}  # fmt: skip
            export(model, self.out / f"{stem}.npz", meta)
            return {**figures, "weights": f"{stem}.npz", "sha256": _sha(self.out / f"{stem}.npz"),
                    "data_sha256": meta["data"], "runs": [*window, *runs]}  # fmt: skip

        rows = o.hands * 60 * (1 + len(window) / max(len(runs), 1))
        learned = self.phase(t, "learn", rows, f"{len(window)} replayed runs", learn)
        t["weights"] = learned["weights"]
        gate = self.phase(
            t, "gate", o.gate_deals, f"{o.gate_deals} deals against generation {t['parent']}",
            lambda: self.duel(stem, t["parent"], o.gate_deals, _seed(o, n, 3), "gate"),
        )  # fmt: skip
        t["accepted"] = gate["low"] > o.gate_margin
        if t["accepted"]:
            self.phase(
                t, "duels", 2 * o.duel_deals, f"{o.duel_deals} deals against gen 0 and memory",
                lambda: {
                    "gen0": self.duel(stem, 0, o.duel_deals, _seed(o, n, 4), "gen0"),
                    "memory": self.duel(stem, "memory", o.duel_deals, _seed(o, n, 5), "memory"),
                },
            )  # fmt: skip
        t["ended"] = True
        self.m.save()
        verdict = "accepted" if t["accepted"] else "refused: the next try starts again"
        self.log(f"gen {t['generation']} try {n}: {verdict} (gate {gate['mean']:+.2f} "
                 f"[{gate['low']:+.2f}, {gate['high']:+.2f}] points a deal)")  # fmt: skip

    # -- the phases --------------------------------------------------------------------
    def selfplay(self, t: dict) -> list[str]:
        """The try's decisions runs: generation k exploring, a pool share by an earlier one."""
        from shengji.runner import run_study
        from shengji.studies.base import make_config

        o, n = self.o, t["try"]
        rng = np.random.default_rng(np.random.SeedSequence([o.seed, n, 1]))
        earlier = list(range(t["parent"]))
        pooled = int(round(o.hands * o.pool)) if earlier else 0
        plan = [(t["parent"], o.hands - pooled)]
        if pooled:
            plan.append((int(rng.choice(earlier)), pooled))
        runs = []
        for i, (gen, hands) in enumerate(plan):
            name = f"data-try-{n}-{i}-gen-{gen}"
            kind, cfg = make_config(
                {
                    "study": "decisions",
                    "n": hands,
                    "seed": _seed(o, n, 10 + i),
                    "teacher": self.bot(gen),
                    "explore": o.explore,
                    **({"hindsight": True} if o.hindsight else {}),
                }  # fmt: skip
            )
            run_study(kind, cfg, self.out / name, workers=o.workers, resume=True, quiet=False)
            runs.append(name)
        return runs

    def duel(self, stem: str, against, deals: int, seed: int, name: str) -> dict:
        from shengji.analysis.evaluation import evaluate

        other = against if isinstance(against, str) else self.bot(against)
        r = evaluate(
            {"bot": "net", "weights": str(self.out / f"{stem}.npz")}, against=other, n=deals,
            seed=seed, workers=self.o.workers, out=self.out / f"{stem}-{name}",
            resume=True, progress=False,
        )  # fmt: skip
        return {k: round(float(r.points[k]), 4) for k in ("mean", "low", "high")} | {
            "deals": r.deals,
            "seed": seed,
        }


def main(argv=None) -> int:
    a = parser().parse_args(argv)
    try:
        o = _options(_resumed(a, argv))
        import torch  # noqa: F401  (the learn extra)
    except ValueError as exc:
        print(f"iterate: {exc}", file=sys.stderr)
        return 2
    except ImportError:
        print('iterate: needs PyTorch (CPU): pip install "shengji[learn]"', file=sys.stderr)
        return 2
    import fcntl

    a.out.mkdir(parents=True, exist_ok=True)
    lock = open(a.out / ".lock", "w")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        print(f"iterate: {str(a.out)!r} is in use by another loop", file=sys.stderr)
        return 2
    try:
        manifest = Manifest(a.out, o, a.resume)
    except ValueError as exc:
        print(f"iterate: {exc}", file=sys.stderr)
        return 2
    log_file = open(a.out / "iterate.log", "a", encoding="utf-8")

    def log(line: str) -> None:
        print(line, flush=True)
        log_file.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {line}\n")
        log_file.flush()

    from shengji.runner.errors import RunError

    try:
        return Loop(a.out, o, manifest, log).run()
    except RunError as exc:  # a study of the loop failed (its line says what; --resume goes on)
        print(f"iterate: {exc}", file=sys.stderr)
        return exc.status


if __name__ == "__main__":
    sys.exit(main())
