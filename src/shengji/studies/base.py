"""The study file's entry point (``make_config``: a plain study or a sweep) and what a study
kind is built from, in one import for the kinds: the ``Study`` interface and its values
(``shengji.runner.plan``), the keys every kind takes and the file reader
(``studies.config``), the Arrow helpers (``studies.arrow``).  The schema's classes are
``shengji.schema``'s and the study keys' own kinds ``shengji.studies.kinds``'."""

from __future__ import annotations

from shengji.runner.plan import (  # noqa: F401 (re-exported)
    MAX_CHUNK_SIZE,
    MAX_N,
    PART_DIGITS,
    Chunk,
    ChunkPlan,
    ChunkResult,
    ConfigError,
    Options,
    Study,
    StudyConfig,
)
from shengji.studies.arrow import (  # noqa: F401 (re-exported)
    arrow_array,
    arrow_dictionary,
    arrow_lists,
    arrow_strings,
    arrow_table,
    required_table,
    with_pandas_dtypes,
)
from shengji.studies.config import (  # noqa: F401 (re-exported)
    COMMON_KEYS,
    load_study_file,
    make_plain_config,
)
from shengji.studies.sweep import make_sweep_config


def make_config(
    data: dict, *, source: str = "", overrides: dict | None = None
) -> tuple[Study, StudyConfig]:
    """Validate a study table (from TOML) plus CLI overrides -> (kind, config).  A table
    with a ``[sweep]`` table is a sweep (``shengji.studies.sweep``), any other a plain study
    (``studies.config.make_plain_config``)."""
    if "sweep" in data:
        return make_sweep_config(data, source=source, overrides=overrides)
    return make_plain_config(data, source=source, overrides=overrides)
