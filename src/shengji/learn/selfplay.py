"""Self-play on top of imitation: the net bot plays hands against itself, exploring, and the
network is moved towards the choices that scored better than its value head expected
(policy gradient with the value as baseline), while it keeps fitting the teacher's data (the
imitation loss on a batch of it beside each self-play batch, so it does not drift from what
it learned).

A round: ``hands`` hands of the decisions study with ``teacher = "net"`` and ``explore`` =
the temperature, played in this process by the current weights (written to a temporary
weights file, the teacher ``{bot = "net", weights = FILE}``: the chunks' draws are the
study's, so the same seed and weights give the same hands), then one pass over their
decisions.  ``shengji.learn.train --selfplay-rounds``
runs it after the imitation; docs/hand-engine.md ("net") has what it was worth.
"""

from __future__ import annotations

import math

import numpy as np

from shengji.learn.data import DecisionTable
from shengji.learn.model import VALUE_SCALE, advantage_loss, weights_of

__all__ = ["selfplay_hands", "selfplay_round"]


def selfplay_hands(net, hands: int, seed: int, explore: float) -> DecisionTable:
    """``hands`` hands of the net (``net``'s weights) exploring at temperature ``explore``,
    as DecisionTable (the decisions study's rows, chunk by chunk in this process)."""
    import tempfile
    from pathlib import Path

    import pyarrow as pa

    from shengji.learn.data import _fixed, _fixed_list
    from shengji.learn.model import write_weights
    from shengji.studies.base import make_config

    with tempfile.TemporaryDirectory() as tmp:
        weights = Path(tmp) / "net.npz"
        write_weights(weights, weights_of(net), {"script": "shengji.learn.selfplay"})
        teacher = {"bot": "net", "weights": str(weights)}
        kind, cfg = make_config(
            {"study": "decisions", "n": hands, "seed": seed, "teacher": teacher, "explore": explore}
        )
        kind.tables(cfg)
        tables = [kind.run_chunk(cfg, chunk).tables["decisions"] for chunk in cfg.chunks()]
    t = pa.concat_tables(tables)
    k = t.schema.field("q").type.list_size
    s = t.schema.field("x").type.byte_width
    w = t.schema.field("a").type.byte_width // k
    n = len(t)
    return DecisionTable(
        x=_fixed(t.column("x"), s),
        a=_fixed(t.column("a"), k * w).reshape(n, k, w),
        n=t.column("n").to_numpy().astype(np.int64),
        choice=t.column("choice").to_numpy().astype(np.int64),
        points=t.column("points").to_numpy().astype(np.float32),
        levels=t.column("levels").to_numpy().astype(np.float32),
        hand=t.column("hand").to_numpy().astype(np.int64),
        run=np.zeros(n, np.int64),
        trick=t.column("trick").to_numpy().astype(np.int64),
        phase=t.column("phase").combine_chunks().indices.to_numpy().astype(np.int64),
        q=_fixed_list(t.column("q"), np.float32),
        q_n=_fixed_list(t.column("q_n"), np.int16),
        seat=t.column("seat").to_numpy().astype(np.int64),
        step=t.column("step").to_numpy().astype(np.int64),
    )


def selfplay_round(
    net, opt, play: DecisionTable, teacher: DecisionTable, o, rng, tensors_of, log=print
):
    """One pass over the self-play decisions ``play`` (policy gradient at temperature
    ``o.explore``, baseline the value head, weight ``o.pg_weight``), each batch beside a
    batch of the teacher's decisions ``teacher`` (the imitation loss).  ``tensors_of(d,
    idx)`` turns rows into (x, a, mask, choice, points / VALUE_SCALE, q, q_n)."""
    import torch

    rows = np.flatnonzero(play.n >= 2)
    trows = np.flatnonzero((teacher.choice >= 0) & (teacher.n >= 2))
    order = rng.permutation(rows)
    total_pg = total_adv = 0.0
    for i in range(0, len(order), o.batch):
        idx = np.sort(order[i : i + o.batch])
        x, a, mask, y, pts, _, _ = tensors_of(play, idx)
        q, v = net(x, a, mask)
        logp = torch.log_softmax(q / o.explore, dim=1).gather(1, y[:, None]).squeeze(1)
        adv = (pts - v).detach()
        pg = -(adv * logp).mean()
        loss = o.pg_weight * pg + o.value_weight * ((v - pts) ** 2).mean()
        tidx = np.sort(rng.choice(trows, min(o.batch, len(trows)), replace=False))
        x, a, mask, y, pts, qt, qn = tensors_of(teacher, tidx)
        q, v = net(x, a, mask)
        loss = loss + torch.nn.functional.cross_entropy(q, y)
        loss = loss + o.q_weight * advantage_loss(q, qt, qn)
        opt.zero_grad()
        loss.backward()
        opt.step()
        total_pg += pg.item() * len(idx)
        total_adv += float(adv.abs().mean()) * len(idx)
    m = max(len(rows), 1)
    log(
        f"  self-play: {len(rows)} decisions, policy loss {total_pg / m:.4f}, mean |advantage| "
        f"{VALUE_SCALE * total_adv / m:.1f} points ({math.ceil(len(rows) / o.batch)} batches)"
    )
