"""Train the net bot: ``python -m shengji.learn.train --out DIR``.

1. **Data**: the decisions study (``shengji.studies.decisions``) of the teacher in every
   seat -- by default pimc with inference from play, the bury and the bids
   (``shengji.learn.data.TEACHER``), ``--hands`` hands from ``--data-seed`` -- into
   ``DIR/data`` (resumable: run the command again; ``--workers`` spreads it, the same bytes).
2. **Imitation**: the network (``shengji.learn.model``) learns to score the teacher's choice
   above the other candidates (cross-entropy over each decision's candidates), with its
   value head fitted to the hand's points for the seat's team, on the rows of every hand
   but one in ``VALIDATION_EVERY`` (those are the validation set), each row's side suits
   permuted at random (a symmetry of the game), Adam with a cosine learning rate.
3. **Export**: ``DIR/net.npz`` (and ``DIR/epoch-<k>.npz`` after each epoch), the weights
   the core plays, with their provenance (this script, its arguments, the seeds, the data
   run, the commit, the CPU time) in their metadata; ``--eval-deals`` duels each epoch's
   weights against ``--eval-against`` (the learning curve, ``DIR/curve.jsonl``).

Reproducible: one thread, deterministic algorithms, every draw from ``--seed``: the same
command on the same machine and PyTorch writes the same weights, bit for bit (the shipped
``_core/bots/net.npz`` is this script at its defaults; docs/hand-engine.md, "net", says how
long it took).  Copy ``DIR/net.npz`` over ``src/shengji/_core/bots/net.npz`` to ship it.
"""

from __future__ import annotations

import argparse
import json
import math
import resource
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from shengji.learn.data import TEACHER, DecisionTable, load, study
from shengji.learn.model import ARCH, VALUE_SCALE, Net, advantage_loss, export

__all__ = ["main", "Options", "train", "augment_tables", "cosine_adam"]

DATA_SEED = 34001  # the decisions study's seed unless --data-seed says
VALIDATION_EVERY = 20  # hand h is in the validation set when h % VALIDATION_EVERY == 0
SCRIPT = "shengji.learn.train"


class Options(argparse.Namespace):
    out: Path
    data_seed: int | None
    hands: int
    teacher: dict | None
    workers: int
    data: Path | None
    seed: int
    epochs: int
    batch: int
    lr: float
    weight_decay: float
    value_weight: float
    q_weight: float
    q_scale: float
    selfplay_rounds: int
    selfplay_hands: int
    selfplay_lr: float
    explore: float
    pg_weight: float
    arch: tuple
    max_rows: int | None
    init: Path | None
    eval_deals: int
    eval_seed: int
    eval_against: list


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m shengji.learn.train",
        description="Train the net bot's network on a teacher's decisions (module docstring).",
    )
    p.add_argument("--out", type=Path, required=True, help="the training's folder")
    p.add_argument(
        "--data-seed", type=int, default=None, help=f"the decisions study's seed ({DATA_SEED})"
    )
    p.add_argument("--hands", type=int, default=8000, help="hands the teacher plays")
    p.add_argument(
        "--teacher",
        type=json.loads,
        default=None,
        help="the teacher, as a JSON bot table (default: pimc with inference)",
    )
    p.add_argument("--workers", type=int, default=1, help="workers of the data study")
    p.add_argument(
        "--data",
        type=Path,
        default=None,
        help="an existing decisions run holding at least --hands hands (any teacher, or the "
        "net bot exploring: self-play data): train on its first --hands hands instead of "
        "running the study; --data-seed and --teacher, when given, must be the run's",
    )
    p.add_argument("--seed", type=int, default=1, help="the training's seed")
    p.add_argument("--epochs", type=int, default=16)
    p.add_argument("--batch", type=int, default=512)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--weight-decay", type=float, default=1e-5)
    p.add_argument(
        "--value-weight", type=float, default=0.25, help="the value head's share of the loss"
    )
    p.add_argument(
        "--q-weight",
        type=float,
        default=10.0,
        help="weight of the search's values: the scores fitted to the teacher's mean outcome "
        "per candidate (centred per decision, in units of --q-scale points)",
    )
    p.add_argument("--q-scale", type=float, default=10.0, help="points per unit of score")
    p.add_argument(
        "--selfplay-rounds",
        type=int,
        default=0,
        help="rounds of self-play after the imitation (shengji.learn.selfplay; 0: none)",
    )
    p.add_argument("--selfplay-hands", type=int, default=20000, help="hands per round")
    p.add_argument("--selfplay-lr", type=float, default=1e-4)
    p.add_argument("--explore", type=float, default=1.0, help="self-play's temperature")
    p.add_argument("--pg-weight", type=float, default=1.0, help="the policy gradient's weight")
    p.add_argument(
        "--arch",
        type=lambda s: tuple(int(v) for v in s.split(",")),
        default=ARCH,
        help="the layers' widths h1,h2,h3 (multiples of 16)",
    )
    p.add_argument("--max-rows", type=int, default=None, help="train on the first rows only")
    p.add_argument(
        "--init",
        type=Path,
        default=None,
        help="start from these weights (an exported .npz) instead of a fresh network",
    )
    p.add_argument("--eval-deals", type=int, default=0, help="duel deals per epoch (0: none)")
    p.add_argument("--eval-seed", type=int, default=34100)
    p.add_argument(
        "--eval-against",
        type=lambda s: s.split(","),
        default=["memory"],
        help="the bots the learning curve's duels are against (comma-separated labels)",
    )
    return p


