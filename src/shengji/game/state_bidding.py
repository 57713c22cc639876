"""The bidding part of a ``HandState``: the deal and its bidding (docs/rules.md §7) and the
setup they lead to.  The deal's bidding starts (``start_deal``); the kernel policy or the
seats decide (``settle``); the deal is thrown in and redealt, or the C hand set up
(``end_deal``, ``adopt``); after the bury comes the round of overturns of
``overturn_after_kitty`` (``after_bury``, ``follow_trump``).  The C hand is the play part's
(``shengji.game.state_play.HandPlay``), which these steps are handed."""

from __future__ import annotations

from numbers import Integral
from typing import Any

import numpy as np

from shengji.bidding.phase import BidPhase
from shengji.cards import parse_rank
from shengji.door import shuffle_deck
from shengji.game.actions import BID_ACTION_BASE, N_ACTIONS
from shengji.game.records import Event, built
from shengji.game.setup import Setup, bid_dict
from shengji.game.state_play import PLAY, HandPlay
from shengji.names import BID_POLICIES, MAX_REDEALS, N_SEATS, RANK_NAMES, TRUMP_NAMES
from shengji.rules import pack
from shengji.rules.bid_types import BID_ACTIONS, BidOutcome
from shengji.rules.options import Rules

__all__ = ["HandBidding"]


