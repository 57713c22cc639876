"""The hand advisor: what is a 25-card hand worth under each trump it could declare?

``advise(hand, level)`` deals the 83 cards this seat cannot see uniformly at random to the
other three seats and the kitty, ``n`` times, and plays every deal to the end with a
built-in bot in all four seats, once per option, on the same cards:

* **declare** a trump the hand can declare (docs/rules.md §7): a suit of a level card it
  holds, or no-trump with a joker pair (also a small + big joker under
  ``mixed_joker_pair``, a single joker under ``single_joker_declares``) -- this seat then
  banks (takes the kitty, buries, leads) with that trump;
* **pass**: one of the other three seats, uniformly at random, banks with its best trump
  (of those its cards can declare, the one giving it most trumps; no-trump when it can
  declare nothing) -- the partner a third of the time, an opponent two thirds.

Both teams are at ``level``.  Nobody overturns: the model asks what each choice is worth
if it stands.  For each option: the banker team's rate of levelling up (a 95 % Wilson
interval), the mean defender points D (a 95 % Student t interval), and this seat's team's
mean signed level change (+ when it levels up, - when the other team does; t interval),
which compares the options on one scale, passing included.  The same deals are played
under every option, so differences between options are sharper than the intervals
suggest.

Seeded and reproducible: the deals come from ``rng.chunk_state(seed, 0)`` in order, the
bots of option o on deal i from ``rng_split(seat_key(seed, 0), i * options + o)``
(``_core/drivers/advise.pyx``); the progress chunks do not change a byte.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from shengji.cards import as_cards, format_cards
from shengji.game.botspec import BotSpec, parse_bot
from shengji.names import (
    BIG_JOKER,
    HAND_SIZE,
    N_COPIES,
    N_RANKS,
    N_SUITS,
    RANK_NAMES,
    SMALL_JOKER,
    SUITS,
    TRUMP_NAMES,
)
from shengji.rules.options import Rules, canonical_rank, resolve_rules
from shengji.stats import CONFIDENCE, mean_interval, wilson

__all__ = ["Advice", "OptionEstimate", "advise", "declarable", "DEFAULT_N"]

DEFAULT_N = 1000  # deals per option: a rate to about +-3 %, under 2 s with greedy
MAX_N = 1_000_000
CHUNK = 200  # deals per kernel call (a progress step)
PASS = "pass"


@dataclass(frozen=True)
class OptionEstimate:
    """One option's estimates over ``n`` deals."""

    option: str  # "S" "H" "C" "D" "NT" or "pass"
    trumps: int | None  # trumps in this hand under that trump (None: pass)
    n: int
    level_up: float  # banker team levels up: rate
    level_up_ci: tuple[float, float]
    defender_points: float  # mean D
    defender_points_hw: float  # half-width of its interval
    team_levels: float  # this seat's team: mean signed level change
    team_levels_hw: float
    you_bank: float  # share of deals this seat's team banks (1 when declaring)


