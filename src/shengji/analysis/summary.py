"""Summaries that are plain data and also pictures: a ``dict`` whose Jupyter display is a
table (``shengji.render.reports``)."""

from __future__ import annotations

__all__ = ["DuelSummary"]


class DuelSummary(dict):
    """A duel's summary: a plain dict that Jupyter shows as a table.

    What :func:`shengji.analysis.duel_summary` returns: equal to the dict of the same items,
    and as JSON-ready; only its display in Jupyter differs.

    See Also
    --------
    shengji.analysis.duel_summary : What returns it, and its keys.

    Examples
    --------
    >>> from shengji.analysis.summary import DuelSummary
    >>> s = DuelSummary(team_a="memory", team_b="greedy", deals=4000)
    >>> s == {"team_a": "memory", "team_b": "greedy", "deals": 4000}
    True
    """

    __slots__ = ()

    def _repr_html_(self) -> str:
        from shengji.render.reports import duel_summary_html

        return duel_summary_html(self)
