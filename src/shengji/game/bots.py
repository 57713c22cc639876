"""Bots: the Python bot interface, the built-in bots as Python bots, and ``play_hand``.

A **bot** is a callable ``bot(observation, rng) -> decision``: it receives the deciding
seat's ``Observation`` (``shengji.game.observation``: what that seat may know, nothing
else) and a ``numpy.random.Generator``, and returns either

* card ids (a list, or notation text) for a whole decision: a lead, a follow, or bury
  cards (one, or several: each is one decision), as ``HandState.apply`` takes them; or
* one integer action of the step encoding (``shengji.game.actions``), as
  ``HandState.apply_action`` takes it (a card of the bury or of the play being built, or
  ``ACTION_PLAY``).

``builtin_bot("greedy")`` (or ``builtin_bot("pimc(samples=8)")``, any bot as
``shengji.game.botspec`` takes it) is a built-in C bot as such a callable: it runs on the
observation's information set (the redacted copy of the hand), drawing its random numbers
from ``rng``.  In ``play_hand`` a built-in bot instead plays through
``HandState.bot_action``, drawing from the hand's own generator as a study's hand does
(same choices as the study).
``random_action_bot`` is the smallest bot: a uniform legal action.
"""

from __future__ import annotations

from collections.abc import Callable
from numbers import Integral

import numpy as np

from shengji.game.arguments import card_bot
from shengji.game.botspec import BotSpec
from shengji.game.observation import Observation
from shengji.game.state import HandState
from shengji.names import N_SEATS
from shengji.rules import pack
from shengji.seeds import check_seed

__all__ = ["PythonBot", "builtin_bot", "random_action_bot", "play_hand", "apply_decision"]

Decision = int | str | list | tuple
PythonBot = Callable[[Observation, np.random.Generator], Decision]  # bot(observation, rng)


def builtin_bot(spec: str | dict | BotSpec) -> PythonBot:
    """Make a built-in bot a Python bot ``bot(observation, rng)``.

    The bot runs on the observation's information set (the redacted copy of the hand), so
    it sees only what that seat may know, and draws its random numbers from ``rng``.  Its
    choice is a whole decision: the rest of the bury, or a play.

    Parameters
    ----------
    spec : str, dict or BotSpec
        The bot as ``shengji.game.botspec.parse_bot`` takes it: a name (``"greedy"``), a
        label (``"pimc(samples=8)"``), a table (``{"bot": "pimc", "samples": 8}``) or a
        ``BotSpec``.

    Returns
    -------
    callable
        ``bot(observation, rng) -> list of int``, the card ids of its decision; its
        ``spec`` attribute is the parsed ``BotSpec``.

    Raises
    ------
    ValueError
        For an unknown bot, or a parameter it does not take or out of its range.

    Examples
    --------
    >>> import numpy as np
    >>> from shengji import HandState
    >>> from shengji.game import builtin_bot
    >>> bot = builtin_bot("pimc(samples=8)")
    >>> bot.spec.label
    'pimc(samples=8)'

    >>> s = HandState("standard", level="2", banker=0, trump="H", seed=7)
    >>> bury = bot(s.observation(0), np.random.default_rng(1))
    >>> len(bury)                               # the banker's 8 bury cards
    8
    >>> ev = s.apply(bury)
    >>> s.phase
    'play'
    """
    parsed = card_bot(spec)
    packed = pack.bot(parsed)

    def bot(observation: Observation, rng: np.random.Generator) -> list[int]:
        state = rng.integers(0, 2**64, size=4, dtype=np.uint64)
        if not state.any():  # xoshiro's one forbidden state
            state[0] = 1
        return observation._info.bot(packed, state)

    bot.__name__ = bot.__qualname__ = f"builtin_bot_{parsed.name}"
    bot.spec = parsed  # type: ignore[attr-defined]  # what it plays, for labels
    return bot


def random_action_bot(observation: Observation, rng: np.random.Generator) -> int:
    """Choose uniformly among the legal actions of the step encoding (the smallest bot).

    Parameters
    ----------
    observation : Observation
        The deciding seat's observation.
    rng : numpy.random.Generator
        Where the choice is drawn from.

    Returns
    -------
    int
        One of ``observation.legal_actions`` (``shengji.game.actions``).

    Examples
    --------
    >>> import numpy as np
    >>> from shengji import HandState
    >>> from shengji.game import random_action_bot
    >>> s = HandState("standard", level="2", banker=0, trump="H", seed=7)
    >>> obs = s.observation(0)
    >>> a = random_action_bot(obs, np.random.default_rng(1))
    >>> a in obs.legal_actions
    True
    """
    return int(observation.legal_actions[rng.integers(len(observation.legal_actions))])


