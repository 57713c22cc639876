"""The core's arguments for the tests that call a kernel directly: rules as the core takes
them (packed by shengji.rules.pack; a preset name, a dict or None resolved first, as an edge
would)."""

from __future__ import annotations

from shengji.rules import pack
from shengji.rules.options import Rules, resolve_rules


def core_rules(rules: Rules | str | dict | None = None) -> dict[str, int]:
    """``rules`` (a Rules, a preset name, a dict of options or None) packed for the core."""
    return pack.rules(resolve_rules(rules))
