"""Helpers for analyses (notebooks): run a study quietly, load one of its tables.

::

    from shengji.analysis import load, run
    out = run("quickstart", "out/q", n=20_000, preset="club-84022")  # or a file, sim/*.toml
    hands = load(out)                 # the run's first table (hands/), as a pandas DataFrame
    kitty = load(out, "kitty")        # another table; or load("out/q/kitty")
    hands.attrs["shengji"]["preset"]  # the run's metadata: study, n, seed, level, preset, ...
    bids = load(run("bid_odds", "out/b", n=10_000, policy="threshold", threshold=8))  # a kind
    duel_summary("out/duel")          # a duel study's swing per deal, with 95% intervals

pandas (a dependency) is imported only when :func:`load` is called: it takes a while, and
nothing else needs it.
"""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path
from typing import Any

from shengji.runner.manifest import Manifest
from shengji.runner.output import MANIFEST as _MANIFEST
from shengji.runner.output import META_KEY as _META_KEY

__all__ = ["duel_summary", "load", "run", "run_metadata"]


def _not_output(path: Path, why: str) -> ValueError:
    return ValueError(
        f"{str(path)!r} is not a shengji output: {why} (expected a run directory holding "
        f"{_MANIFEST} and <table>/part-*.parquet, or one of its table directories)"
    )


def _read_header(out: Path) -> tuple[dict | None, bool]:
    """(the manifest's run header, whether the run completed): its first and last lines,
    never the whole file (a long run's manifest has a line per chunk)."""
    m = Manifest(out)
    try:
        return m.header(), m.complete()
    except OSError:
        return None, False


_PART = re.compile(r"part-(\d+)\.parquet")


def _parts(table_dir: Path) -> list[Path]:
    """The chunk files in chunk order (by number: a run of more than 10^6 chunks has wider
    numbers).  Hidden names (temporary files of a running or killed run) are never data."""
    found = []
    for p in table_dir.iterdir():
        m = _PART.fullmatch(p.name)
        if m and p.is_file():
            found.append((int(m.group(1)), p))
    return [p for _, p in sorted(found)]


def _damaged(part: Path, exc: BaseException) -> ValueError:
    """One line for a part file that cannot be read: which file, why, and the way out."""
    import pyarrow as pa

    why = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    if isinstance(exc, OSError) and not isinstance(exc, pa.ArrowException) and exc.strerror:
        why = exc.strerror
    table = part.parent
    run = table.parent if (table.parent / _MANIFEST).is_file() else table
    return ValueError(
        f"damaged part file {str(part)!r} ({why}); --resume redoes damaged chunks: "
        f"shengji run STUDY --out {str(run)!r} --resume (STUDY and options as in the run)"
    )


