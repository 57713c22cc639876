"""How a ``HandState`` starts: its arguments checked and the hand dealt (``start_hand``: the
deal's bidding stepped here, or the drivers' own deal step, or a given trump), a C hand
dealt elsewhere wrapped (``wrap_core``: replay), or the C hand of a ``Setup`` without start
arguments set up again (``set_up_parts``: ``from_history``).  Each returns the parts
the state holds: the bidding part (``HandBidding``) and the play part (``HandPlay``)."""

from __future__ import annotations

from typing import cast

import numpy as np

from shengji.bidding.args import check_policy, check_seat
from shengji.bidding.phase import BidPhase
from shengji.bidding.policy import first_drawer as _first_drawer
from shengji.cards import as_cards, parse_rank
from shengji.door import BidCore, HandCore, chunk_state, draw_bounded, shuffle_deck
from shengji.game.arguments import game_rules
from shengji.game.records import bid_outcome
from shengji.game.setup import Setup, bid_dict, trump_index
from shengji.game.state_bidding import HandBidding
from shengji.game.state_play import HandPlay
from shengji.names import BID_POLICIES, N_CARDS, RANK_NAMES, TRUMP_NAMES
from shengji.rules import pack
from shengji.rules.options import Rules
from shengji.seeds import check_seed

__all__ = ["start_hand", "wrap_core", "set_up_parts"]


def start_hand(
    rules,
    level,
    banker,
    deal,
    seed,
    trump,
    bid_policy,
    threshold,
    defender_level,
    bid_phase,
) -> tuple[HandBidding, HandPlay]:
    """The parts of ``HandState(...)``: its arguments (``HandState``'s Parameters) checked,
    one line naming a bad one, and the hand dealt."""
    rules = game_rules(rules)
    rank = parse_rank(str(level))
    banker = check_seat("banker", banker, allow_none=True)
    # the threshold is checked for any policy: bid_action("threshold") plays it
    threshold = check_policy(
        bid_policy,
        threshold,
        policy_key="bid_policy",
        unset=0,
        any_policy_threshold=True,
    )
    def_rank = rank if defender_level is None else parse_rank(str(defender_level))
    if def_rank != rank and banker is None:
        raise ValueError(
            "defender_level: a first hand (banker=None) is played at one "
            "level; give the banker seat"
        )
    seed = check_seed(seed, allow_none=True)
    if seed is None:  # fresh entropy, kept so that from_history rebuilds the hand
        seed = int(cast(int, np.random.SeedSequence().entropy))  # drawn: an int
    state = chunk_state(seed, 0)  # the seeding rule: chunk 0
    t = -1 if trump is None else trump_index(trump)
    if deal is None:
        deck = np.arange(N_CARDS, dtype=np.uint8)
    else:
        cards = as_cards(deal)
        if len(cards) != N_CARDS:
            raise ValueError(f"deal: expected the 108 card ids in dealing order, got {len(cards)}")
        deck = np.asarray(cards, dtype=np.uint8)
    first_hand = t < 0 and banker is None
    lv = [rank, rank]
    if banker is not None:
        lv[1 - banker % 2] = def_rank
    start = {
        "rules": rules,
        "level": RANK_NAMES[rank],
        "banker": banker,
        "deal": None if deal is None else tuple(int(c) for c in deck),
        "seed": seed,
        "trump": None if t < 0 else TRUMP_NAMES[t],
        "bid_policy": bid_policy,
        "threshold": int(threshold),
        "defender_level": None if defender_level is None else RANK_NAMES[def_rank],
        "bid_phase": bool(bid_phase),
    }
    bid = HandBidding(
        rules,
        BID_POLICIES.index(bid_policy),
        int(threshold),
        bool(bid_phase),
        state,  # the stream the stepped bidding draws from
        given_deal=deal is not None,
        first_hand=first_hand,
        bank_seat=0 if banker is None else banker,
        team_levels=(lv[0], lv[1]),
        start=start,
    )
    play = HandPlay(HandCore())
    core = play.core
    if t < 0 and (bid_phase or deal is not None):
        # the bidding stepped here (the kernel's own machine): the first drawer, then
        # for a seed the shuffle -- the draws bid_hand makes
        first = _first_drawer(
            rules, first_hand, bid.bank_seat, lambda bound: draw_bounded(state, bound)
        )
        if deal is None:
            shuffle_deck(state, deck)
        bid.start_deal(play, deck, rank, first)
        bid.settle(play)
    elif deal is None:
        # the study drivers' own deal step: shuffle, bid, redeal as the rules say
        seat = (0 if t >= 0 else -1) if banker is None else banker
        keep = BidCore() if t < 0 else None
        bidding = core.deal(
            state,
            deck,
            pack.rules(rules),
            rank,
            lv[0],
            lv[1],
            seat,
            BID_POLICIES.index(bid_policy),
            int(threshold),
            t,
            keep,
        )
        if keep is not None and bidding is not None:  # both: the bidding was played
            bid.bids = BidPhase.from_result(keep, rank, rules, first_hand)
            bid.redeals = bidding["redeals"]
        bid.adopt(play, deck, bid_outcome(bidding))
    else:
        b = 0 if banker is None else banker
        core.setup(deck, lv[b % 2], lv[1 - b % 2], t, b, pack.rules(rules), state, None)
        bid.adopt(play, deck, None)
    return bid, play


