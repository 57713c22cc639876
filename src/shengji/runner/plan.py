"""What the runner runs: a study kind (``Study``), its validated configuration
(``StudyConfig``) and the chunk plan (``ChunkPlan``: chunk k always the same items and
stream).  The study kinds (``shengji.studies``) implement ``Study``; the runner knows them only
through it, so imports point down: studies -> runner.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any

from shengji.game.botspec import BotSpec
from shengji.rules.options import Rules
from shengji.schema import Field

# Item indices (the deal, hand and match columns) are int64, so a run has at most 2^63 - 1
# items: indices 0 .. 2^63 - 2.
MAX_N = 2**63 - 1
MAX_CHUNK_SIZE = 1 << 30
# Chunk files are part-<index>.parquet with the index zero-padded to this many digits, or
# more when a run has more chunks: one width per run, so that names sort in chunk order.
PART_DIGITS = 6


class ConfigError(ValueError):
    """A study file or option is wrong; the message names what and where."""


@dataclass(frozen=True)
class Chunk:
    index: int  # chunk k: always the same seeds and deal indices
    start: int  # global index of its first item
    count: int  # items in it


class ChunkPlan:
    """The chunks of a run, computed on demand: chunk k holds items
    ``k * chunk_size .. min((k + 1) * chunk_size, n) - 1``.  Memory does not depend on n
    (a list of 2^63 / chunk_size chunks would not fit anywhere)."""

    __slots__ = ("n", "chunk_size", "count", "digits")

    def __init__(self, n: int, chunk_size: int):
        if not 1 <= n <= MAX_N or not 1 <= chunk_size:
            raise ValueError(f"bad chunk plan n={n}, chunk_size={chunk_size}")
        self.n, self.chunk_size = n, chunk_size
        self.count = -(-n // chunk_size)  # number of chunks
        self.digits = max(PART_DIGITS, len(str(self.count - 1)))

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, k: int) -> Chunk:
        if not 0 <= k < self.count:
            raise IndexError(f"chunk {k} is not in a plan of {self.count} chunks")
        start = k * self.chunk_size
        return Chunk(k, start, min(self.chunk_size, self.n - start))

    def __iter__(self):
        return (self[k] for k in range(self.count))

    def skipping(self, done) -> Iterator[Chunk]:
        """The chunks whose index is not in ``done`` (a sorted sequence of indices), in
        order, lazily."""
        k = 0
        for d in done:
            d = int(d)
            while k < d:
                yield self[k]
                k += 1
            k = max(k, d + 1)
        while k < self.count:
            yield self[k]
            k += 1

    def matches(self, index, start, count) -> bool:
        """Whether a manifest record's (chunk, start, count) is chunk ``index`` of this plan."""
        if not isinstance(index, int) or not 0 <= index < self.count:
            return False
        c = self[index]
        return start == c.start and count == c.count


@dataclass
class ChunkResult:
    tables: dict  # table name -> pyarrow.Table of this chunk's rows
    stats: dict  # column name -> sum (for the run's summary means), plus "items"
    aggregate: dict | None = None  # name -> integer ndarray, summed across chunks
    metadata: dict | None = None  # extra keys of this chunk's files' metadata


def plain(value: Any) -> Any:
    """A typed option value as a run's metadata records it (JSON): a ``BotSpec`` as its
    ``to_config()``, a tuple as a list; anything else as it is."""
    if isinstance(value, BotSpec):
        return value.to_config()
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value


class Options(Mapping[str, Any]):
    """A study's options: each key of its kind (``Study.keys``) with its value as the key's
    kind parsed it (a bot a ``BotSpec``).  Frozen: read by key (``options["policy"]``) or
    by attribute (``options.policy``); ``replace`` gives a changed copy.  Equal to any
    mapping with the same items."""

    __slots__ = ("_values",)
    _values: dict[str, Any]

    def __init__(self, values: Mapping[str, Any] | None = None) -> None:
        object.__setattr__(self, "_values", dict(values or {}))

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __getattr__(self, name: str) -> Any:
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(f"no study option {name!r}") from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"a study's options are frozen: options.replace({name}=...)")

    def __reduce__(self):
        return (Options, (self._values,))

    def __repr__(self) -> str:
        return f"Options({self._values!r})"

    def replace(self, **changes: Any) -> Options:
        """These options with some values changed (the keys must be some of these)."""
        unknown = [k for k in changes if k not in self._values]
        if unknown:
            raise KeyError(f"no study option {unknown[0]!r}")
        return Options({**self._values, **changes})


