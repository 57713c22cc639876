"""The bidding's arguments, checked once: the kernel policy, its threshold, a seat.

Every entry point that takes a kernel bidding policy checks it here, so the range and the
one-line messages are the same everywhere: ``simulate_bids`` and ``bid_deal`` (``policy``,
``threshold``), ``HandState`` (``bid_policy``, ``threshold``), the ``bid_odds`` study
(``policy``, ``threshold``) and the scoring, duel and match studies (``bid_policy``,
``bid_threshold``; a study file's bad value is a one-line error of ``shengji run``).

The threshold k (docs/rules.md §7, "Who decides": ``threshold k`` bids only with at least k
trumps) is an integer ``THRESHOLD_MIN`` .. ``MAX_THRESHOLD`` = 1 .. 25: every bid shows a
level card or a joker, itself a trump, so k = 1 already bids whenever eager does, and the
count runs over the at most ``HAND_SIZE`` = 25 cards a seat holds while the cards are dealt
(the kitty is not counted), so a larger k could never bid.  0 is no threshold: the entry
points whose default is 0 (``HandState``, the studies' ``bid_threshold``) read it as unset,
the others use None.

``players`` (``PLAYERS``) is not a kernel policy: the seats' own bots decide each bid
(``_core/bots/bidder.pyx``: random, greedy, memory, pimc).  The scoring, match and duel
studies take it as ``bid_policy`` (their seats' bots bid) and the ``bid_odds`` study as
``policy`` with a ``bot`` naming the bidders (``check_players_bot``); the kernels get its
index ``policy_index("players")`` = the core's POLICY_PLAYERS.
"""

from __future__ import annotations

from numbers import Integral

from shengji.names import BID_POLICIES, MAX_THRESHOLD, N_SEATS
from shengji.names import PLAYERS_INDEX as _POLICY_PLAYERS
from shengji.rules.options import Rules

__all__ = [
    "PLAYERS",
    "STUDY_BID_POLICIES",
    "THRESHOLD_MIN",
    "check_players_bot",
    "policy_index",
    "check_policy",
    "check_seat",
    "check_threshold",
    "never_redeals_forever",
]

THRESHOLD_MIN = 1  # the module docstring says why not 0
PLAYERS = "players"  # the seats' bots bid (module docstring)
# What a study's bid policy may be: a kernel policy, or the players.
STUDY_BID_POLICIES: tuple[str, ...] = (*BID_POLICIES, PLAYERS)


def policy_index(policy: str) -> int:
    """The kernels' number of a (checked) study bid policy: its index in ``BID_POLICIES``, or
    the core's POLICY_PLAYERS for ``players``."""
    return _POLICY_PLAYERS if policy == PLAYERS else BID_POLICIES.index(policy)


def check_players_bot(policy, bot, *, policy_key: str = "policy", bot_key: str = "bot"):
    """The ``bot`` of a study whose ``policy`` is ``players`` (the bid_odds study): required
    there, refused with any other policy.  Returns ``bot`` as given (the caller parses it:
    ``shengji.game.botspec.parse_bot``, a layer above this one)."""
    if policy != PLAYERS:
        if bot is not None:
            raise ValueError(f"{bot_key} only applies to {policy_key} {PLAYERS!r}, not {policy!r}")
        return None
    if bot is None:
        raise ValueError(
            f"{bot_key}: {policy_key} {PLAYERS!r} needs the bot that bids in every seat, "
            f'e.g. {bot_key} = "memory"'
        )
    return bot


def _is_int(value) -> bool:
    return not isinstance(value, bool) and isinstance(value, Integral)


def check_threshold(key: str, value) -> int:
    """A threshold k: an integer ``THRESHOLD_MIN`` .. ``MAX_THRESHOLD``, else ValueError
    naming ``key``."""
    if not _is_int(value) or not THRESHOLD_MIN <= value <= MAX_THRESHOLD:
        raise ValueError(
            f"{key}: expected an integer k in {THRESHOLD_MIN}..{MAX_THRESHOLD} (bid only "
            f"holding >= k trumps), got {value!r}"
        )
    return int(value)


