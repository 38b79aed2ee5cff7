"""The installed plugins' entry points, remembered between starts while nothing is installed,
removed or changed: importing :mod:`importlib.metadata` (the e-mail package with it) and reading
every installed distribution's ``entry_points.txt`` would slow every start-up.

The index (``entry-points-*.cache`` in the data folder, one per interpreter and ``sys.path``) is
a :mod:`gm_console.files.signed` file about a fingerprint of what importlib.metadata would read: the
Python version and, for every folder on ``sys.path``, each distribution in it (``*.dist-info``,
``*.egg-info``) with the time and size of its ``entry_points.txt``. Installing, removing or
upgrading a package, or editing its entry points, changes the fingerprint, and the entry points
are read again by importlib.metadata. What the index names is only ever what this user's
gm-console read there (it is signed with their key): a file written by anyone else is ignored.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from functools import lru_cache, reduce
from typing import Any, Callable, NamedTuple

from gm_console.files import signed
from gm_console.files.paths import data_dir

_DISTRIBUTION = (".dist-info", ".egg-info")
# importlib.metadata.EntryPoint's own pattern for a value: module, attribute path, extras
_VALUE = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$")


class Found(NamedTuple):
    name: str
    value: str
    """``module:attribute``, as in ``entry_points.txt``."""
    distribution: str
    """Its distribution's name ("" when unknown)."""


def entry_points(group: str) -> list[Found]:
    """The entry points of ``group``, sorted by name: from the index when nothing installed
    has changed since it was written, otherwise read by importlib.metadata (and indexed)."""
    about = _fingerprint(group)
    # One index per interpreter and search path (a venv, a checkout), so that two of them in
    # turn do not each find the other's index stale.
    search = signed.digest(repr([sys.executable, *sys.path]).encode("utf-8", "surrogateescape"))
    path = data_dir() / f"entry-points-{search[:16]}.cache"
    known = signed.load(path, about, 1 << 20)
    if isinstance(known, list) and all(
            isinstance(row, list) and len(row) == 3 and all(isinstance(f, str) for f in row)
            and _VALUE.match(row[1]) for row in known):
        return [Found(*row) for row in known]
    found = list(_read(group, about))
    signed.store(path, about, [list(row) for row in found], temporary_prefix=".entry-points.")
    return found


def loader(value: str) -> Callable[[], Any]:
    """What ``EntryPoint.load`` does for ``value``: import the module, follow the attributes."""
    def load() -> Any:
        match = _VALUE.match(value)
        if match is None:
            raise ValueError(f"not an entry point: {value!r}")
        module = importlib.import_module(match.group("module"))
        return reduce(getattr, filter(None, (match.group("attr") or "").split(".")), module)
    return load


@lru_cache(maxsize=4)
def _read(group: str, about: str) -> tuple[Found, ...]:
    """What importlib.metadata finds, kept for this process by the fingerprint ``about`` of
    what it reads: a process that loads its plugins again (a new data folder, a settings
    change, each test) with nothing installed since reads no distribution twice."""
    from importlib.metadata import entry_points as installed

    names: dict[int, str] = {}  # per distribution: its metadata parsed once
    found = []
    for ep in sorted(installed(group=group), key=lambda e: e.name):
        if id(ep.dist) not in names:
            names[id(ep.dist)] = _name(ep.dist)
        found.append(Found(ep.name, ep.value, names[id(ep.dist)]))
    return tuple(found)


def _name(dist: Any) -> str:
    try:
        return str(dist.metadata["Name"] or "") if dist is not None else ""
    except Exception:  # unreadable metadata: the plugin still loads
        return ""


def _fingerprint(group: str) -> str:
    parts = [sys.version, group]
    for entry in sys.path:
        folder = os.path.abspath(entry or ".")
        try:
            with os.scandir(folder) as children:
                names = sorted(child.name for child in children
                               if child.name.endswith(_DISTRIBUTION))
        except NotADirectoryError:  # a zip file: any change to it changes its time
            parts.append(f"{folder} {_stat(folder)}")
            continue
        except OSError:  # missing, unreadable
            continue
        if names:  # (a folder without distributions, the current one say, makes no difference)
            parts.append(folder)
        parts += [f"{name} {_stat(os.path.join(folder, name, 'entry_points.txt'))}"
                  for name in names]
    return signed.digest("\n".join(parts).encode("utf-8", "surrogateescape"))


def _stat(path: str) -> str:
    try:
        info = os.stat(path)
    except OSError:
        return "-"
    return f"{info.st_mtime_ns} {info.st_size}"
