"""Declares the Cython extensions and the shipped study files; all metadata lives in
pyproject.toml.

Every ``src/shengji/_core/<layer>/<unit>.pyx`` becomes the extension
``shengji._core.<layer>.<unit>`` (found recursively; the C headers live in
``_core/include/``).  No ``-march=native``: wheels and sdists must run on any x86-64 / arm64
machine.  For development, ``SHENGJI_ONLY=base.cards,rules.combos python setup.py build_ext
--inplace`` rebuilds just those units (dotted names below ``shengji._core``).

The build is quick and says what it does:

* Cython runs once per build, in ``build_ext`` only (metadata, sdist and ``build_py`` steps
  never cythonize), on every core, and only for the units whose ``.c`` is older than their
  sources (Cython's own dependency check);
* the C compiler runs on every core (``build_ext --parallel``, default ``os.cpu_count()``;
  ``-j N`` or ``SHENGJI_JOBS=N`` to choose);
* a line on stderr names the number of extensions and cores before compiling (pip shows it
  with ``-v``; without, pip hides a build's output, so the line also goes to the terminal,
  ``/dev/tty``, when there is one);
* a unit whose in-place build is newer than its sources is taken as it is, neither
  cythonized nor compiled (``BuildExt.current_units``): one compile per clone, however many
  ``pip install -e`` follow;
* a missing C compiler or Python.h stops the build with one line saying which, and how to
  get it.

The study files of ``sim/`` are the package's data ``shengji.studies.files`` (mapped, not
copied: ``sim/`` is their one source), so ``shengji run quickstart`` works after install.
"""

import os
import sys
from pathlib import Path

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext

try:
    from setuptools.modified import newer_group
except ImportError:  # setuptools < 69
    from distutils.dep_util import newer_group

SRC = Path("src")
CORE = SRC / "shengji" / "_core"
STUDY_FILES = "shengji.studies.files"  # the package that ships sim/*.toml

CYTHON_DIRECTIVES = {
    "language_level": 3,
    "boundscheck": False,
    "wraparound": False,
    "cdivision": True,
    "initializedcheck": False,
}


def unit_name(pyx: Path) -> str:
    """src/shengji/_core/rules/combos.pyx -> 'rules.combos'."""
    return ".".join(pyx.relative_to(CORE).with_suffix("").parts)


# Units with no hot loop (seeding, packing the rule options, compiling a deal spec, the
# Python-facing step objects, test hooks, Cython's shared utility code): -O2, where the units
# with kernels take -O3 -funroll-loops.  gcc spends about 30 % less CPU time on a unit at -O2
# (deal/spec.c 5.0 -> 3.5 s, step/handcore.c 3.0 -> 2.4 s), and no benchmark runs their code
# in a loop: the kernels they call live in the hot units.
COLD_UNITS = {
    "_cyutility",
    "base.cards",
    "base.interrupt",
    "base.options",
    "base.rng",
    "bidding.entry",
    "bots.registry",
    "deal.spec",
    "drivers.layout",
    "step.bidcore",
    "step.duelcore",
    "step.handcore",
    "step.infoset",
    "step.probes",
}

# No debug information (-g0 after Python's own -g): a quarter of gcc's time on these units
# (bots/net.c 9.5 -> 7.2 s) and nothing a user of the wheel reads; the sanitizer build's -g
# comes later and wins.
NO_DEBUG = ["-g0"]

# Floating-point expressions rounded as written, never fused into one multiply-add
# (-ffp-contract=off): gcc fuses by default wherever the target has FMA instructions (every
# aarch64 build; clang fuses within an expression), and the fused product is not rounded, so
# pimc's and the bidder's doubles (means, variances, z-scores) would differ from x86-64's in
# their last bits and a near tie could be decided otherwise.  The x86-64 baseline has no FMA:
# its code is unchanged.
EXACT_FP = ["-ffp-contract=off"]


# --- Sanitizer build (issue 26): SHENGJI_SANITIZE=address,undefined -------------------------
SANITIZERS = ("address", "undefined")


def sanitize_args(value: str) -> tuple[list[str], list[str]]:
    """Extra (compile, link) args for ``SHENGJI_SANITIZE`` (comma-separated; '' = none).

    ``undefined`` adds ``-fno-sanitize-recover=undefined`` so a UBSan report aborts the run
    instead of printing and carrying on.  ``-O1 -g`` come after ``-O3`` (the last ``-O``
    wins): readable stacks in the reports, at a speed the tests can still run at.  The
    result imports only with the ASan runtime preloaded; ``.ci/sanitize`` drives this build.
    """
    names = [n.strip() for n in value.split(",") if n.strip()]
    bad = sorted(set(names) - set(SANITIZERS))
    if bad:
        raise SystemExit(
            f"SHENGJI_SANITIZE names no sanitizer {', '.join(bad)}; choose from "
            + ", ".join(SANITIZERS)
        )
    if not names:
        return [], []
    flags = [f"-fsanitize={','.join(names)}", "-fno-omit-frame-pointer", "-O1", "-g"]
    if "undefined" in names:
        flags.append("-fno-sanitize-recover=undefined")
    return flags, [f"-fsanitize={','.join(names)}"]