@dataclass
class Advice:
    """What ``advise`` found: the hand (physical card ids; ``repr`` shows them as notation),
    the settings, and one ``OptionEstimate`` per option.  ``table()`` is the text table,
    ``to_frame()`` a DataFrame, and Jupyter shows it as an HTML table."""

    hand: list[int]
    level: str
    seat: int
    rules: Rules
    bot: BotSpec
    n: int
    seed: int
    options: list[OptionEstimate] = field(default_factory=list)

    @property
    def best(self) -> OptionEstimate:
        """The option with the highest mean level change for this seat's team."""
        return max(self.options, key=lambda o: o.team_levels)

    def to_frame(self):
        import pandas as pd

        rows = []
        for o in self.options:
            rows.append(
                {
                    "option": o.option,
                    "trumps": o.trumps,
                    "n": o.n,
                    "level_up": o.level_up,
                    "level_up_lo": o.level_up_ci[0],
                    "level_up_hi": o.level_up_ci[1],
                    "defender_points": o.defender_points,
                    "defender_points_hw": o.defender_points_hw,
                    "team_levels": o.team_levels,
                    "team_levels_hw": o.team_levels_hw,
                    "you_bank": o.you_bank,
                }
            )
        df = pd.DataFrame(rows)
        # trump counts are integers; pass has none (a nullable integer, not a float NaN)
        df["trumps"] = pd.array([o.trumps for o in self.options], dtype="Int64")
        return df

    def __repr__(self) -> str:
        return (
            f"Advice(hand={format_cards(self.hand)!r}, level={self.level!r}, seat={self.seat}, "
            f"rules={self.rules!r}, bot={self.bot.label!r}, n={self.n}, seed={self.seed}, "
            f"options={self.options!r})"
        )

    def _repr_html_(self) -> str:
        from shengji.game.render_html import advice_html

        return advice_html(self)

    def table(self) -> str:
        """The estimates as a text table."""
        pct = f"{100 * CONFIDENCE:.0f}%"
        head = (
            f"hand (seat {self.seat}, level {self.level}, {self.rules_label()}, "
            f"{self.bot.label} in every seat, {self.n:,} deals per option, seed "
            f"{self.seed}):\n  {format_cards(sorted(self.hand))}"
        )
        cols = ("option", "trumps", "banker team levels up", "mean D", "your team's levels")
        rows = []
        for o in self.options:
            rows.append(
                (
                    o.option if o.option != PASS else "pass (another seat banks)",
                    "-" if o.trumps is None else str(o.trumps),
                    f"{100 * o.level_up:5.1f}% ({100 * o.level_up_ci[0]:.1f}-"
                    f"{100 * o.level_up_ci[1]:.1f})",
                    f"{o.defender_points:5.1f} ± {o.defender_points_hw:.1f}",
                    f"{o.team_levels:+.2f} ± {o.team_levels_hw:.2f}",
                )
            )
        width = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(cols)]
        lines = [head, "  " + "  ".join(c.ljust(w) for c, w in zip(cols, width, strict=False))]
        lines += [
            "  " + "  ".join(v.ljust(w) for v, w in zip(r, width, strict=False)) for r in rows
        ]
        best = self.best
        lines.append(
            f"  intervals: {pct} (Wilson for the rate, t for the means); best for "
            f"your team: {best.option}"
        )
        return "\n".join(lines)

    def rules_label(self) -> str:
        from shengji.rules.options import PRESETS

        for name in PRESETS:
            if Rules.preset(name) == self.rules:
                return f"preset {name}"
        return "custom rules"


