"""The write-ahead record of a session: what each operation changed, on disk before anyone is
told it was done.

``<session>.wal`` beside the session file holds one line per committed operation or undo:
the CRC-32 of its JSON, then the JSON ``{"n": sequence, "op": name, "set": {table: value},
"items": {table: [length, {index: element}]}, "plugins": {plugin: table}, "drop": [...],
"drop_plugins": [...], "journal": [kept, [lines]]}`` (``items``: a list of tables of which an
operation changed a few elements, the characters most often, as its length and those
elements: one item added to one of 50 characters writes that character, not the party).
Each line is written and fdatasync'd before anyone is told of the change (about 0.2 ms on
this project's machines: a key's frame is 16 ms; changes that come together share one
fdatasync, :class:`CommitLog`), so an acknowledged change survives a kill -9 of any process
and a power cut. Every record says what its tables *are* after the
change, not how they changed, and the journal's lines kept before the new ones: replaying a
record the session file already holds changes nothing, so a crash between a checkpoint and
the log's truncation loses and doubles nothing.

The session file stays the readable truth: the saver checkpoints the state into it (atomically,
with its backup) soon after each change and then drops the records it holds
(:meth:`CommitLog.checkpointed`); a clean exit leaves no log at all. Opening a session replays
what its file lacks (:func:`replay`); a torn last line (a crash in the middle of writing it)
was never acknowledged and is dropped.
"""

from __future__ import annotations

import datetime as dt
import json
import contextlib
import os
import threading
import zlib
from pathlib import Path
from typing import Any, NamedTuple

from gm_console.committed.elements import GAP, changed_elements, with_elements
from gm_console.committed.journal import Journal, shared_prefix
from gm_console.files.durable_io import fsync_folder, write_all

_TOML_TIMES = {"datetime": dt.datetime.fromisoformat, "date": dt.date.fromisoformat,
               "time": dt.time.fromisoformat}
_TAG = "$toml"  # a TOML date or time in JSON: {"$toml": "date", "value": "2026-12-06"}


def _encode(value: Any) -> Any:
    for kind, cls in (("datetime", dt.datetime), ("date", dt.date), ("time", dt.time)):
        if isinstance(value, cls):
            return {_TAG: kind, "value": value.isoformat()}
    raise TypeError(f"cannot log a {type(value).__name__}")


def _decode(table: dict[str, Any]) -> Any:
    if len(table) == 2 and table.get(_TAG) in _TOML_TIMES and isinstance(table.get("value"), str):
        return _TOML_TIMES[table[_TAG]](table["value"])
    return table


def log_path(session: Path) -> Path:
    """Where ``session``'s log lives: beside the file it is written for (a link's target)."""
    target = Path(os.path.realpath(session))
    return target.with_name(target.name + ".wal")


def record_of(before: dict[str, Any], after: dict[str, Any], op: str) -> dict[str, Any]:
    """What ``after`` holds that ``before`` does not, as a record. Committed states share every
    table an operation did not reach (copy-on-write), so identity tells what to write."""
    record: dict[str, Any] = {"op": op, "set": {}, "plugins": {}}
    for key, value in after.items():
        old = before.get(key)
        if key in ("journal", "plugins") or old is value:
            continue
        changed = changed_elements(old, value)
        if changed is None:
            record["set"][key] = value
        else:
            record.setdefault("items", {})[key] = [len(value), changed]
    record["drop"] = [key for key in before if key not in after]
    old_plugins, new_plugins = before.get("plugins", {}), after.get("plugins", {})
    if old_plugins is not new_plugins:
        record["plugins"] = {name: table for name, table in new_plugins.items()
                             if old_plugins.get(name) is not table}
        record["drop_plugins"] = [name for name in old_plugins if name not in new_plugins]
    old_lines, new_lines = before.get("journal", []), after.get("journal", [])
    kept = shared_prefix(old_lines, new_lines)  # an undo takes back the undone lines
    record["journal"] = [kept, new_lines[kept:]]
    return record


class LogMismatch(ValueError):
    """A record of the log does not fit the state it is replayed on (a session file changed by
    hand after a crash, before its log was taken back): nothing is replayed."""


