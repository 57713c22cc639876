"""Fixed-size encodings of a hand for game-AI libraries (``shengji.adapters.openspiel``,
``shengji.adapters.pettingzoo``): the game's parameters, the shuffle, the observation tensor and
the returns.  The adapters only map: rules, legality and scoring are ``HandState``'s.

**A hand as a game.**  First the deck is shuffled one card at a time (108 chance steps:
step i picks the card at position i of the dealing order, uniformly among the physical
cards not placed yet; position i goes to seat i % 4 for i < 100, 100..107 is the kitty,
docs/hand-engine.md).  Nothing of the shuffle is visible: the cards reach the seats when
the hand deals them (``HandState``: at once when the trump is given, card by card under
a bidding phase).  Each physical card (id 0..107) is its own outcome -- not one outcome
per kind -- because the ids are visible in observations: a kind-canonical shuffle (the
lower copy placed first) would tell a seat holding the upper copy that the other one
lies earlier in the dealing order.  Then every decision is one of ``HandState``'s
integer actions (``shengji.game.actions``).

**The observation tensor** (float32, one flat vector; ``tensor_layout`` names the
pieces in order, each with its shape) encodes ``HandState.observation(seat)``: the seat,
phase, seat to play, levels, trump, banker, the seat's own cards, its pending choice,
the kitty and buried cards when it may see them, hand sizes, per seat the cards it has
played and its cards in the open trick, the open trick's leader, trick points per seat,
the penalty, the voids shown, the cards shown by failed throws, and the legal-action
mask.  Cards are 108 planes by physical id.  The information-state tensor adds the
whole trick record (``MAX_TRICKS`` tricks: leader, each seat's play, a failed throw's
attempt), which the observation tensor summarises per seat.  Counts (hand sizes,
points, penalty) are raw numbers, not scaled.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from numbers import Integral

import numpy as np

from shengji.game.actions import N_ACTIONS
from shengji.game.state import HandState
from shengji.names import BID_ACTION_NAMES as ACTION_NAMES
from shengji.names import (
    BID_POLICIES,
    FOLLOW_NAMES,
    HAND_SIZE,
    KITTY_SIZE,
    MAX_THRESHOLD,
    N_CARDS,
    N_DEALT,
    N_SEATS,
    PHASE_NAMES,
    RANK_NAMES,
    TOTAL_POINTS,
    TRUMP_NAMES,
)
from shengji.names import BID_STRENGTH_NAMES as STRENGTH_NAMES
from shengji.rules.options import PRESETS, Rules

__all__ = [
    "GameConfig",
    "RETURNS",
    "SHUFFLE",
    "PHASES",
    "MAX_TRICKS",
    "N_GAME_ACTIONS",
    "THROWN_IN",
    "BID",
    "MAX_BIDS",
    "step",
    "tensor_layout",
    "tensor_size",
    "tensor_bounds",
    "views",
    "encode",
    "hand_returns",
    "utility_bound",
    "max_decisions",
]

RETURNS = ("levels", "points")  # what a hand returns to each seat (GameConfig.returns)
SHUFFLE = "shuffle"  # the adapters' phase before the hand: the chance steps
THROWN_IN = "thrown_in"  # ... and after a deal nobody declared on (``step``)
BID = "bid"  # HandState's bidding phase (bid_phase=True)
PHASES = tuple(dict.fromkeys((SHUFFLE, BID, *PHASE_NAMES, THROWN_IN)))
MAX_BIDS = 24  # bids in the tensor's bid log (the strings keep them all);
# a bound on a hand's bids (declare, reinforce, overturns)
_BID_ACTIONS = ACTION_NAMES[1:]  # declare reinforce overturn ("none" is no bid)
_STRENGTHS = STRENGTH_NAMES[1:]  # single level_pair small_joker_pair big_joker_pair
_BID_TRUMPS = (*TRUMP_NAMES, None)  # None: another seat's face-down bid (secret_bids)
MAX_TRICKS = HAND_SIZE  # every trick takes at least one card from each seat
N_GAME_ACTIONS = N_ACTIONS  # the integer actions of every decision
# |penalty| bound: 10 per card thrown beyond the forced play (< 100 cards), or 20 a trick
MAX_PENALTY = max(10 * (N_CARDS - KITTY_SIZE), 20 * MAX_TRICKS)
LOWEST_RANK = 2  # GameConfig.level: rank index + 2 (2 .. 14 = A)


@dataclass(frozen=True)
class GameConfig:
    """The parameters of a hand as a game (the OpenSpiel and PettingZoo adapters' games).

    Checked when made: a bad value is one ValueError naming the parameter.

    Parameters
    ----------
    preset : str, default "standard"
        A rules preset (``shengji.PRESETS``).
    level : int, default 2
        Both teams' level rank as a number: 2..10, 11 = J, 12 = Q, 13 = K, 14 = A (a
        number because OpenSpiel reads "2" in a game string as one).
    trump : str, default ""
        ``"S"``, ``"H"``, ``"C"``, ``"D"`` or ``"NT"``: given, the bidding skipped; ``""``:
        the hand is bid.
    first_hand : bool, default False
        True: the first hand of a match (the first declarer banks); False: seat 0 banks.
    returns : {"levels", "points"}, default "levels"
        What a hand returns to each seat (``hand_returns``).
    bid_policy : str, default ""
        ``""``: every bid is a decision (``HandState(bid_phase=True)``); ``"eager"``,
        ``"threshold"`` (with ``bid_threshold``) or ``"never"``: a kernel policy bids for
        every seat, as in the studies, and no bid is a decision (the hands
        ``shengji.evaluate`` deals).
    bid_threshold : int, default 0
        The ``"threshold"`` policy's k, 0..25.

    Raises
    ------
    ValueError
        One line naming the parameter: a value of the wrong type, an unknown preset,
        trump, returns or policy, a level or threshold out of range.

    Examples
    --------
    >>> import numpy as np
    >>> from shengji.adapters.encoding import GameConfig
    >>> config = GameConfig(level=11, trump="S", returns="points")
    >>> config.rank, config.rules.kitty_multiplier
    ('J', 'linear4')
    >>> hand = config.hand(np.random.default_rng(0).permutation(108))
    >>> hand.phase, hand.level, hand.trump
    ('bury', 'J', 'S')
    >>> GameConfig(level=15)
    Traceback (most recent call last):
    ...
    ValueError: level: expected a rank number 2..14 (11 = J ... 14 = A), got 15
    """

    preset: str = "standard"
    level: int = 2
    trump: str = ""
    first_hand: bool = False
    returns: str = "levels"
    bid_policy: str = ""
    bid_threshold: int = 0

    def __post_init__(self):
        for name in ("preset", "trump", "returns"):
            value = getattr(self, name)
            if not isinstance(value, str):
                raise ValueError(f"{name}: expected a string, got {value!r:.40}")
        if not isinstance(self.first_hand, (bool, np.bool_)):
            raise ValueError(f"first_hand: expected a bool, got {self.first_hand!r:.40}")
        if self.preset not in PRESETS:
            raise ValueError(f"preset: unknown {self.preset!r}; allowed: {', '.join(PRESETS)}")
        if (
            isinstance(self.level, bool)
            or not isinstance(self.level, int)
            or not LOWEST_RANK <= self.level < LOWEST_RANK + len(RANK_NAMES)
        ):
            raise ValueError(
                f"level: expected a rank number {LOWEST_RANK}..{LOWEST_RANK + len(RANK_NAMES) - 1}"
                f" (11 = J ... 14 = A), got {self.level!r}"
            )
        if self.trump not in ("", *TRUMP_NAMES):
            raise ValueError(
                f"trump: unknown {self.trump!r}; expected one of "
                f"{', '.join(TRUMP_NAMES)}, or '' to bid"
            )
        if self.returns not in RETURNS:
            raise ValueError(f"returns: unknown {self.returns!r}; allowed: {', '.join(RETURNS)}")
        if self.bid_policy not in ("", *BID_POLICIES):
            raise ValueError(
                f"bid_policy: unknown {self.bid_policy!r}; expected one of "
                f"{', '.join(BID_POLICIES)}, or '' (the bids are decisions)"
            )
        if (
            isinstance(self.bid_threshold, bool)
            or not isinstance(self.bid_threshold, int)
            or not 0 <= self.bid_threshold <= MAX_THRESHOLD
        ):
            raise ValueError(
                f"bid_threshold: expected an integer 0..{MAX_THRESHOLD}, got "
                f"{self.bid_threshold!r:.40}"
            )

    def __deepcopy__(self, memo):
        return self  # immutable

    @property
    def rank(self) -> str:
        """The level's name ("2" .. "10", "J" .. "A")."""
        return RANK_NAMES[self.level - LOWEST_RANK]

    @property
    def rules(self):
        """The preset's ``shengji.Rules``."""
        return Rules.preset(self.preset)

    def hand(self, deal, seed: int | None = None) -> HandState:
        """Start the hand this game plays on a shuffled deck.

        The hand's own draws (none when the trump is given; under the bidding rules the
        first drawer of ``random_first_drawer`` and the like) are seeded from the deck, so
        that they are a function of the shuffle, the game's only chance.

        Parameters
        ----------
        deal : sequence of int
            The 108 card ids in dealing order (the shuffle's outcome).
        seed : int, optional
            Another seed for the hand's draws: a resampled state keeps its original's, so
            that what the draws made public (the first drawer) stays.  None: the deck's.

        Returns
        -------
        HandState
            The hand at its first decision: a bid (``trump`` ``""`` without a
            ``bid_policy``), else the bury.

        Raises
        ------
        ValueError
            If ``deal`` is not 108 card ids.
        """
        if self.trump:
            return HandState(
                self.rules,
                self.rank,
                banker=None if self.first_hand else 0,
                deal=list(deal),
                trump=self.trump,
                seed=deck_seed(deal) if seed is None else seed,
            )
        if self.bid_policy:
            return HandState(
                self.rules,
                self.rank,
                banker=None if self.first_hand else 0,
                deal=list(deal),
                seed=deck_seed(deal) if seed is None else seed,
                bid_policy=self.bid_policy,
                threshold=self.bid_threshold,
            )
        return HandState(
            self.rules,
            self.rank,
            banker=None if self.first_hand else 0,
            deal=list(deal),
            seed=deck_seed(deal) if seed is None else seed,
            bid_phase=True,
        )