SANITIZE = sanitize_args(os.environ.get("SHENGJI_SANITIZE", ""))  # (compile, link) args


def compile_args(unit: str) -> tuple[list[str], list[str]]:
    """(extra_compile_args, extra_link_args) of one unit's extension: the one place a build
    switch (the sanitizers above) changes them."""
    opt = ["-O2"] if unit in COLD_UNITS else ["-O3", "-funroll-loops"]
    return opt + NO_DEBUG + EXACT_FP + SANITIZE[0], list(SANITIZE[1])


def selected_units() -> list[Path]:
    only = [u for u in os.environ.get("SHENGJI_ONLY", "").split(",") if u]
    units = sorted(CORE.rglob("*.pyx"))
    stale = sorted(COLD_UNITS - {unit_name(p) for p in units} - {SHARED_UNIT})
    if stale:  # a renamed unit would silently become hot
        raise SystemExit(f"setup.py: COLD_UNITS names no unit {', '.join(stale)}")
    unknown = sorted(set(only) - {unit_name(p) for p in units})
    if unknown:
        raise SystemExit(
            f"SHENGJI_ONLY names no unit {', '.join(unknown)}; units: "
            + ", ".join(unit_name(p) for p in units)
        )
    return [p for p in units if not only or unit_name(p) in only]


HEADERS = sorted(str(p) for p in (CORE / "include").glob("*.h"))

# Cython's utility code (typed memoryviews, buffer checks, the common helpers) is written
# once, into this extension, instead of into each of the units that use it: about 40 % of
# the C the compiler reads (Cython >= 3.1, ``shared_utility_qualified_name``).
SHARED = "shengji._core._cyutility"  # cold: buffers are taken at the boundary, once a call
SHARED_UNIT = SHARED.removeprefix("shengji._core.")  # its name among the units' (COLD_UNITS)


def extensions() -> list[Extension]:
    import numpy

    exts = []
    for pyx in selected_units():
        cflags, ldflags = compile_args(unit_name(pyx))
        exts.append(
            Extension(
                f"shengji._core.{unit_name(pyx)}",
                [str(pyx)],
                include_dirs=[numpy.get_include(), str(CORE / "include")],
                define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
                extra_compile_args=cflags,
                extra_link_args=ldflags,
                # a header's edit recompiles the units (the .c itself does not change)
                depends=HEADERS,
            )
        )
    if exts:
        cflags, ldflags = compile_args(SHARED_UNIT)
        exts.append(
            Extension(
                SHARED,
                [str(SRC / (SHARED.replace(".", os.sep) + ".c"))],
                extra_compile_args=cflags,
                extra_link_args=ldflags,
            )
        )
    return exts


def jobs() -> int:
    env = os.environ.get("SHENGJI_JOBS", "")
    if env:
        try:
            if int(env) >= 1:
                return int(env)
        except ValueError:
            pass
        raise SystemExit(f"SHENGJI_JOBS: expected a positive integer, got {env!r}")
    return os.cpu_count() or 1


def announce(message: str) -> None:
    """To stderr, and to the terminal when stderr is not one (pip captures a build's
    output and shows it only with -v or on failure: the user would see nothing)."""
    print(message, file=sys.stderr, flush=True)
    if sys.stderr.isatty():
        return
    try:
        with open("/dev/tty", "w") as tty:
            tty.write(f"\n{message}\n")
    except OSError:
        pass  # no terminal (CI, a log): stderr only


def missing_tool(compiler) -> str | None:
    """What the build lacks, in words with the way to get it (the C compiler, Python's
    headers), or None."""
    import shutil
    import sysconfig

    command = getattr(compiler, "compiler_so", None) or getattr(compiler, "compiler", None)
    if command and shutil.which(command[0]) is None:
        return (
            f"no C compiler: {command[0]!r} is not installed (Debian/Ubuntu: apt install "
            "gcc; Fedora: dnf install gcc; macOS: xcode-select --install)"
        )
    include = sysconfig.get_paths()["include"]
    if not os.path.exists(os.path.join(include, "Python.h")):
        return (
            f"no Python.h in {include}: Python's development headers are not installed "
            f"(Debian/Ubuntu: apt install python{sys.version_info[0]}-dev; Fedora: dnf "
            "install python3-devel)"
        )
    return None


