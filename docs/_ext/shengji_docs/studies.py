"""The study-file keys of every kind and the columns of every output table, generated from
the studies themselves: the keys every kind takes (``shengji.studies.config.COMMON``) and
each kind's ``keys`` (fields of the one schema: default, allowed values and one-line doc),
and the tables a one-item run of each kind writes (probed in memory: ``run_chunk`` of a
one-item chunk).  The columns' one-line descriptions are ``glossary.py``'s."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from . import glossary, rst

# What each kind is run with to show its tables: every variant that writes other tables.
PROBES: dict[str, list[dict[str, Any]]] = {
    "deals": [{}, {"store_cards": True}, {"aggregate": True}],
    "bid_odds": [{}, {"store_cards": True}],
    "duel": [{"team_a": "greedy", "team_b": "random"}],
    "evaluate": [{"agent": "random", "against": "greedy"}],
    "ladder": [{"bots": {"random": "random", "greedy": "greedy"}}],
    "decisions": [{"teacher": "greedy"}],
    "bid_decisions": [{"bot": "memory"}],
}


def _toml(value: Any) -> str:
    from shengji.studies.config import Described

    if isinstance(value, Described):  # required, or given by something else
        return str(value)
    if value is None:
        return "(none)"
    if hasattr(value, "label"):  # a bot's BotSpec: as a study file names it
        return f'"{value.label}"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


class Docs:
    """The glossary's lines, with a record of what was looked up (to find stale lines)."""

    def __init__(self, table: dict, what: str, warn):
        self.table, self.what, self.warn, self.used = table, what, warn, set()

    def __call__(self, scope: str, name: str) -> str:
        for key in ((scope, name), name):
            if key in self.table:
                self.used.add(key)
                return self.table[key]
        self.warn(
            f"{self.what} {name!r} ({scope}) has no description: add it to "
            "docs/_ext/shengji_docs/glossary.py"
        )
        return ""

    def check_stale(self) -> None:
        for key in self.table:
            if key not in self.used:
                self.warn(
                    f"glossary.py describes {self.what} {key!r}, which the studies no longer "
                    "have: remove it"
                )


def _minimal(kind: str) -> dict:
    return {"study": kind, "n": 1, "seed": 0, **PROBES.get(kind, [{}])[0]}


def _common_rows() -> list[tuple[str, str, str, str]]:
    from shengji.studies.config import COMMON

    return [
        (rst.literal(f.name), rst.text("(none)" if f.default == {} else _toml(f.default)),
         rst.text(f.kind.values()), rst.prose(f.doc))
        for f in COMMON
    ]  # fmt: skip


def _probe(kind_name: str, warn) -> list[tuple[str, dict, Any]]:
    """(table, variant, pyarrow schema) of every table the kind writes under its probes."""
    from shengji.runner.plan import Chunk
    from shengji.studies.base import make_config

    seen: dict[str, tuple[dict, Any]] = {}
    for variant in PROBES.get(kind_name, [{}]):
        try:
            kind, cfg = make_config({"study": kind_name, "n": 1, "seed": 0, **variant})
            kind.tables(cfg)
            res = kind.run_chunk(cfg, Chunk(0, 0, 1))
            tables = kind.finish(cfg, res.aggregate) if kind.aggregates(cfg) else res.tables
        except Exception as exc:
            warn(
                f"study kind {kind_name!r} with {variant} does not run ({exc}): its tables "
                "are not documented; give it a probe in docs/_ext/shengji_docs/studies.py"
            )
            continue
        for name, table in tables.items():
            seen.setdefault(name, (variant, table.schema))
    return [(name, v, s) for name, (v, s) in seen.items()]


def _pandas_dtypes(schema) -> dict[str, str]:
    import pyarrow as pa

    empty = pa.Table.from_batches([], schema=schema)
    try:
        frame = empty.to_pandas()
    except Exception:
        return {}
    return {c: str(t) for c, t in frame.dtypes.items()}