def replay(state: dict[str, Any], records: list[dict[str, Any]]) -> dict[str, Any]:
    """``state`` with ``records`` applied in order (a new dict; ``state`` is left as it is).
    Replaying a record ``state`` already holds changes nothing (a checkpoint written before
    its records were dropped): ``items`` put back the elements their record changed, and a
    later record writes every place whose element it changed, so a list comes out as the last
    record left it. LogMismatch when a record does not fit."""
    state = dict(state)
    listed: set[str] = set()
    for record in records:
        state.update(record.get("set", {}))
        for key, (length, changed) in record.get("items", {}).items():
            elements = with_elements(state.get(key, []), length, changed)
            if elements is None:
                raise LogMismatch(f"change {record.get('n')} of the log changes elements of "
                                  f"{key!r}, which the session file does not hold as a list")
            state[key] = elements
            listed.add(key)
        for key in record.get("drop", []):
            state.pop(key, None)
        if record.get("plugins") or record.get("drop_plugins"):
            plugins = dict(state.get("plugins", {}))
            plugins.update(record.get("plugins", {}))
            for name in record.get("drop_plugins", []):
                plugins.pop(name, None)
            state["plugins"] = plugins
        kept, added = record.get("journal", [None, []])
        if kept is not None:
            state["journal"] = Journal.of(state.get("journal", [])).head(kept).plus(added)
    for key in listed:
        if any(element is GAP for element in state.get(key, [])):
            raise LogMismatch(f"the log's changes of {key!r} do not fit the session file's")
    return state


class Read(NamedTuple):
    records: list[dict[str, Any]]
    lines: list[bytes]  # each record's line as written
    torn: bool  # the last line was cut (never acknowledged) and is left out


def read(session: Path) -> Read:
    """The records in ``session``'s log, oldest first; none without a log. A line whose
    checksum does not match ends the log: what follows it was never acknowledged."""
    try:
        data = log_path(session).read_bytes()
    except FileNotFoundError:
        return Read([], [], False)
    records: list[dict[str, Any]] = []
    lines: list[bytes] = []
    for line in data.splitlines(keepends=True):
        checksum, _, body = line.rstrip(b"\n").partition(b" ")
        try:
            if not line.endswith(b"\n") or int(checksum, 16) != zlib.crc32(body):
                return Read(records, lines, True)
            records.append(json.loads(body, object_hook=_decode))
        except ValueError:
            return Read(records, lines, True)
        lines.append(line)
    return Read(records, lines, False)


