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

**A conditional study.**  The deals are the studies' conditional deals
(``shengji.studies.conditioned``, docs/conditional-deals.md): this seat's 25 cards fixed,
the other cards dealt uniformly -- and ``deal`` / ``where`` condition them further, as a
study's ``[deal]`` table does (cards fixed to other seats or the kitty, a predicate such as
``where="seat2.big_jokers >= 1"``: what the hand is worth when the partner holds a big
joker), sampled exactly; the acceptance rate is in ``Advice.acceptance``.

Seeded and reproducible: the deals come from ``rng.chunk_state(seed, 0)`` in order, the
bots of option o on deal i from ``rng_split(seat_key(seed, 0), i * options + o)``
(``_core/drivers/advise.pyx``); the progress chunks do not change a byte.  With the hand
alone fixed, a deal is one shuffle of the 83 unseen cards from their sorted order, as
before the conditional deals: the same seed gives the same table.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from shengji.cards import as_cards, format_cards
from shengji.game.arguments import card_bot
from shengji.game.botspec import BotSpec
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
from shengji.rules import pack
from shengji.rules.options import Rules, canonical_rank, resolve_rules
from shengji.stats import CONFIDENCE, mean_interval, wilson
from shengji.studies.constraints import DealConstraint, parse_deal

__all__ = ["Advice", "OptionEstimate", "advise", "declarable", "DEFAULT_N"]

DEFAULT_N = 1000  # deals per option: a rate to about +-3 %, under 2 s with greedy
MAX_N = 1_000_000
CHUNK = 200  # deals per kernel call (a progress step)
PASS = "pass"