def apply_decision(state: HandState, decision: Decision):
    """Apply what a bot returned to a state.

    Parameters
    ----------
    state : HandState
        The hand; the bot decided for its ``to_play`` seat.
    decision : int, str, list or tuple
        An integer action (``HandState.apply_action``), or card ids / notation text of a
        whole decision (``HandState.apply``).

    Returns
    -------
    Event
        What the decision did (for several bury cards, the last one's).

    Raises
    ------
    ValueError
        If the decision is not legal in ``state``.

    Examples
    --------
    >>> import numpy as np
    >>> from shengji import HandState
    >>> from shengji.game import apply_decision, random_action_bot
    >>> s = HandState("standard", level="2", banker=0, trump="H", seed=7)
    >>> ev = apply_decision(s, random_action_bot(s.observation(0), np.random.default_rng(1)))
    >>> ev.phase, len(s.history)
    ('bury', 1)
    """
    if isinstance(decision, Integral) and not isinstance(decision, bool):
        return state.apply_action(int(decision))
    return state.apply(decision)


def play_hand(
    rules=None,
    level="2",
    *,
    policies=("greedy",) * 4,
    banker=0,
    seed=None,
    deal=None,
    trump=None,
    rng=None,
    **hand_options,
) -> HandState:
    """Play a whole hand with bots and return the finished ``HandState``.

    Parameters
    ----------
    rules : str, dict or shengji.Rules, optional
        The rules (a preset name, options, or ``Rules``), as ``HandState`` takes them;
        None: the standard rules.
    level : str or int, default "2"
        The level played.
    policies : sequence of 4, default ("greedy",) * 4
        Per seat, a built-in bot (a name, a label ``"pimc(samples=8)"``, a table or a
        ``BotSpec``: it draws from the hand's generator, so ``play_hand(seed=S)`` with
        built-in bots is hand 0 of a scoring run with seed S), or a Python bot
        ``bot(observation, rng)`` (the module docstring; the banker's also buries).
    banker : int or None, default 0
        The banker's seat; None: a match's first hand (the first declarer banks).
    seed : int, optional
        Seeds the deal and the built-in bots (``HandState``); None: fresh entropy.
    deal : sequence of int, optional
        The 108 card ids in dealing order, instead of a shuffle.
    trump : str, optional
        ``"S"``, ``"H"``, ``"C"``, ``"D"`` or ``"NT"``: skips the bidding.
    rng : numpy.random.Generator, optional
        What the Python bots draw from; by default ``numpy.random.default_rng(seed)``.
    **hand_options
        Other keywords of ``HandState`` (``bid_policy``, ``threshold``,
        ``defender_level``, ``bid_phase``).

    Returns
    -------
    HandState
        The finished hand: ``result()`` scores it, ``history`` holds every decision.

    Raises
    ------
    ValueError
        For ``policies`` not one per seat, an unknown bot, or an argument ``HandState``
        refuses; a Python bot's illegal decision raises too.

    Examples
    --------
    >>> from shengji import play_hand
    >>> from shengji.game import random_action_bot
    >>> s = play_hand("standard", seed=3, trump="S",
    ...               policies=("greedy", random_action_bot, "memory", random_action_bot))
    >>> s.is_over(), s.result()["defender_points"]
    (True, 40)
    """
    if len(policies) != N_SEATS:
        raise ValueError("policies: one per seat (4)")
    seats = []
    for p in policies:
        if callable(p):
            seats.append(p)
            continue
        try:
            seats.append(card_bot(p))
        except ValueError as exc:
            raise ValueError(f"policies: {exc} (or a callable bot(observation, rng))") from None
    s = HandState(rules, level, banker=banker, deal=deal, seed=seed, trump=trump, **hand_options)
    if rng is None:
        rng = np.random.default_rng(check_seed(seed, allow_none=True))
    while (seat := s.to_play) is not None:  # None: the hand is over
        p = seats[seat]
        if isinstance(p, BotSpec):  # a card bot bids by the state's bid_policy
            s.apply(s.bid_action() if s.phase == "bid" else s.bot_action(p))
        else:
            apply_decision(s, p(s.observation(seat), rng))
    return s