def _read_part(part: Path, what: str = "table"):
    """A part file's table (or schema), or the one-line error naming it."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        return pq.read_table(part) if what == "table" else pq.read_schema(part)
    except (pa.ArrowException, OSError) as exc:
        raise _damaged(part, exc) from None


def _file_metadata(part: Path) -> dict | None:
    meta = _read_part(part, "schema").metadata or {}
    raw = meta.get(_META_KEY)
    if raw is None:
        return None
    try:
        value = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None
    return value if isinstance(value, dict) else None


def _resolve(path: str | Path, table: str | None) -> tuple[Path, str, dict | None, bool]:
    """-> (table directory, table name, manifest header or None, completed)."""
    p = Path(path)
    if not p.exists():
        raise _not_output(p, "no such file or directory")
    if not p.is_dir():
        raise _not_output(p, "not a directory")
    if (p / _MANIFEST).is_file():  # a run directory
        header, complete = _read_header(p)
        if header is None:
            raise _not_output(p, f"its {_MANIFEST} has no run header")
        tables = list(header.get("tables") or [])
        if table is None:
            if not tables:
                raise _not_output(p, f"its {_MANIFEST} lists no tables")
            table = tables[0]
        elif table not in tables:
            raise ValueError(
                f"run {str(p)!r} has no table {table!r}; its tables: "
                + (", ".join(tables) or "(none)")
            )
        return p / table, table, header, complete
    # a table directory: OUT/<table>/part-*.parquet
    if not _parts(p):
        if (p / "parts" / "_almanac.json").is_file() or (p / "rules.parquet").is_file():
            raise ValueError(
                f"{str(p)!r} is an almanac: read its tables with "
                f"shengji.almanac.load({str(p)!r}), a part's run with "
                f"shengji.load({str(p / 'parts' / '<part>')!r})"
            )
        raise _not_output(p, "no _manifest.jsonl and no part-*.parquet files")
    if table is not None and table != p.name:
        raise ValueError(
            f"{str(p)!r} is the table {p.name!r}, not {table!r}; pass the run "
            f"directory {str(p.parent)!r} to choose another table"
        )
    header, complete = _read_header(p.parent) if (p.parent / _MANIFEST).is_file() else (None, True)
    return p, p.name, header, complete


def run_metadata(path: str | Path, table: str | None = None) -> dict:
    """Return a run's metadata without reading its data.

    Parameters
    ----------
    path : str or path-like
        The run's output directory, or one of its table directories.
    table : str, optional
        The table whose files are read (default: the run's first table).

    Returns
    -------
    dict
        What every output file carries (``study``, ``n``, ``seed``, ``level``, ``preset``,
        ``rules``, ``options``, ``chunk_size``, ``version``, and ``sweep`` for a sweep),
        plus ``table`` (the table read) and ``tables`` (the run's tables).

    Raises
    ------
    ValueError
        For a path that is not a shengji output, a table the run does not have, or a
        damaged file (one line naming it).

    See Also
    --------
    load : The table itself, with the same metadata in ``df.attrs["shengji"]``.

    Examples
    --------
    >>> import tempfile
    >>> from shengji.analysis import run, run_metadata
    >>> out = run("quickstart", tempfile.mkdtemp() + "/q", n=2_000)
    >>> meta = run_metadata(out)
    >>> meta["study"], meta["n"], meta["tables"]
    ('deals', 2000, ['hands', 'kitty'])
    """
    table_dir, name, header, _ = _resolve(path, table)
    return _metadata(table_dir, name, header)


def _metadata(table_dir: Path, name: str, header: dict | None) -> dict:
    parts = _parts(table_dir)
    if not parts:
        raise ValueError(
            f"table {name!r} in {str(table_dir.parent)!r} holds no part files yet "
            "(the run has not written any chunk of it)"
        )
    meta = _file_metadata(parts[0])
    if meta is None:
        raise _not_output(parts[0], f"the file carries no {_META_KEY.decode()!r} metadata")
    if "deal_stats" in meta:  # a chunk file's are its own: the run's are their sum
        meta["deal_stats"] = _deal_stats(table_dir, parts, header, meta)
    for key in ("chunk", "start", "count"):  # per-chunk fields, not the run's
        meta.pop(key, None)
    meta["table"] = name
    meta["tables"] = list((header or {}).get("tables") or [name])
    return meta


def _deal_stats(table_dir: Path, parts: list[Path], header: dict | None, meta: dict) -> dict:
    """A conditioned run's acceptance: its deals dealt and candidate deals drawn, summed over
    the chunks written (the manifest's records, or the part files' metadata without one;
    an aggregate run's one file holds the run's already), and their ratio."""
    counts = []
    if "chunk" not in meta:
        counts.append((meta["deal_stats"]["deals"], meta["deal_stats"]["tries"]))
    elif header is not None:
        manifest = Manifest(table_dir.parent)
        for _, rec in manifest.latest_records(lambda r: "deal_tries" in r.get("stats", {})):
            counts.append((rec["stats"]["deal_deals"], rec["stats"]["deal_tries"]))
    else:
        for part in parts:
            stats = (_file_metadata(part) or {}).get("deal_stats") or {}
            if "tries" in stats:
                counts.append((stats["deals"], stats["tries"]))
    deals = sum(int(d) for d, _ in counts)
    tries = sum(int(t) for _, t in counts)
    return {"deals": deals, "tries": tries, "rate": deals / tries if tries else float("nan")}


def load(path: str | Path, table: str | None = None):
    """Read one table of a shengji run into a pandas DataFrame.

    Parameters
    ----------
    path : str or path-like
        A run's output directory (``OUT``, holding ``_manifest.jsonl``) or one of its
        table directories (``OUT/<table>``).
    table : str, optional
        The table of a run directory to read; by default the run's first table (``hands``
        for a deal study, ``histograms`` for an aggregate one, ``duel`` for a duel).

    Returns
    -------
    pandas.DataFrame
        The table's rows in chunk order; the run's metadata (study, n, seed, level,
        preset, rules, options, version, ``table`` and ``tables``) is in
        ``df.attrs["shengji"]``.

    Raises
    ------
    ValueError
        For a path that is not a shengji output, a table the run does not have, or a
        damaged part file (one line naming it, and the ``--resume`` that repairs it).

    Warns
    -----
    UserWarning
        When the run did not finish: the rows are those of the chunks it wrote.

    See Also
    --------
    run : Run a study and return the directory to load.
    run_metadata : The metadata alone.

    Examples
    --------
    >>> import tempfile
    >>> import shengji
    >>> from shengji.analysis import run
    >>> out = run("quickstart", tempfile.mkdtemp() + "/q", n=2_000)
    >>> hands = shengji.load(out)                 # one row per deal and seat
    >>> len(hands), hands.attrs["shengji"]["seed"]
    (8000, 20261129)
    >>> shengji.load(out, "kitty").columns.tolist()
    ['deal', 'kitty_points']
    """
    try:
        import pandas  # noqa: F401  (a dependency; imported here, when needed: it is slow)
    except ImportError:  # pragma: no cover - a broken install
        raise ImportError(
            "shengji.analysis.load needs pandas, a dependency of shengji: pip install pandas"
        ) from None
    import pyarrow as pa

    table_dir, name, header, complete = _resolve(path, table)
    meta = _metadata(table_dir, name, header)
    if header is not None and not complete:
        warnings.warn(
            f"the run in {str(Path(path))!r} did not finish: loading the chunks it "
            "wrote (shengji run ... --resume finishes it)",
            stacklevel=2,
        )
    tables = [_read_part(p) for p in _parts(table_dir)]
    data = pa.concat_tables(tables) if len(tables) > 1 else tables[0]
    # The files' "pandas" metadata (if any) is kept: it makes a nullable integer column
    # (the histograms' seat) a pandas nullable integer, not float64.
    meta_raw = dict(data.schema.metadata or {})
    meta_raw.pop(_META_KEY, None)
    df = data.replace_schema_metadata(meta_raw or None).to_pandas()
    df.attrs["shengji"] = meta
    return df


def run(
    study: str | Path | dict,
    out: str | Path,
    n: int | None = None,
    seed: int | None = None,
    workers: int | None = None,
    overwrite: bool = False,
    **keys: Any,
) -> Path:
    """Run a study quietly and return its output directory.

    The same run as ``shengji run`` (the same bytes for the same study and seed), without
    progress or summary.

    Parameters
    ----------
    study : str, path-like or dict
        A study file (``sim/*.toml``), a dict of the same keys, a study kind (``"deals"``,
        ``"bid_odds"``, ``"scoring"``, ``"match"``, ``"duel"``: its defaults, seed 0 unless
        given), or the name of a study that ships with shengji (``"quickstart"``,
        ``"duel_pimc"``, ...: ``shengji studies`` lists them; a name that is also a kind
        is the kind).
    out : str or path-like
        The output directory: new or empty, or holding an earlier run to replace with
        ``overwrite=True``.
    n : int, optional
        How many items (deals, hands or matches); default: the study's.
    seed : int, optional
        The seed; default: the study's (0 for a kind).
    workers : int, optional
        Worker processes (default: every core); the data do not depend on it.
    overwrite : bool, default False
        Replace an earlier run in ``out`` (as ``--overwrite``).
    **keys
        Any other study key: ``preset="club-84022"``, ``level="5"``, ``chunk_size``, a
        kind's own keys (``policy="memory"``, ``store_cards=True``), ``sweep={...}``;
        ``rules={...}`` is merged into the study's ``[rules]`` table. None keeps the
        study's value.

    Returns
    -------
    pathlib.Path
        ``out``, for :func:`load`.

    Raises
    ------
    shengji.studies.base.ConfigError
        (a ValueError) For a bad key or value, an unknown study, or an ``out`` that holds
        a run without ``overwrite=True``; one line naming what is wrong.
    shengji.runner.RunError
        When the run fails: ``out`` in use by another run, a full disk.
    TypeError
        For a ``study`` that is none of the above.

    See Also
    --------
    load : Read a table of the run.

    Examples
    --------
    >>> import tempfile
    >>> from shengji.analysis import load, run
    >>> tmp = tempfile.mkdtemp()
    >>> out = run("bid_odds", tmp + "/bids", n=1_000, policy="threshold", threshold=8)
    >>> bids = load(out)
    >>> len(bids), bids.attrs["shengji"]["options"]["policy"]
    (1000, 'threshold')
    >>> out = run({"study": "deals", "n": 500, "seed": 3}, tmp + "/d", preset="club-84022")
    >>> load(out).attrs["shengji"]["preset"]
    'club-84022'
    """
    from shengji.runner import run_study
    from shengji.studies import KINDS
    from shengji.studies.base import ConfigError, load_study_file, make_config
    from shengji.studies.catalog import looks_like_name, resolve, shipped

    if isinstance(study, dict):
        data, source = dict(study), ""
    elif isinstance(study, str) and study in KINDS and not Path(study).is_file():
        data, source = {"study": study, "seed": 0}, ""
    elif isinstance(study, (str, Path)):
        if isinstance(study, str) and looks_like_name(study) and not Path(study).is_file():
            if study not in shipped():
                raise ConfigError(
                    f"unknown study {study!r}: not a file, a kind ("
                    + ", ".join(KINDS)
                    + ") or a shipped study ("
                    + ", ".join(shipped())
                    + ")"
                )
        path = resolve(study)
        data, source = load_study_file(path), str(path)
    else:
        raise TypeError(
            f"study: expected a study file, a name, a kind or a dict, got {type(study).__name__}"
        )
    rules = keys.pop("rules", None)
    if rules is not None:
        if not isinstance(rules, dict):
            raise ValueError("rules: expected a dict of rule options")
        base = data.get("rules", {})
        data["rules"] = {**(base if isinstance(base, dict) else {}), **rules}
    for key, value in keys.items():
        if value is not None:  # as for n and seed: None keeps the study's value
            data[key] = value
    kind, cfg = make_config(data, source=source, overrides={"n": n, "seed": seed})
    try:
        run_study(kind, cfg, Path(out), workers=workers, overwrite=overwrite, quiet=True)
    except ConfigError as exc:  # the runner names the CLI's flags: name the arguments
        text = str(exc)
        if "--overwrite" not in text:
            raise
        text = text.replace("use --overwrite", "pass overwrite=True").replace(
            "--resume", "shengji run ... --resume"
        )
        raise ConfigError(text.replace("--overwrite", "overwrite=True")) from None
    return Path(out)


def duel_summary(data, confidence: float = 0.95) -> dict:
    """Summarise a duel study: team_a's advantage per deal, with its intervals.

    A duel plays each deal twice on the same cards, the bots swapping sides
    (``shengji.studies.duel``). Per deal d:

    * ``points``: D(orientation 1) - D(orientation 0). Orientation 1 has team_a
      defending, orientation 0 team_b, on the same cards: positive means team_a's
      defenders took more, i.e. team_a plays better (both roles together, as the two
      orientations give each team each role once);
    * ``levels``: L(0) - L(1), L the banker team's signed levels (+ when it levels up,
      - when the defenders do): team_a's level gain over the two orientations.

    The intervals are Student t intervals over the per-deal swings (the pairing is the
    deal).

    Parameters
    ----------
    data : str, path-like or pandas.DataFrame
        The run's output directory (or its ``duel/`` table directory), or the table as a
        DataFrame.
    confidence : float, default 0.95
        The intervals' confidence level.

    Returns
    -------
    DuelSummary
        A dict (which Jupyter shows as a table): ``team_a``, ``team_b`` (the bots'
        labels), ``deals``, ``confidence``, ``points`` and ``levels`` (each a dict of
        ``mean``, ``low``, ``high``, ``sd``), and per side that banks (``a_banks``,
        ``b_banks``) the mean D (``mean_d``), the banker team's level-up rate
        (``level_up``) and how often the defenders took the last trick
        (``defenders_last``).

    Raises
    ------
    ValueError
        For a table that is not a duel's, or a deal without both orientations.

    Examples
    --------
    >>> import tempfile
    >>> from shengji.analysis import duel_summary, run
    >>> out = run("duel", tempfile.mkdtemp() + "/duel", n=200, team_a="memory", team_b="random")
    >>> s = duel_summary(out)
    >>> s["team_a"], s["team_b"], s["deals"]
    ('memory', 'random', 200)
    >>> s["points"]["low"] > 0            # memory beats random, deal for deal
    True
    """
    import numpy as np

    from shengji.analysis.summary import DuelSummary
    from shengji.studies.duel import N_ORIENTATIONS, mean_interval, swings

    if hasattr(data, "columns"):
        df = data
    else:  # a run directory (its duel table), or the table directory itself
        df = load(data, "duel" if (Path(data) / _MANIFEST).is_file() else None)
    need = {
        "deal",
        "orientation",
        "banker_bot",
        "defender_points",
        "level_side",
        "levels",
        "last_winner_side",
    }
    if not need <= set(df.columns):
        raise ValueError(
            "duel_summary needs a duel study's table (columns "
            + ", ".join(sorted(need - set(df.columns)))
            + " are missing)"
        )
    df = df.sort_values(["deal", "orientation"], kind="stable")
    deal = df["deal"].to_numpy()
    orient = df["orientation"].to_numpy()
    n = len(df) // N_ORIENTATIONS
    if (
        len(df) % N_ORIENTATIONS
        or not (orient.reshape(-1, N_ORIENTATIONS) == np.arange(N_ORIENTATIONS)).all()
        or not (deal.reshape(-1, N_ORIENTATIONS) == deal[::2, None]).all()
    ):
        raise ValueError("duel_summary: every deal needs both orientations (0 and 1) once")
    if n == 0:
        raise ValueError("duel_summary: the table holds no deals")
    side = df["level_side"].astype(str).to_numpy()
    pts, lv = swings(
        df["defender_points"].to_numpy(), np.where(side == "banker", 0, 1), df["levels"].to_numpy()
    )
    banker_bot = df["banker_bot"].astype(str).to_numpy()
    out = DuelSummary(team_a=banker_bot[0], team_b=banker_bot[1], deals=n, confidence=confidence)
    for name, x in (("points", pts), ("levels", lv)):
        mean, half = mean_interval(n, float(x.sum()), float((x * x).sum()), confidence)
        out[name] = {
            "mean": mean,
            "low": mean - half,
            "high": mean + half,
            "sd": float(x.std(ddof=1)) if n > 1 else float("nan"),
        }
    d = df["defender_points"].to_numpy().reshape(-1, N_ORIENTATIONS)
    up = (side == "banker").reshape(-1, N_ORIENTATIONS)
    last = (df["last_winner_side"].astype(str).to_numpy() == "defenders").reshape(
        -1, N_ORIENTATIONS
    )
    for o, key in enumerate(("a_banks", "b_banks")):
        out[key] = {
            "mean_d": float(d[:, o].mean()),
            "level_up": float(up[:, o].mean()),
            "defenders_last": float(last[:, o].mean()),
        }
    return out
