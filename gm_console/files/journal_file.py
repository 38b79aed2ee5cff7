"""The journal on disk: ``<session>.journal.jsonl`` beside the session file, one JSON object
per line, appended to.

The journal is most of a long campaign's bytes and it only grows at its end (an undo takes
back the undone operation's lines, the last ones): kept out of the TOML file, a save writes
the small state and appends the new lines, so an operation costs what it changed whatever
the campaign's length. Its lines are read back from the file when asked for (the file is the
:class:`~gm_console.committed.journal.Shelf` of the session's journals): a long campaign's
journal is not held in memory. A line cut by a crash in the middle of an append is dropped when the
file is read: the session's write-ahead log (gm_console.files.commit_log) still holds it,
since the log is truncated only after the save that wrote it.

A session file from before (its journal an array of tables inside it) is read as ever; its
first save moves the journal out, keeping the file as it was as ``<session>.toml.v1.bak``.
"""

from __future__ import annotations

import json
import os
import stat
import threading
from array import array
from pathlib import Path
from typing import Any, Sequence

from gm_console.committed.journal import Journal, Line, encoded, read_through
from gm_console.files.durable_io import fsync_folder, write_all
from gm_console.text.said import say, stored

MAX_LINE_BYTES = 1024 * 1024
"""The longest journal line read: one operation's line is a few hundred bytes."""

CACHED = 256
"""Lines read back kept decoded: a screen's page (the journal screen's table holds 50), and the
last lines, without a read each. No more: a decoded line is a kilobyte or more of dicts, ten
times its bytes on disk, and they stay for as long as the console runs."""


def journal_path(session: Path) -> Path:
    """Beside the session file's real path (a link is written through, as the file is)."""
    target = Path(os.path.realpath(session))
    return target.with_name(f"{target.stem}.journal.jsonl")


