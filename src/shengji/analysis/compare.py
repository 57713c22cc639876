"""Compare the cells of a sweep (``shengji.studies.sweep``): each cell's mean of a metric with
its interval, and its paired difference from a baseline cell with its interval.

::

    from shengji.analysis import compare, plot_compare, run
    out = run("sim/sweep_kitty.toml", "out/kitty", n=2_000)
    table = compare(out, "D")                  # one row per cell, cell 0 the baseline
    compare(out, "level_up", by="kitty_multiplier", baseline="linear4")  # pooled over the rest
    plot_compare(table)                        # the paired differences, with intervals

Pairing: item k of every cell was played on the same deal (the sweep's seeding rule), so the
difference of two cells is estimated from the per-item differences; ``unpaired_half`` gives
the half-width the same difference would have from independent samples of the same size
(Welch), i.e. what the pairing saves.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from shengji.runner.manifest import Manifest
from shengji.stats import CONFIDENCE
from shengji.studies.metrics import METRICS, Metric, column_values, item_column, summary_row
from shengji.studies.sweep import label

__all__ = ["compare", "plot_compare", "sweep_cells"]


def _header(out: Path) -> dict:
    header = Manifest(out).header()
    if header is None:
        raise ValueError(f"{str(out)!r} is not a shengji run directory (no {Manifest(out).path})")
    if "sweep" not in header:
        raise ValueError(
            f"{str(out)!r} holds a {header.get('study')} run without a [sweep] table: "
            "compare needs a sweep's output"
        )
    return header


def sweep_cells(out) -> list[dict]:
    """Return the cells of a sweep: each cell's index and swept values.

    Parameters
    ----------
    out : str or path-like
        The sweep's output directory.

    Returns
    -------
    list of dict
        One dict per cell, in cell order: ``cell`` (its index) and one entry per swept
        key.

    Raises
    ------
    ValueError
        For a directory that is not a run, or a run without a ``[sweep]`` table.

    Examples
    --------
    >>> import tempfile
    >>> from shengji.analysis import run, sweep_cells
    >>> out = run("scoring", tempfile.mkdtemp() + "/s", n=50,
    ...           sweep={"kitty_multiplier": ["linear4", "power2"]})
    >>> [c["kitty_multiplier"] for c in sweep_cells(out)]
    ['linear4', 'power2']
    """
    return [dict(c) for c in _header(Path(out))["sweep"]["cells"]]


class _Dataset(dict):
    """A table's columns, read one at a time when a metric asks for them."""

    def __init__(self, path: Path):
        import pyarrow.dataset as ds

        super().__init__()
        self.data = ds.dataset(str(path), format="parquet")
        self.names = set(self.data.schema.names)

    def __missing__(self, name):

        if name not in self.names:
            raise ValueError(f"the table has no column {name!r}")
        value = self[name] = column_values(self.data.to_table(columns=[name]), name)
        return value


def _metric(header: dict, metric, out: Path):

    kind = header["study"]
    known = METRICS.get(kind, {})
    if isinstance(metric, Metric):
        return metric
    if not isinstance(metric, str):
        raise TypeError(f"metric: expected a name, got {metric!r}")
    if metric in known:
        return known[metric]
    for table in header.get("tables", []):
        path = out / table
        if path.is_dir() and metric in _Dataset(path).names:
            return Metric(table, lambda c: c[metric].astype(np.float64), metric, False, "mean")
    raise ValueError(
        f"metric: unknown metric {metric!r} for a {kind} sweep; allowed: "
        + ", ".join(list(known) + ["or a numeric column of " + "/".join(header.get("tables", []))])
    )


def _baseline_index(groups: list[tuple], by: list[str], baseline) -> int:

    if baseline is None:
        return 0
    if isinstance(baseline, dict):
        unknown = set(baseline) - set(by)
        if unknown:
            raise ValueError(f"baseline: {sorted(unknown)} not among by = {by}")
        want = {k: label(v) for k, v in baseline.items()}
        hits = [
            i
            for i, g in enumerate(groups)
            if all(dict(zip(by, g, strict=True))[k] == v for k, v in want.items())
        ]
    elif isinstance(baseline, tuple) and len(baseline) == len(by):
        want_t = tuple(label(v) for v in baseline)
        hits = [i for i, g in enumerate(groups) if g == want_t]
    elif len(by) == 1:
        hits = [i for i, g in enumerate(groups) if g[0] == label(baseline)]
    else:
        raise ValueError(
            f"baseline: give a dict of {', '.join(by)} (by has {len(by)} keys), got {baseline!r}"
        )
    if len(hits) != 1:
        shown = "; ".join(", ".join(f"{k}={v}" for k, v in zip(by, g, strict=True)) for g in groups)
        raise ValueError(
            f"baseline: {baseline!r} matches {len(hits)} of the groups ({shown}); name one"
        )
    return hits[0]