def generate(dest: Path, warn) -> None:
    from shengji.studies import KINDS, get_study
    from shengji.studies.catalog import descriptions

    probes = {name: _probe(name, warn) for name in KINDS}
    coldoc = Docs(glossary.COLUMNS, "column", warn)

    out = rst.title("Study files")
    out += [
        'A study is a TOML file naming its kind (``study = "..."``), its size and seed, '
        "the rules, and the kind's own keys; ``shengji run FILE`` (or a shipped study's "
        "name) runs it, ``shengji.analysis.run(FILE, out)`` likewise from Python. Generated "
        "from the studies' schemas: the keys every kind takes (``COMMON``) and each "
        "kind's ``keys`` with their defaults. An unknown key, a bad value or a "
        "missing required key is one line and exit status 2.",
        "",
    ]
    out += rst.literal_block(
        [
            'study = "scoring"          # the kind',
            "n = 20_000                 # hands",
            "seed = 5",
            'preset = "standard"',
            'policy = "memory"          # a key of the kind',
            "",
            "[rules]                    # rule options over the preset's",
            "tractor_gap = false",
        ],
        "toml",
    )
    out += rst.title("The shipped studies", "-")
    out += [
        "``shengji studies`` lists them; ``shengji run NAME`` runs one from any directory "
        "(they are installed with the package).",
        "",
    ]
    out += rst.list_table(
        ("name", "kind", "what"),
        [(rst.literal(n), rst.literal(k), rst.prose(d)) for n, k, d in descriptions()],
        widths=(22, 12, 66),
    )
    out += rst.title("Keys of every kind", "-")
    out += rst.list_table(("key", "default", "values", "what"), _common_rows(),
                          widths=(14, 16, 20, 50))  # fmt: skip
    out += [
        "``[rules]`` takes any rule option (:doc:`rule-options`). ``[sweep]`` runs the study "
        "over a grid (or a ``zip``) of values of ``preset``, ``level``, rule options and "
        "the kind's keys, every cell on the same deals: see :doc:`/explanation/pairing`.",
        "",
    ]
    for name in KINDS:
        kind = get_study(name)
        _, cfg = _config(name)
        out += rst.title(f'study = "{name}"', "-")
        doc = importlib.import_module(type(kind).__module__).__doc__ or ""
        first = " ".join(doc.strip().split("\n\n")[0].split())
        out += [
            rst.prose(first),
            "",
            f"``n`` counts {rst.text(kind.unit)}; the default ``chunk_size`` is "
            f"{cfg.chunk_size:,} (with the keys' defaults). Tables: "
            + ", ".join(f":ref:`{t}/ <table-{name}-{t}>`" for t, _, _ in probes[name])
            + ". "
            + (
                "A ``[deal]`` table conditions its deals (:doc:`/conditional-deals`)."
                if kind.takes_deal
                else f"It takes no ``[deal]`` table: {rst.text(kind.no_deal)}."
            ),
            "",
        ]
        rows = [
            (rst.literal(f.name), rst.text(_toml(f.default)), rst.text(f.kind.values()),
             rst.prose(f.doc))
            for f in kind.keys
        ]  # fmt: skip
        if rows:
            out += rst.list_table(("key", "default", "values", "what"), rows,
                                  widths=(18, 12, 20, 50))  # fmt: skip
    rst.write(dest / "study-files.rst", out)

    out = rst.title("Output tables")
    out += [
        "Every run writes its tables as folders of zstd Parquet files (one per chunk, each "
        "carrying the run's metadata) under its output directory: ``OUT/<table>/``. "
        "``shengji.load(OUT, table)`` reads one as a pandas DataFrame "
        '(``df.attrs["shengji"]``: the metadata). Generated from a one-item run of each '
        "kind: the columns, their Arrow types and the pandas dtypes ``shengji.load`` gives. "
        "A sweep's tables have, in addition, ``cell`` (int16) and a column per swept key "
        "(see :doc:`/explanation/pairing`).",
        "",
    ]
    for name in KINDS:
        for table, variant, schema in probes[name]:
            when = ", ".join(f"{k} = {_toml(v)}" for k, v in variant.items()
                             if k not in ("team_a", "team_b"))  # fmt: skip
            out += [f".. _table-{name}-{table}:", ""]
            out += rst.title(f"{name}: {table}/" + (f" ({when})" if when else ""), "-")
            dtypes = _pandas_dtypes(schema)
            rows = [
                (rst.literal(f.name), rst.literal(str(f.type)), rst.literal(dtypes.get(f.name, "")),
                 rst.prose(coldoc(table, f.name)))
                for f in schema
            ]  # fmt: skip
            out += rst.list_table(("column", "Arrow type", "pandas", "what"), rows,
                                  widths=(20, 18, 12, 50))  # fmt: skip
    out += _metrics()
    rst.write(dest / "tables.rst", out)
    coldoc.check_stale()


def _metrics() -> list[str]:
    """The metrics ``compare`` knows per kind (``shengji.studies.metrics.METRICS``)."""
    from shengji.studies.metrics import METRICS

    out = [".. _sweep-metrics:", ""]
    out += rst.title("Metrics of a sweep", "-")
    out += [
        "``shengji.analysis.compare(out, metric)`` and a sweep's summary compare cells by "
        "these metrics (``shengji.studies.metrics.METRICS``), or by any numeric column "
        "(averaged over an item's rows). A rate gets Wilson's interval in a single cell.",
        "",
    ]
    rows = [
        (rst.literal(kind), rst.literal(name), rst.literal(m.table + "/"),
         "rate" if m.rate else "mean", rst.prose(m.doc))
        for kind, metrics in METRICS.items()
        for name, m in metrics.items()
    ]  # fmt: skip
    out += rst.list_table(("kind", "metric", "table", "", "what"), rows,
                          widths=(10, 16, 12, 8, 54))  # fmt: skip
    return out


def _config(name: str):
    from shengji.studies.base import make_config

    return make_config(_minimal(name))
