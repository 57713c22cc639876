"""Bidding: declaring trump, reinforcing, overturning and the no-bid rules (docs/rules.md §7).

The cards are dealt one at a time in dealing order (position i < 100 goes to seat
(d + i) % 4 where d is the first drawer, seat 0 unless the rules say otherwise; positions
100..107 are the kitty) and the seats bid as they land.

* ``simulate_bids(n, seed, ...)``: n Monte Carlo hands with a kernel policy (``"eager"``,
  ``"threshold"`` with ``threshold=k``, ``"never"``) in the C core (about a million hands a
  second per core), or with a Python callable policy (a Python loop, ~100x slower).
* ``bid_deal(cards, ...)``: the bidding on one GIVEN dealing order (108 cards, notation or
  ids), for constructed deals; returns a ``BidOutcome`` (with the list of bids made when
  run by the Python engine).

One machine, the C kernel's (``_core.bidding.bidding``), driven two ways: in a loop by
the kernel policies, or one decision at a time (``shengji.bidding.phase.BidPhase``) by a
Python callable policy (``shengji.bidding.policy.bid_with``; ``engine="python"``) and by
``HandState``'s bid phase.  Its plain-Python twin ``shengji.reference.bidding`` shares no
code with it: the tests hold the two to the same answers.  This module checks the
arguments and drives the machine.  The
round of overturns after the bury (``overturn_after_kitty``) needs the bury: the scoring
and match studies and ``HandState`` play it; ``bid_deal`` and ``simulate_bids`` (the
bid_odds study) stop when the deal's bidding ends.

Model and decisions (where §7 leaves a question open; 000..004 are sources 000..004):

1. Bid strength: single (one level card) < level pair < small-joker pair < big-joker pair.
   An overturn (反主) is a pair strictly stronger than the current bid; under
   ``suit_priority`` a level pair also overturns a level pair of a lower-priority suit
   (§7; 004 "黑桃、红桃、梅花、方片", 002 timed-match "低级别花色不能反高级别花色").
   Equal strength never overturns (a small-joker pair does not overturn a small-joker pair).
2. A joker pair means no-trump; a big-joker pair overturning a small-joker pair keeps
   no-trump but counts as an overturn (and takes the bank in a first hand).
3. Reinforcing (加固 / 定主) is the declarer showing the second copy of the card it declared
   with, only while its single is the current bid (001/002: "在其他人未反主之前").  With
   ``reinforce_locks`` only joker pairs can overturn it afterwards (003 "定主后…只能反无主");
   without it a reinforced declaration is an ordinary level pair, so the option only matters
   under ``suit_priority`` (without it a level pair is only ever beaten by joker pairs).
   ``reinforced`` in the results means a reinforcement happened in the deal.
4. No self-overturn: the seat holding the current bid cannot overturn it; once another seat
   has overturned, the earlier declarer may overturn again (000/003 "报主玩家也可参与反主，
   但必须在有其他玩家先进行反主的前提下").  The partner may overturn.
5. Window: bids are made as the cards land and may still be made after the 100th card,
   until the banker takes the kitty (000/003 "拿底牌前"; 002 points tournament: the banker
   asks each seat before taking the kitty): the round of asking that follows the last card,
   from the next seat to draw (the kernel policies never bid there: their choices depend
   only on the hands and the bids).  ``bids_close_with_deal`` (002 timed-match, source 002
   line 257, "必须在该盘牌最后一张牌起完之前"): no bid with the last card, no round after it.
6. Who bids first when several could: after a card lands its seat is asked first; a seat
   that bids is asked again at once (a pair is shown right after its single, before anyone
   can overturn the single); then the seats in playing order until four pass in a row.  A
   seat with no bid open to it is not asked.
7. A pair cannot be shown as the first declaration: a seat holding both copies declares with
   one and reinforces with the other at once.  A joker pair cannot declare, only overturn
   (source 002, line 245: "一对王…只能在他人扣牌后反主").
8. ``single_joker_declares`` (spring-festival, 002 "抢庄可亮无主（单张大、小王，单张王不能
   反2）"): in a first hand a single joker declares no-trump (strength single); it never
   overturns; a level pair overturns it (a pair beats a single); its own second copy
   reinforces it into that joker pair.  Later hands: jokers declare nothing.
9. ``mixed_joker_pair`` (team-cup, 002 "可以用两个王（大王或小王都可以）反掉两张同花色的2"):
   SJ+BJ overturns as a small-joker pair (beats level pairs, not a small-joker pair; a
   big-joker pair beats it).
10. First hand (抢报): the first declarer is banker; with ``overturn_takes_bank`` each
    overturner becomes banker.  ``first_hand_overturn = false`` forbids overturns (not
    reinforcing).  Nobody declaring → the deal is thrown in and redealt (counted).
11. Later hands: the banker is given and keeps the bank.  No declaration → the ``no_bid``
    option: ``no_trump``; ``kitty_first`` / ``kitty_third``: the suit of kitty card 1 / 3 in
    dealing order (positions 100 / 102); ``kitty_random``: a uniform one of the 8 (one draw
    from the deal's stream); a joker means no-trump; ``redeal``; ``banker_steps_down``: the
    next seat (banker + 1) banks, no redeal, no-trump, ``banker_steps_down = 1`` (its own
    level is the hand engine's business).  Trump from the kitty cannot be overturned (it is
    found after the bidding window).
12. Redeals are capped at ``MAX_REDEALS`` = 1000 in a row; beyond, an error (a policy that
    never bids).  ``threshold`` k is at most ``MAX_THRESHOLD`` = 25: it counts the trumps a
    seat holds while the cards are dealt (never the kitty), at most its 25 cards.
    ``never`` is refused up front for first hands and for ``no_bid = redeal``.
13. Kernel policies choose among the bids open to them the one that gives the bidder most
    trumps (counting every trump with the new trump), then the strongest, then level suits
    in priority order (S H C D, or S H D C under SHDC), big-joker options before small.
    ``threshold`` k: declarations and overturns only with at least k trumps; reinforcing is
    always taken.  ``eager``: the same with no threshold.

14. ``later_joker_overturns`` n (source 002, line 181): after the first hand at most n
    joker-pair overturns per hand (per hand, not per seat); level pairs are not limited.
15. ``reinforce_lock_jokers`` (source 002, lines 183-185): a reinforced declaration is final;
    an overturning level pair can still be overturned by joker pairs.  Needs
    ``reinforce_locks``.
16. ``joker_pair_takes_bank = false`` (source 002, line 245): in a first hand a joker-pair
    overturn changes the trump, not the bank (level pairs still take it).
17. ``overturn_after_kitty`` (source 004, lines 31-33; source 001, lines 31-33): after the
    bury and before the first lead one more round, asked from the banker's next seat until
    four pass in a row, with the seats' cards after the bury; overturns only, never the bank
    (``"later_hands"``: not in a first hand).  Only after a declared trump.  Under
    ``overturn_reburies`` (source 002, line 243) each overturner of that round takes up the
    kitty and buries eight again, then the round goes on.
18. ``secret_bids`` (source 002, lines 243-245): face-down bids.  A declaration as usual but
    its trump hidden from the other seats (``BidView.current["trump"]`` is None); no
    reinforcing; an overturn is any pair the seat has not laid yet (level pair of any suit,
    joker pair, mixed pair under ``mixed_joker_pair``), with no strength or suit order; the
    standing bidder still may not overturn itself.  In a first hand overturns during the
    deal take the bank (joker pairs only with ``joker_pair_takes_bank``); later hands
    overturn only after the bury.  Needs ``overturn_after_kitty``.
19. The first drawer (source 002, lines 139, 177, 255; source 004, line 31):
    ``random_first_drawer`` — in a first hand a uniform draw of 4 from the hand's stream,
    before the shuffle, kept over redeals; ``banker_draws_first`` — in a later hand the
    banker.  ``first_drawer`` in the results.
20. ``first_hand_no_bid = "kitty_first"`` (source 002, line 155, "翻底牌第一张对点"): a first
    hand nobody declares on: the first kitty card's suit is trump (a joker: no-trump), and
    its value (A 1, 2..10, J 11, Q 12, K 13, SJ 14, BJ 15) counted from the first drawer
    (who counts 1) picks the banker.  ``policy = "never"`` is then allowed in first hands.

Results also count ``late_overturns`` and ``reburies`` (the round after the bury) and
``team_overturns`` (overturns per team of the overturner) for the levelling options.

Callable policies: ``policy(view) -> BidOption | None`` where ``view`` is a ``BidView``
(seat, hand so far, cards dealt, current bid, legal ``options``).  It is consulted every time
the seat's hand grows while it has an option and whenever another seat bids (same order as
the kernel, item 6); returning one of ``view.options`` makes that bid, ``None`` passes.
"""

