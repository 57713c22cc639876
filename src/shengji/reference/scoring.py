"""Scoring for the reference: the kitty multiplier (docs/rules.md §5) and levelling (§6).

Written from docs/rules-engine.md "Kitty multiplier" and "Level change".
"""

from __future__ import annotations

import numbers

from shengji.cards import parse_rank
from shengji.reference.cardinfo import parse, resolve, rules_of
from shengji.reference.combos import classify_ids


def kitty_multiplier(play, trump, rules=None) -> int:
    """Multiplier on the kitty points when the defenders win the last trick with ``play``
    (docs/rules.md §5, 抠底).  Set by the play's largest component, never summed:
    single ×2, pair ×4, tractor of n pairs ×4n (``linear4``), ×2(n+1) (``plus2``),
    ×2^(n+1) (``power2``)."""
    spec, rules = resolve(trump, rules)
    combo = classify_ids(parse(play, "play"), spec, rules)
    largest = combo.components[0]
    if largest.kind == "single":
        return 2
    if largest.kind == "pair":
        return 4
    n = largest.pairs
    if rules.kitty_multiplier == "linear4":
        return 4 * n
    if rules.kitty_multiplier == "plus2":
        return 2 * (n + 1)
    if rules.kitty_multiplier == "power2":
        return 2 ** (n + 1)
    raise ValueError(f"unknown kitty_multiplier {rules.kitty_multiplier!r}")  # pragma: no cover


def level_change(defender_points, rules=None, *, level=None, overturns=0) -> tuple[str, int]:
    """Who levels and by how much after a hand (docs/rules.md §6).

    Returns ``(side, levels)`` with side ``"banker"`` (the banker team stays and goes up)
    or ``"defenders"`` (they take over the bank; ``levels`` may be 0).  D below 0 counts as
    0.  Under ``overturn_levels = "stakes"`` each of the hand's ``overturns`` adds a level
    (docs/rules.md §6, "每反一次升一级"; "overturner" is a match rule: ignored here).
    ``level_cap`` caps the jump; with ``level`` (the levelling side's current rank) a jump
    stops at the first ``must_play`` rank strictly inside it (必打), and under
    ``must_play_strict`` defenders standing on a must-play rank take over with no level.
    """
    rules = rules_of(rules)
    if isinstance(defender_points, bool) or not isinstance(defender_points, numbers.Integral):
        raise ValueError(f"defender_points must be an integer, got {defender_points!r}")
    if isinstance(overturns, bool) or not isinstance(overturns, numbers.Integral) or overturns < 0:
        raise ValueError(f"overturns must be an integer >= 0, got {overturns!r}")
    d = max(0, int(defender_points))
    side, levels = _table(d, rules.level_table)
    if rules.overturn_levels == "stakes":
        levels += int(overturns)
    if rules.level_cap is not None:
        levels = min(levels, rules.level_cap)
    if level is not None and rules.must_play:
        current = parse_rank(str(level))
        must = sorted(parse_rank(r) for r in rules.must_play)
        if rules.must_play_strict and side == "defenders" and current in must:
            return side, 0  # a must-play level is left only by banking it
        for m in must:
            if current < m < current + levels:
                levels = m - current
                break
    return side, levels


def _table(d: int, table: str) -> tuple[str, int]:
    if table in ("classic", "league"):
        if d == 0:
            return "banker", 3
        if d < 40:
            return "banker", 2
        if d < 80:
            return "banker", 1
        if d < 120:
            return "defenders", 1 if table == "league" else 0
        return "defenders", 1 + (d - 120) // 40
    if table == "step20":
        if d == 0:
            return "banker", 4
        if d < 30:
            return "banker", 3
        if d < 55:
            return "banker", 2
        if d < 80:
            return "banker", 1
        if d < 100:
            return "defenders", 0
        return "defenders", 1 + (d - 100) // 20
    raise ValueError(f"unknown level_table {table!r}")  # pragma: no cover