class BuildExt(build_ext):
    """build_ext that cythonizes here (once, in parallel) and compiles in parallel."""

    current: set[str] = set()  # the units whose in-place build is taken (current_units)

    def finalize_options(self):
        if self.parallel is None:
            self.parallel = jobs()
        super().finalize_options()

    def run(self):
        from Cython.Build import cythonize

        exts = self.distribution.ext_modules
        cores = self.parallel if isinstance(self.parallel, int) and self.parallel > 0 else 1
        self.current = self.current_units(exts)
        todo = [ext for ext in exts if ext.name not in self.current]
        if todo:
            fresh = len(exts) - len(todo)
            announce(
                f"shengji: building the compiled core: {len(todo)} C extension"
                f"{'s' if len(todo) != 1 else ''} on {cores} core{'s' if cores != 1 else ''}"
                + (f" ({fresh} more up to date in {SRC}/)" if fresh else "")
                + " (about 1.5 CPU-minutes for all of them; pip prints nothing more until "
                "it is done)"
            )
            made = cythonize(
                todo,
                include_path=[str(SRC)],
                compiler_directives=CYTHON_DIRECTIVES,
                nthreads=cores,
                shared_utility_qualified_name=SHARED,
            )
            # Keep the Extension objects that build_ext has finalized; take the .c sources.
            c_sources = {ext.name: ext.sources for ext in made}
            for ext in todo:
                ext.sources = c_sources[ext.name]
        else:
            announce(f"shengji: the compiled core is up to date in {SRC}/: nothing to compile")
        super().run()

    def build_extensions(self):
        missing = missing_tool(self.compiler)
        if missing and len(self.current) < len(self.extensions):
            announce(f"shengji: cannot build the compiled core: {missing}")
            raise SystemExit(1)
        super().build_extensions()

    def current_units(self, exts) -> set[str]:
        """The units whose in-place build (``src/shengji/_core/.../<unit>.*.so``) is newer
        than every source it is built from in this checkout (its .pyx, the .pxd it cimports,
        the headers of ``_core/include/``, setup.py): those are neither cythonized nor
        compiled again, but copied.  An editable install (``pip install -e .``) builds in a
        temporary folder every time, and in a build environment of its own whose Cython
        files are all new: without this, the test command's ``pip install -e ".[test]"``
        after the set-up's ``pip install -e .`` would compile the whole core again.  Never
        for a sanitizer build, or with ``--force``."""
        if SANITIZE[0] or self.force:
            return set()
        try:  # Cython's own dependency tree (what cythonize reads)
            from Cython.Build.Dependencies import create_dependency_tree
            from Cython.Compiler.Main import CompilationOptions, Context

            tree = create_dependency_tree(
                Context.from_options(CompilationOptions(include_path=[str(SRC)])), quiet=True
            )
        except Exception:  # another Cython's internals: compile everything, as before
            return set()
        here = os.path.abspath(SRC) + os.sep
        common = HEADERS + [__file__]
        current = set()
        for ext in exts:
            built = str(SRC / self.get_ext_filename(ext.name))
            if not os.path.exists(built):
                continue
            if ext.name == SHARED:  # no .pyx: made from Cython itself and this file
                if not newer_group(common, built, "newer"):
                    current.add(ext.name)
                continue
            try:
                deps = {os.path.abspath(d) for d in tree.all_dependencies(ext.sources[0])}
            except Exception:  # Cython could not read it: build it, and hear why
                continue
            mine = sorted(d for d in deps if d.startswith(here)) + common
            if not newer_group(mine, built, "newer"):
                current.add(ext.name)
        return current

    def build_extension(self, ext):
        built = str(SRC / self.get_ext_filename(ext.name))
        target = self.get_ext_fullpath(ext.name)
        if ext.name not in self.current:
            return super().build_extension(ext)
        if os.path.abspath(built) != os.path.abspath(target):
            self.mkpath(os.path.dirname(target))
            self.copy_file(built, target, preserve_times=True)
        return None


setup(
    packages=find_packages("src") + [STUDY_FILES],
    package_dir={"": "src", STUDY_FILES: "sim"},
    package_data={
        "shengji": ["py.typed", "*.pyi", "**/*.pyi", "_core/**/*.pxd", "_core/**/*.pyx"]
        + ["_core/include/*.h"]
        + ["_core/bots/*.npz"]  # the net bot's shipped weights (read when a bot names them)
        + ["studies/costs.json"],  # the measured speed table the estimates read
        STUDY_FILES: ["*.toml"],
    },
    ext_modules=extensions(),
    cmdclass={"build_ext": BuildExt},
)
