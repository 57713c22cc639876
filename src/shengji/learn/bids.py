"""Train the net bot's bid head: ``python -m shengji.learn.bids --data RUN --out WEIGHTS.npz``,
or its generations: ``python -m shengji.learn.bids --generations K --dir DIR --out WEIGHTS.npz``.

The data: runs of the bid decisions study (``shengji.studies.bid_decisions``): the bid
decisions of hands played by net in every seat with the seats bidding, each option of a
decision with its hindsight value -- the option applied on the true deck, the rest of the
bidding and the hand played out by the same bot, the outcome for the seat's team (points).
The head (``shengji.learn.bid_model``) scores every option of a decision, fitted to those
values: the squared error of each option's score to its value, in points / VALUE_SCALE,
plus ``--centred`` x the same of the scores and values centred per decision (the part that
decides; the deal's own worth, shared by every option, is most of the error otherwise),
on every hand but one in ``VALIDATION_EVERY`` (the validation set); Adam with a cosine
learning rate, batches in an order drawn from ``--seed``.  The weights file written
(``--out``) is the play head's file ``--weights`` (default the shipped one) with the bid
head added (``bid_model.write_with_bids``; a bid head it had is replaced), so
``{bot = "net", weights = OUT, bids = "learned"}`` bids with it.

The generations (``--generations K``, in ``--dir``): generation 1's data are played by net
bidding by memory's judgement, generation g's by generation g - 1's learned bids (its
hindsight values then those of its own bidding: a step of policy iteration), each
``--hands`` later hands from its own seed; generation g's head is trained on its data alone
(``DIR/gen-<g>.npz``), the last one copied to ``--out``.  Run again, the loop continues
where it stopped: a study resumes from its finished chunks, a generation whose file exists
is not trained again.

Each epoch logs the validation loss and what the head's choices would have been worth on
the validation decisions against the bot's own: the mean over those decisions of the value
of the option it scores highest less the value of the option the bot chose (points, one
decision; the hand's continuation is the bot's bidding either way: a policy-improvement
step, not a duel).  Reproducible: one thread, deterministic algorithms, every draw from
``--seed`` and the data seeds; the metadata records the script, its arguments, the data
runs, the base file's sha256, the commit and the validation record (not the time: the same
command writes the same bytes).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from shengji.learn.bid_model import BID_ARCH, BidNet, bid_weights_of, read_arrays, write_with_bids
from shengji.learn.model import VALUE_SCALE
from shengji.learn.train import _commit, _cpu, cosine_adam

__all__ = ["BidTable", "Options", "load_bids", "main", "train_bids"]

SCRIPT = "shengji.learn.bids"
DATA_SEED = 5301  # generation 1's data seed unless --data-seed says (generation g: + g - 1)
VALIDATION_EVERY = 20  # hand h of a run is in the validation set when h % VALIDATION_EVERY == 0


@dataclass
class BidTable:
    """The rows of one or more bid decisions runs, in chunk order: ``y`` uint8 (R,
    BID_STATE_SIZE), ``o`` uint8 (R, K, BID_ACTION_SIZE), ``n``, ``q`` float32 (R, K),
    ``policy`` and ``memory`` (option indices), ``hand`` (per run) and ``run``."""

    y: np.ndarray
    o: np.ndarray
    n: np.ndarray
    q: np.ndarray
    policy: np.ndarray
    memory: np.ndarray
    hand: np.ndarray
    run: np.ndarray

    def __len__(self) -> int:
        return len(self.n)


def _fixed(col, width: int) -> np.ndarray:
    arr = col.combine_chunks()
    buf = np.frombuffer(arr.buffers()[1], np.uint8)
    return buf[arr.offset * width : (arr.offset + len(arr)) * width].reshape(len(arr), width)


def load_bids(outs) -> BidTable:
    """The bid_decisions tables of the runs ``outs`` (output directories, in order), into memory.
    ValueError for a directory that holds none, or features of another size than the
    core's."""
    import pyarrow.parquet as pq

    from shengji.door import BID_ACTION_SIZE, BID_OPTIONS, BID_STATE_SIZE

    cols: dict[str, list] = {k: [] for k in BidTable.__dataclass_fields__}
    for r, out in enumerate([outs] if isinstance(outs, (str, Path)) else outs):
        found = sorted((Path(out) / "bid_decisions").glob("part-*.parquet"))
        if not found:
            raise ValueError(
                f"{str(out)!r} holds no bid_decisions table (a bid_decisions study's output)"
            )
        for p in found:
            t = pq.read_table(p)
            if (
                t.schema.field("y").type.byte_width != BID_STATE_SIZE
                or t.schema.field("o").type.byte_width != BID_OPTIONS * BID_ACTION_SIZE
            ):
                raise ValueError(
                    f"the bid decisions in {str(out)!r} were recorded with other features than "
                    "the core's: record them again"
                )
            m = len(t)
            cols["y"].append(_fixed(t.column("y"), BID_STATE_SIZE))
            o = _fixed(t.column("o"), BID_OPTIONS * BID_ACTION_SIZE)
            cols["o"].append(o.reshape(m, BID_OPTIONS, BID_ACTION_SIZE))
            q = t.column("q").combine_chunks().flatten().to_numpy(zero_copy_only=False)
            cols["q"].append(q.astype(np.float32).reshape(m, BID_OPTIONS))
            for name in ("n", "policy", "memory", "hand"):
                cols[name].append(t.column(name).to_numpy().astype(np.int64))
            cols["run"].append(np.full(m, r, np.int64))
    return BidTable(**{k: np.concatenate(v) for k, v in cols.items()})


