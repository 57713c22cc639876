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
    """A linear softmax policy over the vector environment's actions, in numpy.

    The probabilities are a softmax over ``x @ w + b`` with the illegal actions masked out,
    ``x`` the compact observation (``shengji.adapters.compact``) times ``scale``.  One
    policy serves every seat: the observation is relative to the seat deciding.

    Parameters
    ----------
    w : numpy.ndarray
        The weights, float32 of shape ``(OBSERVATION_SIZE, N_ACTIONS)`` (942 x 124).
    b : numpy.ndarray
        The biases, float32 of shape ``(N_ACTIONS,)``.
    scale : numpy.ndarray
        Per observation entry, the factor that scales it to about 0..1 (float32 of shape
        ``(OBSERVATION_SIZE,)``).

    Examples
    --------
    >>> from shengji.adapters.vector import VectorEnv
    >>> from shengji.adapters.vector_train import LinearPolicy
    >>> policy = LinearPolicy.zeros()
    >>> policy.w.shape, policy.b.shape
    ((942, 124), (124,))
    >>> env = VectorEnv(4)
    >>> obs, info = env.reset(seed=3)
    >>> a = policy.act(obs["observation"], obs["action_mask"], rng=None)
    >>> bool(all(obs["action_mask"][i, a[i]] for i in range(4)))   # legal actions
    True
    """

    w: np.ndarray
    b: np.ndarray
    scale: np.ndarray

    @classmethod
    def zeros(cls, env: VectorEnv | None = None) -> LinearPolicy:
        """Make the policy with every weight zero: uniform over the legal actions.

        Parameters
        ----------
        env : VectorEnv, optional
            Not needed: the observation's layout is the same for every env.

        Returns
        -------
        LinearPolicy
            The untrained policy (its most likely action: the lowest legal id).
        """
        return cls(
            np.zeros((OBSERVATION_SIZE, N_ACTIONS), np.float32),
            np.zeros(N_ACTIONS, np.float32),
            (1.0 / _bounds()).astype(np.float32),
        )

    def features(self, obs: np.ndarray) -> np.ndarray:
        """Scale compact observations to the policy's input.

        Parameters
        ----------
        obs : numpy.ndarray
            Compact observations, uint8 of shape ``(n, OBSERVATION_SIZE)``.

        Returns
        -------
        numpy.ndarray
            ``obs * scale``, float32 of the same shape.
        """
        return obs.astype(np.float32) * self.scale

    def logits(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Return the masked logits ``x @ w + b``.

        Parameters
        ----------
        x : numpy.ndarray
            Features (``features``), shape ``(n, OBSERVATION_SIZE)``.
        mask : numpy.ndarray
            The legal-action masks, shape ``(n, N_ACTIONS)``: > 0 for a legal action.

        Returns
        -------
        numpy.ndarray
            Shape ``(n, N_ACTIONS)``; ``-inf`` for the illegal actions.
        """
        z = x @ self.w + self.b
        return np.where(mask > 0, z, -np.inf)

    def probs(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Return the action probabilities: the softmax of the masked logits.

        Parameters
        ----------
        x : numpy.ndarray
            Features (``features``), shape ``(n, OBSERVATION_SIZE)``.
        mask : numpy.ndarray
            The legal-action masks, shape ``(n, N_ACTIONS)``; each row needs a legal
            action.

        Returns
        -------
        numpy.ndarray
            Shape ``(n, N_ACTIONS)``, each row summing to 1, 0 on the illegal actions.
        """
        z = self.logits(x, mask)
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        return p / p.sum(axis=1, keepdims=True)

    def act(self, obs, mask, rng: np.random.Generator | None) -> np.ndarray:
        """Choose one action per row of observations.

        Parameters
        ----------
        obs : numpy.ndarray
            Compact observations, shape ``(n, OBSERVATION_SIZE)``.
        mask : numpy.ndarray
            The legal-action masks, shape ``(n, N_ACTIONS)``.
        rng : numpy.random.Generator or None
            Sample each action from the policy's probabilities; None: take the most likely.

        Returns
        -------
        numpy.ndarray
            The actions, int64 of shape ``(n,)``; a row without a legal action gets 0.
        """
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
    """Train a ``LinearPolicy`` by REINFORCE against a built-in bot (module docstring).

    Parameters
    ----------
    minutes : float, default 3.0
        Wall time to train (ignored when ``max_batches`` is given).
    envs : int, default 512
        Hands per batch.
    preset : str, default "standard"
        The rules preset.
    opponents : str, default "random"
        The bot in seats 1 and 3 (a bot name or label).
    lr : float, default 0.01
        Adam's learning rate.
    seed : int, default 1
        Batch b deals from seed ``seed + b * envs``; the sampling generator is seeded too.
    max_batches : int, optional
        Train exactly this many batches (reproducible), instead of for ``minutes``.
    log : callable, optional
        ``log(message)`` is called every 10 batches with the progress.

    Returns
    -------
    policy : LinearPolicy
        The trained policy.
    summary : dict
        ``batches``, ``hands``, ``learner_steps``, ``seconds`` and ``recent_return`` (the
        mean team return, in points, of the last 20 batches).

    Raises
    ------
    ValueError
        For ``envs`` < 1, an unknown preset or opponent bot.

    Examples
    --------
    >>> from shengji.adapters.vector_train import train
    >>> policy, summary = train(envs=8, max_batches=2, seed=1)
    >>> summary["batches"], summary["hands"]
    (2, 16)
    """
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
    """Judge a policy in the duplicate duel against a bot (module docstring).

    Each deal is played twice, the policy on the banker team and then defending; the
    swing of a deal is the policy team's return in both orientations added up.

    Parameters
    ----------
    policy : LinearPolicy
        The policy (in seats 0, 2, then 1, 3).
    deals : int
        How many deals (each played twice).
    preset : str, default "standard"
        The rules preset.
    seed : int, default 10**9
        The deals' seed (and the sampling generator's).
    returns : {"levels", "points"}, default "levels"
        What a swing counts.
    opponent : str, default "random"
        The bot in the other seats.
    sample : bool, default False
        The policy samples its actions instead of taking the most likely.

    Returns
    -------
    dict
        ``deals``, ``returns``, ``mean`` (the mean swing per deal) and ``half_width`` (its
        Student t 95% half-width).

    Raises
    ------
    ValueError
        For ``deals`` < 1, an unknown preset, opponent or ``returns``.

    Examples
    --------
    >>> from shengji.adapters.vector_train import LinearPolicy, duel
    >>> d = duel(LinearPolicy.zeros(), 20, seed=5)
    >>> d["deals"], d["returns"], d["mean"]
    (20, 'levels', 0.55)
    """
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
    """Run the example from the command line: train, then duel against ``random``.

    ``python -m shengji.adapters.vector_train --minutes 3 --deals 4000``; ``--help`` lists
    the flags (``--minutes``, ``--envs``, ``--deals``, ``--opponents``, ``--preset``,
    ``--seed``).  It prints what it trained and the duels' swings with their intervals.

    Parameters
    ----------
    argv : list of str, optional
        The arguments; None: ``sys.argv[1:]``.

    Returns
    -------
    int
        0.

    Raises
    ------
    SystemExit
        With status 2 and a usage line, for bad arguments (``--minutes`` <= 0,
        ``--envs`` or ``--deals`` < 2, an unknown flag).

    Examples
    --------
    >>> from shengji.adapters.vector_train import main
    >>> main(["--minutes", "0.0001", "--envs", "2", "--deals", "2"])
    trained ... batches, ...
    duel vs random (trained, most likely action), 2 deals x 2: swing (levels) per deal ...
    0
    """
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