class CommitLog:
    """The log a session's owner appends to; one per session, the owner's alone.

    Group commit: :meth:`write` puts a record in the file and :meth:`sync` waits until it is
    on disk. One fdatasync covers every record written before it started, so operations that
    come together (fronts at once, keys in a burst) share one: the first to sync leads, and
    those written while its fdatasync runs share the next one. A failed fdatasync leaves the
    log *broken* (:attr:`broken`): nothing more is written or said to be on disk until the
    store has taken back every change not yet on disk (:meth:`rolled_back`), for those
    records' pages may be lost even if a later fdatasync succeeds."""

    def __init__(self, session: Path, found: Read | None = None) -> None:
        """``found``: what the log held when the session was opened (replayed into its state,
        not yet in its file): kept until a checkpoint holds it."""
        self.path = log_path(session)
        lines = found.lines if found else []
        self._unchecked: list[tuple[int, bytes]] = [
            (int(record.get("n", 0)), line) for record, line in zip(found.records, lines)
        ] if found else []  # written, not yet in the session file
        self.seq = self._unchecked[-1][0] if self._unchecked else 0
        """The number of the last record written."""
        self.durable_seq = self.seq
        """The number of the last record known to be on disk."""
        self._good = sum(map(len, lines))  # a torn tail after it is cut before appending
        self._durable_size = self._good  # the file's length up to durable_seq
        self._fd: int | None = None
        self._lock = threading.Condition()
        self._syncing = False  # an fdatasync is running (outside the lock: writes go on)
        self.broken: str | None = None
        """Why an fdatasync failed, until the store took back what it did not cover."""
        self.error: str | None = None
        """Why the last record could not be written or synced; None once one is."""

    def write(self, record: dict[str, Any]) -> int:
        """Write ``record`` (not yet on disk: :meth:`sync`); its number. An OSError (a full
        disk, a read-only folder, an I/O error, the log broken) means nothing was written:
        the caller refuses the change, and the log is as it was."""
        with self._lock:
            if self.broken is not None:
                raise OSError(self.broken)
            body = json.dumps({"n": self.seq + 1, **record}, ensure_ascii=False,
                              separators=(",", ":"), default=_encode).encode()
            line = b"%08x %s\n" % (zlib.crc32(body), body)
            try:
                fd = self._open()
                size = os.fstat(fd).st_size
                try:
                    write_all(fd, line)
                except OSError:
                    os.ftruncate(fd, size)  # no half line left for the next one to follow
                    raise
            except OSError as exc:
                self.error = str(exc.strerror or exc)
                raise
            self.seq += 1
            self._good += len(line)
            self._unchecked.append((self.seq, line))
            return self.seq

    def sync(self, seq: int) -> None:
        """Return once record ``seq`` is on disk; OSError if the fdatasync that was to cover
        it failed (the log is then :attr:`broken`)."""
        with self._lock:
            while self._syncing and self.durable_seq < seq and self.broken is None:
                self._lock.wait()  # the fdatasync running may cover it
            if self.durable_seq >= seq:
                return
            if self.broken is not None:
                raise OSError(self.broken)
            self._syncing, target, size, fd = True, self.seq, self._good, self._open()
        try:
            os.fdatasync(fd)
        except OSError as exc:
            with self._lock:
                self._syncing = False
                self.broken = self.error = str(exc.strerror or exc)
                self._lock.notify_all()
            raise
        with self._lock:
            self._syncing = False
            self.error = None
            if self.durable_seq < target:  # a checkpoint meanwhile may have covered more
                self.durable_seq, self._durable_size = target, size
            self._lock.notify_all()

    def rolled_back(self) -> None:
        """The store took back every change whose record was not on disk when the log broke:
        those records go, and the log takes records again."""
        with self._lock:
            if self.broken is None:
                return
            self._unchecked = [(n, line) for n, line in self._unchecked
                               if n <= self.durable_seq]
            self.seq, self._good = self.durable_seq, self._durable_size
            with contextlib.suppress(OSError):  # what is left past it is cut before appending
                os.ftruncate(self._open(), self._good)
            self.broken = None

    def _open(self) -> int:
        if self._fd is None:
            existed = self.path.exists()
            self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            if os.fstat(self._fd).st_size > self._good:
                os.ftruncate(self._fd, self._good)
            if not existed:  # the file's name is as durable as its lines
                fsync_folder(self.path.parent)
        return self._fd

    def checkpointed(self, seq: int) -> None:
        """The session file now holds everything up to record ``seq``: those records go."""
        with self._lock:
            while self._syncing:  # its descriptor is not closed under it
                self._lock.wait()
            left = [(n, line) for n, line in self._unchecked if n > seq]
            if len(left) == len(self._unchecked):
                return
            fd = self._open()
            # What the log holds in memory changes only once the file does: a checkpoint that
            # failed (a full disk) leaves both as they were, to be tried again.
            if left:
                tmp = self.path.with_name(f".{self.path.name}.tmp")
                with open(tmp, "wb") as handle:
                    handle.write(b"".join(line for _, line in left))
                    handle.flush()
                    os.fsync(handle.fileno())
                os.replace(tmp, self.path)
                os.close(fd)
                self._fd = None
            else:
                os.ftruncate(fd, 0)
            self._unchecked = left
            self._good = sum(len(line) for _, line in left)
            self._synced_all()
            if left:  # the new file's name as durable as its lines
                fsync_folder(self.path.parent)
            else:
                os.fsync(fd)

    def _synced_all(self) -> None:
        """The file was just written anew and fsync'd: every line in it is on disk (unless
        the log is broken: the lines past durable_seq go all the same)."""
        if self.broken is None:
            self.durable_seq = self.seq
        self._durable_size = sum(len(line) for n, line in self._unchecked
                                 if n <= self.durable_seq)

    @property
    def pending(self) -> int:
        """Records on disk in the log and not yet in the session file."""
        return len(self._unchecked)

    def close(self) -> None:
        """No log is left once the session file holds everything; else it stays, for the next
        opening to replay."""
        with self._lock:
            while self._syncing:  # its descriptor is not closed under it
                self._lock.wait()
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None
            if not self._unchecked:
                self.path.unlink(missing_ok=True)
