"""The net bot's layers, one table: each array of the network (its name, the core's integer
dtype and shape, the PyTorch parameter it comes from, how it is laid out and scaled) and
the fraction bits of its quantisation.  Every reader and writer of the network iterates it:
the weights file's reader and check (``net.pyx`` ``_read``, ``ARRAYS``), the install into
the C struct (``net.pyx`` ``_install``; ``include/nn.h`` ``SjQNet``, held to this table by
``tests/core/bots/test_net_layers.py``), the quantiser, the numpy twin and the PyTorch
module's export and import (``shengji.learn.model``).

The network (``net.pyx``)::

    h1 = relu(b1 + x W1)            x: a state's feature bytes       (sizes "state", "h1")
    h2 = relu(b2 + h1 W2)                                            ("h2")
    s  = bz + h2 Wz                                                  ("h3")
    q  = bq + relu(s + a Wa) . wq   a: a candidate's feature bytes   ("action")
    v  = bv + h2 . wv

and, optional (a weights file without them loads and has no learned bids), the bid head
(``bid_net.pyx``: the bids of bid_policy "players", one score per option of a seat's
decision; ``BID_LAYERS``, ``BID_SCALES``, ``BID_SHIFTS``)::

    g  = relu(c1 + y V1)            y: a bid decision's state bytes  ("bid_state", "bid_h1")
    t  = cz + g Vz                                                   ("bid_h3")
    r  = cq + relu(t + o Vo) . vq   o: an option's bytes             ("bid_action")

its score r in points (trained in points / VALUE_SCALE).  The two heads share the file, not
their inputs: each table is iterated by its own readers (the play head's ``LAYERS`` by the
training of ``shengji.learn.model``, the bid head's by ``shengji.learn.bid_model``), and the
core's reader and install iterate both (``net.pyx``).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "BID_LAYERS",
    "BID_SCALES",
    "BID_SHIFTS",
    "LAYERS",
    "SCALES",
    "SHIFTS",
    "VALUE_SCALE",
    "Layer",
    "Scale",
    "Shift",
]

VALUE_SCALE = 100.0  # the value head predicts points / VALUE_SCALE during training


@dataclass(frozen=True)
class Layer:
    """One array of the network.

    ``name``: the float array of a weights file and the field of ``SjQNet`` (``include/nn.h``);
    its integer array is ``"q_" + name``.  ``dtype``: the integer array's (numpy's name).
    ``shape``: in the layer sizes ("state", "action", "h1", "h2", "h3"; () a scalar, a field
    of the struct rather than a pointer).  ``torch``: the PyTorch parameter (``learn.model.Net``)
    it is, ``transpose``d when the module holds it (outputs, inputs), and divided by
    ``scale`` there (the value head is trained in points / VALUE_SCALE).  ``bits``: the
    scales (``SCALES``) whose sum is its fraction bits.  ``paired``: the core holds it with
    its inputs in pairs side by side (nn.h: [inputs / 2][outputs][2])."""

    name: str
    dtype: str
    shape: tuple[str, ...]
    torch: str
    transpose: bool
    bits: tuple[str, ...]
    scale: float = 1.0
    paired: bool = False


LAYERS: tuple[Layer, ...] = (
    Layer("w1", "int16", ("state", "h1"), "l1.weight", True, ("l1",)),
    Layer("b1", "int16", ("h1",), "l1.bias", False, ("l1",)),
    Layer("w2", "int16", ("h1", "h2"), "l2.weight", True, ("w2",), paired=True),
    Layer("b2", "int32", ("h2",), "l2.bias", False, ("l1", "w2")),
    Layer("wz", "int16", ("h2", "h3"), "lz.weight", True, ("wz",), paired=True),
    Layer("bz", "int32", ("h3",), "lz.bias", False, ("h2", "wz")),
    Layer("wa", "int16", ("action", "h3"), "la.weight", True, ("s",)),
    Layer("wq", "int16", ("h3",), "lq.weight", False, ("wq",)),
    Layer("bq", "int64", (), "lq.bias", False, ("s", "wq")),
    Layer("wv", "int16", ("h2",), "lv.weight", False, ("wv",), scale=VALUE_SCALE),
    Layer("bv", "int64", (), "lv.bias", False, ("h2", "wv"), scale=VALUE_SCALE),
)


@dataclass(frozen=True)
class Scale:
    """A power of two of the quantisation (``learn.model.quantize``): ``most`` fraction bits,
    fewer where the largest value of the arrays ``fits`` would not fit int16, and at most
    the sum of the scales ``cap`` less one (a sum's bits after its shift: h2 and s)."""

    name: str
    most: int
    fits: tuple[str, ...] = ()
    cap: tuple[str, ...] = ()


# The bits are the most each layer takes, chosen on the shipped network's decisions
# (docs/hand-engine.md, "net": 99.5 % of its choices are the float network's, the rest near
# ties) with room in the integer ranges (its first layer's sums reach about 35 x 2^9 of
# int16's 2^15).  In order: a cap names scales before it.
SCALES: tuple[Scale, ...] = (
    Scale("l1", 9, ("w1", "b1")),  # the accumulator's (and h1's) fraction bits
    Scale("w2", 10, ("w2",)),
    Scale("h2", 10, cap=("l1", "w2")),  # h2's fraction bits
    Scale("wz", 10, ("wz",)),
    Scale("s", 9, ("wa",), cap=("h2", "wz")),  # s's and z's fraction bits
    Scale("wq", 10, ("wq",)),
    Scale("wv", 10, ("wv",)),
)


@dataclass(frozen=True)
class Shift:
    """An entry of a weights file's ``q_shifts`` (int64, in this order): the sum of the
    scales ``plus`` less those of ``minus``."""

    name: str
    plus: tuple[str, ...]
    minus: tuple[str, ...] = ()


SHIFTS: tuple[Shift, ...] = (
    Shift("h2", ("l1", "w2"), ("h2",)),  # the right shift (rounded) into h2: SjQNet.sh2
    Shift("s", ("h2", "wz"), ("s",)),  # ... into s: SjQNet.sh3
    Shift("score", ("s", "wq")),  # a score's fraction bits (a score: its integer / 2^bits)
    Shift("value", ("h2", "wv")),  # a value's fraction bits
)


# The bid head (optional): its integers are summed in int64 (include/nn_bids.h, a few
# thousand products a decision), so no sum wraps and no pair layout is needed; b1 and bz
# are int32.  Its bits: as the play head's, chosen so that a weight of 32 still fits.
BID_LAYERS: tuple[Layer, ...] = (
    Layer("bid_w1", "int16", ("bid_state", "bid_h1"), "l1.weight", True, ("bid_l1",)),
    Layer("bid_b1", "int32", ("bid_h1",), "l1.bias", False, ("bid_l1",)),
    Layer("bid_wz", "int16", ("bid_h1", "bid_h3"), "lz.weight", True, ("bid_wz",)),
    Layer("bid_bz", "int32", ("bid_h3",), "lz.bias", False, ("bid_l1", "bid_wz")),
    Layer("bid_wa", "int16", ("bid_action", "bid_h3"), "la.weight", True, ("bid_s",)),
    Layer("bid_wq", "int16", ("bid_h3",), "lq.weight", False, ("bid_wq",), scale=VALUE_SCALE),
    Layer("bid_bq", "int64", (), "lq.bias", False, ("bid_s", "bid_wq"), scale=VALUE_SCALE),
)
BID_SCALES: tuple[Scale, ...] = (
    Scale("bid_l1", 10, ("bid_w1",)),  # g's fraction bits
    Scale("bid_wz", 10, ("bid_wz",)),
    Scale("bid_s", 10, ("bid_wa",), cap=("bid_l1", "bid_wz")),  # t's fraction bits
    Scale("bid_wq", 10, ("bid_wq",)),
)
# a weights file's ``q_bid_shifts`` (int64, in this order)
BID_SHIFTS: tuple[Shift, ...] = (
    Shift("bid_s", ("bid_l1", "bid_wz"), ("bid_s",)),  # the right shift (rounded) into t
    Shift("bid_score", ("bid_s", "bid_wq")),  # a bid score's fraction bits
)
