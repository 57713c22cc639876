"""A learning example for the vector environment: a linear softmax policy in numpy, trained
by REINFORCE against a built-in bot, then judged against ``random`` in the duplicate duel.

    python -m shengji.adapters.vector_train --minutes 3 --deals 4000

(On a busy machine set ``OPENBLAS_NUM_THREADS=1``: numpy's BLAS threads fight over the
cores for these small products.)

**The policy.**  Logits ``x @ W + b`` over the 124 actions, ``x`` the compact observation
(``shengji.adapters.compact``) scaled to 0..1 by its bounds, illegal actions masked out; one
matrix for every seat (the observation is relative to the seat deciding).

**Training** (``train``): batches of ``envs`` hands, the learner in seats 0 and 2, the
opponent bot (``"random"`` by default) in 1 and 3, the first declarer banking (so the
learner banks and defends); each hand's actions are pushed by the team's return (the
defender points D, signed for the team, ``returns="points"``: denser than the levels) less
the batch's mean return of the same role (banker team or defenders); Adam.  Batch b deals
from seed ``seed + b * envs`` (fresh streams).

**The duel** (``duel``): each deal played twice by ``VectorEnv``s of the same seed, so with
the same cards, trump and banker (seat 0 banks): once with the policy on the banker team
(seats 0, 2), once defending (seats 1, 3), ``random`` in the other seats.  The swing of a
deal is the policy team's return in both orientations added up (levels: its level gain as
banker plus as defender; points: its D as defender less the bot's D as defender), as in
the duel study (``shengji.studies.duel``); its mean comes with a Student t 95% interval
(``shengji.stats.mean_interval``: the swings are paired by construction).  The policy
decides greedily (its most likely legal action) in the duel.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass, field

import numpy as np

from shengji.adapters.compact import offsets
from shengji.adapters.vector import N_ACTIONS, OBSERVATION_SIZE, VectorEnv
from shengji.stats import mean_interval

__all__ = ["LinearPolicy", "train", "duel", "main"]

_BANKER = offsets()["banker"][0]  # the compact observation's banker (relative seat)


@dataclass
class LinearPolicy:
    """Masked softmax over ``x @ w + b`` (``x``: the observation scaled by ``scale``)."""

    w: np.ndarray
    b: np.ndarray
    scale: np.ndarray

    @classmethod
    def zeros(cls, env: VectorEnv | None = None) -> LinearPolicy:
        """All weights zero (uniform over the legal actions; the env is not needed: the
        layout is the same for every env)."""
        return cls(
            np.zeros((OBSERVATION_SIZE, N_ACTIONS), np.float32),
            np.zeros(N_ACTIONS, np.float32),
            (1.0 / _bounds()).astype(np.float32),
        )

    def features(self, obs: np.ndarray) -> np.ndarray:
        return obs.astype(np.float32) * self.scale

    def logits(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        z = x @ self.w + self.b
        return np.where(mask > 0, z, -np.inf)

    def probs(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        z = self.logits(x, mask)
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        return p / p.sum(axis=1, keepdims=True)

    def act(self, obs, mask, rng: np.random.Generator | None) -> np.ndarray:
        """One action per row: sampled (rng given) or the most likely; rows without a
        legal action get 0."""
        live = mask.any(axis=1)
        out = np.zeros(len(mask), np.int64)
        if not live.any():
            return out
        x, m = self.features(obs[live]), mask[live]
        if rng is None:
            out[live] = np.argmax(self.logits(x, m), axis=1)
        else:
            p = self.probs(x, m)
            u = rng.random((len(p), 1))
            out[live] = np.minimum((p.cumsum(axis=1) < u).sum(axis=1), N_ACTIONS - 1)
        return out


def _bounds() -> np.ndarray:
    """Typical ranges of the observation's counts (the space's 255 is only the dtype's)."""
    bound = np.full(OBSERVATION_SIZE, 2.0, np.float32)
    for name, limit in (
        ("tricks_done", 25),
        ("hand_sizes", 33),
        ("points", 40),
        ("penalty", 40),
    ):
        i, shape = offsets()[name]
        bound[i : i + int(np.prod(shape))] = limit
    return bound


