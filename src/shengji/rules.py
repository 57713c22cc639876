"""Rule options and presets (RULES.md §9–10).

``Rules`` is immutable: one keyword per option, validated at construction.  Presets are
plain data (``PRESETS``); ``Rules.preset(name)`` builds one.  The C kernels receive the
options packed by ``shengji._core.options`` into one struct.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from .cards import RANK_NAMES, parse_rank

KITTY_MULTIPLIERS = ("linear4", "plus2", "power2")
LEVEL_TABLES = ("classic", "league", "step20")
SUIT_PRIORITIES = (None, "SHCD", "SHDC")
NO_BIDS = ("no_trump", "kitty_random", "kitty_first", "kitty_third", "redeal", "banker_steps_down")
THROW_PENALTIES = ("none", "per_card", "fixed20", "fixed10")

_CHOICES = {
    "kitty_multiplier": KITTY_MULTIPLIERS,
    "level_table": LEVEL_TABLES,
    "suit_priority": SUIT_PRIORITIES,
    "no_bid": NO_BIDS,
    "throw_penalty": THROW_PENALTIES,
}
_BOOLS = (
    "clockwise", "tractor_gap", "trump_chain", "trump_throws", "must_play_demotion",
    "reinforce_locks", "overturn_takes_bank", "single_joker_declares", "mixed_joker_pair",
    "first_hand_overturn",
)


def canonical_rank(value: Any, option: str = "rank") -> str:
    """'T', 't', '10', 10 -> '10'; 'a' -> 'A'."""
    try:
        return RANK_NAMES[parse_rank(str(value))]
    except ValueError:
        raise ValueError(
            f"{option}: unknown rank {value!r}; allowed: " + ", ".join(RANK_NAMES)
        ) from None


@dataclass(frozen=True)
class Rules:
    """One rule variant.  Unknown options or bad values raise ``ValueError``."""

    start_level: str = "2"
    clockwise: bool = False
    tractor_gap: bool = True
    trump_chain: bool = True
    trump_throws: bool = True
    kitty_multiplier: str = "linear4"
    level_table: str = "classic"
    level_cap: int | None = None
    must_play: tuple[str, ...] = field(default_factory=tuple)
    must_play_demotion: bool = False
    reinforce_locks: bool = True
    suit_priority: str | None = None
    overturn_takes_bank: bool = True
    single_joker_declares: bool = False
    mixed_joker_pair: bool = False
    first_hand_overturn: bool = True
    no_bid: str = "no_trump"
    throw_penalty: str = "none"

    def __init__(self, **options: Any) -> None:
        names = [f.name for f in fields(Rules)]
        for key in options:
            if key not in names:
                raise ValueError(
                    f"unknown rule option {key!r}; allowed options: " + ", ".join(names)
                )
        for f in fields(Rules):
            value = options.get(f.name, _DEFAULTS[f.name])
            object.__setattr__(self, f.name, _validate(f.name, value))

    # -- construction helpers ---------------------------------------------------------
    @classmethod
    def preset(cls, name: str) -> "Rules":
        if name not in PRESETS:
            raise ValueError(f"unknown preset {name!r}; allowed presets: " + ", ".join(PRESETS))
        return cls(**PRESETS[name])

    @classmethod
    def from_dict(cls, data: dict) -> "Rules":
        if not isinstance(data, dict):
            raise ValueError(f"rules must be a table/dict of options, not {type(data).__name__}")
        return cls(**data)

    def to_dict(self) -> dict:
        out = {}
        for f in fields(self):
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v
        return out

    def replace(self, **changes: Any) -> "Rules":
        d = self.to_dict()
        d.update(changes)
        return Rules(**d)

    def differences(self) -> dict:
        """Options that differ from the defaults."""
        base = Rules().to_dict()
        return {k: v for k, v in self.to_dict().items() if base[k] != v}

    def __repr__(self) -> str:
        diff = self.differences()
        inner = ", ".join(f"{k}={v!r}" for k, v in diff.items())
        return f"Rules({inner})"


_DEFAULTS: dict[str, Any] = {
    "start_level": "2",
    "clockwise": False,
    "tractor_gap": True,
    "trump_chain": True,
    "trump_throws": True,
    "kitty_multiplier": "linear4",
    "level_table": "classic",
    "level_cap": None,
    "must_play": (),
    "must_play_demotion": False,
    "reinforce_locks": True,
    "suit_priority": None,
    "overturn_takes_bank": True,
    "single_joker_declares": False,
    "mixed_joker_pair": False,
    "first_hand_overturn": True,
    "no_bid": "no_trump",
    "throw_penalty": "none",
}


def _validate(name: str, value: Any) -> Any:
    if name in _BOOLS:
        if not isinstance(value, bool):
            raise ValueError(f"{name}: expected true or false, got {value!r}")
        return value
    if name in _CHOICES:
        allowed = _CHOICES[name]
        if value not in allowed:
            shown = ", ".join("null" if a is None else repr(a) for a in allowed)
            raise ValueError(f"{name}: unknown value {value!r}; allowed: {shown}")
        return value
    if name == "start_level":
        return canonical_rank(value, name)
    if name == "level_cap":
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"level_cap: expected null (no cap) or a positive integer, got {value!r}")
        return value
    if name == "must_play":
        if isinstance(value, (str, int)):
            value = [value]
        if not isinstance(value, (list, tuple)):
            raise ValueError(f"must_play: expected a list of ranks such as ['J', 'A'], got {value!r}")
        ranks = sorted({canonical_rank(v, name) for v in value}, key=RANK_NAMES.index)
        return tuple(ranks)
    raise AssertionError(name)  # pragma: no cover - every field is handled above


# One preset per source rule set (RULES.md §10).  Only the differences from the defaults.
PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "school-cup": {"no_bid": "kitty_random", "level_cap": 6},
    "league-2019": {"level_table": "league", "level_cap": 6, "throw_penalty": "fixed10"},
    "classic-80": {"clockwise": True, "throw_penalty": "fixed20"},
    "club-84022": {
        "level_table": "step20", "kitty_multiplier": "power2", "throw_penalty": "per_card",
        "suit_priority": "SHDC", "must_play": ["10"],
    },
    "spring-festival": {
        "single_joker_declares": True, "no_bid": "kitty_first", "kitty_multiplier": "power2",
        "throw_penalty": "per_card",
    },
    "tournament": {"no_bid": "kitty_first", "kitty_multiplier": "plus2"},
    "campus-2015": {
        "trump_throws": False, "kitty_multiplier": "plus2", "suit_priority": "SHCD",
        "no_bid": "banker_steps_down",
    },
    "must-play-ja": {"must_play": ["J", "A"], "must_play_demotion": True, "no_bid": "kitty_first"},
    "timed-match": {
        "must_play": ["A"], "no_bid": "kitty_third", "suit_priority": "SHCD",
        "first_hand_overturn": False,
    },
    "team-cup": {"mixed_joker_pair": True, "kitty_multiplier": "power2"},
}

PRESET_SOURCES = {
    "standard": "defaults",
    "school-cup": "seed 000",
    "league-2019": "seed 001",
    "classic-80": "seed 002 (opening part), seed 003",
    "club-84022": "seed 002 (rules '84022')",
    "spring-festival": "seed 002 (spring-festival rules)",
    "tournament": "seed 002 (points tournament)",
    "campus-2015": "seed 004",
    "must-play-ja": "seed 002 ('扑克牌双升竞赛规则（最新）')",
    "timed-match": "seed 002 ('双升规则（一）…（五）')",
    "team-cup": "seed 002 ('双升比赛规则 1、参赛队…')",
}


def resolve_rules(rules: "Rules | str | dict | None") -> Rules:
    """None -> defaults; a preset name; a dict of options; or a Rules."""
    if rules is None:
        return Rules()
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules.preset(rules)
    if isinstance(rules, dict):
        return Rules.from_dict(rules)
    raise ValueError(f"rules must be a Rules, a preset name or a dict, not {type(rules).__name__}")