def declarable(hand: list[int], level: int, rules: Rules) -> list[int]:
    """The trumps (0..3 suits, 4 no-trump) a hand can declare at level rank ``level``
    (docs/rules.md §7), in the order S H C D NT."""
    kinds = [c // N_COPIES for c in hand]
    out = [s for s in range(N_SUITS) if s * N_RANKS + level in kinds]
    sj, bj = kinds.count(SMALL_JOKER), kinds.count(BIG_JOKER)
    if (
        sj == 2
        or bj == 2
        or (rules.mixed_joker_pair and sj and bj)
        or (rules.single_joker_declares and (sj or bj))
    ):
        out.append(len(SUITS))  # no-trump: TRUMP_NAMES[4]
    return out


def _trumps(hand: list[int], level: int, trump: int) -> int:
    kinds = [c // N_COPIES for c in hand]
    return sum(
        1
        for k in kinds
        if k >= SMALL_JOKER or k % N_RANKS == level or (trump < N_SUITS and k // N_RANKS == trump)
    )


def _mean_hw(x: np.ndarray) -> tuple[float, float]:
    x = x.astype(np.float64)
    return mean_interval(len(x), float(x.sum()), float((x * x).sum()), CONFIDENCE)


def _check_hand(hand) -> list[int]:
    if isinstance(hand, str):
        cards = as_cards(hand)
    else:
        try:
            cards = as_cards(list(hand))
        except TypeError:
            raise ValueError(f"hand: expected card text or card ids, got {hand!r:.60}") from None
    if len(cards) != HAND_SIZE:
        raise ValueError(f"hand: expected {HAND_SIZE} cards, got {len(cards)}")
    return cards


def advise(
    hand,
    level="2",
    *,
    rules: Rules | str | dict | None = "standard",
    seat: int = 0,
    bot="greedy",
    n: int = DEFAULT_N,
    seed: int = 0,
    progress: bool = False,
) -> Advice:
    """Estimates for each option of a 25-card hand (module docstring).

    hand: card text (``"AS AS KH ..."``, shengji.cards notation) or physical card ids;
    level: the rank being played ("2".."A"); rules: a Rules, preset name or dict; seat:
    0..3 (the dealing position); bot: a bot name or table (shengji.game.botspec); n: deals per
    option; seed: the deals' seed; progress: on stderr, a bar on a terminal, else a plain line
    per tenth (as ``shengji run``).
    ValueError (one line) for bad input."""
    from shengji._core.base.rng import chunk_state, seat_key
    from shengji._core.drivers.advise import OUT_ROWS, advise_hands
    from shengji._core.drivers.advise import PASS as CORE_PASS
    from shengji.seeds import check_seed

    cards = _check_hand(hand)
    level_name = canonical_rank(level, "level")
    lv = RANK_NAMES.index(level_name)
    rules = resolve_rules(rules)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
        raise ValueError(f"seat: expected 0..3, got {seat!r}")
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_N:
        raise ValueError(f"n: expected an integer 1..{MAX_N:,}, got {n!r}")
    seed = check_seed(seed, allow_sequence=False)
    spec = parse_bot("bot", bot)
    trumps = declarable(cards, lv, rules)
    options = np.array(trumps + [CORE_PASS], np.int32)
    out = np.zeros((len(options), len(OUT_ROWS), n), np.int32)
    state, key = chunk_state(seed, 0), seat_key(seed, 0)
    hand_a = np.array(cards, np.uint8)
    bar = None
    step = CHUNK
    if progress:
        from shengji.runner.progress import STEPS, make_progress

        # a bar on a terminal, a line per tenth otherwise (a pipe, a log), as shengji run
        bar = make_progress(n, "deals", quiet=False)
        step = max(1, min(CHUNK, -(-n // (2 * STEPS))))  # a report at least every 1/20
    try:
        for first in range(0, n, step):
            m = min(step, n - first)
            part = np.zeros((len(options), len(OUT_ROWS), m), np.int32)
            advise_hands(state, key, hand_a, seat, lv, rules, options, spec, first, m, part)
            out[:, :, first : first + m] = part
            if bar is not None:
                bar.update(m)
    finally:
        if bar is not None:
            bar.close()
    rows = {name: i for i, name in enumerate(OUT_ROWS)}
    result = Advice(hand=cards, level=level_name, seat=seat, rules=rules, bot=spec, n=n, seed=seed)
    for o, t in enumerate(options):
        d = out[o, rows["defender_points"]]
        up = out[o, rows["level_side"]] == 0
        banker_team = out[o, rows["banker"]] % 2
        mine = banker_team == seat % 2
        signed = np.where(up, 1, -1) * out[o, rows["levels"]]
        team = np.where(mine, signed, -signed)
        dm, dh = _mean_hw(d)
        tm, th = _mean_hw(team)
        result.options.append(
            OptionEstimate(
                option=PASS if t == CORE_PASS else TRUMP_NAMES[t],
                trumps=None if t == CORE_PASS else _trumps(cards, lv, int(t)),
                n=n,
                level_up=float(up.mean()),
                level_up_ci=wilson(int(up.sum()), n),
                defender_points=dm,
                defender_points_hw=dh,
                team_levels=tm,
                team_levels_hw=th,
                you_bank=float(mine.mean()),
            )
        )
    return result