def deck_seed(deal) -> int:
    """A seed that is a function of the deck (128 bits of its SHA-256)."""
    return int.from_bytes(hashlib.sha256(bytes(deal)).digest()[:16], "little")


def step(hand: HandState, action: int) -> tuple[HandState, bool]:
    """Apply one action to a hand, as the adapters' games do.

    When nobody declares and the rules throw the deal in (docs/rules.md §7), a hand on a
    given deck cannot go on (``HandState`` reshuffles only from its own seed); the game
    then ends there -- the last pass is a legal action, the hand is scored as no hand (no
    level changes, returns 0) and the state stays as it was before that pass.

    Parameters
    ----------
    hand : HandState
        The hand (changed in place, unless the deal is thrown in).
    action : int
        One of ``hand.legal_actions()``.

    Returns
    -------
    hand : HandState
        The hand after the action (the hand as it was before, when thrown in).
    thrown_in : bool
        Whether the deal was thrown in.

    Raises
    ------
    TypeError
        If ``action`` is not an integer.
    ValueError
        For an action the hand refuses, as ``HandState.apply_action``.

    Examples
    --------
    >>> import numpy as np
    >>> from shengji.adapters.encoding import GameConfig, step
    >>> hand = GameConfig(trump="S").hand(np.random.default_rng(0).permutation(108))
    >>> hand, thrown_in = step(hand, hand.legal_actions()[0])
    >>> thrown_in, len(hand.history)
    (False, 1)
    """
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, Integral):
        raise TypeError(f"action: expected an integer action, got {action!r:.40}")
    if hand.phase != "bid":
        hand.apply_action(action)
        return hand, False
    before = hand.clone()
    try:
        hand.apply_action(action)
    except ValueError:
        if action in before.legal_actions():
            return before, True
        raise
    return hand, False