from __future__ import annotations

from collections.abc import Callable
from numbers import Integral

import numpy as np

from shengji.bidding.args import check_policy, check_seat, never_redeals_forever
from shengji.bidding.policy import bid_with, count_trumps
from shengji.bidding.policy import first_drawer as _first_drawer
from shengji.cards import as_cards, parse_rank
from shengji.names import BID_POLICIES, MAX_REDEALS, MAX_THRESHOLD, N_CARDS, N_SEATS, TRUMP_NAMES
from shengji.rules import pack
from shengji.rules.bid_types import BidOption, BidOutcome, BidView, core_outcome
from shengji.rules.options import resolve_rules
from shengji.seeds import check_seed

__all__ = [
    "simulate_bids",
    "bid_deal",
    "BidOutcome",
    "BidOption",
    "BidView",
    "eager_policy",
    "threshold_policy",
    "TRUMP_NAMES",
    "POLICIES",
    "MAX_REDEALS",
    "MAX_THRESHOLD",
    "never_redeals_forever",
]

POLICIES = BID_POLICIES  # the kernel policies, in the core's numbering


def eager_policy(view: BidView):
    """Bid as the kernel's ``eager`` policy does: the best bid open, whenever there is one.

    A Python callable policy with the kernel's choices, for cross-checks of the two
    engines.

    Parameters
    ----------
    view : BidView
        What the deciding seat sees: its cards so far, the standing bid and its
        ``options`` (the bids open to it, best first).

    Returns
    -------
    BidOption or None
        The first (best) option, or None (pass) when there is none.

    Examples
    --------
    >>> from shengji.bidding import eager_policy, simulate_bids
    >>> a = simulate_bids(200, seed=1, policy=eager_policy)   # a Python loop
    >>> b = simulate_bids(200, seed=1)                        # the kernel's eager policy
    >>> all((a[k] == b[k]).all() for k in b)
    True
    """
    return view.options[0] if view.options else None


