"""Sphinx configuration of the shengji documentation site.

Build it (warnings are errors) from the repository root:

    python -m sphinx -W --keep-going docs docs/_build/html

The reference pages (Python API, command line, study files, rule options, bots, output
tables) are generated at build time into docs/reference/generated/ by the extension in
docs/_ext/shengji_docs/.  The notebooks are rendered with the outputs stored in
docs/notebooks/ (written by ``python docs/figures/make_figures.py notebooks``);
Sphinx never executes them.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(DOCS / "_ext"))
# shengji itself: the in-place build of this checkout when there is one, else the installed
if any((ROOT / "src" / "shengji" / "_core" / "base").glob("cards.*.so")):
    sys.path.insert(0, str(ROOT / "src"))
os.environ.setdefault("MPLBACKEND", "Agg")

import shengji  # noqa: E402, F401 (the package the pages document; fails early if missing)

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

project = "shengji"
author = "the shengji authors"
copyright = "the shengji authors"
# the version of this checkout (an in-place build has no installed version to report)
release = version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "numpydoc",
    "myst_nb",
    "sphinx_design",
    "shengji_docs",
]

root_doc = "index"
# No smart quotes: a page's text is copied into a terminal or a file (--engine, not an en
# dash; 'pimc(samples=8)' with the quotes a shell reads).
smartquotes = False
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["_build", "figures/make_figures.py", "**.ipynb_checkpoints"]
# The rule book and the engines' pages link to each other by file name; the other pages
# of docs/ are reached through the toctrees.
suppress_warnings: list[str] = []

# -- MyST and the notebooks ---------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist", "dollarmath", "attrs_inline"]
myst_heading_anchors = 3
nb_execution_mode = "off"  # rendered with their stored outputs (make_figures.py writes them)
nb_merge_streams = True

# -- autodoc and numpydoc -----------------------------------------------------------------
autodoc_typehints = "none"  # the types are in the numpydoc sections
autodoc_member_order = "bysource"
autodoc_default_options = {"exclude-members": "__init__"}
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False

# -- HTML ---------------------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = f"shengji {release}"
html_static_path = ["_static"]
html_favicon = "_static/favicon.svg"
html_context = {"default_mode": "auto"}  # the theme's light/dark switch starts from the system's
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "header_links_before_dropdown": 6,
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
}
# The front page and the top-level pages without sub-pages have no section to navigate:
# no primary sidebar there (it would be an empty "Section Navigation").
html_sidebars = {
    "index": [],
    "getting-started": [],
    "installation": [],
    "development": [],
    "changelog": [],
}
html_css_files = ["shengji.css"]  # code blocks scroll sideways, with a visible scrollbar
html_show_sourcelink = False
