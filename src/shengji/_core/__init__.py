"""The compiled core, one folder per layer (docs/architecture.md): base, rules, deal, bidding,
engine, bots, drivers, step; the C headers in include/.  Private: the Python API above
validates every value before it reaches a kernel."""
