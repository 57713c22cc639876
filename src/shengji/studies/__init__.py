"""Study kinds.  A study is a TOML file (``sim/*.toml``) naming its kind with ``study = "..."``.

Each kind is a module here exposing a ``STUDY`` object (see ``base.Study``): its extra
config keys, the tables it writes, how one chunk is computed, and its summary.  The
runner (``shengji.runner``) does everything else — chunking, seeding, engines, Parquet,
the manifest — the same way for every kind.
"""

from __future__ import annotations

from importlib import import_module

# name -> module path; modules are imported lazily so that a kind's dependencies load
# only when it runs.
KINDS = {
    "deals": "shengji.studies.deals",
    "bid_odds": "shengji.studies.bid_odds",
    "scoring": "shengji.studies.scoring",
    "match": "shengji.studies.match",
    "duel": "shengji.studies.duel",
    "decisions": "shengji.studies.decisions",
    "bid_decisions": "shengji.studies.bid_decisions",
    "evaluate": "shengji.studies.evaluate",
    "ladder": "shengji.studies.ladder",
}


def get_study(name: str):
    if not isinstance(name, str) or name not in KINDS:
        raise ValueError(f"unknown study kind {name!r}; allowed: " + ", ".join(sorted(KINDS)))
    return import_module(KINDS[name]).STUDY