class HandBidding:
    """The deal, its bidding and the setup they lead to (module docstring).

    ``stream`` is the generator state the stepped bidding draws from (a redeal's shuffle,
    the deal's end); ``policy`` and ``threshold`` the kernel policy that bids for every
    seat unless ``bid_phase`` (the seats decide).
    """

    setup: Setup

    def __init__(
        self,
        rules: Rules,
        policy: int,
        threshold: int,
        bid_phase: bool,
        stream: np.ndarray,
        *,
        given_deal: bool,
        first_hand: bool,
        bank_seat: int = 0,
        team_levels: tuple[int, int] = (0, 0),
        start: dict[str, Any] | None = None,
    ) -> None:
        self.rules = rules
        self.policy = policy  # bid_policy's index (BID_POLICIES)
        self.threshold = threshold
        self.bid_phase = bid_phase
        self.stream = stream
        self.given_deal = given_deal
        self.first_hand = first_hand
        self.bank_seat = bank_seat
        self.team_levels = team_levels  # (team 0's level, team 1's), rank indices
        self.start = start  # HandState's arguments (None: a hand dealt elsewhere)
        self.bids: BidPhase | None = None  # the bidding while it may still decide
        self.outcome: BidOutcome | None = None  # its outcome, once known
        self.redeals = 0
        self.first_drawer = 0
        self.deck: tuple[int, ...] = ()

    def copy(self) -> HandBidding:
        """An independent copy: the bidding in progress and the stream."""
        other = HandBidding.__new__(HandBidding)
        other.__dict__.update(self.__dict__)
        other.bids = None if self.bids is None else self.bids.copy()
        other.stream = self.stream.copy()
        return other

    def restore(self, saved: HandBidding) -> None:
        """Back to ``saved`` (a ``copy`` taken before a refused bid)."""
        self.bids = saved.bids
        self.stream[:] = saved.stream
        self.setup = saved.setup
        self.outcome = saved.outcome
        self.redeals = saved.redeals
        self.deck = saved.deck

    # -- where the bidding stands ------------------------------------------------------------

    def deciding(self) -> bool:
        """Whether a seat decides a bid now (phase "bid")."""
        return self.bids is not None and self.bids.deciding

    @property
    def open(self) -> BidPhase:
        """The bidding in progress: where the hand is not set up yet or ``deciding()``,
        which the callers check first."""
        bids = self.bids
        assert bids is not None, "no bidding in progress"
        return bids

    def log(self) -> tuple:
        """Every bid stepped so far (``HandState.bid_log``)."""
        if self.bids is not None:
            return tuple(self.bids.log)
        return self.outcome.bids if self.outcome is not None else ()

    def current(self, seat: int) -> dict | None:
        """The standing bid as ``seat`` sees it (``HandState.bid_current``)."""
        return self.bids.current(seat) if self.bids is not None else None

    def decide(self, play: HandPlay, action) -> tuple[Event, int]:
        """Make the current bid decision (``HandState.apply``'s: a ``k``, its action, a
        ``BidOption`` or its name) and move the hand on: its Event and its action.  A
        refused bid leaves both parts as they were."""
        bids = self.open
        if (
            isinstance(action, Integral)
            and not isinstance(action, bool)
            and BID_ACTION_BASE <= int(action) < N_ACTIONS
        ):
            action = int(action) - BID_ACTION_BASE
        code = bids.parse(action)
        seat = bids.seat
        saved, saved_play = self.copy(), play.copy()
        try:
            bids.apply(code)
            self.follow_trump(play)
            self.settle(play)
        except ValueError:
            self.restore(saved)
            play.core, play.ready = saved_play.core, saved_play.ready
            raise
        ev = built(
            Event,
            seat=seat,
            phase="bid",
            cards=(),
            played=(),
            penalty=0,
            trick=None,
            winner=None,
            points=0,
            over=False,
            bid=BID_ACTIONS[code],
        )
        return ev, BID_ACTION_BASE + code

    # -- the set-up through the bidding ------------------------------------------------------

    def _setup(self, level: int, defender_level: int, trump, banker: int) -> Setup:
        return Setup(
            self.rules,
            RANK_NAMES[level],
            RANK_NAMES[defender_level],
            self.deck,
            trump,
            banker,
            self.outcome,
            self.first_drawer,
            self.start,
            BID_POLICIES[self.policy],
            self.threshold,
            self.first_hand,
        )

    def start_deal(self, play: HandPlay, deck, rank: int, first: int) -> None:
        """The deal's bidding starts: the C hand waits for its outcome."""
        play.ready = False
        self.first_drawer = first
        self.deck = tuple(int(c) for c in deck)
        self.outcome = None
        self.setup = self._setup(rank, rank, None, -1)
        self.bids = BidPhase(deck, rank, self.rules, self.first_hand, self.bank_seat, first)

    def adopt(self, play: HandPlay, deck, outcome: BidOutcome | None) -> None:
        """The C hand is set up (no card decision made yet): its setup."""
        core = play.core
        play.ready = True
        self.outcome = outcome
        if outcome is not None:
            self.first_drawer = outcome.first_drawer
        self.deck = tuple(int(c) for c in deck)
        self.setup = self._setup(core.level, core.def_level, TRUMP_NAMES[core.trump], core.banker)

    def settle(self, play: HandPlay) -> None:
        """Move the hand on while the bidding waits for nobody: bid_policy decides (the
        default mode), the deal's bidding ends (a redeal, or the hand set up for the bury),
        an overturner takes up the kitty to re-bury, the round after the bury ends."""
        while self.bids is not None:
            bids = self.bids
            if bids.deciding:
                if self.bid_phase:
                    return
                bids.apply(bids.bot(self.policy, self.threshold))
                self.follow_trump(play)
            elif bids.stage == "dealt" and not bids.finished:
                self.end_deal(play)
            elif bids.stage == "rebury":
                if play.core.phase == PLAY:  # still in play: take up the kitty
                    play.core.take_kitty(bids.rebury_seat)
                return  # the overturner buries (phase "bury")
            elif bids.stage == "late_done":
                self.outcome = bids.outcome(bids.late_finish(), self.redeals)
                play.core.set_bidding(bid_dict(self.outcome))
                self.bids = None
            else:
                return  # the bury comes next

    def end_deal(self, play: HandPlay) -> None:
        """The deal's bidding is over: thrown in (a redeal from the stream, or refused for
        a given deal) or the C hand set up for the bury."""
        bids = self.open
        rc, res = bids.finish(self.stream)
        rank = parse_rank(self.setup.level)
        if rc == 1:  # thrown in: nobody declared
            if self.given_deal:
                raise ValueError(
                    "deal: nobody declared and the rules throw this deal in "
                    "(docs/rules.md §7); pass trump= to play it anyway"
                )
            self.redeals += 1
            if self.redeals > MAX_REDEALS:
                raise ValueError(
                    f"{MAX_REDEALS} deals in a row were thrown in because nobody declared"
                )
            deck = np.asarray(self.deck, np.uint8)
            shuffle_deck(self.stream, deck)
            self.start_deal(play, deck, rank, self.first_drawer)
            return
        outcome = bids.outcome(res, self.redeals)
        b = res["banker"]
        lv = self.team_levels
        play.core.setup(
            np.asarray(self.deck, np.uint8),
            lv[b % 2],
            lv[1 - b % 2],
            res["trump"],
            b,
            pack.rules(self.rules),
            self.stream,
            bid_dict(outcome),
            self.first_drawer,
        )
        self.adopt(play, self.deck, outcome)

    def after_bury(self, play: HandPlay) -> None:
        """A bury is done: the round of overturns after it, when the rules have one."""
        bids = self.bids
        if bids is None:
            return
        if bids.stage == "rebury":  # an overturner re-buried: the round goes on
            seat = bids.rebury_seat
            bids.recount(seat, play.core.hand(seat))
        elif bids.late_applies():
            bids.late_start(np.stack([play.core.hand(s) for s in range(N_SEATS)]))
        else:
            self.bids = None
            return
        self.settle(play)

    def follow_trump(self, play: HandPlay) -> None:
        """The hand's trump follows the round after the bury's overturns."""
        if self.bids is not None and play.ready:
            suit = self.bids.core.standing()["suit"]
            if suit != play.core.trump:
                play.core.set_trump(suit)
