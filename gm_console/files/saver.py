"""Saving off the key-press path: the store hands over each new state, a thread writes the
latest one (states handed over while it writes are batched into one save). States are never
changed after the store commits them (each operation works on copies of what it touches), so
the thread can serialise one without copying it, and re-serialises only the tables and
characters that are new since its last save (gm_console.files.serialise); the journal's new
lines are appended to its own file (gm_console.files.journal_file). Each save is a checkpoint
of the session's write-ahead log (gm_console.files.commit_log)."""

from __future__ import annotations

import contextlib
import math
import os
import threading
from pathlib import Path
from time import monotonic, sleep
from typing import Any, Callable

from gm_console.files import codec, comments, serialise
from gm_console.files.comments import Comments
from gm_console.files.journal_file import JournalFile
from gm_console.files.commit_log import CommitLog
from gm_console.text.said import say


class _GaveWay(Exception):
    """Priming stopped: a save is due, or the saver is closing."""


class EditedOutside(Exception):
    """The session file is not what this saver last wrote (or found on opening): someone
    edited it. It is not written over until the game master chooses (Saver.take_edited,
    Saver.keep_live); the live session's changes stay safe in the log meanwhile."""


def write_session(path: Path, state: dict[str, Any], text: str, journal: JournalFile,
                  moved: bool = False, kept: Comments = comments.NONE) -> str:
    """``state`` on disk: its journal's new lines appended to the journal's file, then
    ``text`` (the rest of it, serialised) into the session file with the game master's
    comments ``kept`` back in their places, atomically with its backup; returns the text
    written. ``moved``: the file still holds its journal (the layout before): kept as it is
    as ``<name>.v1.bak`` the first time."""
    journal.sync(state.get("journal", []))
    if moved:
        target = Path(os.path.realpath(path))
        backup = target.with_name(target.name + ".v1.bak")
        if not backup.exists():
            codec.write_atomic(backup, target.read_text(encoding="utf-8"))
    text = comments.kept(text, kept)
    codec.write_atomic(path, text)
    return text


def without_journal(state: dict[str, Any]) -> dict[str, Any]:
    """What the session file holds of ``state``: everything but the journal, which has its
    own file (gm_console.files.journal_file)."""
    return {key: value for key, value in state.items() if key != "journal"}


