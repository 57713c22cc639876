"""base: the card encoding and per-trump tables (cards), the random streams and the seeding
rule (rng), the rule options packed for C (options), bit helpers (bits)."""