def threshold_policy(k: int) -> Callable[[BidView], BidOption | None]:
    """Make the kernel's ``threshold`` policy with parameter k a Python callable.

    The policy reinforces whenever it can and otherwise takes the best bid that leaves it
    holding at least ``k`` trumps.

    Parameters
    ----------
    k : int
        The threshold: bid only holding >= k trumps of the bid's trump.

    Returns
    -------
    callable
        ``policy(view) -> BidOption or None`` (None passes).

    Examples
    --------
    >>> from shengji.bidding import simulate_bids, threshold_policy
    >>> a = simulate_bids(100, seed=2, policy=threshold_policy(8))
    >>> b = simulate_bids(100, seed=2, policy="threshold", threshold=8)
    >>> all((a[k] == b[k]).all() for k in b)
    True
    """

    def policy(view: BidView):
        for o in view.options:  # options come best first
            if o.action == "reinforce" or o.trumps >= k:
                return o
        return None

    return policy


# ------------------------------------------------------------------------------------------
# checked public API
# ------------------------------------------------------------------------------------------
def _check_args(level, rules, policy, threshold, first_hand, banker):
    rules = resolve_rules(rules)
    level_rank = parse_rank(str(level))
    if not isinstance(first_hand, (bool, np.bool_)):
        raise ValueError(f"first_hand: expected True or False, got {first_hand!r}")
    first_hand = bool(first_hand)
    if first_hand:
        if banker is not None:
            raise ValueError(
                "banker: a first hand has no banker before the bidding "
                "(the declarer becomes banker); leave it None"
            )
        banker = 0
    else:
        banker = check_seat("banker", 0 if banker is None else banker)
    if callable(policy):
        if threshold is not None:
            raise ValueError("threshold only applies to policy 'threshold', not a callable")
        return level_rank, rules, policy, 0, first_hand, banker
    threshold = check_policy(
        policy, threshold, rules=rules, first_hand=first_hand, or_else="a callable"
    )
    return level_rank, rules, policy, threshold, first_hand, banker


