"""The session file: TOML with a format version, core tables and one table per plugin.

Reading never changes the file. A file that is not TOML, or not a session, raises
:class:`SessionFileError` naming the file, the line and what is wrong. Tables this console does
not understand (a plugin that is not loaded, a key from a newer version) are kept in the state
as they were read and written back unchanged.
"""

from __future__ import annotations

import copy
import os
import re
import shutil
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gm_console import serialise
from gm_console.core import characters as core_characters

if TYPE_CHECKING:
    from gm_console.host import Host

FORMAT_VERSION = 1


@dataclass
class Problem:
    line: int | None
    message: str


class SessionFileError(Exception):
    def __init__(self, path: Path | str, problems: list[Problem]) -> None:
        self.path = str(path)
        self.problems = problems
        super().__init__(str(self))

    def __str__(self) -> str:
        lines = []
        for problem in self.problems:
            where = f"{self.path}:{problem.line}" if problem.line else self.path
            lines.append(f"{where}: {problem.message}")
        return "\n".join(lines)


def new_session(name: str) -> dict[str, Any]:
    return {"format_version": FORMAT_VERSION, "session": {"name": name},
            "clock": {"day": 1, "second": 8 * 3600}, "characters": [], "journal": []}


def read(path: Path, host: Host) -> dict[str, Any]:
    """Parse and validate a session file, then fill the defaults of the loaded plugins."""
    text = path.read_text(encoding="utf-8")
    state = parse(text, path)
    found = problems(state, host)
    if found:
        raise SessionFileError(path, [Problem(locate(text, where), message)
                                      for where, message in found])
    return prepare(state, host, default_name=path.stem)


def parse(text: str, path: Path | str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        if match:
            message += f" (column {match.group(2)})"
        return _raise(path, int(match.group(1)) if match else None, f"not valid TOML: {message}")


def _raise(path: Path | str, line: int | None, message: str) -> Any:
    raise SessionFileError(path, [Problem(line, message)])


Where = tuple[Any, ...]


def problems(state: dict[str, Any], host: Host) -> list[tuple[Where, str]]:
    found: list[tuple[Where, str]] = []
    version = state.get("format_version", FORMAT_VERSION)
    if not isinstance(version, int) or isinstance(version, bool):
        found.append((("format_version",), "format_version must be a whole number"))
    elif version > FORMAT_VERSION:
        found.append((("format_version",), f"format_version {version} was written by a newer "
                                           f"gm-console (this one reads {FORMAT_VERSION})"))
    for key in ("session", "clock", "plugins", "rolls"):
        if key in state and not isinstance(state[key], dict):
            found.append(((key,), f"{key} must be a table ([{key}])"))
    clock = state.get("clock", {})
    if isinstance(clock, dict):
        day, second = clock.get("day", 1), clock.get("second", 0)
        if not isinstance(day, int) or isinstance(day, bool) or day < 1:
            found.append((("clock", "day"),
                          f"clock day must be a whole number from 1, not {day!r}"))
        if not isinstance(second, int) or isinstance(second, bool) or not 0 <= second < 86400:
            found.append((("clock", "second"), "clock second (seconds since midnight) must be "
                                               f"from 0 to 86399, not {second!r}"))
    characters = state.get("characters", [])
    if not isinstance(characters, list):
        found.append((("characters",), "characters must be an array of tables ([[characters]])"))
        characters = []
    for index, character in enumerate(characters):
        for where, message in core_characters.problems(character, characters[:index]):
            name = character.get("name", f"#{index + 1}") if isinstance(character, dict) else index
            found.append((("characters", index, *where), f"character {name}: {message}"))
    if not isinstance(state.get("journal", []), list):
        found.append((("journal",), "journal must be an array of tables ([[journal]])"))
    plugins = state.get("plugins", {})
    if isinstance(plugins, dict):
        for name, spec in host.sections.items():
            table = plugins.get(name)
            if table is None or spec.validate is None:
                continue
            if not isinstance(table, dict):
                found.append((("plugins", name), f"plugins.{name} must be a table"))
                continue
            for where, message in spec.validate(table):
                found.append((("plugins", name, *where), f"plugins.{name}: {message}"))
    return found


def prepare(state: dict[str, Any], host: Host, default_name: str) -> dict[str, Any]:
    """Fill what a hand-written file may leave out; never remove anything."""
    state.setdefault("format_version", FORMAT_VERSION)
    state.setdefault("session", {}).setdefault("name", default_name)
    state.setdefault("clock", {}).setdefault("day", 1)
    state["clock"].setdefault("second", 8 * 3600)
    state.setdefault("characters", [])
    for character in state["characters"]:
        character.setdefault("items", [])
    state.setdefault("journal", [])
    plugins = state.setdefault("plugins", {})
    for name, spec in host.sections.items():
        table = plugins.setdefault(name, {})
        for key, value in spec.defaults.items():
            table.setdefault(key, copy.deepcopy(value))
    return state


def dumps(state: dict[str, Any]) -> str:
    """The state as TOML, tables in their order (gm_console.serialise; the saver keeps a
    :class:`serialise.Serialiser` that re-serialises only what changed)."""
    return serialise.dumps(state)


def write_atomic(path: Path, text: str) -> None:
    """Temporary file in the same folder, fsync, rename: a crash leaves the old file or the new
    one, never half of one. The file being replaced is kept as ``<name>.bak``."""
    path = Path(path)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            backup = path.with_name(path.name + ".bak")
            shutil.copy2(path, backup)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    dir_fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+|\"[^\"]*\")\s*=")


def locate(text: str, where: Where) -> int | None:
    """The line of ``where`` (("characters", 1, "strength")) in a TOML text, or of the nearest
    table that holds it. Good enough to send an editor to the right place."""
    best_line, best_depth = None, -1
    counters: dict[tuple[Any, ...], int] = {}
    current: tuple[Any, ...] = ()
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header:
            names = tuple(part.strip().strip('"') for part in header.group(2).split("."))
            path: list[Any] = []
            for i, name in enumerate(names):
                path.append(name)
                prefix = tuple(path)
                last = i == len(names) - 1
                if header.group(1) == "[[" and last:
                    counters[prefix] = counters.get(prefix, -1) + 1
                    # a new array element resets the counters of arrays nested below it
                    for key in [k for k in counters if k[:len(prefix)] == prefix and k != prefix]:
                        del counters[key]
                    path.append(counters[prefix])
                elif prefix in counters:
                    path.append(counters[prefix])
            current = tuple(path)
            candidate = current
        else:
            key = _KEY.match(line)
            if not key:
                continue
            candidate = current + (key.group(1).strip('"'),)
        depth = _common(candidate, where)
        if depth == len(candidate) and depth > best_depth:
            best_line, best_depth = number, depth
    return best_line


def _common(a: tuple[Any, ...], b: tuple[Any, ...]) -> int:
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n