@dataclass(frozen=True)
class StudyConfig:
    """A validated study: its values typed as the edge parsed them (``rules``: a ``Rules``;
    the kind's ``options``: each its validator's value, a bot a ``BotSpec``), turned into
    plain JSON only when written (``metadata``)."""

    study: str
    n: int
    seed: int
    level: str
    preset: str
    rules: Rules
    chunk_size: int
    options: Options = field(default_factory=Options)  # the kind's keys, parsed
    description: str = ""
    source: str = ""
    # options the metadata records only when set (not None): the kind's Study.recorded_when_set
    recorded_when_set: frozenset = frozenset()
    # the [deal] table: a shengji.studies.constraints.DealConstraint, or None (recorded in
    # the metadata only when set)
    deal: Any = None

    def metadata(self) -> dict:
        """What every output file carries: enough to reproduce it."""
        from shengji.names import VERSION as __version__

        meta = {
            "study": self.study,
            "n": self.n,
            "seed": self.seed,
            "level": self.level,
            "preset": self.preset,
            "rules": self.rules.to_dict(),
            "chunk_size": self.chunk_size,
            "options": {
                k: plain(v)
                for k, v in self.options.items()
                if v is not None or k not in self.recorded_when_set
            },
            "version": __version__,
        }
        if self.deal is not None:
            meta["deal"] = self.deal.to_config()
        return meta

    def chunks(self) -> ChunkPlan:
        """The chunk plan (lazy: any n, flat memory)."""
        return ChunkPlan(self.n, self.chunk_size)


class Study:
    """One study kind.  Subclasses set ``name``, ``keys`` (the kind's own keys of a study
    file: a table of the one schema, ``shengji._core.base.schema.Field``: name, kind,
    default, one-line doc), ``unit`` (what n counts) and implement ``tables``,
    ``run_chunk``, ``finish`` and ``stats_from_aggregate`` (aggregate runs) and
    ``summary``."""

    name: str = ""
    unit: str = "deals"
    keys: tuple[Field, ...] = ()
    # option keys (default None) added after runs were written without them: the metadata
    # records them only when set, so those runs keep their bytes and stay resumable
    recorded_when_set: frozenset[str] = frozenset()
    default_chunk_size: int = 1 << 18
    # Whether run_chunk takes ``progress`` (a callable told the items done as the chunk goes:
    # progress lines come every tenth of a run even when it has few chunks).
    reports_progress: bool = False
    # Whether a [deal] table conditions this kind's deals (shengji.studies.conditioned).  A
    # kind that does not take one refuses a table before the run, in one line ending with
    # ``no_deal`` (why not): never ignores it.
    takes_deal: bool = False
    no_deal: str = "its kernel deals unconditioned hands"

    def tables(self, cfg: StudyConfig) -> list[str]:
        raise NotImplementedError

    def aggregates(self, cfg: StudyConfig) -> bool:
        """Whether chunks return arrays to merge (``ChunkResult.aggregate``) rather than
        rows; the runner then keeps them in ``_chunks/`` and calls :meth:`finish`."""
        return False

    def run_chunk(self, cfg: StudyConfig, chunk: Chunk) -> ChunkResult:
        raise NotImplementedError

    def finish(self, cfg: StudyConfig, aggregate: dict) -> dict:
        """Aggregate runs: the merged arrays -> {table: pyarrow.Table}."""
        return {}

    def stats_from_aggregate(self, aggregate: dict) -> dict:
        """Aggregate runs: the run's statistics (for ``summary``) from the merged arrays."""
        raise NotImplementedError

    def finish_metadata(self, cfg: StudyConfig, aggregate: dict) -> dict:
        """Aggregate runs: extra keys of the finished tables' metadata (none by default)."""
        return {}

    def summary(self, cfg: StudyConfig, stats: dict) -> list[str]:
        return []

    def chunk_size_for(self, options: Options) -> int:
        return self.default_chunk_size

    def item_costs(self, cfg: StudyConfig) -> list[tuple[int, float]] | None:
        """The expected cost of an item where it differs along the run, for the progress
        estimate only (never the data): ``(first item, cost of each item from there on)``
        in item order, relative to each other; None (the default) when every item costs
        about the same.  The ladder's pairs differ by 1,000x (random vs greedy, pimc vs
        swift): its time left is then weighted by them, not by the deals counted."""
        return None

    def configure(self, cfg: StudyConfig) -> StudyConfig:
        """The run's config from the validated common one: ``cfg`` itself, or a kind's
        own ``StudyConfig`` subclass (a ladder's pairs and their chunk plan)."""
        return cfg
