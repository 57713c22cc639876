"""The studies that ship with the package: the TOML files of the repository's ``sim/``,
installed as the package data ``shengji.studies.files`` (setup.py maps ``sim/`` there, so
``sim/`` is their one source).  ``shengji run quickstart`` and
``shengji.analysis.run("quickstart", ...)`` find them by name from any directory;
``shengji studies`` lists them.

Run from a clone without installing (``PYTHONPATH=src``), the names resolve to the clone's
``sim/`` itself.
"""

from __future__ import annotations

from pathlib import Path

from shengji.studies.base import ConfigError, load_study_file

SUFFIX = ".toml"


def files_dir() -> Path | None:
    """The folder of the shipped study files: the installed package data, else (a clone
    run in place) the repository's ``sim/``; None if neither exists."""
    installed = Path(__file__).resolve().parent / "files"
    if installed.is_dir():
        return installed
    clone = Path(__file__).resolve().parents[3] / "sim"
    if clone.is_dir() and (clone.parent / "src" / "shengji").is_dir():
        return clone
    return None


def shipped() -> dict[str, Path]:
    """name -> study file, in name order (``quickstart`` -> ``.../quickstart.toml``)."""
    d = files_dir()
    if d is None:
        return {}
    return {p.stem: p for p in sorted(d.glob("*" + SUFFIX))}


def descriptions() -> list[tuple[str, str, str]]:
    """(name, kind, one-line description) of every shipped study."""
    rows = []
    for name, path in shipped().items():
        data = load_study_file(path)
        rows.append((name, str(data.get("study", "?")), str(data.get("description", ""))))
    return rows


def looks_like_name(text: str) -> bool:
    """A bare word (no folder, no .toml): a shipped study's name rather than a path."""
    return bool(text) and "/" not in text and "\\" not in text and not text.endswith(SUFFIX)


def resolve(study: str | Path) -> Path:
    """A study argument -> its file: an existing file as given, else a shipped study's
    name.  A name that ships nothing (or a missing file) is one ``ConfigError`` line that
    lists the names."""
    p = Path(study)
    if p.is_file():
        return p
    text = str(study)
    names = shipped()
    if looks_like_name(text) and text in names:
        return names[text]
    listed = ", ".join(names) or "(none found: is shengji installed?)"
    if looks_like_name(text):
        raise ConfigError(f"no study named {text!r}; the shipped studies: {listed}")
    if not p.exists():
        raise ConfigError(f"study file {text!r} not found (or name a shipped study: {listed})")
    return p  # a directory or unreadable file: load_study_file says which
