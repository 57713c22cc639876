"""rules: the rules kernels over cards: combinations, follows, trick winners, throws (combos),
exact tractor placement (placement), kitty, penalties and levels (scoring)."""
