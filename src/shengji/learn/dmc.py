"""Deep Monte-Carlo from self-play outcomes: the learning rule of ``shengji.learn.iterate``.

Each recorded decision (a decisions study of the net bot exploring: ``teacher = "net"``,
``explore`` a temperature) carries the candidate played and the hand's final outcome ``G``
for the seat's team (the ``points`` column: + the defenders' points defending, - banking).
As in DouZero, the value of the action played is fitted to that outcome; here in the
network's own terms, which keep its shape and its integer inference unchanged:

    Q(s, c) = VALUE_SCALE * v(s) + q_scale * (q(s, c) - mean over the candidates of q(s, .))

-- the value head ``v`` (already the hand's points / VALUE_SCALE) plus the centred score of
``c`` in units of ``q_scale`` points (what the shipped network's scores are: the imitation
fitted centred scores to pimc's centred means, ``advantage_loss``).  The bot plays the
candidate of the highest score, so the policy is the argmax of Q.  The loss of a row::

    ((Q(s, c) - G) / q_scale)^2 + value_weight * (v(s) - G / VALUE_SCALE)^2
      + anchor * mean over the candidates of ((q - mean q) - (q0 - mean q0))^2

where ``q0`` are the scores of the network the generation starts from (the anchor keeps a
generation from drifting away from its parent where the outcomes say little).  ``G`` is the
hand's outcome (``td = 1``: Deep Monte-Carlo), or with ``td < 1`` the mix ``td * outcome +
(1 - td) * VALUE_SCALE * v0(s')`` of it and the parent's value of the seat's next recorded
decision ``s'`` in the hand (a one-step bootstrap: less variance, the parent's bias; a
seat's last decision keeps the outcome).  Data recorded with ``hindsight`` (the decisions
study: every candidate played out on the true deal by the parent) carry a value for every
candidate, ``q``: then each candidate's Q is fitted to its own value (the first term's mean
over the candidates), not the played one's alone to the hand's outcome -- the candidates
share their cards, so their differences are measured without the deal's noise.  That mean
is the sum of two parts: the deal's, ``((VALUE_SCALE * v(s) - m) / q_scale)^2`` with ``m``
the candidates' mean value, and the differences', the mean over the candidates of ``((q -
mean q) - (value - m) / q_scale)^2``; ``centred`` weights the second (1: the mean as it is),
since the deal's part is most of the loss (5.5 of 7.3 in a try from the shipped network:
docs/hand-engine.md) and the differences are what the bot plays by.  The data
are streamed from the runs' files (a few at a time, their rows shuffled together), each
row's side suits permuted at random (``shengji.learn.train``'s symmetry).
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from shengji.learn.data import DecisionTable, part_files, read_part
from shengji.learn.model import VALUE_SCALE

__all__ = ["Rule", "dmc_loss", "fit"]

BUFFER_FILES = 4  # the data files a training holds at once (rows shuffled across them)


@dataclass(frozen=True)
class Rule:
    """The learning rule's settings (``shengji.learn.iterate``'s flags)."""

    lr: float = 1e-4
    epochs: int = 1
    batch: int = 512
    q_scale: float = 10.0
    value_weight: float = 0.25
    anchor: float = 1.0
    weight_decay: float = 1e-5
    td: float = 1.0
    centred: float = 1.0


def _centre(x, m, n):
    """``x`` (B, K) zeroed outside ``m`` (B, K), less each row's mean over its ``n`` (B,)
    entries in ``m``."""
    import torch

    xm = torch.where(m, x, torch.zeros_like(x))
    return xm - (xm.sum(1) / n)[:, None]


def dmc_loss(q, v, y, mask, g, q0, rule: Rule, qt=None, qn=None):
    """The loss of a batch (module docstring) and its three parts (floats; the first
    unweighted by ``centred``): ``q`` (B, K)
    scores, -inf past each row's candidates; ``v`` (B,) values (points / VALUE_SCALE);
    ``y`` (B,) the candidate played; ``mask`` (B, K); ``g`` (B,) the outcomes in points;
    ``q0`` (B, K) the parent's scores (None: no anchor); ``qt``, ``qn`` (B, K) each
    candidate's hindsight value in points and whether it has one (None: none)."""
    import torch

    cnt = mask.sum(1).clamp_min(1)
    centred = _centre(q, mask, cnt)
    if qt is not None and bool((qn > 0).any()):
        has = (qn > 0) & mask
        every = VALUE_SCALE * v[:, None] + rule.q_scale * centred
        err = torch.where(has, ((every - qt) / rule.q_scale) ** 2, torch.zeros_like(q))
        n_has = has.sum(1).clamp_min(1)
        fit_q = (err.sum(1) / n_has).mean()
        loss = fit_q
        if rule.centred != 1.0:  # the differences' part weighted (module docstring)
            dt = _centre(qt, has, n_has) / rule.q_scale
            ch = _centre(centred, has, n_has)
            diff = torch.where(has, (ch - dt) ** 2, torch.zeros_like(q))
            loss = loss + (rule.centred - 1.0) * (diff.sum(1) / n_has).mean()
    else:
        chosen = centred.gather(1, y[:, None]).squeeze(1)
        value = VALUE_SCALE * v + rule.q_scale * chosen
        fit_q = (((value - g) / rule.q_scale) ** 2).mean()
        loss = fit_q
    fit_v = ((v - g / VALUE_SCALE) ** 2).mean()
    loss = loss + rule.value_weight * fit_v
    drift = torch.zeros(())
    if q0 is not None and rule.anchor:
        c0 = _centre(q0, mask, cnt)
        drift = ((torch.where(mask, centred - c0, torch.zeros_like(q)) ** 2).sum(1) / cnt).mean()
        loss = loss + rule.anchor * drift
    return loss, (fit_q.item(), fit_v.item(), drift.item())