class Options(argparse.Namespace):
    data: list | None
    generations: int | None
    dir: Path
    hands: int
    data_seed: int
    explore: float
    workers: int
    level: str
    preset: str
    out: Path
    weights: str
    seed: int
    epochs: int
    batch: int
    lr: float
    weight_decay: float
    centred: float
    arch: tuple


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=f"python -m {SCRIPT}",
        description="Train the net bot's bid head on bid decisions (module docstring).",
    )
    p.add_argument("--data", type=Path, nargs="+", help="bid_decisions study runs: train once")
    p.add_argument("--out", type=Path, required=True, help="the weights file to write")
    loop = p.add_argument_group("the loop (instead of --data)")
    loop.add_argument("--generations", type=int, help="generations of data and a head each")
    loop.add_argument("--dir", type=Path, help="the loop's folder (data, gen-<g>.npz)")
    loop.add_argument("--hands", type=int, default=100_000, help="later hands a generation")
    loop.add_argument("--data-seed", type=int, default=DATA_SEED, help="generation 1's seed")
    loop.add_argument("--explore", type=float, default=0.2, help="the data's exploration")
    loop.add_argument("--workers", type=int, default=1, help="workers of the data studies")
    loop.add_argument("--level", default="2")
    loop.add_argument("--preset", default="standard")
    p.add_argument(
        "--weights",
        default="shipped",
        help="the play head's weights file the bid head joins ('shipped': the shipped one)",
    )
    p.add_argument("--seed", type=int, default=1, help="the training's seed")
    p.add_argument("--epochs", type=int, default=8)
    p.add_argument("--batch", type=int, default=512)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--weight-decay", type=float, default=1e-5)
    p.add_argument(
        "--centred",
        type=float,
        default=100.0,
        help="weight of the per-decision centred error (the options' differences)",
    )
    p.add_argument(
        "--arch",
        type=lambda s: tuple(int(v) for v in s.split(",")),
        default=BID_ARCH,
        help="the head's widths, h1,h3 (default %(default)s)",
    )
    return p


def _batch(d: BidTable, idx: np.ndarray):
    import torch

    k = d.o.shape[1]
    mask = np.arange(k)[None, :] < d.n[idx][:, None]
    return (
        torch.from_numpy(d.y[idx].astype(np.float32)),
        torch.from_numpy(d.o[idx].astype(np.float32)),
        torch.from_numpy(mask),
        torch.from_numpy(d.q[idx] / np.float32(VALUE_SCALE)),
    )


def _loss(r, q, mask, centred: float):
    """The masked squared error per option, plus ``centred`` x that of the centred ones."""
    import torch

    m = mask.float()
    count = m.sum(1).clamp_min(1.0)
    err = ((r - q) ** 2 * m).sum(1) / count
    if centred:
        rc = r - (r * m).sum(1, keepdim=True) / count[:, None]
        qc = q - (q * m).sum(1, keepdim=True) / count[:, None]
        err = err + centred * ((rc - qc) ** 2 * m).sum(1) / count
    return err.mean() if len(err) else torch.zeros(())


