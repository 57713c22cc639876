"""The almanac (issue 42): every headline analysis re-made under the strongest fast play,
by one command, published as data.

``shengji almanac --out DIR [--scale quick|full] [--workers N] [--resume] [--engine dask]``
(or ``shengji.almanac.run(DIR, "quick")``) runs its parts (``shengji.almanac.parts``) as
ordinary studies into ``DIR/parts/`` and reduces them to one tidy shape
(``shengji.almanac.tidy``): ``DIR/<analysis>.parquet`` for deals, bid_odds, scoring, rules,
match and ladder, and ``DIR/manifest.json`` (commit, bots and their weights' digests,
seeds, n, the CPU-seconds of each part).  ``load(DIR)`` reads the tables into one pandas
DataFrame; the published quick-scale tables are in ``docs/results/almanac/``
(docs/results/almanac.md).
"""

from __future__ import annotations

from pathlib import Path

from shengji.almanac.driver import MANIFEST, run
from shengji.almanac.parts import ANALYSES, SCALES

__all__ = ["ANALYSES", "SCALES", "load", "manifest", "run"]


def load(path: str | Path, analysis: str | None = None):
    """Read an almanac's tables into one pandas DataFrame.

    Parameters
    ----------
    path : str or path-like
        An almanac's directory (``shengji almanac --out DIR``), or the published tables of
        a checkout, ``docs/results/almanac``.
    analysis : str, optional
        One of ``ANALYSES`` (deals, bid_odds, scoring, rules, match, ladder); by default
        all of them, concatenated in that order.

    Returns
    -------
    pandas.DataFrame
        The rows as written (``shengji.almanac.tidy``'s columns); ``df.attrs["almanac"]``
        holds ``manifest.json``.

    Raises
    ------
    ValueError
        For an unknown analysis, or a directory without the tables (one line).

    Examples
    --------
    >>> import tempfile
    >>> import shengji.almanac
    >>> shengji.almanac.load(tempfile.mkdtemp(), "rules")
    Traceback (most recent call last):
        ...
    ValueError: '...' is not an almanac: no rules.parquet
    """
    import pandas as pd
    import pyarrow.parquet as pq

    path = Path(path)
    if analysis is not None and analysis not in ANALYSES:
        raise ValueError(f"analysis: unknown {analysis!r}; allowed: " + ", ".join(ANALYSES))
    names = ANALYSES if analysis is None else (analysis,)
    files = [path / f"{a}.parquet" for a in names]
    missing = [f.name for f in files if not f.is_file()]
    if missing:
        raise ValueError(f"{str(path)!r} is not an almanac: no {', '.join(missing)}")
    df = pd.concat([pq.read_table(f).to_pandas() for f in files], ignore_index=True)
    df.attrs["almanac"] = manifest(path)
    return df


def manifest(path: str | Path) -> dict:
    """Read an almanac's ``manifest.json``.

    Parameters
    ----------
    path : str or path-like
        The almanac's directory.

    Returns
    -------
    dict
        The scale, commit, version, bots (with their weights' digests), each part's
        study, seed, n and CPU-seconds, the tables' rows and sha256; ``{}`` when the
        directory has no manifest.

    Examples
    --------
    >>> import tempfile
    >>> import shengji.almanac
    >>> shengji.almanac.manifest(tempfile.mkdtemp())
    {}
    """
    import json

    f = Path(path) / MANIFEST
    return json.loads(f.read_text()) if f.is_file() else {}