@dataclass(frozen=True)
class OptionEstimate:
    """One option's estimates over ``n`` deals (an entry of ``Advice.options``).

    Parameters
    ----------
    option : str
        The option: a trump to declare (``"S"``, ``"H"``, ``"C"``, ``"D"``, ``"NT"``) or
        ``"pass"``.
    trumps : int or None
        The hand's trumps under that trump (None for passing).
    n : int
        The deals played.
    level_up : float
        The banker team's rate of levelling up.
    level_up_ci : tuple of float
        Its Wilson interval, (low, high).
    defender_points : float
        The mean defender points D.
    defender_points_hw : float
        The half-width of its Student t interval.
    team_levels : float
        This seat's team's mean signed level change (+ when it levels up, - when the
        other team does).
    team_levels_hw : float
        The half-width of its Student t interval.
    you_bank : float
        The share of deals this seat's team banks (1 when declaring).

    See Also
    --------
    shengji.advise : What computes them.

    Examples
    --------
    >>> import shengji
    >>> hand = "AS AS KS 2S 2H 3H 4H 5H 6H 7C 8C 9C TC JC QD KD AD 3D 4D 5S 6S SJ SJ 9D 9H"
    >>> advice = shengji.advise(hand, "2", n=50, seed=1)
    >>> o = advice.options[0]
    >>> o.option, o.trumps, o.n, o.you_bank
    ('S', 9, 50, 1.0)
    """

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
    """What :func:`advise` found: the hand, the settings, and the estimates of each option.

    ``table()`` is the text table ``shengji advise`` prints, ``to_frame()`` a DataFrame,
    and Jupyter shows an advice as an HTML table.

    Parameters
    ----------
    hand : list of int
        The hand's physical card ids (``repr`` shows them in the text notation).
    level : str
        The rank being played.
    seat : int
        The hand's seat, 0..3.
    rules : shengji.Rules
        The rules.
    bot : shengji.game.botspec.BotSpec
        The bot that played every seat.
    n : int
        The deals per option.
    seed : int
        The deals' seed.
    options : list of OptionEstimate
        One per option: each declarable trump in the order S H C D NT, then passing.
    deal : DealConstraint or None, default None
        The condition on the other cards (``advise``'s ``deal`` and ``where`` as one);
        None when they were dealt uniformly.
    acceptance : float, default 1.0
        The deals dealt as a share of the candidate deals drawn (1 without a ``where``).

    See Also
    --------
    shengji.advise : What returns it.

    Examples
    --------
    >>> import shengji
    >>> hand = "AS AS KS 2S 2H 3H 4H 5H 6H 7C 8C 9C TC JC QD KD AD 3D 4D 5S 6S SJ SJ 9D 9H"
    >>> advice = shengji.advise(hand, "2", n=50, seed=1)
    >>> [o.option for o in advice.options]
    ['S', 'H', 'NT', 'pass']
    >>> advice.to_frame().shape
    (4, 11)
    """

    hand: list[int]
    level: str
    seat: int
    rules: Rules
    bot: BotSpec
    n: int
    seed: int
    options: list[OptionEstimate] = field(default_factory=list)
    deal: DealConstraint | None = None  # the condition on the other cards (None: none)
    acceptance: float = 1.0  # deals dealt / candidate deals drawn (1 without a where)

    @property
    def best(self) -> OptionEstimate:
        """OptionEstimate: the option with the highest mean level change for this seat's team."""
        return max(self.options, key=lambda o: o.team_levels)

    def to_frame(self):
        """Return the estimates as a DataFrame.

        Returns
        -------
        pandas.DataFrame
            One row per option: ``option``, ``trumps`` (a nullable integer: none for
            passing), ``n``, ``level_up`` with ``level_up_lo`` and ``level_up_hi``,
            ``defender_points`` with ``defender_points_hw``, ``team_levels`` with
            ``team_levels_hw``, and ``you_bank``.
        """
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
        given = "" if self.deal is None else f"deal={self.deal.to_config()!r}, "
        return (
            f"Advice(hand={format_cards(self.hand)!r}, level={self.level!r}, seat={self.seat}, "
            f"rules={self.rules!r}, bot={self.bot.label!r}, n={self.n}, seed={self.seed}, "
            f"{given}options={self.options!r})"
        )

    def _repr_html_(self) -> str:
        from shengji.render.reports import advice_html

        return advice_html(self)

    def table(self) -> str:
        """Return the estimates as the text table ``shengji advise`` prints.

        Returns
        -------
        str
            The table: the settings and the hand, then one line per option with its
            trumps, the banker team's level-up rate, the mean D and this seat's team's
            level change with their intervals, then the best option.
        """
        pct = f"{100 * CONFIDENCE:.0f}%"
        head = (
            f"hand (seat {self.seat}, level {self.level}, {self.rules_label()}, "
            f"{self.bot.label} in every seat, {self.n:,} deals per option, seed "
            f"{self.seed}):\n  {format_cards(sorted(self.hand))}"
        )
        if self.deal is not None:
            head += f"\n  given {self.deal.describe()} (acceptance {self.acceptance:.4g})"
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
        """Return the rules as the table names them.

        Returns
        -------
        str
            ``"preset NAME"`` when the rules are a preset's, else ``"custom rules"``.
        """
        from shengji.rules.options import PRESETS

        for name in PRESETS:
            if Rules.preset(name) == self.rules:
                return f"preset {name}"
        return "custom rules"


def _condition(deal, where) -> DealConstraint | None:
    """advise's ``deal`` and ``where`` as one DealConstraint on the other cards (None:
    none)."""
    if where is not None:
        if not isinstance(where, str):
            raise ValueError(f"where: expected a string, got {where!r:.40}")
        if deal is not None:
            raise ValueError("where: give it once: as where=, or in the deal table")
        deal = {"where": where}
    if deal is None:
        return None
    if isinstance(deal, DealConstraint):
        return None if deal.empty else deal
    if isinstance(deal, dict) and "hands" in deal:
        raise ValueError("deal.hands: the advisor deals one hand at a time")
    return parse_deal(deal)


