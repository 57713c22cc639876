"""The net bot's inputs (compiled): a decision of one seat as bytes, from its view only.  See
features.pyx; its C API is features.pxd."""

# (name, blocks, width, kind) of each piece, in order: kind "slot" (width SLOTS), "row"
# (width ROWS) or "plain"
LAYOUT: tuple[tuple[str, int, int, str], ...]
ACTION_LAYOUT: tuple[tuple[str, int, int, str], ...]
STATE_SIZE: int
LAYOUT_VERSION: int
LAYOUT_DIGEST: str  # sha256 of the layout: a weights file records the one it was made for
ACTION_SIZE: int
SLOTS: int
ROWS: int
SIDE_ROW_RANKS: int  # slots of one side row (its ranks 2..A)
SLOT_LEVEL_BASE: int  # the first off-suit level card's slot (+ its side row)
