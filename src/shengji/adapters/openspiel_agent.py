"""An OpenSpiel bot as an agent of ``shengji.evaluate`` and the ladder.

>>> import pyspiel, shengji
>>> bot = pyspiel.make_uniform_random_bot(0, 1)          # any pyspiel.Bot
>>> res = shengji.evaluate(bot, against="greedy", n=20, progress=False)

``openspiel_agent(bot)`` (what ``evaluate`` does with a ``pyspiel.Bot``) is a
``HistoryAgent`` (``shengji.game.agents``): for each hand the bot plays it keeps a state of
the game ``python_shengji`` (``shengji.adapters.openspiel``) with the evaluation's preset,
level, ``first_hand`` and bid policy (``bid_policy``: the kernel's bidding, as the
evaluation's hands are bid, so no bid is a decision), deals it the hand's cards (the 108
chance actions, in dealing order), and applies every action of the hand as it is made; at
the bot's turn ``bot.step(state)`` decides (``restart_at`` first when it turns to another
hand).  The state is the whole game, as OpenSpiel hands it to its bots: the bot must read
only its seat's information (``information_state_string``, the tensors), as OpenSpiel's
bots do; ``resample_from_infostate`` (IS-MCTS) works, the game dealing its samples as it
dealt this one.

The game must deal exactly the evaluation's hand: rules that are a preset as it is
(``shengji rules``), and a bidding it reproduces from the cards -- not a first drawer drawn
at random, nor a kitty card drawn for ``no_bid = "kitty_random"``.  A hand it cannot follow
(its trump or banker differ from the evaluation's, or it refuses an action the hand made)
is one ``ValueError`` line naming the preset and what differed.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from shengji.adapters.encoding import LOWEST_RANK
from shengji.adapters.openspiel import GAME_NAME, ShengjiState
from shengji.game.agents import HistoryAgent, callable_label
from shengji.game.state import HandState
from shengji.names import TRUMP_NAMES

__all__ = ["openspiel_agent", "MAX_STATES"]

MAX_STATES = 4096  # hands kept at once (a batch of deals in lockstep holds two a deal)


def openspiel_agent(bot: Any, *, returns: str = "levels", label: str | None = None) -> HistoryAgent:
    """``bot`` as an agent (module docstring): a ``pyspiel.Bot`` (``step(state) ->
    action``) that plays any seat it is asked for (MCTS, IS-MCTS, a policy bot, ...), or a
    factory ``seat -> pyspiel.Bot`` for bots made for one player (OpenSpiel's
    ``make_uniform_random_bot(player_id, seed)`` and the like: one bot a seat).
    ``returns``: the game's returns a search reads ("levels" or "points")."""
    if callable(getattr(bot, "step", None)):
        factory = None
    elif callable(bot):
        factory = bot
    else:
        raise TypeError(
            "openspiel_agent: expected a pyspiel.Bot (with step) or a factory seat -> bot, "
            f"got {type(bot).__name__}"
        )
    name = label or f"openspiel:{callable_label(bot)}"

    def make(params):
        return _Mirror(bot, factory, params, returns)

    return HistoryAgent(make, name, None)


def _hand(state: ShengjiState) -> HandState:
    """A dealt state's hand (the mirrors are dealt when made)."""
    hand = state.hand
    assert hand is not None
    return hand


def _preset_of(rules) -> str:
    from shengji.rules.options import PRESETS, Rules

    for name in PRESETS:
        if Rules.preset(name) == rules:
            return name
    raise ValueError(
        "an OpenSpiel bot plays the game python_shengji, whose rules are a preset as it is; "
        "these rules are no preset (shengji rules lists them)"
    )


class _Mirror:
    """fn(deal, bidding, history) -> action: the bot on mirrored states."""

    def __init__(self, bot, factory, params, returns: str):
        import pyspiel

        from shengji.cards import parse_rank

        self.bot, self.factory = bot, factory
        self.bots: dict[int, Any] = {}  # seat -> the factory's bot
        self.preset = _preset_of(params.rules)
        self.game = pyspiel.load_game(
            GAME_NAME,
            {
                "preset": self.preset,
                "level": LOWEST_RANK + parse_rank(params.level),
                "first_hand": bool(params.first_hand),
                "returns": returns,
                "bid_policy": params.bid_policy,
                "bid_threshold": int(params.bid_threshold),
            },
        )
        self.states: OrderedDict[bytes, list] = OrderedDict()  # deal -> [states]
        self.last: Any = None

    def __call__(self, deal, bidding: dict, history: list[int]) -> list[int]:
        key = bytes(deal)
        state = self._state(key, deal, bidding, history)
        seat = int(state.current_player())
        if self.factory is None:
            bot = self.bot
        else:
            bot = self.bots.get(seat)
            if bot is None:
                bot = self.bots[seat] = self.factory(seat)
                if not callable(getattr(bot, "step", None)):
                    raise TypeError(
                        f"the OpenSpiel bot factory returned {type(bot).__name__} for seat "
                        f"{seat}, not a pyspiel.Bot"
                    )
        if (state, bot) != self.last:
            restart = getattr(bot, "restart_at", None)
            if restart is not None:
                try:
                    restart(state)
                except Exception:  # a bot without it (pybind11 raises): nothing to reset
                    pass
            self.last = (state, bot)
        # the whole decision at once, as a game loop asks one bot again and again while
        # its seat is choosing (the hands of a batch take turns between decisions only)
        actions = []
        while True:
            a = int(bot.step(state))
            actions.append(a)
            try:
                state.apply_action(a)
            except Exception:
                return actions  # illegal: the evaluation refuses it, naming the decision
            hand = _hand(state)
            if (
                hand.is_over()
                or hand.to_play != seat
                or not (hand.phase == "bury" or hand.observation(seat).pending)
            ):
                return actions

    def _state(self, key: bytes, deal, bidding: dict, history: list[int]) -> ShengjiState:
        kept = self.states.get(key, [])
        best = None
        for s in kept:
            done = _hand(s).actions
            if len(done) <= len(history) and list(done) == history[: len(done)]:
                if best is None or len(done) > len(_hand(best).actions):
                    best = s
        if best is None:
            best = self._deal(deal, bidding)
            kept.append(best)
            self.states[key] = kept
            while len(self.states) > MAX_STATES:
                self.states.popitem(last=False)
        self.states.move_to_end(key)
        for a in history[len(_hand(best).actions) :]:
            try:
                best.apply_action(int(a))
            except Exception as exc:
                raise ValueError(
                    f"the OpenSpiel game ({self.preset}) cannot follow the hand: it refuses "
                    f"the action {a} the hand made ({type(exc).__name__})"
                ) from None
        return best

    def _deal(self, deal, bidding: dict) -> ShengjiState:
        state = self.game.new_initial_state()
        for c in deal:
            state.apply_action(int(c))
        hand = state.hand
        trump = TRUMP_NAMES[int(bidding["trump"])]
        if hand is None or hand.banker != int(bidding["banker"]) or hand.trump != trump:
            got = (None, None) if hand is None else (hand.banker, hand.trump)
            raise ValueError(
                f"the OpenSpiel game ({self.preset}) bids this deal otherwise: banker "
                f"{got[0]}, trump {got[1]}, where the evaluation's hand has banker "
                f"{bidding['banker']}, trump {trump} (a first drawer or kitty card drawn at "
                "random: choose rules without)"
            )
        return state