def advice_dealing(cards: list[int], seat: int, level: int, given: DealConstraint | None):
    """The conditional dealing of advise's deals: ``cards`` fixed to ``seat`` (their order
    kept: nothing observes it, so no draw places them), and ``given`` on the rest; the
    studies' compilation (ValueError when no deal can meet it)."""
    from shengji.studies.conditioned import dealing

    base = given if given is not None else DealConstraint()
    try:
        c = base.with_fixed(seat, cards)
    except ValueError as exc:
        raise ValueError(f"{exc} (the hand is seat {seat}'s)") from None
    return dealing(c, [level], keep_fixed_order=True)


def declarable(hand: list[int], level: int, rules: Rules) -> list[int]:
    """Return the trumps a hand can declare (docs/rules.md §7).

    A suit of a level card it holds; no-trump with a joker pair (also a small and a big
    joker under ``mixed_joker_pair``, any joker under ``single_joker_declares``).

    Parameters
    ----------
    hand : list of int
        The hand's physical card ids.
    level : int
        The level's rank index, 0 (the 2) to 12 (the ace).
    rules : shengji.Rules
        The rules.

    Returns
    -------
    list of int
        The trumps in the order S H C D NT: a suit index 0..3, or 4 for no-trump.

    Examples
    --------
    >>> import shengji
    >>> from shengji.analysis.advisor import declarable
    >>> declarable(shengji.parse_cards("2S 2H SJ SJ 5C"), 0, shengji.Rules())
    [0, 1, 4]
    """
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
    deal=None,
    where: str | None = None,
) -> Advice:
    """Estimate what a 25-card hand is worth under each trump it could declare, and passing.

    The 83 cards this seat cannot see are dealt at random to the other seats and the
    kitty, ``n`` times, and every deal is played to the end by ``bot`` in all four seats,
    once per option, on the same cards. Declaring a trump makes this seat the banker with
    it; passing lets one of the other seats, at random, bank with its best trump. Nobody
    overturns: the model asks what each choice is worth if it stands (module docstring).

    Parameters
    ----------
    hand : str or sequence of int
        The 25 cards: text (``"AS AS KH ..."``, the notation of ``shengji.cards``) or
        physical card ids.
    level : str, default "2"
        The rank being played, ``"2"`` to ``"A"``; both teams are at it.
    rules : shengji.Rules, str or dict, default "standard"
        The rules: a ``Rules``, a preset's name or a dict of options.
    seat : int, default 0
        The hand's seat (its dealing position), 0..3.
    bot : str, dict or BotSpec, default "greedy"
        The bot playing every seat, as ``shengji.game.botspec`` takes it: a name,
        ``"name(key=value, ...)"``, a table with its parameters
        (``{"bot": "pimc", "samples": 8}``) or a ``BotSpec``.
    n : int, default 1000
        Deals per option (1 to 1,000,000).
    seed : int, default 0
        The deals' seed: the same seed gives the same estimates.
    progress : bool, default False
        Report progress on stderr: a bar on a terminal, else a line per tenth (as
        ``shengji run``).
    deal : dict or DealConstraint, optional
        A ``[deal]`` table conditioning the other cards: cards fixed to other seats or the
        kitty, a ``where`` over the seats' and the kitty's features
        (docs/conditional-deals.md). With neither ``deal`` nor ``where``, the 83 cards are
        dealt uniformly.
    where : str, optional
        A ``where`` alone (``"seat2.trumps_h >= 8"``); give it here or in ``deal``, not both.

    Returns
    -------
    Advice
        The hand, the settings, and one :class:`OptionEstimate` per option: the banker
        team's level-up rate (Wilson interval), the mean defender points and this seat's
        team's mean level change (Student t intervals).

    Raises
    ------
    ValueError
        For a hand that is not 25 distinct cards, an unknown rank, preset, rule option or
        bot, a seat outside 0..3, an ``n`` out of range, or a ``deal``/``where`` that is malformed
        or that no deal can meet (one line naming it).

    See Also
    --------
    shengji.analysis.advisor.declarable : The trumps a hand can declare.

    Examples
    --------
    >>> import shengji
    >>> hand = "AS AS KS 2S 2H 3H 4H 5H 6H 7C 8C 9C TC JC QD KD AD 3D 4D 5S 6S SJ SJ 9D 9H"
    >>> advice = shengji.advise(hand, "2", n=100, seed=1)
    >>> [o.option for o in advice.options]
    ['S', 'H', 'NT', 'pass']
    >>> advice.best.option
    'H'
    >>> print(advice.table().splitlines()[0])
    hand (seat 0, level 2, preset standard, greedy in every seat, 100 deals per option, seed 1):
    """
    from shengji.door import ADVICE_PASS as CORE_PASS
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
    spec = card_bot(bot, "bot")
    given = _condition(deal, where)
    dealt = advice_dealing(cards, seat, lv, given)
    options = np.array(declarable(cards, lv, rules) + [CORE_PASS], np.int32)
    out = _play_options(
        dealt, seat, lv, pack.rules(rules), options, pack.bot(spec), n, seed, progress
    )
    result = Advice(
        hand=cards,
        level=level_name,
        seat=seat,
        rules=rules,
        bot=spec,
        n=n,
        seed=seed,
        deal=given,
        acceptance=dealt.accepted / dealt.tries if dealt.tries else 1.0,
    )
    for o, t in enumerate(options):
        result.options.append(_estimate(out[o], int(t), cards, lv, seat, n))
    return result