def hand_returns(state: HandState, returns: str = "levels") -> list[float]:
    """Return what a finished hand returns to each seat (zero-sum).

    Parameters
    ----------
    state : HandState
        A finished hand.
    returns : {"levels", "points"}, default "levels"
        ``"levels"``: the levels the levelling team gains (docs/rules.md §6:
        ``result()["levels"]`` to the team of ``level_side``), minus that for the other
        team; ``"points"``: the defenders' points D (docs/rules.md §5, §8, kitty and
        penalties included) to each defender, -D to each of the banker team.

    Returns
    -------
    list of float
        One return per seat 0..3.

    Raises
    ------
    ValueError
        For an unknown ``returns``, or a hand that is not over.
    TypeError
        If ``state`` is not a ``HandState``.

    Examples
    --------
    >>> from shengji import play_hand
    >>> from shengji.adapters.encoding import hand_returns
    >>> s = play_hand("standard", seed=3, trump="S")
    >>> s.result()["defender_points"], s.banker
    (85, 0)
    >>> hand_returns(s, "points")
    [-85.0, 85.0, -85.0, 85.0]
    """
    if not isinstance(returns, str) or returns not in RETURNS:
        raise ValueError(f"returns: unknown {returns!r:.40}; allowed: {', '.join(RETURNS)}")
    if not isinstance(state, HandState):
        raise TypeError(f"state: expected a HandState, not {type(state).__name__}")
    r = state.result()
    banker_team = state.banker % 2
    if returns == "levels":
        team = banker_team if r["level_side"] == "banker" else 1 - banker_team
        v = float(r["levels"])
    else:
        team, v = 1 - banker_team, float(r["defender_points"])
    return [v if s % 2 == team else 0.0 - v for s in range(N_SEATS)]