@dataclass
class _Adam:
    lr: float
    m: list = field(default_factory=list)
    v: list = field(default_factory=list)
    t: int = 0

    def step(self, params, grads):
        if not self.m:
            self.m = [np.zeros_like(p) for p in params]
            self.v = [np.zeros_like(p) for p in params]
        self.t += 1
        for p, g, m, v in zip(params, grads, self.m, self.v, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            mh = m / (1 - 0.9**self.t)
            vh = v / (1 - 0.999**self.t)
            p += self.lr * mh / (np.sqrt(vh) + 1e-8)  # ascent: g is the gradient of return


def _play_batch(env: VectorEnv, policy: LinearPolicy, seed: int, rng):
    """Every env's first hand from seed: the learner's steps (obs, mask, action, env) and
    per env the team return and whether the learner's team banked."""
    obs, info = env.reset(seed=seed)
    n = env.num_envs
    done = np.zeros(n, bool)
    ret = np.zeros(n)
    banked = np.zeros(n, bool)
    steps_x, steps_m, steps_a, steps_e = [], [], [], []
    seat0 = env.seats[0]
    while not done.all():
        live = ~done
        x, m = obs["observation"], obs["action_mask"]
        a = policy.act(x, m, rng)
        idx = np.flatnonzero(live)
        steps_x.append(x[idx].copy())
        steps_m.append(m[idx].copy())
        steps_a.append(a[idx].copy())
        steps_e.append(idx)
        banker_rel = x[idx, _BANKER : _BANKER + 4].argmax(axis=1)  # relative seat
        banked[idx] = banker_rel % 2 == 0
        obs, r, term, trunc, info = env.step(a)
        for i in np.flatnonzero(term & live):
            ret[i] = info["returns"][i, seat0]
            done[i] = True
    return (
        np.concatenate(steps_x),
        np.concatenate(steps_m),
        np.concatenate(steps_a),
        np.concatenate(steps_e),
        ret,
        banked,
    )


def train(
    minutes: float = 3.0,
    *,
    envs: int = 512,
    preset: str = "standard",
    opponents: str = "random",
    lr: float = 0.01,
    seed: int = 1,
    max_batches: int | None = None,
    log=None,
) -> tuple[LinearPolicy, dict]:
    """Train for ``minutes`` of wall time (or ``max_batches`` batches): the policy and a
    summary (batches, hands, steps, seconds, the mean team return of the last batches)."""
    env = VectorEnv(envs, preset=preset, seats=(0, 2), opponents=opponents, returns="points")
    policy = LinearPolicy.zeros()
    opt = _Adam(lr)
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    b = hands = steps = 0
    recent: list[float] = []
    while True:
        if max_batches is not None and b >= max_batches:
            break
        if max_batches is None and time.perf_counter() - start > minutes * 60:
            break
        x8, m, a, e, ret, banked = _play_batch(env, policy, seed + b * envs, rng)
        adv = ret.copy()
        for role in (True, False):
            sel = banked == role
            if sel.any():
                adv[sel] -= ret[sel].mean()
        adv /= 100.0  # D in hundreds of points
        x = policy.features(x8)
        p = policy.probs(x, m)
        g = -p
        g[np.arange(len(a)), a] += 1.0
        g *= adv[e][:, None]
        grad_w = x.T @ g / envs
        grad_b = g.sum(axis=0) / envs
        opt.step([policy.w, policy.b], [grad_w, grad_b])
        b += 1
        hands += envs
        steps += len(a)
        recent = (recent + [float(ret.mean())])[-20:]
        if log is not None and b % 10 == 0:
            log(f"batch {b}: {hands} hands, mean team return (points) {np.mean(recent):+.1f}")
    summary = {
        "batches": b,
        "hands": hands,
        "learner_steps": steps,
        "seconds": time.perf_counter() - start,
        "recent_return": float(np.mean(recent)) if recent else math.nan,
    }
    return policy, summary


def duel(
    policy: LinearPolicy,
    deals: int,
    *,
    preset: str = "standard",
    seed: int = 10**9,
    returns: str = "levels",
    opponent: str = "random",
    sample: bool = False,
) -> dict:
    """The duplicate duel of ``policy`` against ``opponent`` over ``deals`` deals (module
    docstring): mean swing per deal, its 95% half-width, n.  ``sample``: the policy samples
    its actions (a generator seeded from ``seed``) instead of taking the most likely."""
    rng = np.random.default_rng(seed) if sample else None
    swings = np.zeros(deals)
    for seats in ((0, 2), (1, 3)):
        env = VectorEnv(
            deals, preset=preset, seats=seats, opponents=opponent, banker=0, returns=returns
        )
        obs, info = env.reset(seed=seed)
        done = np.zeros(deals, bool)
        while not done.all():
            a = policy.act(obs["observation"], obs["action_mask"], rng)
            obs, r, term, trunc, info = env.step(a)
            for i in np.flatnonzero(term & ~done):
                swings[i] += info["returns"][i, seats[0]]
                done[i] = True
    mean, half = mean_interval(deals, float(swings.sum()), float((swings**2).sum()))
    return {"deals": deals, "returns": returns, "mean": mean, "half_width": half}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m shengji.adapters.vector_train",
        description="Train a linear numpy policy on the vector env, then duel it against random.",
    )
    ap.add_argument("--minutes", type=float, default=3.0, help="training wall time (default 3)")
    ap.add_argument("--envs", type=int, default=512, help="hands per training batch")
    ap.add_argument("--deals", type=int, default=4000, help="duel deals (each played twice)")
    ap.add_argument("--opponents", default="random", help="training opponent bot")
    ap.add_argument("--preset", default="standard")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.minutes <= 0 or args.envs < 2 or args.deals < 2:
        ap.error("--minutes > 0, --envs >= 2, --deals >= 2")
    policy, s = train(
        args.minutes,
        envs=args.envs,
        preset=args.preset,
        opponents=args.opponents,
        seed=args.seed,
        log=lambda m: print(m, file=sys.stderr),
    )
    print(
        f"trained {s['batches']} batches, {s['hands']:,} hands, {s['learner_steps']:,} learner "
        f"steps in {s['seconds']:.0f} s ({s['learner_steps'] / s['seconds']:,.0f} steps/s with "
        f"the numpy policy)"
    )
    untrained = LinearPolicy.zeros(None)  # its most likely action: the lowest legal id
    for name, p, sample in (
        ("trained, most likely action", policy, False),
        ("trained, sampled", policy, True),
        ("untrained, most likely action (the lowest legal id)", untrained, False),
    ):
        for returns in ("levels", "points"):
            d = duel(p, args.deals, preset=args.preset, returns=returns, sample=sample)
            lo, hi = d["mean"] - d["half_width"], d["mean"] + d["half_width"]
            print(
                f"duel vs random ({name}), {d['deals']:,} deals x 2: swing ({returns}) per "
                f"deal {d['mean']:+.3f}, 95% CI [{lo:+.3f}, {hi:+.3f}]"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