def _check_first_drawer(first_drawer):
    return check_seat("first_drawer", first_drawer, allow_none=True)


def _callable_for(policy, threshold):
    if callable(policy):
        return policy
    if policy == "eager":
        return eager_policy
    if policy == "threshold":
        return threshold_policy(threshold)
    return None


def bid_deal(
    cards,
    level="2",
    rules=None,
    policy="eager",
    threshold=None,
    first_hand=True,
    banker=None,
    seed=0,
    engine=None,
    first_drawer=None,
) -> BidOutcome:
    """Bid one given dealing order (docs/rules.md §7), for constructed deals.

    A deal nobody declares on that the rules throw in comes back with ``redeal=True`` and
    ``trump=None``.  The round after the bury (``overturn_after_kitty``) needs the bury: it
    is played by ``HandState``.

    Parameters
    ----------
    cards : str or sequence of int
        The 108 cards in dealing order (notation text or physical ids): position i < 100
        goes to seat (d + i) % 4, d the first drawer; 100..107 are the kitty.
    level : str or int, default "2"
        The level played (its rank is the level card).
    rules : str, dict or shengji.Rules, optional
        The rules (a preset name, options, or ``Rules``); None: the defaults.
    policy : {"eager", "threshold", "never"} or callable, default "eager"
        A kernel policy, or a Python policy ``policy(view: BidView) -> BidOption or None``.
    threshold : int, optional
        The ``"threshold"`` policy's k (required by it, refused by the others).
    first_hand : bool, default True
        A match's first hand: the first declarer becomes the banker.
    banker : int, optional
        A later hand's banker seat (default 0); None in a first hand.
    seed : int or sequence of int, default 0
        Seeds the draws (``shengji.seeds``): the first drawer under
        ``random_first_drawer`` (when ``first_drawer`` is None), then the kitty card of
        ``no_bid = "kitty_random"``.
    engine : {"core", "python"}, optional
        ``"core"``: the kernel's loop (kernel policies only); ``"python"``: the machine
        stepped decision by decision with the policy as a Python callable, recording the
        bids in ``.bids``.  Default: core for a kernel policy, python for a callable.
    first_drawer : int, optional
        The seat that draws position 0; None: as the rules say (seat 0, the banker of a
        later hand under ``banker_draws_first``, a random seat in a first hand under
        ``random_first_drawer``).

    Returns
    -------
    BidOutcome
        How the bidding ended: trump, banker, first declarer, overturns, ...

    Raises
    ------
    ValueError
        One line naming the argument: not 108 cards, an unknown policy or engine, a
        threshold missing or out of range, a banker in a first hand, a bad seat or seed,
        a callable policy with ``engine="core"``.

    Examples
    --------
    >>> import numpy as np
    >>> from shengji.bidding import bid_deal, eager_policy
    >>> deal = list(np.random.default_rng(3).permutation(108))
    >>> out = bid_deal(deal)
    >>> out.trump, out.banker, out.first_declarer, out.overturns
    ('D', 2, 1, 1)
    >>> bid_deal(deal, policy=eager_policy).bids    # the Python engine logs the bids
    ((1, 1, 'declare', 'S', 'single'), (82, 2, 'overturn', 'D', 'level_pair'))
    """
    from shengji.door import chunk_state, draw_bounded

    level_rank, rules, policy, threshold, first_hand, banker = _check_args(
        level, rules, policy, threshold, first_hand, banker
    )
    seed = check_seed(seed)
    first_drawer = _check_first_drawer(first_drawer)
    deck = as_cards(cards)
    if len(deck) != N_CARDS:
        raise ValueError(f"a deal is all {N_CARDS} cards in dealing order, got {len(deck)}")
    state = chunk_state(seed, 0)
    if engine is None:
        engine = "python" if callable(policy) else "core"
    if engine == "python":
        if first_drawer is None:
            first_drawer = _first_drawer(
                rules, first_hand, banker, lambda bound: draw_bounded(state, bound)
            )
        return bid_with(
            deck,
            level_rank,
            rules,
            _callable_for(policy, threshold),
            first_hand,
            banker,
            state,
            first_drawer,
        )
    if engine != "core":
        raise ValueError(f"engine: expected 'core' or 'python', got {engine!r}")
    if callable(policy):
        raise ValueError("a callable policy bids decision by decision (engine='python')")
    return _kernel_bid(
        deck, level_rank, rules, policy, threshold, first_hand, banker, state, first_drawer
    )