def wrap_core(
    core,
    rules: Rules,
    deck,
    bids: BidPhase | None,
    bid_policy: str,
    threshold: int,
    first_hand: bool,
) -> tuple[HandBidding, HandPlay]:
    """The parts of a HandCore dealt elsewhere (``HandState._from_core``)."""
    bid = HandBidding(
        rules,
        BID_POLICIES.index(bid_policy),
        int(threshold),
        False,
        chunk_state(0, 0),
        given_deal=True,
        first_hand=first_hand,
    )
    play = HandPlay(core)
    outcome = bid_outcome(core.bidding_outcome)
    if bids is not None and outcome is not None:
        bid.bids = bids
        bid.redeals = outcome.redeals
    bid.adopt(play, deck, outcome)
    return bid, play


def set_up_parts(setup: Setup, seed) -> tuple[HandBidding, HandPlay]:
    """The parts of a setup without start arguments (``HandState.from_history``): its C
    hand, the bots drawing from ``chunk_state(seed, 0)``, and the deal's bidding stepped
    again by its policy (none without one)."""
    if not isinstance(setup, Setup):
        raise ValueError(f"setup: expected a HandState's Setup, got {type(setup).__name__}")
    if setup.trump is None:
        raise ValueError("setup: a hand in its bidding needs its start arguments")
    core = HandCore()
    core.setup(
        np.asarray(setup.deal, np.uint8),
        parse_rank(setup.level),
        parse_rank(setup.defender_level),
        trump_index(setup.trump),
        setup.banker,
        pack.rules(setup.rules),
        chunk_state(check_seed(seed, allow_none=True), 0),
        bid_dict(setup.bidding),
        setup.first_drawer,
    )
    bids = None
    if setup.bidding is not None:  # the deal's bidding again, by its policy
        bids = BidPhase(
            np.asarray(setup.deal, np.uint8),
            parse_rank(setup.level),
            setup.rules,
            setup.first_hand,
            setup.banker,
            setup.first_drawer,
        )
        policy = BID_POLICIES.index(setup.bid_policy)
        while bids.deciding:
            bids.apply(bids.bot(policy, setup.threshold))
        bids.finish(chunk_state(0, 0))
        bids.log = list(setup.bidding.bids)  # the bids the hand logged, as it did
    return wrap_core(
        core,
        setup.rules,
        setup.deal,
        bids,
        setup.bid_policy,
        setup.threshold,
        setup.first_hand,
    )
