"""The docstring gate: numpydoc's validation of the public surface's docstrings.

    python tools/docstrings.py            # every finding, one line each; exit 1 if any
    python tools/docstrings.py --list     # the objects checked

The objects are those ``tools/public_surface.py`` declares: every function and class
exported by a module of ``PUBLIC_MODULES`` (its ``__all__``), and each class's own public
methods and properties.  Each docstring is validated by ``numpydoc.validate`` against the numpydoc
standard (Parameters, Returns, Raises, Examples sections), with these checks left out,
as the project's style differs or they ask for more than a reference page needs:

* GL01: the summary starts on the line of the opening quotes (PEP 257), not the next;
* ES01: an extended summary is welcome, not required;
* SA01: a See Also section is welcome, not required;
* EX01 for methods and properties: the class's Examples show them (functions and classes
  need their Examples);
* RT01 for properties: a property's summary says what it is.

The Examples themselves run as doctests in ``tests/docs/test_docstrings.py``.
"""

from __future__ import annotations

import argparse
import importlib.util
import inspect
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IGNORED = {"GL01", "ES01", "SA01"}
IGNORED_FOR_MEMBERS = {"EX01"}
IGNORED_FOR_PROPERTIES = {"RT01", "PR01", "PR02"}


def _surface():
    try:
        import shengji  # noqa: F401
    except ImportError:
        sys.path.insert(0, str(ROOT / "src"))
    spec = importlib.util.spec_from_file_location(
        "shengji_public_surface", ROOT / "tools" / "public_surface.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _validate(name: str, obj) -> list[tuple[str, str]]:
    """numpydoc's findings (code, message) for one object, less the ignored checks."""
    from numpydoc.validate import get_doc_object, validate

    if isinstance(obj, property):
        errors = validate(get_doc_object(obj.fget))["errors"]
        skip = IGNORED | IGNORED_FOR_MEMBERS | IGNORED_FOR_PROPERTIES
    else:
        errors = validate(get_doc_object(obj))["errors"]
        member = inspect.isfunction(obj) and "." in getattr(obj, "__qualname__", "")
        skip = IGNORED | (IGNORED_FOR_MEMBERS if member else set())
    return [(code, msg) for code, msg in errors if code not in skip]


def findings(surface) -> list[str]:
    out = []
    for name, obj in surface.checked_objects():
        for code, msg in _validate(name, obj):
            out.append(f"{name}: {code} {msg}")
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--list", action="store_true", help="list the objects checked")
    args = p.parse_args(argv)
    surface = _surface()
    if args.list:
        for name, _ in surface.checked_objects():
            print(name)
        return 0
    found = findings(surface)
    for line in found:
        print(line)
    n = len(surface.checked_objects())
    print(
        f"docstrings: {len(found)} finding(s) in {n} objects of "
        f"{len(surface.PUBLIC_MODULES)} modules (tools/public_surface.py PUBLIC_MODULES)",
        file=sys.stderr,
    )
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
