"""bidding: the bidding state machine, its kernel policies and loops (bidding)."""
