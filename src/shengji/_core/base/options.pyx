# cython: language_level=3
"""Copies packed rule options into the struct the kernels read (``RulesC``, options.pxd).

The core imports nothing above it, knows no presets and never calls back up.
``shengji.rules.options`` defines every option once and packs a ``Rules`` into plain ints,
one per ``RulesC`` field (``Rules.packed()``); ``shengji.rules.pack.rules`` hands that dict
to the core's entry points, and ``pack_rules`` copies it: a dict with every field, each an
int.  Anything else (a ``Rules``, a preset name, None) is a ``TypeError`` naming the door:
the Python layers parse rules at their edges and pack them there.
"""


cdef RulesC pack_rules(object rules) except *:
    cdef RulesC c
    if type(rules) is not dict:
        raise TypeError("rules: the core takes packed rules, a dict of RulesC fields "
                        f"(shengji.rules.pack.rules(a Rules)), got {type(rules).__name__}")
    # A missing field raises ValueError("No value specified for struct attribute ...").
    c = rules
    return c


def packed(rules):
    """The struct the kernels receive from packed rules, as a dict (for tests and
    debugging)."""
    return pack_rules(rules)
