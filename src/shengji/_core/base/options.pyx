# cython: language_level=3
"""Copies packed rule options into the struct the kernels read (``RulesC``, options.pxd).

The core imports nothing above it, knows no presets and never calls back up.
``shengji.rules.option_table`` declares every option once (``OPTIONS``), ``tools/tables.py``
writes ``RulesC`` and the choices' enums from it, and a ``Rules`` packs itself into plain
ints, one per ``RulesC`` field (``Rules.packed()``); ``shengji.rules.pack.rules`` hands that
dict to the core's entry points, and ``pack_rules`` copies it: a dict with every field of
``RulesC`` and no other key, each an int.  A key the struct lacks (an option added to the
table, the core not rebuilt from it) is a ``ValueError`` naming it: never dropped.  Anything
else (a ``Rules``, a preset name, None) is a ``TypeError`` naming the door: the Python
layers parse rules at their edges and pack them there.
"""
from libc.string cimport memset

cdef RulesC _zero
memset(&_zero, 0, sizeof(RulesC))
# RulesC's fields, as the compiled struct has them
FIELDS = tuple(<dict> _zero)


cdef RulesC pack_rules(object rules) except *:
    cdef RulesC c
    if type(rules) is not dict:
        raise TypeError("rules: the core takes packed rules, a dict of RulesC fields "
                        f"(shengji.rules.pack.rules(a Rules)), got {type(rules).__name__}")
    # A missing field raises ValueError("No value specified for struct attribute ...").
    c = rules
    if len(<dict> rules) != len(FIELDS):  # every field is there: so a key is not one
        unknown = ", ".join(repr(k) for k in rules if k not in FIELDS)
        raise ValueError(f"rules: the core's RulesC has no field {unknown} (an option the "
                         "core was not built with: python tools/tables.py, then rebuild)")
    return c


def packed(rules):
    """The struct the kernels receive from packed rules, as a dict (for tests and
    debugging)."""
    return pack_rules(rules)
