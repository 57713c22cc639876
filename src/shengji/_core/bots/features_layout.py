"""The net bot's play decisions as bytes: the layout of its network's inputs, one table.

``bots/features.pyx`` writes a seat's decision (its view only) as the state's bytes
(``LAYOUT``) and each candidate's (``ACTION_LAYOUT``), and the weights file's play head
(``net_layers.LAYERS``, include/nn.h) scores the candidates.  Every reader of those bytes
reads this table: the writer (``features.pyx``: its C offsets are ``features_offsets.pxd``,
which ``tools/tables.py`` writes from this), the weights file's check (``net_file.py``: the
sizes, ``LAYOUT_DIGEST``), the training (``shengji.learn``: its symmetry augmentation permutes
the side rows by the pieces' kinds).  Plain data: the core's lower units read it without
importing the bot that writes the bytes.

A piece is ``(name, blocks, width, kind)``: ``blocks`` of ``width`` bytes, kind ``"slot"``
(width ``SLOTS``: a card's canonical place, features.pxd), ``"row"`` (width ``ROWS``: the
side rows and the trump row) or ``"plain"``; the blocks of a slot or row piece are the
relative seats (or one block).  ``DOCS`` says what each piece holds.
"""

from __future__ import annotations

from shengji._core.bots import layouts

__all__ = [
    "ACTION_LAYOUT",
    "ACTION_SIZE",
    "DOCS",
    "LAYOUT",
    "LAYOUT_DIGEST",
    "LAYOUT_VERSION",
    "ROWS",
    "SLOTS",
    "STATE_SIZE",
    "layout_key",
    "offsets",
]

SLOTS = 72  # 4 side rows x 13 ranks, 13 trump-suit ranks, 4 off-suit level cards, the
#             trump-suit level card, SJ, BJ (features.pxd: the slot geometry)
ROWS = 5  # side rows 0..3 and the trump row