def _validate(net, d: BidTable, rows: np.ndarray, centred: float) -> dict:
    """The validation loss, and the worth of the head's choices against the bot's (points a
    decision: the value of the option scored highest less the value of the bot's)."""
    import torch

    loss = gain = agree = 0.0
    with torch.no_grad():
        for i in range(0, len(rows), 4096):
            idx = rows[i : i + 4096]
            y, o, mask, q = _batch(d, idx)
            r = net(y, o)
            loss += _loss(r, q, mask, centred).item() * len(idx)
            pick = r.masked_fill(~mask, float("-inf")).argmax(1).numpy()
            gain += float((d.q[idx, pick] - d.q[idx, d.policy[idx]]).sum())
            agree += float((pick == d.policy[idx]).sum())
    m = max(len(rows), 1)
    return {"val_loss": loss / m, "val_gain": gain / m, "val_agree": agree / m}


def train_bids(d: BidTable, o: Options, log=print):
    """Fit a bid head to ``d`` (module docstring); returns it and the last epoch's record."""
    import torch

    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    torch.manual_seed(o.seed)
    rng = np.random.default_rng(o.seed)
    val = d.hand % VALIDATION_EVERY == 0
    rows, vrows = np.flatnonzero(~val), np.flatnonzero(val)
    net = BidNet(o.arch)
    steps = max(o.epochs * math.ceil(len(rows) / o.batch), 1)
    opt, sched = cosine_adam(net.parameters(), o.lr, o.weight_decay, steps)
    log(
        f"training on {len(rows)} bid decisions ({len(vrows)} for validation), {o.epochs} "
        f"epochs of {math.ceil(len(rows) / o.batch)} batches, arch {tuple(o.arch)}"
    )
    record = {"epoch": 0, **_validate(net, d, vrows, o.centred), "cpu_s": _cpu()}
    for epoch in range(1, o.epochs + 1):
        order = rows[rng.permutation(len(rows))]
        for i in range(0, len(order), o.batch):
            y, a, mask, q = _batch(d, order[i : i + o.batch])
            loss = _loss(net(y, a), q, mask, o.centred)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
        record = {"epoch": epoch, **_validate(net, d, vrows, o.centred), "cpu_s": _cpu()}
        log(
            f"epoch {epoch}: validation loss {record['val_loss']:.5f}, the head's choices "
            f"{record['val_gain']:+.3f} points a decision over the bot's (the same in "
            f"{100 * record['val_agree']:.1f}%), {record['cpu_s']:.0f} CPU-s"
        )
    return net, record


def _name(weights: str) -> str:
    """A weights value as the metadata records it: a file by its name alone (its sha256 is
    recorded beside it), so that where the files lay leaves no trace in the bytes."""
    return Path(weights).name if ("/" in weights or "\\" in weights) else weights


def _runs(outs) -> list:
    """Each data run as the study table that made it (the metadata's record of the data)."""
    from shengji.analysis.load import run_metadata

    found = []
    for out in outs:
        meta = run_metadata(out, "bid_decisions")
        cfg = {k: meta.get(k) for k in ("study", "n", "seed", "level", "preset", "rules")}
        cfg.update(meta.get("options", {}))
        bot = cfg.get("bot")
        if isinstance(bot, dict) and isinstance(bot.get("weights"), str):
            cfg["bot"] = {**bot, "weights": _name(bot["weights"])}
        found.append(cfg)
    return found


def _bot(weights: str, learned: bool) -> dict:
    """The net bot of a generation, as a study's table names it."""
    return {"bot": "net", "weights": weights, **({"bids": "learned"} if learned else {})}


