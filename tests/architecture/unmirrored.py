"""The modules of ``src/shengji/`` that have no test file at their mirrored path, each with
where it is tested instead (the rule: tests/README.md; the check: test_mirror.py).

Each reason names the test files (paths relative to ``tests/``; ``*`` matches any part of a
name) that test the module: test_mirror.py fails when one names no such file, when none of
them mentions the module (its name or a public name of it), and on an entry whose module
has a mirrored test file or is not a module.  A module leaves this list when it gets its
own test file.  Modules are named relative to ``src/shengji/``.
"""

UNMIRRORED: dict[str, str] = {
    # the package
    "__main__.py": "`python -m shengji` is cli.main run as a process: test_cli_usage.py",
    "schema.py": "the core's schema, exported by it alone: architecture/test_one_schema.py",
    "vector.py": "a short public path: test_moved.py; the env: adapters/test_vector_api.py",
    # the compiled core
    "_core/base/interrupt.pyx": "Ctrl-C inside a nogil kernel: hostile/test_interrupts.py",
    "_core/base/schema.py": "gates/test_tables.py, rules/test_options.py, studies/test_base_*.py",
    "_core/drivers/advise.pyx": "analysis/test_advisor.py",
    "_core/drivers/bids.pyx": "the players' bid odds: core/bots/test_bidder.py",
    "_core/drivers/decisions.pyx": "studies/test_decisions.py",
    "_core/drivers/duel.pyx": "studies/test_duel.py, core/bots/test_pimc.py",
    "_core/step/bidcore.pyx": "BidCore is the reference's late round: bidding/test_phase.py",
    "_core/step/probes.pyx": "core/bots/test_sampler.py, core/bots/test_pimc.py",
    "_core/step/vector.pyx": "the env that steps it: adapters/test_vector_*.py",
    # rules, studies
    "rules/pack.py": "the core's packed rules and bots: rules/test_options.py",
    "studies/bid_odds.py": "bidding/test_simulate.py, studies/test_bid_options.py",
    "studies/config.py": "every study test; the study files: docs/test_sim_files.py",
    # learning (skipped without PyTorch)
    "learn/data.py": "core/bots/test_net.py, learn/test_train.py",
    "learn/model.py": "the numpy twin bit for bit: core/bots/test_net.py",
    "learn/quantize.py": "the integers choose as the float network: core/bots/test_net.py",
    "learn/selfplay.py": "learn/test_train.py",
}