def cosine_adam(parameters, lr: float, weight_decay: float, steps: int):
    """Adam and its schedule: the rate decays to 0 along a half cosine over ``steps``
    batches (the trainers' one optimiser: this one's and learn/bids')."""
    import torch

    opt = torch.optim.Adam(parameters, lr=lr, weight_decay=weight_decay)
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: 0.5 * (1 + math.cos(math.pi * min(s, steps) / steps))
    )
    return opt, sched


def _cpu() -> float:
    """CPU seconds of this process and its finished children."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
            cwd=Path(__file__).resolve().parent,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


# -- the symmetry: permuting the side suits --------------------------------------------------
def _row_maps(layout, rows: tuple[int, ...]) -> np.ndarray:
    """The index map of a feature vector laid out by ``layout`` (FEATURE_LAYOUT) under the
    side-row permutation ``rows`` (row r -> rows[r]): out[i] = the source of entry i."""
    from shengji.door import SIDE_ROW_RANKS, SLOT_LEVEL_BASE

    size = sum(b * w for _, b, w, _ in layout)
    src = np.arange(size)
    off = 0
    for _, blocks, width, kind in layout:
        for b in range(blocks):
            base = off + b * width
            if kind == "slot":
                for r, to in enumerate(rows):
                    for k in range(SIDE_ROW_RANKS):
                        src[base + to * SIDE_ROW_RANKS + k] = base + r * SIDE_ROW_RANKS + k
                    src[base + SLOT_LEVEL_BASE + to] = base + SLOT_LEVEL_BASE + r
            elif kind == "row":
                for r, to in enumerate(rows):
                    src[base + to] = base + r
        off += blocks * width
    return src


def augment_tables():
    """(state maps (P, S), action maps (P, A), the first no-trump map): the side-row
    permutations, the 6 of rows 0..2 (a suit trump: row 3 stays empty) then the 24 of rows
    0..3 (no-trump)."""
    from itertools import permutations

    from shengji.door import ACTION_LAYOUT, FEATURE_LAYOUT

    perms = [(*p, 3) for p in permutations(range(3))] + list(permutations(range(4)))
    xs = np.stack([_row_maps(FEATURE_LAYOUT, p) for p in perms])
    acts = np.stack([_row_maps(ACTION_LAYOUT, p) for p in perms])
    return xs, acts, 6


def _offset(layout, name: str) -> int:
    off = 0
    for piece, blocks, width, _ in layout:
        if piece == name:
            return off
        off += blocks * width
    raise KeyError(name)


# -- training --------------------------------------------------------------------------------
def _perms(d: DecisionTable, idx, rng, nt_col: int, nt_first: int) -> np.ndarray:
    """A random side-row permutation per row (augment_tables' index): one of the 6 of a
    suit trump, one of the 24 of no-trump."""
    nt = d.x[idx, nt_col] != 0
    return np.where(
        nt, nt_first + rng.integers(0, 24, len(idx)), rng.integers(0, nt_first, len(idx))
    )


def _tensors(d: DecisionTable, idx, perm, xs, acts, q_scale: float):
    """Rows idx of d as float tensors, permuted by perm (None: as they are): (x, a, mask,
    choice, points / VALUE_SCALE, q / q_scale, q_n)."""
    import torch

    k = d.a.shape[1]
    x = d.x[idx]
    a = d.a[idx]
    if perm is not None:
        x = x[np.arange(len(idx))[:, None], xs[perm]]
        a = a[np.arange(len(idx))[:, None, None], np.arange(k)[None, :, None],
              acts[perm][:, None, :]]  # fmt: skip
    mask = np.arange(k)[None, :] < d.n[idx][:, None]
    return (
        torch.from_numpy(x.astype(np.float32)),
        torch.from_numpy(a.astype(np.float32)),
        torch.from_numpy(mask),
        torch.from_numpy(d.choice[idx]),
        torch.from_numpy(d.points[idx] / np.float32(VALUE_SCALE)),
        torch.from_numpy(d.q[idx] / np.float32(q_scale)),
        torch.from_numpy(d.q_n[idx].astype(np.float32)),
    )


def train(d: DecisionTable, o: Options, log=print, on_epoch=None):
    """Fit a network to the decisions ``d`` (module docstring); returns it.  ``on_epoch(k,
    net, record)`` after each epoch (checkpoints, duels); ``record`` is the epoch's line of
    the curve (validation loss and accuracy, CPU seconds so far)."""
    import torch

    from shengji.door import ACTION_SIZE, FEATURE_LAYOUT, STATE_SIZE

    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    torch.manual_seed(o.seed)
    rng = np.random.default_rng(o.seed)

    usable = (d.choice >= 0) & (d.n >= 2)
    val = usable & (d.hand % VALIDATION_EVERY == 0)
    fit = usable & ~val
    rows, vrows = np.flatnonzero(fit), np.flatnonzero(val)
    xs, acts, nt_first = augment_tables()
    nt_col = _offset(FEATURE_LAYOUT, "no_trump")
    net = Net(STATE_SIZE, ACTION_SIZE, o.arch)
    if o.init is not None:
        from shengji.learn.model import load_into, read_floats

        load_into(net, read_floats(o.init)[0])
    steps = max(o.epochs * math.ceil(len(rows) / o.batch), 1)
    opt, sched = cosine_adam(net.parameters(), o.lr, o.weight_decay, steps)
    log(
        f"training on {len(rows)} decisions ({len(vrows)} for validation), "
        f"{o.epochs} epochs of {math.ceil(len(rows) / o.batch)} batches, arch {o.arch}"
    )

    def tensors(idx, perm):
        return _tensors(d, idx, perm, xs, acts, o.q_scale)

    def evaluate():
        net.eval()
        loss = correct = vloss = 0.0
        with torch.no_grad():
            for i in range(0, len(vrows), 4096):
                x, a, mask, y, pts, _, _ = tensors(vrows[i : i + 4096], None)
                q, v = net(x, a, mask)
                loss += torch.nn.functional.cross_entropy(q, y, reduction="sum").item()
                correct += (q.argmax(1) == y).sum().item()
                vloss += ((v - pts) ** 2).sum().item()
        net.train()
        m = max(len(vrows), 1)
        return loss / m, correct / m, math.sqrt(vloss / m) * VALUE_SCALE

    spent = 0.0  # CPU seconds of the training steps (not the validation, not on_epoch)
    for epoch in range(1, o.epochs + 1):
        start = _cpu()
        order = rng.permutation(rows)
        total = 0.0
        for i in range(0, len(order), o.batch):
            idx = np.sort(order[i : i + o.batch])
            x, a, mask, y, pts, qt, qn = tensors(idx, _perms(d, idx, rng, nt_col, nt_first))
            q, v = net(x, a, mask)
            loss = torch.nn.functional.cross_entropy(q, y)
            loss = loss + o.value_weight * ((v - pts) ** 2).mean()
            if o.q_weight:
                loss = loss + o.q_weight * advantage_loss(q, qt, qn)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += loss.item() * len(idx)
        spent += _cpu() - start
        vl, acc, vrmse = evaluate()
        record = {
            "epoch": epoch,
            "train_loss": total / len(rows),
            "val_loss": vl,
            "val_accuracy": acc,
            "val_value_rmse": vrmse,
            "train_cpu_seconds": spent,
        }
        log(
            f"epoch {epoch}: train loss {record['train_loss']:.4f}, validation loss {vl:.4f}, "
            f"accuracy {100 * acc:.2f}%, value RMSE {vrmse:.1f} points "
            f"({record['train_cpu_seconds']:.0f} CPU-s)"
        )
        if on_epoch is not None:
            on_epoch(epoch, net, record)
    if o.selfplay_rounds:
        from shengji.learn.selfplay import selfplay_hands, selfplay_round

        opt = torch.optim.Adam(net.parameters(), lr=o.selfplay_lr, weight_decay=o.weight_decay)
        teacher = d.take(rows)

        def tensors_of(dd, idx):
            return _tensors(dd, idx, _perms(dd, idx, rng, nt_col, nt_first), xs, acts, o.q_scale)

        for r in range(1, o.selfplay_rounds + 1):
            start = _cpu()
            net.eval()
            play = selfplay_hands(net, o.selfplay_hands, o.seed * 1000 + r, o.explore)
            net.train()
            selfplay_round(net, opt, play, teacher, o, rng, tensors_of, log)
            spent += _cpu() - start
            vl, acc, vrmse = evaluate()
            record = {
                "selfplay_round": r,
                "val_loss": vl,
                "val_accuracy": acc,
                "val_value_rmse": vrmse,
                "train_cpu_seconds": spent,
            }
            log(
                f"self-play round {r}: validation loss {vl:.4f}, accuracy {100 * acc:.2f}% "
                f"({spent:.0f} CPU-s)"
            )
            if on_epoch is not None:
                on_epoch(o.epochs + r, net, record)
    return net


def _data_of(path: Path, o: Options) -> tuple[dict, str]:
    """The decisions run at ``path`` as the study table that made it (what a training's
    metadata records as its data), and why it cannot be trained on ('' if it can): not a
    decisions run, fewer than ``--hands`` hands, or another data seed or teacher than the
    flags say when they are given.  Any decisions run is data: a teacher's, or the net bot's
    exploring (self-play, ``explore``)."""
    from shengji.analysis.load import run_metadata
    from shengji.game.botspec import parse_bot

    try:
        meta = run_metadata(path, "decisions")
    except ValueError as exc:
        return {}, str(exc)
    cfg = {k: meta.get(k) for k in ("study", "n", "seed", "level", "preset", "rules")}
    cfg.update(meta.get("options", {}))
    if o.data_seed is not None and meta.get("seed") != o.data_seed:
        return cfg, f"another data seed ({meta.get('seed')}) than --data-seed {o.data_seed}"
    if o.teacher is not None:
        want = parse_bot("--teacher", o.teacher).to_config()
        if cfg.get("teacher") != want:
            return cfg, f"another teacher ({cfg.get('teacher')}) than --teacher says"
    if meta.get("n", 0) < o.hands:
        return cfg, f"a run of {meta.get('n')} hands, not >= {o.hands}"
    return cfg, ""


def main(argv=None) -> int:
    o = parser().parse_args(argv, namespace=Options())
    if o.epochs < 0:
        print("train: --epochs must be >= 0", file=sys.stderr)
        return 2
    for name in ("hands", "batch", "workers"):
        if getattr(o, name) < 1:
            print(f"train: --{name.replace('_', '-')} must be >= 1", file=sys.stderr)
            return 2
    if any(h < 16 or h % 16 for h in o.arch) or len(o.arch) != 3:
        print("train: --arch: three widths, multiples of 16", file=sys.stderr)
        return 2
    try:
        import torch
    except ImportError:
        print('train: needs PyTorch (CPU): pip install "shengji[learn]"', file=sys.stderr)
        return 2
    from shengji.analysis import run

    o.out.mkdir(parents=True, exist_ok=True)
    logfile = open(o.out / "train.log", "a", encoding="utf-8")

    def log(line: str) -> None:
        print(line, flush=True)
        logfile.write(line + "\n")
        logfile.flush()

    log(f"{SCRIPT} {' '.join(sys.argv[1:] if argv is None else argv)}")
    if o.data is None:
        data_cfg = study(
            DATA_SEED if o.data_seed is None else o.data_seed,
            o.hands,
            TEACHER if o.teacher is None else o.teacher,
        )
        t0 = _cpu()
        data_dir = o.out / "data"
        run(data_cfg, data_dir, workers=o.workers)
        log(
            f"data: {o.hands} hands of {json.dumps(data_cfg['teacher'])} "
            f"({_cpu() - t0:.0f} CPU-s this call)"
        )
    else:
        data_dir = o.data
        data_cfg, problem = _data_of(data_dir, o)
        if problem:
            print(f"train: --data {str(o.data)!r}: {problem}", file=sys.stderr)
            return 2
        log(f"data: the first {o.hands} hands of {str(o.data)!r}")
    d = load(data_dir, o.max_rows, hands=o.hands)
    got = len(np.unique(d.hand))
    if got < o.hands and o.max_rows is None:
        print(f"train: the data hold {got} of the {o.hands} hands (unfinished?)", file=sys.stderr)
        return 2
    log(f"data: {len(d)} decisions from {got} hands")
    meta = {
        "script": SCRIPT,
        "args": {
            "data_seed": data_cfg.get("seed"),
            "hands": o.hands,
            "teacher": data_cfg.get("teacher"),
            "seed": o.seed,
            "epochs": o.epochs,
            "batch": o.batch,
            "lr": o.lr,
            "weight_decay": o.weight_decay,
            "value_weight": o.value_weight,
            "q_weight": o.q_weight,
            "q_scale": o.q_scale,
            "arch": list(o.arch),
            "max_rows": o.max_rows,
            "init": None if o.init is None else str(o.init),
            "selfplay_rounds": o.selfplay_rounds,
            "selfplay_hands": o.selfplay_hands,
            "selfplay_lr": o.selfplay_lr,
            "explore": o.explore,
            "pg_weight": o.pg_weight,
        },
        "data": data_cfg,
        "decisions": len(d),
        "commit": _commit(),
        "torch": torch.__version__,
        "state_size": int(d.x.shape[1]),
        "action_size": int(d.a.shape[2]),
    }
    curve = open(o.out / "curve.jsonl", "a", encoding="utf-8")

    def on_epoch(epoch, net, record):
        path = o.out / f"epoch-{epoch}.npz"
        export(net, path, {**meta, "epoch": epoch, **record})
        if o.eval_deals:
            from shengji.analysis.evaluation import evaluate

            for opponent in o.eval_against:
                agent = {"bot": "net", "weights": str(path)}
                r = evaluate(
                    agent,
                    against=opponent,
                    n=o.eval_deals,
                    seed=o.eval_seed,
                    workers=1,
                    progress=False,
                )
                p = r.points
                record[f"vs_{opponent}"] = [p["mean"], (p["high"] - p["low"]) / 2]
                log(
                    f"  epoch {epoch} vs {opponent}: {p['mean']:+.1f} [{p['low']:+.1f}, "
                    f"{p['high']:+.1f}] points a deal ({r.deals} deals, seed {o.eval_seed})"
                )
        curve.write(json.dumps(record) + "\n")
        curve.flush()

    t1 = time.time()
    net = train(d, o, log, on_epoch)
    export(net, o.out / "net.npz", {**meta, "epoch": o.epochs})
    log(f"wrote {o.out / 'net.npz'} ({time.time() - t1:.0f} s of training)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