def _kernel_bid(
    deck, level_rank, rules, policy, threshold, first_hand, banker, state, first_drawer
) -> BidOutcome:
    """``bid_deal`` by the kernel's loop (a kernel policy, checked arguments)."""
    from shengji.door import bid_given

    rc, res = bid_given(
        cards=np.asarray(deck, np.uint8),
        level=level_rank,
        rules=pack.rules(rules),
        policy=POLICIES.index(policy),
        threshold=threshold,
        first_hand=first_hand,
        banker=banker,
        state=state,
        first_drawer=-1 if first_drawer is None else first_drawer,
    )
    redeal = rc == 1
    return core_outcome(
        res,
        None if redeal else TRUMP_NAMES[res["trump"]],
        redeal=redeal,
        first_drawer=res["first_drawer"],
        team_overturns=res["team_overturns"],
    )


COLUMNS = (
    "trump",
    "banker",
    "first_declarer",
    "first_declare_index",
    "overturns",
    "reinforced",
    "no_bid",
    "redeals",
    "banker_steps_down",
    "first_drawer",
    "banker_trumps",
    "team_trumps",
)

# the columns' types, as the kernel's bid_chunk returns them
_DTYPES = {
    "trump": np.uint8,
    "banker": np.uint8,
    "first_declarer": np.int8,
    "first_declare_index": np.int8,
    "overturns": np.uint8,
    "reinforced": np.bool_,
    "no_bid": np.bool_,
    "redeals": np.uint16,
    "banker_steps_down": np.bool_,
    "first_drawer": np.uint8,
    "banker_trumps": np.uint8,
    "team_trumps": np.uint8,
}


