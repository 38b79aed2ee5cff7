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
import stat
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, NamedTuple, Protocol

import tomli

from gm_console.files import comments, serialise
from gm_console.files.comments import NONE, Comments
from gm_console.files.durable_io import fsync_folder
from gm_console.files.journal_file import JournalFile
from gm_console.files.nesting import MAX_DEPTH, Where, too_deep
from gm_console.files.toml_paths import line_paths
from gm_console.rules import characters as core_characters
from gm_console.text.safe_text import visible

if TYPE_CHECKING:
    from gm_console.contract.sections import SectionSpec
    from gm_console.files.config import Config


class CodecHost(Protocol):
    """What reading and preparing a session file needs of the host (the plugin manager,
    :class:`gm_console.host.manager.Host`, is one): the settings, for the largest file it
    opens, and the plugins' state sections, for their defaults and checks."""

    @property
    def config(self) -> Config: ...
    @property
    def sections(self) -> Mapping[str, SectionSpec]: ...


FORMAT_VERSION = 1
# Limits checked on load (docs/session-file.md, "Limits"; nesting: gm_console.files.nesting):
# past them parsing alone is slow; a clear refusal beats a console that hangs or crashes.
MAX_DAY = 10 ** 13  # a trillion hours from day 1 fits: what clock.advance can do
MAX_CHARACTERS = 100
MAX_ITEMS = 1_000
"""Items one character may carry."""


class Problem(NamedTuple):
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
            lines.append(visible(f"{where}: {problem.message}", lines=False))
        return "\n".join(lines)


def new_session(name: str) -> dict[str, Any]:
    return {"format_version": FORMAT_VERSION, "session": {"name": name},
            "clock": {"day": 1, "second": 8 * 3600}, "characters": [], "journal": []}


def read(path: Path, host: CodecHost) -> dict[str, Any]:
    """Parse and validate a session file, then fill the defaults of the loaded plugins."""
    return load(path, host).state


class Loaded(NamedTuple):
    state: dict[str, Any]
    journal: JournalFile
    """The journal's own file (gm_console.files.journal_file), as read into ``state``."""
    moved: bool
    """The file holds its journal (the layout before the journal had its own file): the
    first save moves it out."""
    comments: Comments = NONE
    """The game master's comments in the file, put back by each save."""


def load(path: Path, host: CodecHost) -> Loaded:
    """:func:`read`, with the session's journal: from its own file, or from inside the
    session file as older versions wrote it."""
    text = read_text(path, host.config.max_session_bytes)
    clean_stale_temporaries(path)
    state = parse(text, path)
    moved = "journal" in state
    found = problems(state, host)
    if found:
        raise SessionFileError(path, [Problem(locate(text, where), message)
                                      for where, message in found])
    journal, lines, cut = JournalFile.read(path)
    if moved:
        journal.moved_in()
    elif cut:
        raise SessionFileError(journal.path, [Problem(None, cut)])
    else:
        state["journal"] = lines
    return Loaded(prepare(state, host, default_name=path.stem), journal, moved,
                  comments.found(text))


