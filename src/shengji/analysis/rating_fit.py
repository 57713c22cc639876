"""The fits behind ``shengji.analysis.ladder``: ratings from the pairs' mean swings
(``fit_ratings``: weighted least squares, one bot anchored at 0), the saturating link
between a rating gap and a swing (``link_value``, ``fit_link``) and a bootstrap replicate's
refit (``refit_link``).  ``shengji.analysis.ratings`` runs the ladder and reads these.
"""

from __future__ import annotations

import numpy as np

__all__ = ["BOOT", "LINKS", "fit_link", "fit_ratings", "link_value", "refit_link"]

BOOT = 2000


def fit_ratings(
    names: list[str],
    pairs: list[tuple[int, int]],
    means: np.ndarray,
    weights: np.ndarray,
    anchor: int,
) -> np.ndarray:
    """The weighted least-squares ratings (docs/evaluate.md) of bots ``names`` from pair
    means (rows of ``means``: one fit per row when 2-D) with ``weights``; ``anchor``'s
    rating is 0.  ValueError when the pairs do not connect every bot."""
    k = len(names)
    x = np.zeros((len(pairs), k))
    for p, (a, b) in enumerate(pairs):
        x[p, a] += 1.0
        x[p, b] -= 1.0
    keep = [j for j in range(k) if j != anchor]
    xr = x[:, keep]
    w = np.asarray(weights, np.float64)
    g = xr.T @ (w[:, None] * xr)
    if np.linalg.matrix_rank(g) < len(keep):
        raise ValueError(
            "ladder: the pairs played do not connect every bot to the anchor (a bot with no "
            "pair, or two groups that never meet)"
        )
    solve = np.linalg.solve(g, (xr * w[:, None]).T)  # (k - 1, pairs)
    m = np.atleast_2d(means)
    r = np.zeros((m.shape[0], k))
    r[:, keep] = m @ solve.T
    return r if np.ndim(means) == 2 else r[0]


LINKS = ("tanh", "linear")


def link_value(d, scale: float | None):
    """The duel's expected swing at a rating gap d: ``scale * tanh(d / scale)`` (the
    saturating link), or d itself (``scale`` None: linear)."""
    return d if scale is None else scale * np.tanh(np.asarray(d) / scale)


def fit_link(
    names: list[str],
    pairs: list[tuple[int, int]],
    means: np.ndarray,
    weights: np.ndarray,
    anchor: int,
    start: tuple[np.ndarray, float] | None = None,
) -> tuple[np.ndarray, float | None]:
    """The weighted least-squares ratings under the saturating link (docs/evaluate.md):
    (ratings, scale M), the anchor at 0; the linear fit (scale None) where the pairs cannot
    tell a scale (fewer pairs than ratings + 1) or the best scale is beyond any swing seen
    by far (the duels are additive).  ``start``: a previous fit to start from."""
    from scipy.optimize import least_squares

    lin = fit_ratings(names, pairs, means, weights, anchor)
    top = float(np.max(np.abs(means))) if len(means) else 0.0
    if len(pairs) <= len(names) or top == 0.0:  # no degree of freedom left to judge M
        return lin, None
    k = len(names)
    keep = np.array([j for j in range(k) if j != anchor])
    a = np.array([i for i, _ in pairs])
    b = np.array([j for _, j in pairs])
    sw = np.sqrt(np.asarray(weights, np.float64))
    m = np.asarray(means, np.float64)
    hi_log = np.log(_LINEAR_BEYOND * top)

    def full(theta):
        r = np.zeros(k)
        r[keep] = theta[:-1]
        return r

    def resid(theta):
        r, s = full(theta), np.exp(theta[-1])
        return sw * (s * np.tanh((r[a] - r[b]) / s) - m)

    def jac(theta):
        r, s = full(theta), np.exp(theta[-1])
        u = (r[a] - r[b]) / s
        sech2 = 1.0 - np.tanh(u) ** 2
        j = np.zeros((len(pairs), len(theta)))
        col = {int(x): c for c, x in enumerate(keep)}
        for p in range(len(pairs)):
            if a[p] in col:
                j[p, col[a[p]]] += sw[p] * sech2[p]
            if b[p] in col:
                j[p, col[b[p]]] -= sw[p] * sech2[p]
        j[:, -1] = sw * (s * np.tanh(u) - (r[a] - r[b]) * sech2)
        return j

    if start is None:
        theta0 = np.append(lin[keep], np.log(2.0 * top))
    else:
        theta0 = np.append(start[0][keep], np.log(start[1] if start[1] else 4.0 * top))
    lo_log = np.log(_CEILING * top)
    theta0[-1] = min(max(theta0[-1], lo_log + 1e-6), hi_log - 1e-6)
    res = least_squares(
        resid,
        theta0,
        jac=jac,
        bounds=(
            np.append(np.full(k - 1, -np.inf), lo_log),
            np.append(np.full(k - 1, np.inf), hi_log),
        ),
    )
    s = float(np.exp(res.x[-1]))
    lin_chi2 = float(np.sum((sw * (lin[a] - lin[b] - m)) ** 2))
    # the scale must pay for itself: a chi-square drop of a 95 % test on one parameter
    if s >= 0.99 * _LINEAR_BEYOND * top or lin_chi2 - 2 * res.cost <= _CHI2_ONE:
        return lin, None
    return full(res.x), s