def simulate_bids(
    n,
    seed,
    level="2",
    rules=None,
    policy="eager",
    threshold=None,
    first_hand=True,
    banker=None,
    chunk=0,
) -> dict:
    """Bid ``n`` random deals (a Monte Carlo of the deal's bidding).

    The bidding of the deal only: the round after the bury (``overturn_after_kitty``) is
    played by the scoring and match studies.  The stream is ``chunk_state(seed, chunk)``
    (chunk k of a bid_odds run with that seed gives the same hands).  A kernel policy runs
    in the C core (about a million hands a second); a callable ``policy`` bids the same
    deals decision by decision (``shengji.bidding.policy``: same shuffles, same results as
    the kernel for ``eager_policy``, about 100 times slower).

    Parameters
    ----------
    n : int
        How many deals (>= 0).
    seed : int or sequence of int
        The run's seed (``shengji.seeds``).
    level : str or int, default "2"
        The level played.
    rules : str, dict or shengji.Rules, optional
        The rules (a preset name, options, or ``Rules``); None: the defaults.
    policy : {"eager", "threshold", "never"} or callable, default "eager"
        A kernel policy, or a Python policy ``policy(view: BidView) -> BidOption or None``.
    threshold : int, optional
        The ``"threshold"`` policy's k (required by it, refused by the others).
    first_hand : bool, default True
        A match's first hand: the first declarer becomes the banker.
    banker : int, optional
        A later hand's banker seat (default 0); None in a first hand.
    chunk : int, default 0
        The chunk of the seed's streams to draw from.

    Returns
    -------
    dict of str to numpy.ndarray
        One array of length ``n`` per column (``COLUMNS``): ``trump`` (0..3 = S H C D,
        4 = no-trump, ``TRUMP_NAMES``), ``banker``, ``first_declarer`` and
        ``first_declare_index`` (-1 when nobody declared), ``overturns``, ``reinforced``,
        ``no_bid``, ``redeals``, ``banker_steps_down``, ``first_drawer`` (the seat that
        drew first), ``banker_trumps`` (the banker's trumps with the kitty),
        ``team_trumps`` (banker, partner and kitty).

    Raises
    ------
    ValueError
        One line naming the argument: a negative ``n`` or ``chunk``, a bad seed, an
        unknown policy, a threshold missing or out of range, a banker in a first hand;
        or a policy that never bids under rules that redeal forever.

    Examples
    --------
    >>> import numpy as np
    >>> from shengji.bidding import TRUMP_NAMES, simulate_bids
    >>> cols = simulate_bids(1000, seed=1)
    >>> len(cols["trump"]), cols["trump"].dtype
    (1000, dtype('uint8'))
    >>> dict(zip(TRUMP_NAMES, np.bincount(cols["trump"], minlength=5).tolist()))
    {'S': 182, 'H': 180, 'C': 184, 'D': 170, 'NT': 284}
    >>> simulate_bids(5, seed=1, policy="threshold", threshold=8)["banker"]
    array([2, 3, 1, 3, 2], dtype=uint8)
    """
    from shengji.door import bid_chunk, chunk_state

    if isinstance(n, bool) or not isinstance(n, Integral) or n < 0:
        raise ValueError(f"n: expected a non-negative integer, got {n!r}")
    if isinstance(chunk, bool) or not isinstance(chunk, Integral) or chunk < 0:
        raise ValueError(f"chunk: expected a non-negative integer, got {chunk!r}")
    level_rank, rules, policy, threshold, first_hand, banker = _check_args(
        level, rules, policy, threshold, first_hand, banker
    )
    state = chunk_state(check_seed(seed), int(chunk))
    deck = np.arange(N_CARDS, dtype=np.uint8)
    if not callable(policy):
        return bid_chunk(
            state=state,
            deck=deck,
            n=int(n),
            level=level_rank,
            rules=pack.rules(rules),
            policy=POLICIES.index(policy),
            threshold=threshold,
            first_hand=first_hand,
            banker=banker,
        )
    return _python_bids(int(n), state, deck, level_rank, rules, policy, first_hand, banker)


def _python_bids(n, state, deck, level_rank, rules, policy, first_hand, banker) -> dict:
    """``simulate_bids`` with a callable policy: the kernel's shuffles and draws from
    ``state``, each deal bid decision by decision (``bid_with``), redealt as the rules
    say."""
    from shengji.door import draw_bounded, shuffle_deck

    out: dict[str, list] = {k: [] for k in COLUMNS}
    draw = lambda bound: draw_bounded(state, bound)  # noqa: E731
    for _ in range(n):
        redeals = 0
        drawer = _first_drawer(rules, first_hand, banker, draw)  # once a hand, before the shuffle
        while True:
            shuffle_deck(state, deck)
            res = bid_with(deck, level_rank, rules, policy, first_hand, banker, state, drawer)
            if not res.redeal:
                break
            redeals += 1
            if redeals > MAX_REDEALS:
                raise ValueError(
                    f"{MAX_REDEALS} deals in a row were thrown in because nobody "
                    "declared: this policy never bids"
                )
        t = TRUMP_NAMES.index(res.trump)
        bt = count_trumps(deck, level_rank, t, res.banker, first_drawer=drawer)
        pt = count_trumps(
            deck, level_rank, t, (res.banker + 2) % N_SEATS, kitty=False, first_drawer=drawer
        )
        for k, v in (
            ("trump", t),
            ("banker", res.banker),
            ("first_declarer", res.first_declarer),
            ("first_declare_index", res.first_declare_index),
            ("overturns", res.overturns),
            ("reinforced", res.reinforced),
            ("no_bid", res.no_bid),
            ("redeals", redeals),
            ("banker_steps_down", res.banker_steps_down),
            ("first_drawer", drawer),
            ("banker_trumps", bt),
            ("team_trumps", bt + pt),
        ):
            out[k].append(v)
    return {k: np.asarray(v, dtype=_DTYPES[k]) for k, v in out.items()}
