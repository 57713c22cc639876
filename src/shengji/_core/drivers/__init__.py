"""drivers: the study loops in C: whole hands and matches (hands), duplicate duels (duel), the
hand advisor (advise), the decisions study (decisions), a bot's bidding (bids), a duel's
deals unplayed (layout); each takes one argument, its job (jobs)."""