def compare(
    out,
    metric: Any = "D",
    by: str | list[str] | None = None,
    baseline: Any = None,
    *,
    confidence: float = CONFIDENCE,
):
    """Compare the cells of a sweep: each cell's mean and its paired difference from a baseline.

    Item k of every cell of a sweep was played on the same deal (the sweep's seeding rule),
    so the difference of two cells is estimated from the per-item differences: a paired
    interval, usually much narrower than the two means' intervals suggest.

    Parameters
    ----------
    out : str or path-like
        The sweep's output directory.
    metric : str, default "D"
        A metric of the run's kind (``shengji.studies.metrics.METRICS``: ``"D"``,
        ``"level_up"``, ``"levels"``, ``"defenders_last"``, ``"match_length"``,
        ``"team0_wins"``, ``"swing_points"``, ``"no_bid"`` ...), or a numeric column of
        one of its tables (averaged over an item's rows).
    by : str or list of str, optional
        The swept keys to group by (default: all of them: one row per cell); the cells
        that agree on ``by`` are pooled, item by item.
    baseline : optional
        The group the differences are taken from (default: the first): a value when
        ``by`` is one key, else a dict ``{key: value}`` or a tuple in ``by``'s order.
    confidence : float, default 0.95
        The intervals' confidence level.

    Returns
    -------
    pandas.DataFrame
        One row per group: the ``by`` columns, ``n`` (items), ``mean``, ``low``, ``high``
        (Wilson's interval for a rate in a single cell, else Student t), ``diff`` (0 on
        the baseline), ``diff_low``, ``diff_high`` (the paired t interval of the per-item
        differences; nan on the baseline) and ``unpaired_half`` (the half-width the difference would
        have without pairing, Welch). Its ``attrs`` hold the metric, the baseline and the
        confidence.

    Raises
    ------
    ValueError
        For a run that is not a sweep, an unknown metric, a ``by`` that is not a swept key,
        or a baseline that names no group (or several).

    See Also
    --------
    plot_compare : Draw the table.

    Examples
    --------
    >>> import tempfile
    >>> from shengji.analysis import compare, run
    >>> out = run("scoring", tempfile.mkdtemp() + "/s", n=300, seed=1, policy="memory",
    ...           first_hand=True, sweep={"overturn_takes_bank": [False, True]})
    >>> table = compare(out, "level_up")
    >>> table.columns.tolist()[:4]
    ['overturn_takes_bank', 'n', 'mean', 'low']
    >>> table["n"].tolist(), float(table["diff"][0]), bool(table["diff_low"].isna()[0])
    ([300, 300], 0.0, True)
    """
    import pandas as pd

    out = Path(out)
    header = _header(out)
    sweep = header["sweep"]
    by = _by_keys(by, list(sweep["keys"]))
    m = _metric(header, metric, out)
    total = _cell_items(out, m, int(header["n"]), len(sweep["cells"]))
    labels = []
    for c in sweep["cells"]:
        labels.append(tuple(label(c[k]) for k in by))
    groups = list(dict.fromkeys(labels))
    per_group = np.stack(
        [total[[i for i, lab in enumerate(labels) if lab == g]].mean(axis=0) for g in groups]
    )
    single = {g: labels.count(g) == 1 for g in groups}
    b = _baseline_index(groups, by, baseline)
    rows = []
    for i, g in enumerate(groups):
        row = _group_row(per_group[i], per_group[b], m.rate and single[g], i == b, confidence)
        rows.append({**dict(zip(by, g, strict=True)), **row})
    table = pd.DataFrame(rows)
    table.attrs.update(
        metric=metric if isinstance(metric, str) else m.doc,
        doc=m.doc,
        rate=m.rate,
        baseline=dict(zip(by, groups[b], strict=True)),
        confidence=confidence,
    )
    return table