def _train_file(o: Options, data: list, base_path: Path, out: Path, log=print) -> dict:
    """Train a head on the runs ``data`` and write it into ``out`` beside the play head of
    ``base_path``; returns the last epoch's record (and the rows)."""
    import torch

    d = load_bids(data)
    runs = _runs(data)
    base = read_arrays(base_path)
    net, record = train_bids(d, o, log)
    meta = {
        "script": SCRIPT,
        "args": {
            "seed": o.seed,
            "epochs": o.epochs,
            "batch": o.batch,
            "lr": o.lr,
            "weight_decay": o.weight_decay,
            "centred": o.centred,
            "arch": list(o.arch),
        },
        "data": runs,
        "rows": len(d),
        "base": {
            "path": _name(str(o.weights)),
            "sha256": hashlib.sha256(base_path.read_bytes()).hexdigest(),
            "meta": json.loads(bytes(base["meta"]).decode()) if "meta" in base else {},
        },
        "commit": _commit(),
        "torch": torch.__version__,
        **{k: v for k, v in record.items() if k != "cpu_s"},  # not the time: the same bytes
    }
    write_with_bids(out, base, bid_weights_of(net), meta)
    return {**record, "rows": len(d)}


def _generation_data(o: Options, g: int, bot: dict, log) -> list:
    """Generation g's data run (resumed where it stopped)."""
    from shengji.runner import run_study
    from shengji.studies.base import make_config

    out = o.dir / f"data-{g}"
    keys = {"study": "bid_decisions", "n": o.hands, "seed": o.data_seed + g - 1}
    keys.update(level=o.level, preset=o.preset, explore=o.explore, bot=bot)
    kind, cfg = make_config(keys, source=SCRIPT)
    c0 = _cpu()
    run_study(kind, cfg, out, workers=o.workers, resume=True, quiet=False)
    log(f"generation {g}: {o.hands} hands of data in {out} ({_cpu() - c0:.0f} CPU-s this call)")
    return [out]


def _loop(o: Options, generations: int, base_path: Path, log=print) -> int:
    """``--generations``: generation g's data played by generation g - 1's bids (memory's
    judgement for the first), a head trained on it alone; the last one written to --out."""
    import shutil

    o.dir.mkdir(parents=True, exist_ok=True)
    bot = _bot(o.weights, False)
    for g in range(1, generations + 1):
        runs = _generation_data(o, g, bot, log)
        path = o.dir / f"gen-{g}.npz"
        if not path.exists():  # written whole (a renamed temporary file): done
            c0 = _cpu()
            record = _train_file(o, runs, base_path, path, log)
            log(
                f"generation {g}: wrote {path} ({_cpu() - c0:.0f} CPU-s of training, "
                f"{record['rows']} decisions)"
            )
        bot = _bot(str(path), True)
    shutil.copyfile(o.dir / f"gen-{generations}.npz", o.out)
    log(f"wrote {o.out} (generation {generations})")
    return 0


def _refused(o: Options) -> str:
    """Why these arguments cannot run ('' if they can)."""
    if o.epochs < 0 or o.batch < 1 or len(o.arch) != 2 or min(o.arch) < 1:
        return "--epochs >= 0, --batch >= 1, --arch two widths >= 1"
    if (o.data is None) == (o.generations is None):
        return "either --data RUN... (train once) or --generations K --dir DIR (the loop)"
    if o.generations is not None and (o.generations < 1 or o.dir is None or o.hands < 1):
        return "--generations >= 1 needs --dir, and --hands >= 1"
    if not 0.0 <= o.explore <= 1.0 or o.workers < 1:
        return "--explore in [0, 1], --workers >= 1"
    return ""


def main(argv=None) -> int:
    o = parser().parse_args(argv, namespace=Options())
    problem = _refused(o)
    if problem:
        print(f"bids: {problem}", file=sys.stderr)
        return 2
    try:
        import torch  # noqa: F401
    except ImportError:
        print('bids: needs PyTorch (CPU): pip install "shengji[learn]"', file=sys.stderr)
        return 2
    from shengji.door import net_path
    from shengji.runner.errors import RunError

    base_path = net_path(o.weights)
    if not base_path.is_file():
        print(f"bids: --weights {o.weights!r}: no such file", file=sys.stderr)
        return 2
    t0, c0 = time.time(), _cpu()
    try:
        if o.generations is not None:
            return _loop(o, o.generations, base_path)
        _train_file(o, list(o.data or ()), base_path, o.out)
    except RunError as exc:  # a data study failed: its line and status (--resume goes on)
        print(f"bids: {exc}", file=sys.stderr)
        return exc.status
    except (OSError, ValueError) as exc:
        print(f"bids: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {o.out} ({time.time() - t0:.0f} s of training, {_cpu() - c0:.0f} CPU-s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
