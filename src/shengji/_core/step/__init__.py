"""step: machines stepped one decision at a time from Python: the bidding (bidcore), the hand
(handcore), one seat's information set (infoset), test probes (probes)."""
