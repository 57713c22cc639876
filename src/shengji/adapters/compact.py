"""The compact observation of the vector environment (``shengji.adapters.vector``): one seat's
information as ``OBSERVATION_SIZE`` (942) unsigned bytes, beside ``encoding``'s 16 k-entry
float tensor.

It holds what ``HandState.observation(seat)`` holds for a hand without a bidding phase,
summarised by card **kind** (54 kinds, the two copies of a card counted together: 0..2)
and with the seats **relative to the observer** (relative seat r is absolute seat
``(seat + r) % 4``: r = 0 the observer, 2 its partner), so that one policy serves every
seat.  The pieces, in order (``LAYOUT``, from the kernel ``_core.step.vector``):

==================  =====================================================================
``phase``           one-hot: bury, play, over
``seat``            the observer's absolute seat, one-hot
``banker``          the banker's relative seat, one-hot
``leader``          the relative seat leading the current (between tricks: the next) trick
``level``           the banker team's level rank, one-hot (13: 2 .. A)
``defender_level``  the defenders' level rank, one-hot
``trump``           one-hot S H C D NT
``tricks_done``     tricks completed (0..25)
``buried_seen``     1 when the observer may see the buried cards (it buried them, or the
                    hand is over), else 0 (and ``buried`` is all zero)
``hand``            per kind, copies held (during a bury: less the cards buried so far)
``pending``         per kind, the cards of the play under way chosen so far (one action a
                    card), else 0
``kitty``           per kind, the 8 cards dealt to the kitty: the banker only
``buried``          per kind, the cards buried (so far, during a bury)
``played``          [relative seat, kind]: the cards each seat has played, the open trick
                    included
``trick``           [relative seat, kind]: the open trick's plays (a failed throw: the
                    forced cards)
``shown``           [relative seat, kind]: the cards its failed throws showed
``hand_sizes``      [relative seat]: cards held
``points``          [relative seat]: trick points taken / 5 (every point count is a
                    multiple of 5)
``penalty``         the throw penalties booked (the signed change of D, docs/rules.md §8):
                    ``max(penalty, 0) / 5`` then ``max(-penalty, 0) / 5`` (<= 200)
``voids``           [relative seat, following-suit S H C D T]: shown out of it
==================  =====================================================================

Left out against ``encoding``: which physical copy of a card (the copies are the same
card; the action mask still names ids), the trick-by-trick record (``played`` and
``shown`` summarise it), and the bid log (bids are the kernel policy's here; the bidding's
outcome is the trump and the banker).  The legal-action mask is a separate array.

``compact(obs)`` is the encoding written in Python from an ``Observation``: the vector
env's differential tests check the kernel's bytes against it.
"""

from __future__ import annotations

import numpy as np

from shengji.door import VECTOR_LAYOUT as LAYOUT
from shengji.names import FOLLOW_NAMES, N_COPIES, N_SEATS, OBSERVATION_SIZE, RANK_NAMES, TRUMP_NAMES

__all__ = ["LAYOUT", "OBSERVATION_SIZE", "offsets", "views", "compact", "POINT_UNIT"]

POINT_UNIT = 5  # points and penalties are stored in units of 5
_PHASES = ("bury", "play", "over")


def offsets() -> dict[str, tuple[int, tuple[int, ...]]]:
    """Return each piece's place in the flat compact observation.

    Returns
    -------
    dict of str to (int, tuple of int)
        Per piece of ``LAYOUT``, in order: its offset in the flat array and its shape.

    Examples
    --------
    >>> from shengji.adapters.compact import OBSERVATION_SIZE, offsets
    >>> where = offsets()
    >>> where["phase"], where["seat"], where["trump"]
    ((0, (3,)), (3, (4,)), (41, (5,)))
    >>> OBSERVATION_SIZE
    942
    """
    out, i = {}, 0
    for name, shape in LAYOUT:
        out[name] = (i, tuple(shape))
        i += int(np.prod(shape))
    return out


_OFF = offsets()


