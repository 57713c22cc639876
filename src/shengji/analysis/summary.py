"""Summaries that are plain data and also pictures: a ``dict`` whose Jupyter display is a
table (``shengji.game.render_html``)."""

from __future__ import annotations

__all__ = ["DuelSummary"]


class DuelSummary(dict):
    """What ``shengji.analysis.duel_summary`` returns: a plain dict (equal to one, JSON-ready)
    that Jupyter shows as a table."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        from shengji.game.render_html import duel_summary_html

        return duel_summary_html(self)
