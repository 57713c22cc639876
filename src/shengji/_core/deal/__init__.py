"""deal: shuffling and dealing the 108 cards, the deal studies' features (deal)."""