def check_seat(key: str, value, *, allow_none: bool = False):
    """A seat 0..3 (or None when ``allow_none``), else ValueError naming ``key``."""
    if value is None and allow_none:
        return None
    if not _is_int(value) or not 0 <= value < N_SEATS:
        more = " or None" if allow_none else ""
        raise ValueError(f"{key}: expected a seat 0..{N_SEATS - 1}{more}, got {value!r}")
    return int(value)


def never_redeals_forever(rules: Rules, first_hand: bool) -> bool:
    """Tell whether a deal nobody declares on is thrown in under these rules.

    Then a policy that never bids redeals forever: the entry points refuse it.

    Parameters
    ----------
    rules : shengji.Rules
        The rules (parsed at the edge: ``shengji.Rules``, not a name).
    first_hand : bool
        A match's first hand (``first_hand_no_bid``) or a later one (``no_bid``).

    Returns
    -------
    bool
        True when that rule is ``"redeal"``.

    Raises
    ------
    TypeError
        If ``rules`` is not a ``shengji.Rules``.

    Examples
    --------
    >>> from shengji import Rules
    >>> from shengji.bidding import never_redeals_forever
    >>> never_redeals_forever(Rules(), first_hand=True), Rules().first_hand_no_bid
    (True, 'redeal')
    >>> never_redeals_forever(Rules(), first_hand=False), Rules().no_bid
    (False, 'no_trump')
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules: expected a shengji.Rules, got {type(rules).__name__}")
    if first_hand:
        return rules.first_hand_no_bid == "redeal"
    return rules.no_bid == "redeal"


def check_policy(
    policy,
    threshold,
    *,
    rules=None,
    first_hand: bool = True,
    policy_key: str = "policy",
    threshold_key: str = "threshold",
    unset=None,
    any_policy_threshold: bool = False,
    or_else: str = "",
    players: bool = False,
) -> int:
    """Check a kernel policy (a name in ``BID_POLICIES``) and its threshold; return the
    kernels' threshold argument (k, or 0 when unset).

    ``unset``: the threshold's "not given" value (None, or 0 where that is the default).
    ``threshold`` policy: a threshold k is required (``check_threshold``).  Other policies:
    the threshold must be unset, unless ``any_policy_threshold`` (``HandState``, whose
    ``bid_action("threshold")`` uses it whatever the state's policy), then it is checked
    as a k.  ``or_else``: what else the caller takes, for the message (``"a callable"``).
    With ``rules``: ``never`` is refused where a deal nobody declares on would be
    redealt forever (``never_redeals_forever``).  ``players``: ``PLAYERS`` is allowed too
    (the studies)."""
    allowed = STUDY_BID_POLICIES if players else BID_POLICIES
    if not isinstance(policy, str) or policy not in allowed:
        raise ValueError(
            f"{policy_key}: unknown policy {policy!r}; allowed: "
            + ", ".join(map(repr, allowed))
            + (f", or {or_else}" if or_else else "")
        )
    if unset is None:
        given = threshold is not None
    else:
        given = not (_is_int(threshold) and threshold == unset)
    if policy == "threshold":
        if not given:
            raise ValueError(
                f"{threshold_key}: {policy_key} 'threshold' needs {threshold_key} = k, an "
                f"integer {THRESHOLD_MIN}..{MAX_THRESHOLD} (bid only holding >= k trumps)"
            )
        k = check_threshold(threshold_key, threshold)
    elif not given:
        k = 0
    elif any_policy_threshold:
        k = check_threshold(threshold_key, threshold)
    else:
        raise ValueError(
            f"{threshold_key} only applies to {policy_key} 'threshold', not {policy!r}"
        )
    if policy == "never" and rules is not None and never_redeals_forever(rules, first_hand):
        raise ValueError(
            f"{policy_key} 'never' never declares: a first hand (unless "
            "first_hand_no_bid = 'kitty_first') or a later hand under no_bid = "
            "'redeal' would be redealt forever"
        )
    return k
