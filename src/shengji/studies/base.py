"""Study configuration shared by every kind, and the interface a kind implements."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from shengji.rules.options import PRESETS, Rules, canonical_rank
from shengji.runner.plan import (  # noqa: F401 (re-exported)
    MAX_CHUNK_SIZE,
    MAX_N,
    PART_DIGITS,
    Chunk,
    ChunkPlan,
    ChunkResult,
    ConfigError,
    Study,
    StudyConfig,
)
from shengji.seeds import check_seed

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

COMMON_KEYS = ("study", "n", "seed", "level", "preset", "rules", "chunk_size", "description")


# Arrow arrays are built here from numpy buffers, not with pyarrow.array() or
# pyarrow.table(<numpy arrays>): those import pandas on their first call whenever pandas is
# installed (it is a dependency: about 0.6 s in every worker process, measured), and these
# columns need none of it.  Every study builds its tables with these helpers.
def arrow_array(values: np.ndarray, valid: np.ndarray | None = None):
    """A pyarrow array over a 1-D numeric or bool numpy array (zero-copy when contiguous
    and numeric); ``valid`` (bool, optional) marks the non-null entries."""
    import pyarrow as pa

    values = np.ascontiguousarray(values)
    if values.ndim != 1 or values.dtype.kind not in "iufb":
        raise TypeError(f"arrow_array takes 1-D numeric arrays, not {values.dtype} {values.shape}")
    bitmap, nulls = None, 0
    if valid is not None:
        bitmap = pa.py_buffer(np.packbits(valid, bitorder="little"))
        nulls = int(len(valid) - np.count_nonzero(valid))
    if values.dtype.kind == "b":  # Arrow booleans are bits, numpy's are bytes
        return pa.Array.from_buffers(
            pa.bool_(),
            len(values),
            [bitmap, pa.py_buffer(np.packbits(values, bitorder="little"))],
            null_count=nulls,
        )
    return pa.Array.from_buffers(
        pa.from_numpy_dtype(values.dtype),
        len(values),
        [bitmap, pa.py_buffer(values)],
        null_count=nulls,
    )


def arrow_strings(values: list[str]):
    """A pyarrow string array of ``values`` (see arrow_array for why not pyarrow.array)."""
    import pyarrow as pa

    data = [v.encode() for v in values]
    offsets = np.zeros(len(data) + 1, np.int32)
    np.cumsum([len(b) for b in data], out=offsets[1:])
    return pa.Array.from_buffers(
        pa.string(), len(data), [None, pa.py_buffer(offsets), pa.py_buffer(b"".join(data))]
    )


def arrow_dictionary(codes: np.ndarray, names):
    """Small integer codes -> a dictionary-encoded string column (int8 indices into
    ``names``): cheap to build and to store; reads back as pandas categoricals."""
    import pyarrow as pa

    return pa.DictionaryArray.from_arrays(
        arrow_array(np.asarray(codes).astype(np.int8)), arrow_strings(list(names))
    )


def arrow_lists(values: np.ndarray, lengths: np.ndarray):
    """A list<values' type> column: row i holds the next ``lengths[i]`` entries of the
    1-D ``values``."""
    import pyarrow as pa

    offsets = np.zeros(len(lengths) + 1, np.int32)
    np.cumsum(lengths, out=offsets[1:])
    return pa.ListArray.from_arrays(arrow_array(offsets), arrow_array(values))


def arrow_table(columns: dict, *, required: bool = False):
    """A pyarrow table of ``columns`` (name -> 1-D numeric/bool numpy array, or a pyarrow
    array built by the helpers above).  ``required``: the fields are declared non-null,
    i.e. "required" in Parquet: the writer then has no definition levels to compute and
    encode (measured: a quarter of its time for the deal study's byte columns), and
    readers see the columns as never null, which they must be."""
    import pyarrow as pa

    arrays = [v if isinstance(v, pa.Array) else arrow_array(v) for v in columns.values()]
    schema = pa.schema(
        [
            pa.field(name, a.type, nullable=not required)
            for name, a in zip(columns, arrays, strict=False)
        ]
    )
    return pa.Table.from_arrays(arrays, schema=schema)


def with_pandas_dtypes(table, dtypes: dict):
    """``table`` with "pandas" metadata saying that the columns in ``dtypes`` read back as
    those pandas dtypes (e.g. ``{"seat": "UInt8"}``: a nullable integer column, which
    pandas would otherwise widen to float64).  pandas.read_parquet, pyarrow's to_pandas and
    shengji.load honour it; other readers ignore it.  Written without importing pandas."""
    import json

    import pyarrow as pa

    columns = []
    for f in table.schema:
        if pa.types.is_string(f.type):
            kind = ("unicode", "object")
        else:
            kind = (str(f.type), str(f.type))
        if f.name in dtypes:
            kind = (kind[0], dtypes[f.name])
        columns.append(
            {
                "name": f.name,
                "field_name": f.name,
                "pandas_type": kind[0],
                "numpy_type": kind[1],
                "metadata": None,
            }
        )
    meta = {"index_columns": [], "column_indexes": [], "columns": columns}
    return table.replace_schema_metadata(
        {**(table.schema.metadata or {}), b"pandas": json.dumps(meta).encode()}
    )


def required_table(columns: dict):
    """``arrow_table(columns, required=True)``."""
    return arrow_table(columns, required=True)


# -- validators -----------------------------------------------------------------------
def v_bool(key, value):
    if not isinstance(value, bool):
        raise ConfigError(f"{key}: expected true or false, got {value!r}")
    return value


def v_int(lo=None, hi=None):
    def check(key, value):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise ConfigError(f"{key}: expected an integer, got {value!r}")
        value = int(value)
        if lo is not None and value < lo:
            raise ConfigError(f"{key}: must be >= {lo}, got {value}")
        if hi is not None and value > hi:
            raise ConfigError(f"{key}: must be <= {hi}, got {value}")
        return value

    return check


def v_choice(*allowed):
    def check(key, value):
        if value not in allowed:
            raise ConfigError(
                f"{key}: unknown value {value!r}; allowed: " + ", ".join(map(repr, allowed))
            )
        return value

    return check


# -- loading --------------------------------------------------------------------------
def load_study_file(path: str | Path) -> dict:
    p = Path(path)
    try:
        raw = p.read_bytes()
    except IsADirectoryError:
        raise ConfigError(
            f"study file {str(path)!r} is a directory, not a study file (e.g. sim/quickstart.toml)"
        ) from None
    except FileNotFoundError:
        raise ConfigError(f"study file {str(path)!r} not found") from None
    except OSError as exc:
        raise ConfigError(
            f"study file {str(path)!r} cannot be read: {exc.strerror or exc}"
        ) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise ConfigError(
            f"study file {str(path)!r} is not UTF-8 text (TOML must be): byte "
            f"0x{raw[exc.start]:02x} on line {line}"
        ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"study file {str(path)!r} is not valid TOML: {exc}") from None


def make_config(
    data: dict, *, source: str = "", overrides: dict | None = None
) -> tuple[Study, StudyConfig]:
    """Validate a study table (from TOML) plus CLI overrides -> (kind, config).  A table
    with a ``[sweep]`` table is a sweep (``shengji.studies.sweep``)."""
    from shengji.studies import get_study

    if "sweep" in data:
        from shengji.studies.sweep import make_sweep_config

        return make_sweep_config(data, source=source, overrides=overrides)
    data = dict(data)
    for key, value in (overrides or {}).items():
        if value is not None:
            data[key] = value
    where = f" in {source}" if source else ""
    if "study" not in data:
        raise ConfigError(f"missing key 'study'{where} (e.g. study = \"deals\")")
    try:
        kind = get_study(data["study"])
    except ValueError as exc:
        raise ConfigError(f"study: {exc}") from None
    allowed = set(COMMON_KEYS) | set(kind.option_keys)
    for key in data:
        if key not in allowed:
            raise ConfigError(
                f"unknown key {key!r}{where}; allowed keys: " + ", ".join(sorted(allowed))
            )
    for key in ("n", "seed"):
        if key not in data:
            raise ConfigError(f"missing key {key!r}{where}")
    n = v_int(1, MAX_N)("n", data["n"])
    try:
        seed = check_seed(data["seed"], allow_sequence=False)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    preset = data.get("preset", "standard")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise ConfigError(f"preset: unknown preset {preset!r}; allowed: " + ", ".join(PRESETS))
    overrides_table = data.get("rules", {})
    if not isinstance(overrides_table, dict):
        raise ConfigError("rules: expected a table of rule options ([rules])")
    try:
        rules = Rules.preset(preset).replace(**overrides_table)
    except ValueError as exc:
        raise ConfigError(f"rules: {exc}") from None
    try:
        level = canonical_rank(data.get("level", rules.start_level), "level")
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    options = {}
    for key, (default, check) in kind.option_keys.items():
        options[key] = check(key, data[key]) if key in data else default
    chunk_size = v_int(1, MAX_CHUNK_SIZE)(
        "chunk_size", data.get("chunk_size", kind.chunk_size_for(options))
    )
    description = data.get("description", "")
    if not isinstance(description, str):
        raise ConfigError("description: expected a string")
    cfg = StudyConfig(
        study=kind.name,
        n=n,
        seed=seed,
        level=level,
        preset=preset,
        rules=rules,
        chunk_size=chunk_size,
        options=options,
        description=description,
        source=source,
        recorded_when_set=kind.recorded_when_set,
    )
    return kind, cfg