def utility_bound(config: GameConfig) -> float:
    """Return a bound on the absolute return of a game's hand.

    D <= 200 table points + the kitty's at most 80 points times the largest multiplier (a
    12-pair tractor takes the last trick) + penalties (at most 10 per card of 100 played,
    or 20 per trick); the levels are those of that D.

    Parameters
    ----------
    config : GameConfig
        The game (its rules and its ``returns``).

    Returns
    -------
    float
        The bound: in points, or in levels.

    Examples
    --------
    >>> from shengji.adapters.encoding import GameConfig, utility_bound
    >>> utility_bound(GameConfig()), utility_bound(GameConfig(returns="points"))
    (124.0, 5040.0)
    """
    from shengji.rules.combos import level_change

    rules = config.rules
    pairs = HAND_SIZE // 2
    mult = {"linear4": 4 * pairs, "plus2": 2 * (pairs + 1), "power2": 2 ** (pairs + 1)}[
        rules.kitty_multiplier
    ]
    d_max = TOTAL_POINTS + 80 * mult + MAX_PENALTY
    if config.returns == "points":
        return float(d_max)
    return float(max(level_change(d, rules)[1] for d in (0, d_max)))


def max_decisions(config: GameConfig | None = None) -> int:
    """Return a bound on the decisions of a hand (not attained).

    The bury's 8 cards (again for each re-bury after an overturn, at most ``MAX_BIDS``),
    per trick a lead (its cards chosen one action each, at most a hand, and
    ``ACTION_PLAY``) and three follows of the lead's size -- 100 cards are played in all,
    and a failed throw's cards beyond the forced play are chosen again later (at most a
    hand per trick) --, and when the hand is bid, the asks: a seat is asked when a card
    opens a bid to it, then the others in turn until four pass in a row (at most 4 asks
    per card and per bid, the round after the deal and the round after the bury
    included).

    Parameters
    ----------
    config : GameConfig, optional
        The game; None: a hand that is bid (the larger bound).

    Returns
    -------
    int
        The bound (OpenSpiel's ``max_game_length`` less the shuffle).

    Examples
    --------
    >>> from shengji.adapters.encoding import GameConfig, max_decisions
    >>> max_decisions(GameConfig(trump="H")), max_decisions()
    (950, 1454)
    """
    plays = MAX_TRICKS * (1 + HAND_SIZE) + (N_CARDS - KITTY_SIZE)
    bids = 0 if config is not None and config.trump else N_SEATS * (N_DEALT + 2 + MAX_BIDS)
    return KITTY_SIZE * (1 + MAX_BIDS) + plays + bids