def _bootstrap(parent, d, idx, nxt, perm, g, rule: Rule, maps):
    """The targets mixed with the parent's values of the next decisions (module docstring)."""
    import torch

    from shengji.learn.train import _tensors

    has = nxt[idx] >= 0
    if not has.any():
        return g
    xs, acts = maps
    x, a, mask, *_ = _tensors(d, nxt[idx][has], perm[has], xs, acts, rule.q_scale)
    _, v = parent(x, a, mask)
    mixed = g.clone()
    h = torch.from_numpy(has)
    mixed[h] = rule.td * g[h] + (1 - rule.td) * VALUE_SCALE * v
    return mixed


def _concat(tables: Sequence[DecisionTable]) -> DecisionTable:
    return DecisionTable(
        **{
            k: np.concatenate([getattr(t, k) for t in tables])
            for k in DecisionTable.__dataclass_fields__
        }
    )


def next_rows(d: DecisionTable) -> np.ndarray:
    """For each row, the row of the same seat's next decision in the same hand of the same
    run, or -1 (its last)."""
    order = np.lexsort((d.step, d.seat, d.hand, d.run))
    nxt = np.full(len(d), -1, np.int64)
    same = (
        (d.run[order[1:]] == d.run[order[:-1]])
        & (d.hand[order[1:]] == d.hand[order[:-1]])
        & (d.seat[order[1:]] == d.seat[order[:-1]])
    )
    nxt[order[:-1][same]] = order[1:][same]
    return nxt


def fit(
    net,
    runs: Sequence[Path],
    rule: Rule,
    seed: int,
    log: Callable[[str], None] = print,
) -> dict:
    """Fit ``net`` (a ``shengji.learn.model.Net``, warm: the parent's weights) to the
    decisions of the runs ``runs`` by the rule (``rule.epochs`` passes), deterministically
    from ``seed`` (one torch thread).  Returns the figures of all the passes together: rows
    and batches (a decision counted once a pass), the loss parts' means; each pass logs its
    own."""
    import pyarrow.parquet as pq
    import torch

    from shengji.door import FEATURE_LAYOUT
    from shengji.learn.train import _offset, _perms, _tensors, augment_tables
    from shengji.runner.progress import make_progress

    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    parent = copy.deepcopy(net).eval()
    opt = torch.optim.Adam(net.parameters(), lr=rule.lr, weight_decay=rule.weight_decay)
    xs, acts, nt_first = augment_tables()
    nt_col = _offset(FEATURE_LAYOUT, "no_trump")
    files = [(r, p) for r, out in enumerate(runs) for p in part_files(out)]
    total = sum(pq.ParquetFile(p).metadata.num_rows for _, p in files)
    rows = sums = 0
    parts = np.zeros(3)
    net.train()
    for epoch in range(rule.epochs):
        order = rng.permutation(len(files))
        # the data's rows read (a pass fits the usable ones: its line counts those), on
        # stderr: a bar, or a line a tenth
        bar = make_progress(total, "rows", quiet=False)
        rows0, parts0 = rows, parts.copy()
        for i in range(0, len(order), BUFFER_FILES):
            d = _concat([read_part(files[j][1], files[j][0]) for j in order[i : i + BUFFER_FILES]])
            usable = np.flatnonzero((d.choice >= 0) & (d.n >= 2))
            nxt = next_rows(d)
            shuffled = rng.permutation(usable)
            for b in range(0, len(shuffled), rule.batch):
                idx = np.sort(shuffled[b : b + rule.batch])
                perm = _perms(d, idx, rng, nt_col, nt_first)
                x, a, mask, y, _, _, qn = _tensors(d, idx, perm, xs, acts, rule.q_scale)
                qt = torch.from_numpy(d.q[idx])
                g = torch.from_numpy(d.points[idx])
                with torch.no_grad():
                    q0 = parent(x, a, mask)[0] if rule.anchor else None  # the anchor's
                    if rule.td < 1:
                        g = _bootstrap(parent, d, idx, nxt, perm, g, rule, (xs, acts))
                q, v = net(x, a, mask)
                loss, got = dmc_loss(q, v, y, mask, g, q0, rule, qt, qn)
                opt.zero_grad()
                loss.backward()
                opt.step()
                rows += len(idx)
                sums += 1
                parts += np.array(got) * len(idx)
            bar.update(len(d.n))
        bar.close()
        k, own = max(rows - rows0, 1), parts - parts0  # this pass's
        log(
            f"  pass {epoch + 1}/{rule.epochs}: {rows - rows0} decisions, outcome loss "
            f"{own[0] / k:.3f}, value {own[1] / k:.3f}, drift {own[2] / k:.4f}"
        )
    net.eval()
    m = max(rows, 1)
    return {
        "rows": rows,
        "batches": sums,
        "outcome_loss": parts[0] / m,
        "value_loss": parts[1] / m,
        "drift": parts[2] / m,
        "rmse_points": math.sqrt(parts[0] / m) * rule.q_scale,
    }
