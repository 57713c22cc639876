# cython: language_level=3
"""Copies packed rule options into the struct the kernels read (``RulesC``, options.pxd).

The core imports nothing above it and knows no presets.  ``shengji.rules.options`` defines every
option once and packs a ``Rules`` into plain ints, one per ``RulesC`` field
(``Rules.packed()``); ``pack_rules`` copies them.  What the core's Python entry points are
given as ``rules``:

* a ``shengji.Rules`` (any object with ``packed()``): used as it is;
* ``None`` (the defaults), a preset name or a dict of options: handed first to the
  resolver the Python layer installed with ``set_resolver`` (``shengji.rules.options`` installs
  ``resolve_rules`` when it is imported, which is before any core function can run:
  importing ``shengji._core.<unit>`` imports the ``shengji`` package first).
"""

cdef object _resolver = None


def set_resolver(resolver):
    """Install ``resolver(rules) -> object with packed()``, used for anything passed as
    rules that has no ``packed()`` (None, a preset name, a dict of options)."""
    global _resolver
    if not callable(resolver):
        raise TypeError(f"resolver must be callable, not {type(resolver).__name__}")
    _resolver = resolver


cdef RulesC pack_rules(object rules) except *:
    cdef RulesC c
    if not hasattr(rules, "packed"):
        if _resolver is None:
            raise TypeError(f"rules: expected a shengji.Rules, got {type(rules).__name__} "
                            "(import shengji to resolve presets and option dicts)")
        rules = _resolver(rules)
    # A missing field raises ValueError("No value specified for struct attribute ...").
    c = rules.packed()
    return c


def packed(rules=None):
    """The struct the kernels receive, as a dict (for tests and debugging)."""
    return pack_rules(rules)