def tensor_layout(perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
    """List the observation tensor's pieces in order.

    Parameters
    ----------
    perfect_recall : bool
        False: the observation tensor; True: the information-state tensor, which adds the
        whole trick record (``trick_leader``, ``trick_plays``, ``trick_attempt``).

    Returns
    -------
    list of (str, tuple of int)
        ``(name, shape)`` per piece, in the tensor's order.

    Examples
    --------
    >>> from shengji.adapters.encoding import tensor_layout
    >>> tensor_layout(False)[:3]
    [('seat', (4,)), ('phase', (6,)), ('to_play', (4,))]
    >>> tensor_layout(True)[-1]
    ('trick_attempt', (25, 108))
    """
    pieces = [
        ("seat", (N_SEATS,)),
        ("phase", (len(PHASES),)),
        ("to_play", (N_SEATS,)),
        ("level", (len(RANK_NAMES),)),
        ("defender_level", (len(RANK_NAMES),)),
        ("trump", (len(TRUMP_NAMES),)),
        ("banker", (N_SEATS,)),
        ("hand", (N_CARDS,)),
        ("pending", (N_CARDS,)),
        ("kitty", (N_CARDS,)),
        ("buried", (N_CARDS,)),
        ("hand_sizes", (N_SEATS,)),
        ("played", (N_SEATS, N_CARDS)),
        ("current_trick", (N_SEATS, N_CARDS)),
        ("current_leader", (N_SEATS,)),
        ("points", (N_SEATS,)),
        ("penalty", (1,)),
        ("voids", (N_SEATS, len(FOLLOW_NAMES))),
        ("shown", (N_SEATS, N_CARDS)),
        ("legal_actions", (N_GAME_ACTIONS,)),
        ("bid_seat", (MAX_BIDS, N_SEATS)),
        ("bid_action", (MAX_BIDS, len(_BID_ACTIONS))),
        ("bid_trump", (MAX_BIDS, len(_BID_TRUMPS))),
        ("bid_strength", (MAX_BIDS, len(_STRENGTHS))),
        ("bid_index", (MAX_BIDS,)),
        ("standing_trump", (len(_BID_TRUMPS),)),
        ("standing_strength", (len(_STRENGTHS),)),
        ("standing_bidder", (N_SEATS,)),
        ("standing_locked", (1,)),
    ]
    if perfect_recall:
        pieces += [
            ("trick_leader", (MAX_TRICKS, N_SEATS)),
            ("trick_plays", (MAX_TRICKS, N_SEATS, N_CARDS)),
            ("trick_attempt", (MAX_TRICKS, N_CARDS)),
        ]
    return pieces


def tensor_bounds(perfect_recall: bool) -> tuple[np.ndarray, np.ndarray]:
    """Return the range of every entry of the tensor.

    Parameters
    ----------
    perfect_recall : bool
        Which tensor (``tensor_layout``).

    Returns
    -------
    low : numpy.ndarray
        Each entry's least value: a flat float32 array of ``tensor_size(perfect_recall)``
        values (0 for the one-hot and card planes, the counts' ranges for hand sizes,
        points, the penalty and the bids' indices).
    high : numpy.ndarray
        Each entry's greatest value (1 for the one-hot and card planes).

    Examples
    --------
    >>> from shengji.adapters.encoding import tensor_bounds
    >>> low, high = tensor_bounds(False)
    >>> low.shape, float(low.min()), float(high.max())
    ((2381,), -1000.0, 1000.0)
    """
    counts = {
        "hand_sizes": (0, HAND_SIZE + KITTY_SIZE),
        "points": (0, TOTAL_POINTS),
        "penalty": (-MAX_PENALTY, MAX_PENALTY),
        "bid_index": (0, N_CARDS),
    }
    low, high = [], []
    for name, shape in tensor_layout(perfect_recall):
        lo, hi = counts.get(name, (0, 1))
        low.append(np.full(shape, lo, np.float32).ravel())
        high.append(np.full(shape, hi, np.float32).ravel())
    return np.concatenate(low), np.concatenate(high)


def tensor_size(perfect_recall: bool) -> int:
    """Return the number of values of the flat tensor.

    Parameters
    ----------
    perfect_recall : bool
        Which tensor (``tensor_layout``).

    Returns
    -------
    int
        The sum of the pieces' sizes.

    Examples
    --------
    >>> from shengji.adapters.encoding import tensor_size
    >>> tensor_size(False), tensor_size(True)
    (2381, 15981)
    """
    return sum(int(np.prod(shape)) for _, shape in tensor_layout(perfect_recall))


@cache
def _offsets(perfect_recall: bool) -> dict[str, tuple[int, tuple[int, ...]]]:
    out, i = {}, 0
    for name, shape in tensor_layout(perfect_recall):
        out[name] = (i, shape)
        i += int(np.prod(shape))
    return out


def _check_tensor(tensor, perfect_recall) -> None:
    """ValueError/TypeError unless ``tensor`` is what ``tensor_layout(perfect_recall)``
    describes: a flat float32 numpy array of ``tensor_size`` values."""
    if not isinstance(perfect_recall, (bool, np.bool_)):
        raise TypeError(f"perfect_recall: expected a bool, got {perfect_recall!r:.40}")
    if not isinstance(tensor, np.ndarray):
        raise TypeError(f"tensor: expected a flat float32 numpy array, not {type(tensor).__name__}")
    size = tensor_size(bool(perfect_recall))
    if tensor.dtype != np.float32 or tensor.shape != (size,):
        raise ValueError(
            f"tensor: expected a flat float32 array of {size} values (tensor_size"
            f"({bool(perfect_recall)})), got {tensor.dtype} of shape {tensor.shape}"
        )


def views(tensor: np.ndarray, perfect_recall: bool) -> dict[str, np.ndarray]:
    """Name the pieces of a flat tensor (views, no copies).

    Parameters
    ----------
    tensor : numpy.ndarray
        A flat float32 array of ``tensor_size(perfect_recall)`` values.
    perfect_recall : bool
        Which tensor (``tensor_layout``).

    Returns
    -------
    dict of str to numpy.ndarray
        Per piece, a view of ``tensor`` in its shape.

    Raises
    ------
    TypeError
        If ``tensor`` is not a numpy array or ``perfect_recall`` not a bool.
    ValueError
        If ``tensor`` is not flat float32 of the tensor's size.

    Examples
    --------
    >>> import numpy as np
    >>> from shengji.adapters.encoding import tensor_size, views
    >>> t = np.zeros(tensor_size(False), np.float32)
    >>> views(t, False)["played"].shape
    (4, 108)
    """
    _check_tensor(tensor, perfect_recall)
    perfect_recall = bool(perfect_recall)
    return {
        name: tensor[i : i + int(np.prod(shape))].reshape(shape)
        for name, (i, shape) in _offsets(perfect_recall).items()
    }


_VOID_INDEX = {name: i for i, name in enumerate(FOLLOW_NAMES)}
_PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
_RANK_INDEX = {name: i for i, name in enumerate(RANK_NAMES)}
_TRUMP_INDEX = {name: i for i, name in enumerate(TRUMP_NAMES)}


def encode(
    tensor: np.ndarray,
    obs,
    *,
    perfect_recall: bool,
    seat: int | None = None,
    thrown_in: bool = False,
) -> None:
    """Write an observation into a flat float32 tensor, zeroed first (``tensor_layout``).

    Parameters
    ----------
    tensor : numpy.ndarray
        A flat float32 array of ``tensor_size(perfect_recall)`` values, written in place.
    obs : shengji.Observation or None
        The seat's observation; None during the shuffle (then ``seat`` is the observer).
    perfect_recall : bool
        Which tensor: the observation tensor, or the information-state tensor.
    seat : int, optional
        The observer during the shuffle (``obs`` None).
    thrown_in : bool, default False
        The deal was thrown in after ``obs`` (``step``): phase ``"thrown_in"``, nobody to
        play, no legal action.

    Raises
    ------
    TypeError
        If ``tensor`` is not a numpy array or ``perfect_recall`` not a bool.
    ValueError
        If ``tensor`` is not flat float32 of the tensor's size, or ``seat`` not 0..3.

    Examples
    --------
    >>> import numpy as np
    >>> from shengji import HandState
    >>> from shengji.adapters.encoding import PHASES, encode, tensor_size, views
    >>> s = HandState("standard", level="2", banker=0, trump="H", seed=7)
    >>> t = np.zeros(tensor_size(False), np.float32)
    >>> encode(t, s.observation(0), perfect_recall=False)
    >>> v = views(t, False)
    >>> PHASES[int(v["phase"].argmax())], float(v["hand"].sum()), v["hand_sizes"]
    ('bury', 33.0, array([33., 25., 25., 25.], dtype=float32))
    """
    _check_tensor(tensor, perfect_recall)
    perfect_recall = bool(perfect_recall)
    if seat is not None and (
        isinstance(seat, (bool, np.bool_))
        or not isinstance(seat, Integral)
        or not 0 <= seat < N_SEATS
    ):
        raise ValueError(f"seat: expected a seat 0..{N_SEATS - 1} or None, got {seat!r:.40}")
    o = _offsets(perfect_recall)
    tensor.fill(0)
    if obs is None:
        tensor[o["phase"][0] + _PHASE_INDEX[SHUFFLE]] = 1
        if seat is not None:
            tensor[o["seat"][0] + seat] = 1
        return
    c = obs.current_trick
    tricks = obs.tricks if c is None else (*obs.tricks, c)
    ones = _setting_ones(o, obs, thrown_in) + _bid_ones(o, obs) + _card_ones(o, obs, thrown_in)
    ones += _trick_ones(o, obs, tricks)
    if perfect_recall:
        ones += _recall_ones(o, tricks)
    tensor[ones] = 1
    i = o["hand_sizes"][0]
    tensor[i : i + N_SEATS] = obs.hand_sizes
    i = o["points"][0]
    tensor[i : i + N_SEATS] = obs.points
    tensor[o["penalty"][0]] = obs.penalty
    i = o["bid_index"][0]
    for j, entry in enumerate(obs.bids[:MAX_BIDS]):
        tensor[i + j] = entry[0]


def _setting_ones(o, obs, thrown_in: bool) -> list[int]:
    """The one-hot entries of the hand's setting: the seat, the phase, the levels, the trump,
    the banker and the seat to play."""
    phase = THROWN_IN if thrown_in else obs.phase
    ones = [
        o["seat"][0] + obs.seat,
        o["phase"][0] + _PHASE_INDEX[phase],
        o["level"][0] + _RANK_INDEX[obs.level],
        o["defender_level"][0] + _RANK_INDEX[obs.defender_level],
    ]
    if obs.trump is not None:  # None during the deal's bidding
        ones.append(o["trump"][0] + _TRUMP_INDEX[obs.trump])
    if obs.banker >= 0:  # -1 during a first hand's bidding
        ones.append(o["banker"][0] + obs.banker)
    if obs.to_play is not None and not thrown_in:
        ones.append(o["to_play"][0] + obs.to_play)
    return ones


def _bid_ones(o, obs) -> list[int]:
    """The bid log's entries (the first ``MAX_BIDS`` bids) and the standing bid's."""
    ones: list[int] = []
    for i, (_, s, action, trump, strength) in enumerate(obs.bids[:MAX_BIDS]):
        ones += [
            o["bid_seat"][0] + i * N_SEATS + s,
            o["bid_action"][0] + i * len(_BID_ACTIONS) + _BID_ACTIONS.index(action),
            o["bid_trump"][0] + i * len(_BID_TRUMPS) + _BID_TRUMPS.index(trump),
            o["bid_strength"][0] + i * len(_STRENGTHS) + _STRENGTHS.index(strength),
        ]
    sb = obs.standing_bid
    if sb is not None:
        ones += [
            o["standing_trump"][0] + _BID_TRUMPS.index(sb["trump"]),
            o["standing_strength"][0] + _STRENGTHS.index(sb["strength"]),
            o["standing_bidder"][0] + sb["bidder"],
        ]
        if sb["locked"]:
            ones.append(o["standing_locked"][0])
    return ones


def _card_ones(o, obs, thrown_in: bool) -> list[int]:
    """The card planes of the seat's own cards, its pending choice, the kitty and buried
    cards it may see, and the legal actions (none once the deal is thrown in)."""
    ones: list[int] = []
    for name in ("hand", "pending", "kitty", "buried", "legal_actions"):
        cards = getattr(obs, name) if name != "legal_actions" or not thrown_in else ()
        if cards:
            base = o[name][0]
            ones.extend(base + c for c in cards)
    return ones


def _trick_ones(o, obs, tricks) -> list[int]:
    """Per seat the cards it played and showed in failed throws, the open trick (its leader
    and plays) and the voids shown."""
    ones: list[int] = []
    played, shown = o["played"][0], o["shown"][0]
    for t in tricks:
        for s, cards in t.plays:
            base = played + s * N_CARDS
            ones.extend(base + x for x in cards)
        if t.attempt is not None:
            base = shown + t.leader * N_CARDS
            ones.extend(base + x for x in t.attempt)
    c = obs.current_trick
    if c is not None:
        ones.append(o["current_leader"][0] + c.leader)
        cur = o["current_trick"][0]
        for s, cards in c.plays:
            base = cur + s * N_CARDS
            ones.extend(base + x for x in cards)
    voids = o["voids"][0]
    for s, names in enumerate(obs.voids):
        ones.extend(voids + s * len(FOLLOW_NAMES) + _VOID_INDEX[n] for n in names)
    return ones


def _recall_ones(o, tricks) -> list[int]:
    """The information-state tensor's trick record: each trick's leader, plays and failed
    throw's attempt."""
    ones: list[int] = []
    leader, plays, attempt = o["trick_leader"][0], o["trick_plays"][0], o["trick_attempt"][0]
    for t in tricks:
        ones.append(leader + t.index * N_SEATS + t.leader)
        for s, cards in t.plays:
            base = plays + (t.index * N_SEATS + s) * N_CARDS
            ones.extend(base + x for x in cards)
        if t.attempt is not None:
            base = attempt + t.index * N_CARDS
            ones.extend(base + x for x in t.attempt)
    return ones