def _play_options(dealt, seat, lv, packed_rules, options, packed, n, seed, progress):
    """Every option of ``options`` played on ``n`` deals of ``dealt`` by the core, in chunks
    (with a progress bar or lines when ``progress``): int32 (options, ADVICE_ROWS, n)."""
    from shengji.door import ADVICE_ROWS as OUT_ROWS
    from shengji.door import AdviceJob, advise_hands, chunk_state, seat_key

    out = np.zeros((len(options), len(OUT_ROWS), n), np.int32)
    state, key = chunk_state(seed, 0), seat_key(seed, 0)
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
            advise_hands(
                AdviceJob(
                    state=state,
                    key=key,
                    deal=dealt,
                    seat=seat,
                    level=lv,
                    rules=packed_rules,
                    options=options,
                    bot=packed,
                    first=first,
                    n=m,
                    out=part,
                )
            )
            out[:, :, first : first + m] = part
            if bar is not None:
                bar.update(m)
    finally:
        if bar is not None:
            bar.close()
    return out


def _estimate(out, t: int, cards, lv: int, seat: int, n: int) -> OptionEstimate:
    """One option's estimate from its rows of the core's output (``ADVICE_ROWS`` by n)."""
    from shengji.door import ADVICE_PASS as CORE_PASS
    from shengji.door import ADVICE_ROWS as OUT_ROWS

    rows = {name: i for i, name in enumerate(OUT_ROWS)}
    d = out[rows["defender_points"]]
    up = out[rows["level_side"]] == 0
    banker_team = out[rows["banker"]] % 2
    mine = banker_team == seat % 2
    signed = np.where(up, 1, -1) * out[rows["levels"]]
    team = np.where(mine, signed, -signed)
    dm, dh = _mean_hw(d)
    tm, th = _mean_hw(team)
    return OptionEstimate(
        option=PASS if t == CORE_PASS else TRUMP_NAMES[t],
        trumps=None if t == CORE_PASS else _trumps(cards, lv, t),
        n=n,
        level_up=float(up.mean()),
        level_up_ci=wilson(int(up.sum()), n),
        defender_points=dm,
        defender_points_hw=dh,
        team_levels=tm,
        team_levels_hw=th,
        you_bank=float(mine.mean()),
    )
