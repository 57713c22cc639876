"""drivers: the study loops in C: whole hands and matches (hands), duplicate duels (duel), the
hand advisor (advise)."""
