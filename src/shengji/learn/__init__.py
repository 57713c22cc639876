"""Training the net bot (``_core.bots.net``): data from a teacher's decisions (the
decisions study), the network in PyTorch, its export to the weights the core plays, and its
evaluation in duels.  ``python -m shengji.learn.train --help``; docs/hand-engine.md, "net".

Needs PyTorch (CPU): ``pip install "shengji[learn]"``.  The core never does: the bot runs the
exported weights in C."""
