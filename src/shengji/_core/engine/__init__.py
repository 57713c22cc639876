"""engine: one hand as a state machine (hand), plays as bitmasks (play), one seat's view
(view), the public record (book), move generation (moves), the step action encoding
(actions)."""