_LINEAR_BEYOND = 50.0  # a scale 50 x the largest swing: the link is the identity there
_CEILING = 1.05  # M >= 1.05 x the largest swing: no duel at the link's ceiling, where
# a gap would be ill-determined (tanh's inverse runs off to infinity)
_CHI2_ONE = 3.841  # the 95 % point of chi-square on one degree of freedom
_STEPS = 12  # Gauss-Newton steps of a replicate's refit, from the sample's fit


def refit_link(
    names: list[str],
    pairs: list[tuple[int, int]],
    means: np.ndarray,
    weights: np.ndarray,
    anchor: int,
    start: tuple[np.ndarray, float],
    top: float,
) -> np.ndarray:
    """``fit_link`` for many rows of pair means at once (the bootstrap's replicates, near
    the sample): Gauss-Newton steps from ``start`` (the sample's ratings and scale), all
    rows together, the scale bounded as the sample's was (``top``: the sample's largest
    swing).  Returns the ratings, one row per row of ``means``."""
    k = len(names)
    keep = np.array([j for j in range(k) if j != anchor])
    a = np.array([i for i, _ in pairs])
    b = np.array([j for _, j in pairs])
    sw = np.sqrt(np.asarray(weights, np.float64))
    m = np.atleast_2d(np.asarray(means, np.float64))
    n = m.shape[0]
    # d(gap_p)/d(theta): +1 for a's rating, -1 for b's (the anchor is not a parameter)
    g = np.zeros((len(pairs), len(keep)))
    col = {int(x): c for c, x in enumerate(keep)}
    for p_, (i, j) in enumerate(pairs):
        if i in col:
            g[p_, col[i]] += 1.0
        if j in col:
            g[p_, col[j]] -= 1.0
    theta = np.tile(np.append(start[0][keep], np.log(start[1])), (n, 1))
    lo, hi = np.log(_CEILING * top), np.log(_LINEAR_BEYOND * top)
    step = np.zeros_like(theta)
    for _ in range(_STEPS):
        r = np.zeros((n, k))
        r[:, keep] = theta[:, :-1]
        s = np.exp(theta[:, -1:])
        gap = r[:, a] - r[:, b]
        th = np.tanh(gap / s)
        sech2 = 1.0 - th * th
        res = sw * (s * th - m)  # (n, pairs)
        res[~np.isfinite(res)] = 0.0
        jac = np.empty((n, len(pairs), len(keep) + 1))
        jac[:, :, :-1] = (sw * sech2)[:, :, None] * g[None]
        jac[:, :, -1] = sw * (s * th - gap * sech2)
        jtj = np.einsum("npi,npj->nij", jac, jac)
        jtj += 1e-9 * np.eye(len(keep) + 1)[None]
        step = np.linalg.solve(jtj, -np.einsum("npi,np->ni", jac, res)[..., None])[..., 0]
        theta += step
        theta[:, -1] = np.clip(theta[:, -1], lo, hi)
    r = np.zeros((n, k))
    r[:, keep] = theta[:, :-1]
    # a row the steps did not settle (far from the sample's fit): fitted on its own
    loose = ~np.isfinite(r).all(axis=1) | (np.abs(step[:, :-1]).max(axis=1) > 1e-6 * (1 + top))
    for row in np.flatnonzero(loose).tolist():
        r[row] = fit_link(names, pairs, m[row], weights, anchor, start)[0]
    return r