# the state: a function of the view, seats relative to the viewer
LAYOUT: tuple[tuple[str, int, int, str], ...] = (
    ("own1", 1, SLOTS, "slot"), ("own2", 1, SLOTS, "slot"),
    ("unseen1", 1, SLOTS, "slot"), ("unseen2", 1, SLOTS, "slot"),
    ("played", 4, SLOTS, "slot"), ("trick", 4, SLOTS, "slot"),
    ("buried", 1, SLOTS, "slot"), ("voids", 4, ROWS, "row"),
    ("phase", 1, 2, "plain"), ("banker", 1, 4, "plain"), ("leader", 1, 4, "plain"),
    ("position", 1, 4, "plain"), ("winner", 1, 4, "plain"), ("win_ruff", 1, 1, "plain"),
    ("tricks", 1, 26, "plain"), ("sizes", 1, 4, "plain"), ("def_points", 1, 40, "plain"),
    ("bank_points", 1, 40, "plain"), ("trick_points", 1, 10, "plain"),
    ("penalty", 1, 2, "plain"), ("level_points", 1, 2, "plain"),
    ("no_trump", 1, 1, "plain"), ("lead_row", 1, ROWS, "row"), ("lead_size", 1, 1, "plain"),
    ("lead_pairs", 1, 1, "plain"), ("lead_longest", 1, 1, "plain"),
    ("lead_throw", 1, 1, "plain"), ("own_rows", 1, ROWS, "row"),
    ("unseen_rows", 1, ROWS, "row"), ("buried_points", 1, 1, "plain"),
)  # fmt: skip
# one candidate decision
ACTION_LAYOUT: tuple[tuple[str, int, int, str], ...] = (
    ("one", 1, SLOTS, "slot"), ("two", 1, SLOTS, "slot"), ("origin", 1, 16, "plain"),
    ("memory", 1, 1, "plain"), ("greedy", 1, 1, "plain"), ("size", 1, 1, "plain"),
    ("points", 1, 16, "plain"), ("rows", 1, ROWS, "row"), ("shape", 1, 4, "plain"),
    ("safe", 1, 1, "plain"), ("wins", 1, 1, "plain"), ("over_partner", 1, 1, "plain"),
    ("ruff", 1, 1, "plain"), ("trick_points", 1, 10, "plain"), ("cost", 1, 1, "plain"),
    ("broken", 1, 1, "plain"), ("voids", 1, ROWS, "row"),
)  # fmt: skip
# what each piece holds, by layout and name (the generated offsets' comments)
DOCS: dict[str, dict[str, str]] = {
    "state": {
        "own1": "[slot] it holds >= 1",
        "own2": "[slot] it holds 2",
        "unseen1": "[slot] >= 1 copy it cannot place",
        "unseen2": "[slot] both copies",
        "played": "[rel seat][slot] played so far (0..2)",
        "trick": "[rel seat][slot] the open trick's plays",
        "buried": "[slot] buried, when it may see them",
        "voids": "[rel seat][row] shown out of it",
        "phase": "bury, play",
        "banker": "[rel seat] one-hot",
        "leader": "[rel seat] of the trick (or next)",
        "position": "plays made in the open trick, one-hot",
        "winner": "[rel seat] winning the open trick",
        "win_ruff": "the winning play is a ruff",
        "tricks": "tricks done, one-hot 0..25",
        "sizes": "[rel seat] cards held",
        "def_points": "defenders' trick points >= 5 (i + 1)",
        "bank_points": "banker team's trick points, likewise",
        "trick_points": "the open trick's points >= 5 (i + 1)",
        "penalty": "max(pen, 0) / 5, max(-pen, 0) / 5",
        "level_points": "the level cards are worth 5, 10 (the level is in the slots)",
        "no_trump": "no trump suit",
        "lead_row": "the led row (following), one-hot",
        "lead_size": "cards led",
        "lead_pairs": "pairs in the lead (all components)",
        "lead_longest": "pairs in its largest component",
        "lead_throw": "the lead is a throw",
        "own_rows": "[row] cards it holds",
        "unseen_rows": "[row] cards it cannot place",
        "buried_points": "points buried / 5, when it may see them",
    },
    "action": {
        "one": "[slot] the decision holds >= 1",
        "two": "[slot] it holds 2",
        "origin": "candidates.pxd ORIGIN_*, one-hot (16)",
        "memory": "it is memory's choice",
        "greedy": "it is greedy's choice",
        "size": "cards",
        "points": "its points >= 5 (i + 1), 16 steps",
        "rows": "[row] its cards per row",
        "shape": "lead: single, pair, tractor, throw",
        "safe": "lead, not a throw: nothing unseen beats it",
        "wins": "follow: wins the trick as it stands",
        "over_partner": "... taking it from the partner",
        "ruff": "follow: a winning ruff",
        "trick_points": "the trick's points with it, >= 5 (i + 1)",
        "cost": "greedy's play cost / 4 (0..255)",
        "broken": "pairs it breaks",
        "voids": "[row] it leaves the seat out of that row",
    },
}


def offsets(layout: tuple[tuple[str, int, int, str], ...]) -> tuple[int, ...]:
    """Where each piece of ``layout`` starts: its sizes' (blocks x width) running sums
    (tools/tables.py writes them into features_offsets.pxd, the C offsets)."""
    return layouts.starts(b * w for _, b, w, _ in layout)


STATE_SIZE = sum(b * w for _, b, w, _ in LAYOUT)  # features_offsets.pxd N_STATE
ACTION_SIZE = sum(b * w for _, b, w, _ in ACTION_LAYOUT)  # features_offsets.pxd N_ACTION
# The digest of the layout (the pieces in order, the sizes): a weights file records the one
# it was trained on and the net bot refuses another (bots/net_file.py).  A change of a
# piece's meaning without a change of the layout must bump LAYOUT_VERSION.
LAYOUT_VERSION = 1
LAYOUT_DIGEST = layouts.digest([LAYOUT_VERSION, STATE_SIZE, ACTION_SIZE, LAYOUT, ACTION_LAYOUT])


def layout_key() -> int:
    """The digest's first 28 bits: features_offsets.pxd's ``LAYOUT_KEY``, which
    features.pyx holds to this when it is imported (a build from another layout is
    refused)."""
    return layouts.key(LAYOUT_DIGEST)
