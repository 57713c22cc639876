"""drivers: the study loops in C: whole hands and matches (hands), duplicate duels (duel), the
hand advisor (advise), the decisions study (decisions), a bot's bidding (bids), its bid
decisions with hindsight values (bid_decisions), a duel's deals unplayed (layout); each
takes one argument, its job (jobs)."""