class JournalFile:
    """A session's journal on disk: where each line ends in the file, the lines read back,
    and which of the held lines it wrote (a journal's held line is the one on disk when it
    is the very object written)."""

    def __init__(self, session: Path, ends: Sequence[int] = ()) -> None:
        self.path = journal_path(session)
        self._ends = array("q", ends)  # the byte after each line
        self._written: dict[int, Line] = {}  # index -> the line object written there
        self._floor = 0
        """Lines below this are on disk as every journal of the session has them, and no
        undo takes them back (:meth:`settle`): never cut nor written again."""
        self._cache: dict[int, Line] = {}
        self._lock = threading.Lock()  # a screen reads while the saver's thread writes
        self._reader: int | None = None

    def __len__(self) -> int:
        return len(self._ends)

    @classmethod
    def read(cls, session: Path) -> tuple[JournalFile, Journal, str]:
        """The journal on disk, the session's journal of it (its lines read when asked
        for), and what is wrong with it ("" when nothing): a line that is not a JSON table,
        before the last one (the last one a crash may have cut), or a file that is no
        journal. Read a line at a time: a long campaign's file is never in memory whole."""
        path = journal_path(session)
        try:  # not blocking: a FIFO put there would hang the console
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        except FileNotFoundError:
            empty = cls(session)
            return empty, Journal.shelved(empty, 0), ""
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            empty = cls(session)
            return empty, Journal.shelved(empty, 0), "is not a file"
        ends: list[int] = []
        problem, at = "", 0
        with os.fdopen(fd, "rb") as lines:
            number = 0
            while raw := lines.readline(MAX_LINE_BYTES + 1):
                number += 1
                if len(raw) > MAX_LINE_BYTES:
                    problem = (f"line {number} is longer than {MAX_LINE_BYTES:,} bytes: not a "
                               f"journal line")
                    break
                # Each line's shape checked, not parsed: a long campaign's opening costs what
                # a short one's does. A line that is no JSON inside its braces reads as a
                # line saying so where it is (lines()).
                if not (raw.endswith(b"\n") and raw.startswith(b"{")
                        and raw.rstrip().endswith(b"}")):
                    if lines.peek(1):  # not a crash's cut last line: someone's edit
                        problem = (f"line {number} is not a journal line (a JSON table on "
                                   f"one line)")
                    break  # a last line cut by a crash was never acknowledged: the log has it
                at += len(raw)
                ends.append(at)
        found = cls(session, ends)
        return found, Journal.shelved(found, len(ends)), problem

    def moved_in(self) -> None:
        """The journal was read from the session file (the old layout): none of it is in this
        file yet, whatever the file holds."""
        self._ends = array("q")

    def lines(self, start: int, stop: int) -> list[Line]:
        with self._lock:
            return read_through(self._cache, start, stop, self._decode, CACHED)

    def _decode(self, start: int, stop: int) -> list[Line]:
        return [self._decoded(index, text) for index, text in
                enumerate(self._read(start, stop).splitlines(), start)]

    def _decoded(self, index: int, text: bytes) -> Line:
        try:
            line = json.loads(text)
        except ValueError as exc:
            line = None
            problem = f"{exc}"
        else:
            problem = "not a JSON table"
        if isinstance(line, dict):
            return line
        said = say("{file}, line {number}: this line is not a journal line ({problem}); it is "
                   "left as it is in the file", file=self.path.name, number=index + 1,
                   problem=problem)
        return {"kind": "note", "text": str(said), **stored(said), "who": []}

    def raw(self, start: int, stop: int) -> bytes:
        with self._lock:
            return self._read(start, stop) if stop > start else b""

    def _read(self, start: int, stop: int) -> bytes:
        """Lines ``start`` to ``stop`` as on disk (the lock held)."""
        offset = self._ends[start - 1] if start else 0
        if self._reader is None:
            self._reader = os.open(self.path, os.O_RDONLY)
        return os.pread(self._reader, self._ends[stop - 1] - offset, offset)

    def close(self) -> None:
        """Let go of the descriptor lines are read with (the session closes; each opening of
        it has its own): a line read after opens it again."""
        with self._lock:
            if self._reader is not None:
                os.close(self._reader)
                self._reader = None

    def holds(self, index: int, line: Line) -> bool:
        return self._written.get(index) is line

    def settle(self, upto: int, held_from: int) -> int:
        """The first ``upto`` lines of the file are every journal's of the session, for
        good (the store knows: no undo reaches them); the journals that hold lines hold them
        from ``held_from`` on. Returns how many lines journals may now read from here."""
        with self._lock:
            self._floor = max(self._floor, min(upto, len(self._ends)))
            self._written = {i: line for i, line in self._written.items() if i >= held_from}
            return self._floor

    def sync(self, lines: Sequence[Line]) -> None:
        """Make the file hold ``lines``: the lines it shares with what it holds stay, the
        rest is cut and the new ones appended, then fsync'd. A journal only grows at its end
        (an undo takes back the last operation's lines), so this writes what is new."""
        count = len(self._ends)
        shared = min(count, len(lines))
        if isinstance(lines, Journal):
            known = max(lines.on_shelf(self), min(self._floor, len(lines)))
        else:
            known = 0  # another journal's lines: compared with what this file wrote
        while shared > known and not self._has(lines, shared - 1):
            shared -= 1
        if shared == count == len(lines):
            return
        fresh = lines[shared:]
        new = [encoded(entry) + b"\n" for entry in fresh]  # read before the file is cut
        keep = self._ends[shared - 1] if shared else 0
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o666)
        try:  # readers read only lines below ``shared`` (their journals' shelved lines)
            created = os.fstat(fd).st_size == 0 and not count
            os.ftruncate(fd, keep)
            os.lseek(fd, keep, os.SEEK_SET)
            write_all(fd, b"".join(new))
            os.fsync(fd)
        finally:
            os.close(fd)
        if created:  # the file's name as durable as its lines
            fsync_folder(self.path.parent)
        with self._lock:
            del self._ends[shared:]
            for index, (entry, raw) in enumerate(zip(fresh, new), shared):
                self._ends.append((self._ends[-1] if self._ends else 0) + len(raw))
                self._written[index] = entry
            for index in [i for i in self._cache if i >= shared]:
                del self._cache[index]

    def _has(self, lines: Sequence[Line], index: int) -> bool:
        held = lines.held_at(index) if isinstance(lines, Journal) else lines[index]
        return held is not None and self._written.get(index) is held
