"""The kinds of value of the study keys beyond the schema's (``shengji.schema``): a bot
(``BotRef``), a bid threshold, a seed, a study kind's name, the ``[deal]`` table.  Each
checks a value once, at the study file's edge, says its allowed values and names values it
refuses (``Kind.invalid_examples``).  ``BotKind`` is a kind whose values are bots: the
almanac finds the bots a run played from the keys of that kind.  A kind that needs its
study's own code (the ladder's table of bots, evaluate's agent) lives in its study."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shengji.bidding.args import THRESHOLD_MIN, check_threshold
from shengji.game.botspec import parse_bot
from shengji.names import MAX_SEED_BITS, MAX_THRESHOLD
from shengji.schema import Kind
from shengji.seeds import check_seed

__all__ = ["BotKind", "BotRef", "DealTable", "Seed", "StudyName", "Threshold"]


class BotKind(Kind):
    """A kind whose values are bots.  ``recorded_bots``: the bots a value as a run's
    metadata records it holds, {name: record}, those given with parameters (a table)."""

    def recorded_bots(self, recorded: Any) -> dict[str, Any]:
        raise NotImplementedError


@dataclass(frozen=True)
class BotRef(BotKind):
    """A bot (``shengji.game.botspec``: its name, a label ``name(key=value, ...)``, a table
    with its parameters) -> its ``BotSpec``: parsed once, at the study file's edge (the
    metadata records its ``to_config()``).  ``optional``: None or ``""`` is None (unset: the
    kind's fallback, e.g. the same as ``policy``)."""

    optional: bool = False

    annotation = "BotSpec | None"

    def check(self, where, value):
        if self.optional and (value is None or value == ""):
            return None
        return parse_bot(where, value)

    def values(self):
        return "a bot"

    def invalid_examples(self):
        return ("no_such_bot", 5, {"bot": "pimc", "nope": 1}, "pimc(samples=0)")

    def recorded_bots(self, recorded):
        if isinstance(recorded, dict) and "bot" in recorded:
            return {recorded["bot"]: recorded}
        return {}


@dataclass(frozen=True)
class Threshold(Kind):
    """The k of the bid policy "threshold" (``shengji.bidding.args.check_threshold``);
    ``zero_unset``: 0 is taken too, as unset (a bid policy other than "threshold")."""

    zero_unset: bool = False

    annotation = "int | None"

    def check(self, where, value):
        if self.zero_unset and not isinstance(value, bool) and value == 0:
            return 0
        return check_threshold(where, value)

    def values(self):
        return f"{THRESHOLD_MIN}..{MAX_THRESHOLD}" + (" (0: unset)" if self.zero_unset else "")

    def invalid_examples(self):
        return (MAX_THRESHOLD + 1, -1, True, "3", *(() if self.zero_unset else (0,)))


@dataclass(frozen=True)
class Seed(Kind):
    """A run's seed: one integer 0..2**128 (``shengji.seeds.check_seed``; a study writes it
    into every file's metadata, so no sequence)."""

    annotation = "int"

    def check(self, where, value):
        return check_seed(value, where, allow_sequence=False)

    def values(self):
        return f"an integer 0..2**{MAX_SEED_BITS}"

    def invalid_examples(self):
        return (-1, 2**MAX_SEED_BITS + 1, True, 1.5, "1", [1, 2])


@dataclass(frozen=True)
class StudyName(Kind):
    """The name of a study kind (``shengji.studies.KINDS``)."""

    annotation = "str"

    def check(self, where, value):
        from shengji.studies import get_study

        try:
            get_study(value)
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None
        return value

    def values(self):
        from shengji.studies import KINDS

        return ", ".join(sorted(KINDS))

    def invalid_examples(self):
        return ("poker", 5, None)


@dataclass(frozen=True)
class DealTable(Kind):
    """The ``[deal]`` table (``shengji.studies.constraints.parse_deal``) -> its parsed
    ``DealConstraint``, None for an empty table; compiled for the run's kind and level by
    ``shengji.studies.conditioned.check_deal``."""

    annotation = "DealConstraint | None"

    def check(self, where, value):
        from shengji.studies.constraints import parse_deal

        return parse_deal(value)

    def values(self):
        from shengji.studies.constraints import KEYS

        return "a table ([deal]) of " + ", ".join(KEYS)

    def invalid_examples(self):
        return ("x", 5, {"nope": 1})
