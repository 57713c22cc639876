"""The Sphinx extension that writes the generated reference pages at build time.

On ``builder-inited`` it writes, into ``docs/reference/generated/`` (git-ignored):

* ``api/``: the Python API, from the public surface (``tools/public_surface.py``);
* ``cli.rst``: the command line, from ``shengji.cli.build_parser``;
* ``study-files.rst`` and ``tables.rst``: the study-file keys of every kind and the output
  tables' columns, from the studies (``studies.py``);
* ``rule-options.rst``: the rule options and presets, from ``OPTIONS`` and ``PRESETS``;
* ``bots.rst``: the bots and their parameters, from the bot table (``bots.bot_table``).

A description missing from ``glossary.py`` (or left there for something that is gone) is a
warning: the site builds with warnings as errors.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from sphinx.util import logging

GENERATED = Path("reference") / "generated"
logger = logging.getLogger(__name__)


def _surface(root: Path):
    spec = importlib.util.spec_from_file_location(
        "shengji_public_surface", root / "tools" / "public_surface.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def generate(app) -> None:
    from . import api, bots, cli, rules, studies

    dest = Path(app.srcdir) / GENERATED
    root = Path(app.srcdir).parent

    def warn(message: str) -> None:
        logger.warning("shengji reference: %s", message)

    api.generate(dest / "api", _surface(root))
    cli.generate(dest)
    studies.generate(dest, warn)
    rules.generate(dest)
    bots.generate(dest, warn)


def setup(app):
    app.connect("builder-inited", generate)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