def _by_keys(by, keys: list[str]) -> list[str]:
    """``compare``'s ``by`` as a list of swept keys (all of them by default)."""
    if by is None:
        by = keys
    elif isinstance(by, str):
        by = [by]
    by = list(by)
    for k in by:
        if k not in keys:
            raise ValueError(f"by: {k!r} is not a swept key; swept: {', '.join(keys)}")
    return by


def _cell_items(out: Path, m, n: int, ncells: int) -> np.ndarray:
    """The metric per cell and item of the sweep in ``out``: float64 (cells, n), an item's
    rows summed (or averaged: a match's hands), nan for an item with no rows."""
    cols = _Dataset(out / m.table)
    cell = np.asarray(cols["cell"], np.int64)
    item = np.asarray(cols[item_column(cols.data.schema.names)], np.int64)
    values = np.asarray(m.rows(cols), np.float64)
    flat = cell * n + item
    total: np.ndarray = np.bincount(flat, weights=values, minlength=ncells * n).reshape(ncells, n)
    if m.per_item == "mean":
        count = np.bincount(flat, minlength=ncells * n).reshape(ncells, n)
        with np.errstate(invalid="ignore", divide="ignore"):
            total = total / count
    return total


def _group_row(x, x0, rate: bool, is_baseline: bool, confidence: float) -> dict:
    """One group's row: its items' mean and the paired difference from the baseline's items
    ``x0``, over the items both have."""
    ok = ~np.isnan(x) & ~np.isnan(x0)
    xs, bs = x[ok], x0[ok]
    d = xs - bs
    return summary_row(
        int(ok.sum()),
        float(xs.sum()),
        float((xs * xs).sum()),
        float(d.sum()),
        float((d * d).sum()),
        float(bs.sum()),
        float((bs * bs).sum()),
        rate,
        baseline=is_baseline,
        confidence=confidence,
    )


def plot_compare(table, ax=None, *, title: str | None = None, unpaired: bool = True):
    """Draw a :func:`compare` table as a forest plot.

    Each group other than the baseline is a point at its paired difference from the
    baseline with its interval; behind it, in grey, the interval it would have without
    pairing.

    Parameters
    ----------
    table : pandas.DataFrame
        What :func:`compare` returned.
    ax : matplotlib.axes.Axes, optional
        The axes to draw in (default: a new figure's).
    title : str, optional
        The axes' title.
    unpaired : bool, default True
        Draw the unpaired intervals too.

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn in.

    Examples
    --------
    >>> import tempfile
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from shengji.analysis import compare, plot_compare, run
    >>> out = run("scoring", tempfile.mkdtemp() + "/s", n=200,
    ...           sweep={"kitty_multiplier": ["linear4", "plus2", "power2"]})
    >>> ax = plot_compare(compare(out, "D"), title="kitty multiplier")
    >>> [t.get_text() for t in ax.get_yticklabels()]
    ['kitty_multiplier=plus2', 'kitty_multiplier=power2']
    """
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 0.4 * len(table) + 1.2))
    by = [c for c in table.columns if c not in _NUMERIC]
    rows = table[~table["diff_low"].isna()]
    scale = 100.0 if table.attrs.get("rate") else 1.0
    y = np.arange(len(rows))[::-1]
    d = rows["diff"].to_numpy() * scale
    if unpaired:
        uh = rows["unpaired_half"].to_numpy() * scale
        ax.errorbar(d, y, xerr=uh, fmt="none", ecolor="0.75", elinewidth=4, label="unpaired")
    lo = d - rows["diff_low"].to_numpy() * scale
    hi = rows["diff_high"].to_numpy() * scale - d
    ax.errorbar(d, y, xerr=[lo, hi], fmt="o", capsize=3, label="paired")
    ax.axvline(0, color="k", lw=0.6, ls=":")
    names = [", ".join(f"{k}={r[k]}" for k in by) for _, r in rows.iterrows()]
    ax.set_yticks(y, names)
    base = table.attrs.get("baseline", {})
    unit = " (percentage points)" if scale != 1 else ""
    ax.set_xlabel(
        f"{table.attrs.get('metric', 'metric')} - baseline "
        f"({', '.join(f'{k}={v}' for k, v in base.items())}){unit}, "
        f"{100 * table.attrs.get('confidence', CONFIDENCE):.0f}% intervals"
    )
    if title:
        ax.set_title(title, fontsize=10)
    if unpaired:
        ax.legend(fontsize=8)
    return ax


_NUMERIC = ("n", "mean", "low", "high", "diff", "diff_low", "diff_high", "unpaired_half")
