"""Arrow tables from numpy columns, for the studies' chunks (no pandas on the way).

Every study kind builds its tables with these helpers (``shengji.studies.base`` re-exports
them for the kinds).
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "arrow_array",
    "arrow_dictionary",
    "arrow_lists",
    "arrow_strings",
    "arrow_table",
    "required_table",
    "with_pandas_dtypes",
]


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
