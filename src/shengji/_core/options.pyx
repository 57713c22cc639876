# cython: language_level=3
"""Packs a validated ``shengji.Rules`` into the C struct the kernels read."""
from shengji.cards import parse_rank
from shengji.rules import (KITTY_MULTIPLIERS, LEVEL_TABLES, NO_BIDS, SUIT_PRIORITIES,
                           THROW_PENALTIES, resolve_rules)


cdef RulesC pack_rules(object rules) except *:
    cdef RulesC c
    r = resolve_rules(rules)
    c.start_level = parse_rank(r.start_level)
    c.clockwise = r.clockwise
    c.tractor_gap = r.tractor_gap
    c.trump_chain = r.trump_chain
    c.trump_throws = r.trump_throws
    c.kitty_multiplier = KITTY_MULTIPLIERS.index(r.kitty_multiplier)
    c.level_table = LEVEL_TABLES.index(r.level_table)
    c.level_cap = -1 if r.level_cap is None else r.level_cap
    c.must_play_mask = 0
    for rank in r.must_play:
        c.must_play_mask |= 1 << parse_rank(rank)
    c.must_play_demotion = r.must_play_demotion
    c.reinforce_locks = r.reinforce_locks
    c.suit_priority = SUIT_PRIORITIES.index(r.suit_priority)
    c.overturn_takes_bank = r.overturn_takes_bank
    c.single_joker_declares = r.single_joker_declares
    c.mixed_joker_pair = r.mixed_joker_pair
    c.first_hand_overturn = r.first_hand_overturn
    c.no_bid = NO_BIDS.index(r.no_bid)
    c.throw_penalty = THROW_PENALTIES.index(r.throw_penalty)
    return c


def packed(rules=None):
    """The packed struct as a dict (for tests and debugging)."""
    return pack_rules(rules)
