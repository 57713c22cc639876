"""Deals consistent with what one seat knows: the determinizations of a search over
information sets (OpenSpiel's ``resample_from_infostate``, ``shengji.openspiel``).

``consistent_deal(state, seat, rng)`` returns a deck (108 ids in dealing order) that gives
``seat`` everything it has seen -- its own cards, every card played, the cards a failed
throw showed and its thrower still holds, the kitty and the buried cards when it may see
them -- and deals the cards it cannot see among the holders it cannot see into: the other
seats (as many as each holds now, none of a following-suit it has shown out of) and, when
hidden, the buried pile (any suit: docs/rules.md §3, the banker buries what it likes).
The cards a seat has played go back to it, and the banker's 33 (its 25, the kitty) give
the kitty: for the banker its real one, for another seat any 8 of them (which ones it
was is never shown to another seat).

The sampler draws the hidden cards one at a time in random order, each to a holder that
may take it with probability proportional to the room it has left, among the holders that
keep the rest of the deal possible (Hall's condition over the suit groups: every set of
groups fits into the holders that may take one of them).  It never fails, and without
voids it is a uniform deal; with voids it is close to but not exactly uniform.

Voids are not all a seat reveals: a follow shows that the follower had no pair (or
tractor) of the led suit to play, a throw's success or failure that no other seat could
(or some seat could) beat it.  ``replay_consistent`` checks the rest by replaying the
hand's decisions on the deal and comparing what ``seat`` would have seen; the caller
draws again until it agrees (rejection sampling: among the deals the sampler gives, the
accepted ones are exactly the ones consistent with everything ``seat`` saw).
"""
from __future__ import annotations

from itertools import combinations

import numpy as np

from .cards import N_COPIES
from .game.state import HandState
from .names import FOLLOW_NAMES, N_CARDS, N_DEALT, N_SEATS
from .trump import Trump

__all__ = ["consistent_deal", "known_cards"]

PILE = N_SEATS        # holder index of the hidden buried pile


def known_cards(state: HandState, seat: int):
    """(the observation, the ids ``seat`` has seen placed: own, played, shown-and-held,
    per seat the ids shown in a failed throw and not played since)."""
    obs = state.observation(seat)
    played = [set() for _ in range(N_SEATS)]
    shown = [set() for _ in range(N_SEATS)]
    tricks = (*obs.tricks, *(() if obs.current_trick is None else (obs.current_trick,)))
    for t in tricks:
        for s, cards in t.plays:
            played[s].update(cards)
        if t.attempt is not None:
            shown[t.leader].update(t.attempt)
    held_shown = [shown[s] - played[s] for s in range(N_SEATS)]
    return obs, played, held_shown


def _feasible(sizes, caps, elig) -> bool:
    """Hall's condition: every set of non-empty groups fits into the room of the holders
    that may take one of its groups (sizes sum to the room in all)."""
    groups = [g for g in range(len(sizes)) if sizes[g]]
    for r in range(1, len(groups) + 1):
        for subset in combinations(groups, r):
            need = sum(sizes[g] for g in subset)
            mask = 0
            for g in subset:
                mask |= elig[g]
            room = sum(caps[h] for h in range(len(caps)) if (mask >> h) & 1)
            if need > room:
                return False
    return True


def _follow_suits(state: HandState) -> np.ndarray:
    rules = state.rules
    return Trump(state.level, None if state.trump == "NT" else state.trump).tables(
        rules.tractor_gap, rules.trump_chain)[0]


def consistent_deal(state: HandState, seat: int,
                    rng: np.random.Generator) -> tuple[list[int], list[int]]:
    """(a deck consistent with ``seat``'s voids, sizes and seen cards, the actions to
    replay on it): module docstring.  The actions are the hand's, except those ``seat``
    cannot see: the bury cards (when hidden) become the drawn buried pile's, and another
    seat's cards chosen so far of a decision under way are left out."""
    obs, played, held_shown = known_cards(state, seat)
    seen = set(obs.hand) | set(obs.buried or ()) | set(obs.kitty or ())
    for s in range(N_SEATS):
        seen |= played[s] | held_shown[s]
    hidden = [c for c in range(N_CARDS) if c not in seen]
    banker = state.banker
    # holders: the other seats (room: what they hold less the shown cards), the pile
    caps = [0] * (N_SEATS + 1)
    for s in range(N_SEATS):
        if s != seat:
            caps[s] = obs.hand_sizes[s] - len(held_shown[s])
    caps[PILE] = len(hidden) - sum(caps)
    follow = _follow_suits(state)
    n_groups = len(FOLLOW_NAMES)
    elig = [0] * n_groups
    for g in range(n_groups):
        name = FOLLOW_NAMES[g]
        for s in range(N_SEATS):
            if s != seat and name not in obs.voids[s]:
                elig[g] |= 1 << s
        elig[g] |= 1 << PILE
    sizes = [0] * n_groups
    for c in hidden:
        sizes[follow[c // N_COPIES]] += 1
    if not _feasible(sizes, caps, elig):
        raise RuntimeError("no deal agrees with this seat's view (a bug: the true one does)")
    holding = [set(held_shown[s]) if s != seat else set(obs.hand) for s in range(N_SEATS)]
    pile = set(obs.buried or ())
    order = [hidden[i] for i in rng.permutation(len(hidden))]
    everyone = sum(1 << h for h in range(N_SEATS + 1) if caps[h])
    free = all(elig[g] & everyone == everyone for g in range(n_groups) if sizes[g])
    for c, u in zip(order, rng.random(len(order))):
        g = follow[c // N_COPIES]
        cands = [h for h in range(N_SEATS + 1) if caps[h] and (elig[g] >> h) & 1]
        while True:                      # by room left, among the holders that keep
            room = sum(caps[h] for h in cands)     # the rest of the deal possible
            x = u * room
            for h in cands:
                x -= caps[h]
                if x < 0:
                    break
            caps[h] -= 1
            sizes[g] -= 1
            if free or _feasible(sizes, caps, elig):
                break
            caps[h] += 1
            sizes[g] += 1
            cands.remove(h)
        (pile if h == PILE else holding[h]).add(c)
    # back to a deck: each seat's 25 (and the banker's kitty) in its dealing positions
    deck = list(state.deal)
    own = {s: holding[s] | played[s] for s in range(N_SEATS)}
    own[banker] |= pile
    pile_cards = sorted(pile)
    for s in range(N_SEATS):
        if s == seat:
            continue                  # its own positions stay as they are
        cards = sorted(own[s])
        positions = list(range(s, N_DEALT, N_SEATS))
        if s == banker:               # which 8 were the kitty is not known: any
            positions += list(range(N_DEALT, N_CARDS))
        assert len(cards) == len(positions), (s, len(cards), len(positions))
        for p, i in zip(positions, rng.permutation(len(cards))):
            deck[p] = cards[i]
    assert sorted(deck) == list(range(N_CARDS))
    actions = state.actions
    if obs.buried is None:                 # the bury: as many actions as cards buried
        n = len(pile)
        actions[:n] = [pile_cards[i] for i in rng.permutation(n)] if n else []
    if state.phase == "play" and state.to_play != seat:
        pending = len(state._core.chosen_ids())
        actions = actions[:len(actions) - pending]
    return deck, actions