def views(x: np.ndarray) -> dict[str, np.ndarray]:
    """Name the pieces of one flat compact observation (views, no copies).

    Parameters
    ----------
    x : numpy.ndarray
        One flat observation of ``OBSERVATION_SIZE`` values (``compact``'s, or a row of the
        vector environment's observations).

    Returns
    -------
    dict of str to numpy.ndarray
        Per piece of ``LAYOUT``, a view of ``x`` in its shape: writing to it writes ``x``.

    Examples
    --------
    >>> from shengji import HandState
    >>> from shengji.adapters.compact import compact, views
    >>> s = HandState("standard", level="2", banker=0, trump="H", seed=7)
    >>> v = views(compact(s.observation(1)))
    >>> v["trump"]                                # S H C D NT
    array([0, 1, 0, 0, 0], dtype=uint8)
    >>> v["hand_sizes"]                           # seat 1, 2, 3, then the banker S0
    array([25, 25, 25, 33], dtype=uint8)
    >>> v["trump"][:] = 0                         # a view: this writes the observation
    """
    return {
        name: x[i : i + int(np.prod(shape))].reshape(shape) for name, (i, shape) in _OFF.items()
    }


def _kinds(cards, out: np.ndarray) -> None:
    for c in cards:
        out[c // N_COPIES] += 1


def compact(obs) -> np.ndarray:
    """Encode an observation as the vector environment's compact observation, in Python.

    The vector environment's differential tests check the kernel's bytes against it.

    Parameters
    ----------
    obs : shengji.Observation
        One seat's observation of a hand in the bury, play or over phase.

    Returns
    -------
    numpy.ndarray
        ``OBSERVATION_SIZE`` uint8 values, the pieces of ``LAYOUT`` (module docstring) in
        order, the seats relative to the observer.

    Raises
    ------
    ValueError
        For an observation in phase ``"bid"`` (it has no compact observation).

    Examples
    --------
    >>> from shengji import HandState
    >>> from shengji.adapters.compact import compact, views
    >>> s = HandState("standard", level="2", banker=0, trump="H", seed=7)
    >>> ev = s.apply(s.bot_action("greedy"))      # the bury
    >>> x = compact(s.observation(1))
    >>> x.dtype, x.shape
    (dtype('uint8'), (942,))
    >>> v = views(x)
    >>> v["phase"], v["banker"], int(v["hand"].sum())   # banker S0 is seat 1's 3rd next
    (array([0, 1, 0], dtype=uint8), array([0, 0, 0, 1], dtype=uint8), 25)
    """
    if obs.phase not in _PHASES:
        raise ValueError(f"compact: phase {obs.phase!r} has no compact observation")
    x = np.zeros(OBSERVATION_SIZE, np.uint8)
    v = views(x)
    seat = obs.seat

    def rel(s: int) -> int:
        return (s - seat) % N_SEATS

    v["phase"][_PHASES.index(obs.phase)] = 1
    v["seat"][seat] = 1
    v["banker"][rel(obs.banker)] = 1
    v["leader"][rel(obs.leader)] = 1
    v["level"][RANK_NAMES.index(obs.level)] = 1
    v["defender_level"][RANK_NAMES.index(obs.defender_level)] = 1
    v["trump"][TRUMP_NAMES.index(obs.trump)] = 1
    v["tricks_done"][0] = len(obs.tricks)
    _kinds(obs.hand, v["hand"])
    _kinds(obs.pending, v["pending"])
    if obs.kitty is not None:
        _kinds(obs.kitty, v["kitty"])
    if obs.buried is not None:
        v["buried_seen"][0] = 1
        _kinds(obs.buried, v["buried"])
    tricks = obs.tricks if obs.current_trick is None else (*obs.tricks, obs.current_trick)
    for t in tricks:
        for s, cards in t.plays:
            _kinds(cards, v["played"][rel(s)])
        if t.attempt is not None:
            _kinds(t.attempt, v["shown"][rel(t.leader)])
    if obs.current_trick is not None:
        for s, cards in obs.current_trick.plays:
            _kinds(cards, v["trick"][rel(s)])
    for s in range(N_SEATS):
        v["hand_sizes"][rel(s)] = obs.hand_sizes[s]
        v["points"][rel(s)] = obs.points[s] // POINT_UNIT
        for name in obs.voids[s]:
            v["voids"][rel(s), FOLLOW_NAMES.index(name)] = 1
    v["penalty"][0] = max(obs.penalty, 0) // POINT_UNIT
    v["penalty"][1] = max(-obs.penalty, 0) // POINT_UNIT
    return x