def _signature(path: Path) -> tuple[int, int, int] | None:
    """What tells that a file changed without reading it: inode, size, modification time."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns)


class Saver:
    def __init__(self, path: Path, on_error: Callable[[str], None] | None = None,
                 delay: float = 0.1, log: CommitLog | None = None,
                 journal: JournalFile | None = None, moved: bool = False,
                 kept: Comments = comments.NONE) -> None:
        self.path = Path(path)
        self.journal = journal if journal is not None else JournalFile(self.path)
        """The journal's own file, as the session was read (codec.Loaded.journal)."""
        self._moved = moved  # the file holds its journal still: the first save moves it out
        self.comments = kept
        """The game master's comments in the file as read, put back by each save."""
        self.on_error = on_error
        self.on_saved_again: Callable[[], None] | None = None
        """Told when a save succeeds after one failed (the console's banner goes)."""
        self.on_written: Callable[[dict[str, Any], JournalFile], None] | None = None
        """Told of each state written (the store reads its journal's older lines back from
        the journal's file from then on: Store.journal_written)."""
        self.log = log
        """The session's write-ahead log: each save is a checkpoint of it (the records the
        saved state holds are dropped from it)."""
        self._pending_seq = 0  # the log's record the pending state holds
        self._expected = _signature(self.path)
        """The file as this saver last wrote it, or as it was found on opening: anything else
        there at the next save is someone's hand edit (EditedOutside)."""
        self.edited = False
        """The file was edited outside gm-console and nothing has been written over it."""
        # A save starts this long after the first change it holds: the key press that made
        # the change repaints first instead of sharing the interpreter with the save, and the
        # changes of those seconds are one save (with a log, the owner's checkpoint_seconds:
        # each change is durable in the log already). flush() and close() do not wait for it.
        self.delay = delay
        self._pending: dict[str, Any] | None = None
        self._due = 0.0
        self._urgent = False
        self._busy = False
        self._closed = False
        self.error: str | None = None
        """Why the last save failed; None once a save succeeds (quitting checks it)."""
        self._retrying = False
        """The pending state is one whose save failed: tried again RETRY_SECONDS later (a disk
        freed, a folder writable again), once at once by flush(), never in a busy loop."""
        self._attempts = 0  # saves tried, failed or not: flush() waits for one of its own
        self._saved: dict[str, Any] | None = None  # the last state on disk, of this saver
        self._key_at = -math.inf
        """When the last key was pressed: serialising waits a while after it (see hold)."""
        self._priming: tuple[dict[str, Any], float] | None = None
        self._serialiser = serialise.Serialiser()
        self._written: str | None = None
        """The text of the last save: a file only touched since is not a hand edit."""
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="gm-console-saver", daemon=True)
        self._thread.start()

    def hold(self) -> None:
        """A key was pressed: for KEY_QUIET seconds, a save being serialised waits between
        its tables, so the key's repaint does not share the interpreter with it (the first
        save of a big campaign serialises all of it, which takes a while); priming waits
        PRIMING_QUIET seconds."""
        self._key_at = monotonic()

    KEY_QUIET = 0.1
    """Seconds after a key during which a save being serialised waits: the key's repaint."""

    PRIMING_QUIET = 0.5
    """Seconds without a key before priming goes on: it saves nothing, so it waits out a
    screen's whole repaint (longer than KEY_QUIET) and keys pressed one after another."""

    GIVE_WAY_AT_MOST = 2.0
    """Seconds a save gives way to keys in all: one made during a long burst of typing is
    on disk this long after its turn at the latest (a kill -9 then loses no more)."""

    def _serialised(self, state: dict[str, Any], priming: bool = False) -> str:
        """``state``'s text. A save gives way to keys for GIVE_WAY_AT_MOST seconds in all;
        priming, which saves nothing, for as long as keys come, and it stops (_GaveWay) once
        a save is pending or the saver closes, the text made so far kept for the save."""
        until = math.inf if priming else monotonic() + self.GIVE_WAY_AT_MOST
        quiet = self.PRIMING_QUIET if priming else self.KEY_QUIET

        def give_way() -> None:
            while True:
                if priming and (self._pending is not None or self._closed):
                    raise _GaveWay
                if self._urgent or self._closed:  # flush() and close() do not wait
                    return
                wait = min(self._key_at + quiet, until) - monotonic()
                if wait <= 0:
                    return
                sleep(wait)
        return self._serialiser.dumps(state, give_way)

    RETRY_SECONDS = 2.0
    """A failed save is tried again this long after, until one succeeds."""
    EDITED_WAIT = 3600.0
    """A save refused over a hand edit is not tried again by itself before this."""

    def schedule(self, state: dict[str, Any], seq: int | None = None,
                 at_once: bool = False) -> None:
        """Save ``state``, which holds the log's records up to ``seq`` (the store says
        which: Store.on_save); by default every record on disk (a state nothing changes
        meanwhile: the session as opened). ``at_once``: without waiting ``delay`` (a session
        created, or taken back from its log, is on disk as soon as it opens)."""
        self.hold()
        with self._cond:
            if self._pending is None or self._retrying or at_once:
                self._due = monotonic() + (0 if at_once else self.delay)
            self._pending, self._retrying = state, False
            self._pending_seq = seq if seq is not None else \
                self.log.durable_seq if self.log is not None else 0
            self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until everything scheduled is on disk; False if it is not by ``timeout``, or
        if the save tried now (a failed one is tried once more at once) failed."""
        with self._cond:
            self._urgent = True
            if self._retrying:
                self._due = monotonic()
            start = self._attempts
            self._cond.notify_all()
            try:
                return self._cond.wait_for(
                    lambda: not self._busy and (self._pending is None or (
                        self._retrying and self._attempts > start)), timeout) \
                    and self._pending is None
            finally:
                self._urgent = False

    def unsaved(self) -> list[str]:
        """The journal lines of what is not on disk (after a save failed): each operation's
        sentence, oldest first; [] when everything is saved."""
        with self._cond:
            pending, saved = self._pending, self._saved
        if pending is None:
            return []
        kept = len(saved.get("journal", [])) if saved is not None else 0
        return [str(line.get("text", "")) for line in pending.get("journal", [])[kept:]]

    def not_saved(self) -> str:
        """What stopping leaves out of the session file, in a sentence ("" when nothing):
        safe in the log, to be taken back on the next opening, or lost without one."""
        unsaved = self.unsaved()
        if not unsaved:
            return ""
        if self.log is not None and self.log.pending:
            return (f"{self.error}; {self.path.name} does not hold {len(unsaved)} operations, "
                    f"kept in {self.log.path} and taken back into the session when it is next "
                    f"opened: {'; '.join(unsaved)}")
        return f"{self.error}; NOT SAVED ({len(unsaved)} operations): {'; '.join(unsaved)}"

    def close(self) -> None:
        self.flush()
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout=5)
        if self.log is not None:
            self.log.close()
        self.journal.close()

    def prime(self, state: dict[str, Any], after: float = 2.0) -> None:
        """Serialise ``state`` without writing it, ``after`` seconds from now (once the first
        screen is up) unless a save comes first: the first save after opening a session then
        costs what its operation changed, not the text of all its tables made while the key
        press waits. It gives way to keys for as long as they come, and to any save."""
        with self._cond:
            if self._saved is None:  # what is on disk: unsaved() counts from it
                self._saved = state
            self._priming = (state, monotonic() + after)
            self._cond.notify_all()

    def write(self, state: dict[str, Any], seq: int = 0) -> None:
        """Serialise ``state`` (which holds the log's records up to ``seq``) and write it now
        (the thread's work; the benchmark times it)."""
        text = self._serialised(without_journal(state))
        self._check_not_edited()
        text = write_session(self.path, state, text, self.journal, self._moved, self.comments)
        self._moved = False
        self._expected = _signature(self.path)
        self._written = text
        self._saved = state
        if self.log is not None:
            self.log.checkpointed(seq)
        if self.on_written is not None:
            self.on_written(state, self.journal)

    def _check_not_edited(self) -> None:
        found = _signature(self.path)
        if found == self._expected:
            return
        last = self._written
        if last is not None and found is not None:
            with contextlib.suppress(OSError, UnicodeDecodeError):
                if self.path.read_text(encoding="utf-8") == last:  # touched, not changed
                    self._expected = found
                    return
        self.edited = True
        raise EditedOutside(say(
            "{name} was changed outside gm-console since it was last saved, and was not "
            "written over; the live session's changes are safe in {log}. In the palette "
            "(ctrl+p): \"Session: take the edited file\" (undoable) or \"Session: keep the "
            "live session\" (the edited file is kept as {edited})", name=self.path.name,
            log=f"{self.path.name}.wal", edited=self.edited_copy.name))

    @property
    def edited_copy(self) -> Path:
        """Where "keep the live session" keeps the edited file."""
        return self.path.with_name(f"{self.path.stem}.edited{self.path.suffix}")

    def take_edited(self, kept: Comments) -> None:
        """The edited file is the session now (the store took it): saves go on over it, with
        its comments ``kept``."""
        with self._cond:
            self.comments = kept
            self._expected, self.edited = _signature(self.path), False
            self._due = monotonic()
            self._cond.notify_all()

    def keep_live(self) -> None:
        """The live session is written over the file, the edited file kept beside it first."""
        codec.write_atomic(self.edited_copy, self.path.read_text(encoding="utf-8"))
        self.take_edited(self.comments)

    def _save_due(self) -> bool:
        return self._pending is not None and (
            monotonic() >= self._due or (not self._retrying and (self._urgent or self._closed)))

    def _prime_due(self) -> bool:
        return self._priming is not None and monotonic() >= self._priming[1]

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._save_due() and not self._prime_due():
                    if self._closed and (self._pending is None or self._retrying):
                        return  # closing: a failed save was tried once more by close's flush
                    wake = [t for t in (self._due if self._pending is not None else None,
                                        self._priming[1] if self._priming else None) if t]
                    self._cond.wait(min(wake) - monotonic() if wake else None)
                priming, self._priming = self._priming, None  # a save primes as well
                state, seq = self._pending, self._pending_seq
                if state is not None:
                    self._pending, self._busy = None, True
            if state is None:  # outside the lock: schedule() never waits for it
                assert priming is not None
                with contextlib.suppress(Exception):  # _GaveWay; an error: the save shows it
                    self._serialised(without_journal(priming[0]), priming=True)
                continue
            try:
                self.write(state, seq)
                recovered, self.error = self.error is not None, None
                if recovered and self.on_saved_again:
                    self.on_saved_again()
            except Exception as exc:  # a full disk must not kill the console: say it, keep going
                edited = isinstance(exc, EditedOutside)
                before, self.error = self.error, exc.args[0] if edited else say(
                    "could not save {path}: {error}", path=str(self.path), error=str(exc))
                with self._cond:
                    if self._pending is None:  # nothing newer: this one is tried again
                        self._pending, self._retrying = state, True
                        self._pending_seq = seq
                        # an edited file waits for the game master's choice, not the clock
                        self._due = monotonic() + (self.EDITED_WAIT if edited
                                                   else self.RETRY_SECONDS)
                if self.on_error and self.error != before:  # said once, not every retry
                    self.on_error(self.error)
            finally:
                with self._cond:
                    self._busy = False
                    self._attempts += 1
                    self._cond.notify_all()
