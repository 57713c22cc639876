"""How a ``HandState`` is set up through its bidding: the deal's bidding starts
(``_pre_setup``), the kernel policy or the seats decide (``_settle_bids``), the deal is
thrown in and redealt or the C hand set up (``_end_deal_bidding``, ``_adopt``), and after
the bury the round of overturns of ``overturn_after_kitty`` (``_after_bury``,
``_follow_trump``); the bid phase's queries (``bid_options``, ``bid_cards``,
``bid_current``).
"""

from __future__ import annotations

import numpy as np

from shengji._core.bidding.entry import shuffle_deck
from shengji.bidding.phase import BidPhase
from shengji.cards import parse_rank
from shengji.game.setup import Setup, bid_dict
from shengji.game.state_view import _PLAY, StateView
from shengji.names import BID_POLICIES, MAX_REDEALS, N_SEATS, RANK_NAMES, TRUMP_NAMES
from shengji.rules import pack
from shengji.rules.bid_types import BidOption, BidOutcome
from shengji.rules.options import Rules

__all__ = ["StateSetup"]


class StateSetup(StateView):
    """The set-up of a ``HandState`` through its bidding (module docstring)."""

    def _pre_setup(self, core, rules, deck, rank: int, first: int) -> None:
        """The deal's bidding starts: the core waits for its outcome (``_setup_done``)."""
        self._core = core
        self._setup_done = False
        self._first_drawer = first
        self._deck = tuple(int(c) for c in deck)
        self._bidding = None
        self.setup = Setup(
            rules,
            RANK_NAMES[rank],
            RANK_NAMES[rank],
            self._deck,
            None,
            -1,
            None,
            first,
            self._start,
            BID_POLICIES[self._policy],
            self._threshold,
            self._first_hand,
        )
        self._bids = BidPhase(deck, rank, rules, self._first_hand, self._bank_seat, first)

    def _adopt(self, core, rules: Rules, deck, bidding: BidOutcome | None) -> None:
        """Wrap a set-up HandCore (no card decision made yet)."""
        self._core = core
        self.rules = rules
        self._setup_done = True
        self._bidding = bidding
        if bidding is not None:
            self._first_drawer = bidding.first_drawer
        self._deck = tuple(int(c) for c in deck)
        self.setup = Setup(
            rules,
            RANK_NAMES[core.level],
            RANK_NAMES[core.def_level],
            self._deck,
            TRUMP_NAMES[core.trump],
            core.banker,
            bidding,
            self._first_drawer,
            self._start,
            BID_POLICIES[self._policy],
            self._threshold,
            self._first_hand,
        )

    def _settle_bids(self) -> None:
        """Move the hand on while the bidding waits for nobody: bid_policy decides (the
        default mode), the deal's bidding ends (a redeal, or the hand set up for the bury),
        an overturner takes up the kitty to re-bury, the round after the bury ends."""
        while self._bids is not None:
            bids = self._bids
            if bids.deciding:
                if self._bid_phase:
                    return
                bids.apply(bids.bot(self._policy, self._threshold))
                self._follow_trump()
            elif bids.stage == "dealt" and not bids.finished:
                self._end_deal_bidding()
            elif bids.stage == "rebury":
                if self._core.phase == _PLAY:  # still in play: take up the kitty
                    self._core.take_kitty(bids.rebury_seat)
                return  # the overturner buries (phase "bury")
            elif bids.stage == "late_done":
                self._bidding = bids.outcome(bids.late_finish(), self._redeals)
                self._core.set_bidding(bid_dict(self._bidding))
                self._bids = None
            else:
                return  # the bury comes next

    def _end_deal_bidding(self) -> None:
        bids = self._open_bids
        rc, res = bids.finish(self._state)
        rank = parse_rank(self.setup.level)
        if rc == 1:  # thrown in: nobody declared
            if self._given_deal:
                raise ValueError(
                    "deal: nobody declared and the rules throw this deal in "
                    "(docs/rules.md §7); pass trump= to play it anyway"
                )
            self._redeals += 1
            if self._redeals > MAX_REDEALS:
                raise ValueError(
                    f"{MAX_REDEALS} deals in a row were thrown in because nobody declared"
                )
            deck = np.asarray(self._deck, np.uint8)
            shuffle_deck(self._state, deck)
            self._pre_setup(self._core, self.rules, deck, rank, self._first_drawer)
            return
        bidding = bids.outcome(res, self._redeals)
        b = res["banker"]
        lv = self._team_levels
        self._core.setup(
            np.asarray(self._deck, np.uint8),
            lv[b % 2],
            lv[1 - b % 2],
            res["trump"],
            b,
            pack.rules(self.rules),
            self._state,
            bid_dict(bidding),
            self._first_drawer,
        )
        self._adopt(self._core, self.rules, self._deck, bidding)

    def _after_bury(self) -> None:
        """A bury is done: the round of overturns after it, when the rules have one."""
        bids = self._bids
        if bids is None:
            return
        if bids.stage == "rebury":  # an overturner re-buried: the round goes on
            seat = bids.rebury_seat
            bids.recount(seat, self._core.hand(seat))
        elif bids.late_applies():
            bids.late_start(np.stack([self._core.hand(s) for s in range(N_SEATS)]))
        else:
            self._bids = None
            return
        self._settle_bids()

    def _follow_trump(self) -> None:
        """The hand's trump follows the round after the bury's overturns."""
        if self._bids is not None and self._setup_done:
            suit = self._bids.core.standing()["suit"]
            if suit != self._core.trump:
                self._core.set_trump(suit)

    def bid_options(self) -> list[BidOption]:
        """In phase "bid": the deciding seat's bids, best first.

        Returns
        -------
        list of BidOption
            The bids it may make; [] outside phase "bid".
        """
        return self._open_bids.options() if self._bidding_now() else []

    def bid_cards(self, seat: int) -> list[int]:
        """The card ids ``seat`` holds for bidding.

        Parameters
        ----------
        seat : int
            The seat, 0..3.

        Returns
        -------
        list of int
            During the deal the cards dealt to it so far; after the kitty was taken its hand.
        """
        if self._setup_done:
            return self._core.hand_ids(seat)
        return self._open_bids.cards(seat)

    def bid_current(self, seat: int) -> dict | None:
        """The standing bid as ``seat`` sees it.

        Parameters
        ----------
        seat : int
            The seat, 0..3.

        Returns
        -------
        dict or None
            The standing bid (its trump None for another seat's face-down bid under
            ``secret_bids``); None when nobody has declared.
        """
        return self._bids.current(seat) if self._bids is not None else None
