"""The journal on disk: ``<session>.journal.jsonl`` beside the session file, one JSON object
per line, appended to.

The journal is most of a long campaign's bytes and it only grows at its end (an undo takes
back the undone operation's lines, the last ones): kept out of the TOML file, a save writes
the small state and appends the new lines, so an operation costs what it changed whatever
the campaign's length. A line cut by a crash in the middle of an append is dropped when the
file is read: the session's write-ahead log (gm_console.files.commit_log) still holds it,
since the log is truncated only after the save that wrote it.

A session file from before (its journal an array of tables inside it) is read as ever; its
first save moves the journal out, keeping the file as it was as ``<session>.toml.v1.bak``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Sequence

from gm_console.files.durable_io import fsync_folder, write_all


def journal_path(session: Path) -> Path:
    """Beside the session file's real path (a link is written through, as the file is)."""
    target = Path(os.path.realpath(session))
    return target.with_name(f"{target.stem}.journal.jsonl")


def _line(entry: dict[str, Any]) -> bytes:
    return json.dumps(entry, ensure_ascii=False, separators=(",", ":"), default=str).encode() \
        + b"\n"


class JournalFile:
    """What of a session's journal is on disk, and where each line ends in the file."""

    def __init__(self, session: Path, lines: Sequence[dict[str, Any]] = (),
                 ends: list[int] | None = None) -> None:
        self.path = journal_path(session)
        self._lines: Sequence[dict[str, Any]] = lines  # as on disk: the same objects
        self._ends: list[int] = ends if ends is not None else []  # byte after each line

    @classmethod
    def read(cls, session: Path) -> tuple[JournalFile, list[dict[str, Any]], str]:
        """The journal on disk, its lines, and what is wrong with it ("" when nothing): a line
        that is not a JSON table, before the last one (the last one a crash may have cut)."""
        try:
            data = journal_path(session).read_bytes()
        except FileNotFoundError:
            return cls(session), [], ""
        lines: list[dict[str, Any]] = []
        ends: list[int] = []
        problem, at = "", 0
        raws = data.splitlines(keepends=True)
        for number, raw in enumerate(raws, 1):
            try:
                entry = json.loads(raw) if raw.endswith(b"\n") else None
            except ValueError:
                entry = None
            if not isinstance(entry, dict):
                if number < len(raws):  # not a crash's cut last line: someone's edit
                    problem = f"line {number} is not a journal line (a JSON table on one line)"
                break  # a last line cut by a crash was never acknowledged: the log has it
            at += len(raw)
            lines.append(entry)
            ends.append(at)
        return cls(session, lines, ends), lines, problem

    def moved_in(self) -> None:
        """The journal was read from the session file (the old layout): none of it is in this
        file yet, whatever the file holds."""
        self._lines, self._ends = (), []

    def sync(self, lines: Sequence[dict[str, Any]]) -> None:
        """Make the file hold ``lines``: the lines it shares with what it holds (the same
        objects, from the start) stay, the rest is cut and the new ones appended, then
        fsync'd. A journal only grows at its end, so this writes what is new."""
        old = self._lines
        shared = min(len(old), len(lines))
        while shared and old[shared - 1] is not lines[shared - 1]:
            shared -= 1
        if shared == len(old) == len(lines):
            return
        keep = self._ends[shared - 1] if shared else 0
        new = [_line(entry) for entry in lines[shared:]]
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o666)
        try:
            created = os.fstat(fd).st_size == 0 and not old
            os.ftruncate(fd, keep)
            os.lseek(fd, keep, os.SEEK_SET)
            write_all(fd, b"".join(new))
            os.fsync(fd)
        finally:
            os.close(fd)
        if created:  # the file's name as durable as its lines
            fsync_folder(self.path.parent)
        ends = self._ends[:shared]
        for raw in new:
            ends.append((ends[-1] if ends else 0) + len(raw))
        self._lines, self._ends = lines, ends