def read_text(path: Path, max_bytes: int) -> str:
    """The file's text, or :class:`SessionFileError` saying why it is not a session file. The
    file is opened without blocking and checked to be a regular file before it is read: a FIFO
    or a device would otherwise hang the console."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        if os.path.islink(path):
            return _raise(path, None, f"a link to {os.readlink(path)}, which does not exist")
        return _raise(path, None, "no such session file")
    except IsADirectoryError:
        return _raise(path, None, "is a folder, not a session file")
    except OSError as exc:
        return _raise(path, None, f"cannot read it: {exc.strerror or exc}")
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        if stat.S_ISDIR(info.st_mode):
            return _raise(path, None, "is a folder, not a session file")
        return _raise(path, None, "is not a regular file (a pipe, a device or a socket)")
    with os.fdopen(fd, "rb") as handle:
        if info.st_size > max_bytes:
            return _raise(path, None, f"is {info.st_size:,} bytes, larger than the "
                                      f"{max_bytes:,} bytes a session file may hold "
                                      "(max_session_mb in settings.toml raises the limit)")
        try:
            data = handle.read()
        except OSError as exc:
            return _raise(path, None, f"cannot read it: {exc.strerror or exc}")
    try:
        return data.decode("utf-8-sig")  # a byte-order mark (Notepad) is not content
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        return _raise(path, line, f"not UTF-8 text: byte 0x{data[exc.start]:02x} at column "
                                  f"{column}; save the file as UTF-8")


def parse(text: str, path: Path | str) -> dict[str, Any]:
    try:
        state = tomli.loads(text)  # tomllib's own source, compiled: faster than tomllib
    except tomli.TOMLDecodeError as exc:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        message = re.sub(r"\s*\((at line \d+, column \d+|at end of document)\)", "",
                         str(exc))
        if match:
            message += f" (column {match.group(2)})"
            line = int(match.group(1))
        else:  # cut short: the reader ran out of text, so the end is where it went wrong
            message += " (the file ends too early: was it cut short?)"
            line = max(1, text.count("\n") + (not text.endswith("\n")))
        return _raise(path, line, f"not valid TOML: {message}")
    except RecursionError:
        return _raise(path, _first_deep_line(text), f"tables or arrays nested more than "
                                                     f"{MAX_DEPTH} deep")
    deep = too_deep(state)
    if deep is not None:
        return _raise(path, locate(text, deep) or _first_deep_line(text),
                      f"tables or arrays nested more than {MAX_DEPTH} deep")
    return state


def _first_deep_line(text: str) -> int:
    """The line where brackets first open more than MAX_DEPTH deep (strings not told apart:
    only a hint for a file already refused)."""
    depth = 0
    for number, line in enumerate(text.splitlines(), start=1):
        for char in line:
            depth += char in "[{"
            depth -= char in "]}"
            if depth > MAX_DEPTH:
                return number
    return 1


def _raise(path: Path | str, line: int | None, message: str) -> Any:
    raise SessionFileError(path, [Problem(line, message)])


def problems(state: dict[str, Any], host: CodecHost) -> list[tuple[Where, str]]:
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
        if not isinstance(day, int) or isinstance(day, bool) or not 1 <= day <= MAX_DAY:
            found.append((("clock", "day"), f"clock day must be a whole number from 1 to "
                                            f"{MAX_DAY:,}, not {day!r}"))
        if not isinstance(second, int) or isinstance(second, bool) or not 0 <= second < 86400:
            found.append((("clock", "second"), "clock second (seconds since midnight) must be "
                                               f"from 0 to 86399, not {second!r}"))
    characters = state.get("characters", [])
    if not isinstance(characters, list):
        found.append((("characters",), "characters must be an array of tables ([[characters]])"))
        characters = []
    if len(characters) > MAX_CHARACTERS:
        found.append((("characters", MAX_CHARACTERS), f"more than {MAX_CHARACTERS} characters "
                                                      f"({len(characters):,})"))
        characters = []
    first_named: dict[str, Any] = {}  # the first character of each name: one pass, not n²
    for index, character in enumerate(characters):
        key = str(character.get("name", "")).casefold() if isinstance(character, dict) else ""
        others = [first_named[key]] if key in first_named else []
        first_named.setdefault(key, character)
        items = character.get("items") if isinstance(character, dict) else None
        if isinstance(items, list) and len(items) > MAX_ITEMS:
            found.append((("characters", index, "items", MAX_ITEMS),
                          f"character {character.get('name')}: more than {MAX_ITEMS} items "
                          f"({len(items):,})"))
            continue
        for where, message in core_characters.problems(character, others):
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


def prepare(state: dict[str, Any], host: CodecHost, default_name: str) -> dict[str, Any]:
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
    """The state as TOML, tables in their order (gm_console.files.serialise; the saver keeps a
    :class:`serialise.Serialiser` that re-serialises only what changed)."""
    return serialise.dumps(state)


def write_atomic(path: Path, text: str) -> None:
    """Temporary file in the same folder, fsync, rename: a crash leaves the old file or the new
    one, never half of one. The file being replaced becomes ``<name>.bak`` just as atomically
    (a hard link to it, renamed over the old backup), so a kill or a full disk never leaves a
    torn backup either. A link is written through to its target; the file keeps its mode."""
    target = Path(os.path.realpath(path))
    folder = target.parent
    folder.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
        exists = True
    except FileNotFoundError:
        mode, exists = 0o666 & ~_UMASK, False
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=_TEMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            os.fchmod(handle.fileno(), mode)
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if exists:
            _backup(target)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    fsync_folder(folder)


def _backup(target: Path) -> None:
    """``<name>.bak`` becomes the file about to be replaced, whole or not at all."""
    backup = target.with_name(target.name + ".bak")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=_TEMP_SUFFIX,
                               dir=target.parent)
    os.close(fd)
    try:
        os.unlink(tmp)
        try:
            os.link(target, tmp)  # no bytes copied: nothing for a kill or a full disk to cut
        except OSError:  # a file system without hard links: a copy, synced, then renamed
            with open(target, "rb") as source, open(tmp, "xb") as copy_:
                while chunk := source.read(1 << 20):
                    copy_.write(chunk)
                copy_.flush()
                os.fsync(copy_.fileno())
        os.replace(tmp, backup)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _current_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _current_umask()
_TEMP_SUFFIX = ".tmp"
# mkstemp's names: ".<file name>." + 8 letters, digits or underscores + ".tmp"
_TEMP_TAIL = re.compile(r"\.[a-z0-9_]{8}\.tmp")
STALE_AFTER_S = 60
"""A temporary file this old is left over from a killed save; a save in progress is younger."""


def clean_stale_temporaries(path: Path) -> None:
    """Remove the temporary files that killed saves of ``path`` left behind: only ours (by
    their name), only old ones (another process may be saving this moment)."""
    target = Path(os.path.realpath(path))
    prefix = f".{target.name}"
    now = time.time()
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return
    for entry in entries:
        name = entry.name
        if not (name.startswith(prefix) and _TEMP_TAIL.fullmatch(name[len(prefix):])):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and \
                    now - entry.stat(follow_symlinks=False).st_mtime > STALE_AFTER_S:
                os.unlink(entry.path)
        except OSError:  # a read-only folder: leave them; the session itself is fine
            continue


def locate(text: str, where: Where) -> int | None:
    """The line of ``where`` (("characters", 1, "strength")) in a TOML text, or of the nearest
    table that holds it. Good enough to send an editor to the right place."""
    best_line, best_depth = None, -1
    for number, candidate in enumerate(line_paths(text.splitlines()), start=1):
        if candidate is None:
            continue
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
