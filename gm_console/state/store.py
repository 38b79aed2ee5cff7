"""The session store: the one owner of the state.

Every change is an operation, applied one at a time: typed parameters, check, apply on a draft
of the state (copy-on-write, gm_console.committed.cow: only the tables the operation reaches are
copied), journal lines, undo history, its record written ahead in the session's log, then, once
the log has it on disk, a change event to every subscriber and a save off the caller's path.
Operations that come together (fronts at once) share one fdatasync of the log (group commit):
each is applied on the *head* state, the one the next operation starts from, and the state
everyone reads (:attr:`Store.state`) becomes it, in order, only once it is on disk; if the
disk fails, every change not on disk is taken back and refused to whoever asked. A committed state is never changed afterwards: the saver, the undo history and
the views' caches hold on to it. The store knows nothing of Textual or of who is calling: the
TUI, ``gm-console op`` and a live session's owner (:mod:`gm_console.live`, for the other
terminals and the game server's fronts, :mod:`gm_console.gameserver`) call
:meth:`Store.apply` with an actor name and subscribe to :class:`Change` events.
"""

from __future__ import annotations

import collections
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Protocol

from gm_console.committed.cow import Draft
from gm_console.committed.derived_cache import DerivedCache
from gm_console.committed.journal import Journal
from gm_console.contract.operations import Refused
from gm_console.contract.session import OpContext, Session
from gm_console.files.commit_log import CommitLog, record_of
from gm_console.files.journal_file import JournalFile
from gm_console.files.storable import NOTHING, storable, unsavable
from gm_console.host.manager import Host
from gm_console.text.said import Said, restored, say, stored


class Change(NamedTuple):
    """Published after every applied operation or undo. ``areas`` names what changed: every
    top-level table that differs (``characters``, ``clock``, ``rolls``, ...), every plugin whose
    table differs (by its name), ``journal``, what the operation touched, and the operation's
    own area (``travel``); ``*`` after an undo. Each view redraws only what it shows."""

    op: str
    message: str
    areas: frozenset[str]
    actor: str
    undo: bool = False


@dataclass
class Outcome:
    """What applying an operation came to: its sentence, or why it was refused."""

    ok: bool
    op: str
    message: str = ""
    reason: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    journal: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        """The outcome as JSON carries it (``op``'s output, a live client's answer); a
        sentence's template rides beside it (``said``) for a reader in another language."""
        if not self.ok:
            return {"ok": False, "op": self.op, "reason": str(self.reason),
                    **stored(self.reason)}
        return {"ok": True, "op": self.op, "message": str(self.message),
                **stored(self.message), "data": self.data, "journal": self.journal}

    @classmethod
    def from_dict(cls, given: dict[str, Any], op: str = "") -> Outcome:
        """An outcome from what :meth:`as_dict` sent (a live owner's answer)."""
        said = given.get("said")
        if not given.get("ok"):
            return cls(False, str(given.get("op", op)),
                       reason=restored(str(given.get("reason", "")), said))
        return cls(True, str(given.get("op", op)), restored(str(given.get("message", "")), said),
                   data=dict(given.get("data") or {}), journal=list(given.get("journal") or []))


class SessionStore(Protocol):
    """What a screen, a front and ``gm-console show`` need of a store: the state and a session
    over it, the host, operations and undo, and change events. The owner's :class:`Store` is
    one; a live session's client (:class:`~gm_console.live.client.RemoteStore`) is another,
    whose operations the owner applies."""

    @property
    def state(self) -> dict[str, Any]: ...
    @property
    def session(self) -> Session: ...
    @property
    def host(self) -> Host: ...
    @property
    def can_undo(self) -> bool: ...
    def apply(self, name: str, params: dict[str, Any] | None = None,
              actor: str = "gm") -> Outcome: ...
    def undo(self, actor: str = "gm") -> Outcome: ...
    def subscribe(self, callback: Callable[[Change], None]) -> Callable[[], None]: ...
    def hold_back(self) -> None: ...
    def settle(self) -> list[Outcome]: ...
    def draw_ahead(self, callback: Callable[[Change], None]) -> None: ...


class _Step(NamedTuple):
    op: str
    message: str
    before: dict[str, Any]
    actor: str
    gm_only: bool  # its journal lines were for the game master's eyes: so is their undoing


@dataclass
class _Made:
    """A change written ahead, not yet told: told once the log has its record on disk."""

    seq: int  # its record in the log
    state: dict[str, Any]
    change: Change
    before: tuple[dict[str, Any], list[_Step]]  # the head and its undo history before it
    taken_back: str | None = None
    """Why its record is not on disk: the log broke before it was (see _take_back)."""


class Store:
    def __init__(self, state: dict[str, Any], host: Host, *,
                 on_save: Callable[[dict[str, Any], int], None] | None = None,
                 log: CommitLog | None = None, undo_depth: int = 200) -> None:
        self._told_state = self._head = state
        self.host = host
        self.on_save = on_save
        """Told of each state once it is on disk in the log, with its record's number."""
        self.log = log
        """Where each change is written ahead (gm_console.files.commit_log): the next
        operation may start from it at once (the head), but it is the state everyone reads,
        told to anyone and saved only once it is on disk there; None (a test, ``show``)
        keeps changes in memory until saved."""
        self.undo_depth = undo_depth
        self._history: list[_Step] = []
        self._subscribers: list[Callable[[Change], None]] = []
        self._lock = threading.RLock()  # the head, its history, the changes not yet told
        self._made: collections.deque[_Made] = collections.deque()
        # Held while changes are told, one after another in the order they were made; taken
        # before _lock where both are. Never wait for it where a subscriber may be waited on.
        self._telling = threading.RLock()
        self._holding: int | None = None  # the thread holding its changes back, if one is
        self._held: list[tuple[_Made, str]] = []  # its changes, and their operations' names
        # Guards those two, never held while a plugin's code runs (as _lock is, around an
        # operation): a console leaving on a signal settles without waiting for a plugin.
        self._holding_lock = threading.Lock()
        self._ahead: tuple[int, Callable[[Change], None]] | None = None  # see draw_ahead
        self._drawing_ahead: int | None = None  # the thread drawing ahead now, if one is
        self._syncer: ThreadPoolExecutor | None = None  # the fdatasync while it draws
        self._derived = DerivedCache()
        # A plugin switched off takes its contributions with it.
        host.failure_listeners.append(lambda record: self._derived.clear())

    @property
    def state(self) -> dict[str, Any]:
        """The session as everyone is told it: every change in it is on disk. To the thread
        holding its changes back (:meth:`hold_back`), the session as it made it."""
        if threading.get_ident() in (self._holding, self._drawing_ahead):
            return self._head
        return self._told_state

    @state.setter
    def state(self, state: dict[str, Any]) -> None:
        """The session is ``state``, as it is: nothing written, nothing told (a test's)."""
        with self._telling, self._lock:
            self._told_state = self._head = state

    @property
    def session(self) -> Session:
        """A read-only view of the current state for derived values and screens; derived
        values are kept from one state to the next while what they read is unchanged."""
        return Session(self.state, self.host, self._derived)

    def subscribe(self, callback: Callable[[Change], None]) -> Callable[[], None]:
        self._subscribers.append(callback)
        return lambda: self._subscribers.remove(callback)

    def apply(self, name: str, params: dict[str, Any] | None = None,
              actor: str = "gm") -> Outcome:
        with self._lock:
            draft = Draft(self._head)
            ctx = OpContext(draft, self.host, actor, self._derived)
            failures_before = len(self.host.failures)
            try:
                result = self.host.run_operation(ctx, name, params or {})
                _refuse_if_a_plugin_failed(name, self.host.failures[failures_before:])
                work, changed = draft.commit()
                _check_storable(work, draft.base, changed, draft.changed_parts,
                                ctx.journal_lines)
            except Refused as refusal:
                return Outcome(False, name, reason=refusal.reason)
            lines = [self._stamp(work, line, actor) for line in ctx.journal_lines]
            # The committed journal stays as it was: the new one extends the list they share.
            work["journal"] = Journal.of(work.get("journal", [])).plus(lines)
            areas = ctx.touched | _changed_areas(self._head, work, changed) | {"journal"}
            made = self._write_ahead(name, work, Change(
                name, result.message, frozenset(areas), actor), _Step(
                name, result.message, self._head, actor,
                any(line.get("gm_only") for line in lines)))
        return self._told(made, Outcome(True, name, result.message, data=result.data,
                                        journal=lines))

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    def undo(self, actor: str = "gm") -> Outcome:
        """Go back to the state before the last operation of the session, whoever applied it;
        the journal says so, and whose it was."""
        with self._lock:
            if not self._history:
                return Outcome(False, "undo", reason=say("Nothing to undo"))
            step = self._history[-1]
            # What was undone in the words it was said in, and whose it was when not the
            # game master's (a player's, applied at their request): the operation's name is
            # the command line's word, not the reader's.
            text = say("undone: {message}", message=step.message) if step.actor == "gm" \
                else say("undone: {message} ({actor}'s)", message=step.message,
                         actor=step.actor)
            line = self._stamp(step.before, {"kind": "undo", "text": str(text), **stored(text),
                                             "who": [],
                                             **({"gm_only": True} if step.gm_only else {})},
                               actor)
            # The state before is committed, never changed: its tables are taken as they are.
            before = {**step.before,
                      "journal": Journal.of(step.before.get("journal", [])).plus([line])}
            # Everything may differ after an undo: views redraw all they show.
            made = self._write_ahead("undo", before, Change(step.op, text, frozenset({"*"}),
                                                            actor, True), None)
        return self._told(made, Outcome(True, "undo", text, data={"undone": step.op,
                                                                  "of": step.actor},
                                        journal=[line]))

    def replace(self, state: dict[str, Any], message: Said, actor: str = "gm") -> Outcome:
        """The whole session becomes ``state`` (a session file edited by hand, taken as the
        session): written ahead, journaled and undoable like an operation."""
        with self._lock:
            line = self._stamp(state, {"kind": "session", "text": str(message),
                                       **stored(message), "who": []}, actor)
            new = {**state, "journal": Journal.of(state.get("journal", [])).plus([line])}
            made = self._write_ahead("session.replace", new, Change(
                "session.replace", message, frozenset({"*"}), actor), _Step(
                "session.replace", message, self._head, actor, False))
        return self._told(made, Outcome(True, "session.replace", message, journal=[line]))

    def journal_written(self, saved: dict[str, Any], shelf: JournalFile) -> None:
        """``saved`` is on disk (the saver's thread tells): the lines of the journal that
        it, the current state and every state undo may come back to share are read back
        from ``shelf`` from now on instead of held (a long evening's lines would otherwise
        stay in memory). The current state is replaced by one alike but for that."""
        # Neither _telling (a subscriber slow to be told) nor an operation under way (a plugin
        # slow to answer) holds the save back: the next save settles it.
        if not self._lock.acquire(blocking=False):
            return
        try:
            self._settle_journal(saved, shelf)
        finally:
            self._lock.release()

    def _settle_journal(self, saved: dict[str, Any], shelf: JournalFile) -> None:
        """journal_written's work, under the store's lock."""
        if self._made:  # changes not yet told: the next save settles it
            return
        befores = [step.before for step in self._history]
        if saved is not self.state and all(saved is not before for before in befores):
            return  # an older state than undo reaches: what it shares is unknown
        journal = self.state.get("journal")
        if not isinstance(journal, Journal):
            return
        lengths = [len(before.get("journal", [])) for before in befores]
        floor = shelf.settle(min([len(saved["journal"]), len(journal), *lengths]),
                             min([journal.on_shelf(shelf), *(
                                 before["journal"].on_shelf(shelf) for before in befores
                                 if isinstance(before.get("journal"), Journal))]))
        settled = journal.settled(shelf, floor)
        if settled is not journal:
            self._told_state = self._head = {**self.state, "journal": settled}

    def _stamp(self, state: dict[str, Any], line: dict[str, Any], actor: str) -> dict[str, Any]:
        """A journal line with in-game time (its own, or now) and real time."""
        clock = state.get("clock", {})
        return {"day": int(clock.get("day", 1)), "second": int(clock.get("second", 0)),
                "real": datetime.now(timezone.utc).astimezone().isoformat(timespec="seconds"),
                "actor": actor, **line}

    def _write_ahead(self, name: str, work: dict[str, Any], change: Change,
                     step: _Step | None) -> _Made | Outcome:
        """Write what ``work`` changes in the log (not yet on disk: :meth:`_told` waits for
        that) and make it the head, with ``step`` added to the undo history (None: an undo,
        which takes its step off); if it cannot be written, the refusal that says why
        (nothing changed: the operation may be tried again). Under the store's lock."""
        try:
            seq = self.log.write(record_of(self._head, work, name)) if self.log else 0
        except (OSError, TypeError, ValueError) as exc:
            return self._not_written(name, exc)
        made = _Made(seq, work, change, (self._head, list(self._history)))
        if step is None:
            self._history.pop()
        else:
            self._history.append(step)
            del self._history[:-self.undo_depth]
        self._head = work
        self._made.append(made)
        return made

    def _not_written(self, name: str, exc: Exception) -> Outcome:
        assert self.log is not None
        return Outcome(False, name, reason=say(
            "{name} was not done: it could not be written to {path}: {error}. Nothing "
            "changed; try it again once the disk has room or the folder is writable",
            name=name, path=str(self.log.path),
            error=str(getattr(exc, "strerror", None) or exc)))

    def _told(self, made: _Made | Outcome, outcome: Outcome) -> Outcome:
        """``outcome`` once ``made`` is on disk and everyone was told of it, with every change
        made before it; if the disk failed first, the refusal that says so, every change not
        on disk taken back. Called outside the store's lock: changes made meanwhile by
        others share the log's fdatasync."""
        if isinstance(made, Outcome):
            return made
        with self._holding_lock:
            if self._holding == threading.get_ident():
                self._held.append((made, outcome.op))
                return outcome
        if self.log is not None:
            drawn = self._draw_while_syncing(made.seq)
            try:
                self.log.sync(made.seq)
            except OSError:
                self._take_back()
                if drawn:  # what it drew from the head is gone: all of it again
                    drawn(Change(outcome.op, "", frozenset({"*"}), "", True))
            with self._lock:
                # Taken back by another asker, maybe before this one even waited (its
                # number in the log is then another record's).
                if made.taken_back is not None:
                    return self._not_written(outcome.op, OSError(made.taken_back))
        self._tell()
        return outcome

    def draw_ahead(self, callback: Callable[[Change], None]) -> None:
        """While the calling thread (the console's) waits for the disk to take its change,
        ``callback`` is given, on that thread, every change written and not yet told, and the
        thread reads the head meanwhile: it works out what it will draw while the fdatasync
        runs on another thread (a key's redraw took as long as the disk again). Nothing it
        works out is shown before the disk has the change, since the thread goes on only
        then; the callback is told those changes again once on disk (the console's skips
        them), and, if the disk failed, a change of everything (``*``): the head it drew from
        was taken back."""
        self._ahead = (threading.get_ident(), callback)

    def _draw_while_syncing(self, seq: int) -> Callable[[Change], None] | None:
        """The draw_ahead callback once it drew every change up to ``seq`` while the log's
        fdatasync ran (on the syncer's thread; the caller's sync then finds it done or
        broken); None if this thread does not draw ahead, or nothing was to sync."""
        ahead = self._ahead
        assert self.log is not None
        if ahead is None or ahead[0] != threading.get_ident() or self.log.durable_seq >= seq:
            return None
        with self._lock:
            changes = [made.change for made in self._made if made.seq <= seq]
        if self._syncer is None:
            self._syncer = ThreadPoolExecutor(1, thread_name_prefix="gm-console-sync")
        started = threading.Event()
        syncing = self._syncer.submit(self._sync_and_tell, seq, started)
        # Until the syncer's thread is in its fdatasync (which lets go of the interpreter's
        # lock): drawing at once, this thread kept the lock and the sync waited behind it,
        # for Python's switch interval (5 ms) or the whole drawing.
        started.wait(1)
        self._drawing_ahead = ahead[0]
        try:
            for change in changes:
                ahead[1](change)
        finally:
            self._drawing_ahead = None
            syncing.result()
        return ahead[1]

    def _sync_and_tell(self, seq: int, started: threading.Event) -> None:
        """The syncer's: ``seq`` on disk, then told (the saver handed it) without waiting
        for the drawing: a signal's leaving while a screen is slow to draw saves it."""
        assert self.log is not None
        started.set()  # this thread keeps the interpreter's lock until the fdatasync
        try:
            self.log.sync(seq)
        except OSError:
            return  # the log is broken: its asker takes the change back and is told
        self._tell()

    def hold_back(self) -> None:
        """The calling thread's operations are acknowledged to it once written ahead, without
        waiting for the disk: a burst of a console's keys, whose drawing is held until the
        last (gm_console.ui.app), shares one fdatasync. That thread reads the head, the
        session as the changes written made it (others' too, which it does not draw before
        :meth:`settle`); nobody is told of a change before it is on disk (by :meth:`settle`,
        or by another operation's fdatasync that covers it)."""
        self._holding = threading.get_ident()

    def settle(self) -> list[Outcome]:
        """The changes held back are on disk and told: call it before anything of them is
        shown. Returns a refusal for each that the disk failed (taken back, with every change
        after it); [] when all are done."""
        with self._holding_lock:
            held, self._held, self._holding = self._held, [], None
        if not held:
            return []
        self._told(held[-1][0], Outcome(True, held[-1][1]))  # the last covers them all
        return [self._not_written(name, OSError(made.taken_back)) for made, name in held
                if made.taken_back is not None]

    def _take_back(self) -> None:
        """The log broke: the head goes back to the last change on disk, and what came after
        it, written but perhaps not on disk, is dropped (each asker is refused)."""
        with self._lock:
            assert self.log is not None
            if self.log.broken is None:
                return  # taken back already, by another asker
            gone = [made for made in self._made if made.seq > self.log.durable_seq]
            if gone:
                self._head, history = gone[0].before
                self._history = list(history)
                for made in gone:
                    self._made.pop()
                    made.taken_back = self.log.broken
            self.log.rolled_back()

    def _tell(self) -> None:
        """Every change on disk and not yet told becomes the state, in the order made: the
        saver is handed it, then the subscribers told."""
        with self._telling:
            while True:
                with self._lock:
                    if not self._made or (self.log is not None
                                          and self._made[0].seq > self.log.durable_seq):
                        return
                    made = self._made.popleft()
                    self._told_state = made.state
                    if self.on_save:
                        self.on_save(made.state, made.seq)
                for callback in list(self._subscribers):
                    callback(made.change)


def _refuse_if_a_plugin_failed(name: str, failed: list[Any]) -> None:
    """All or nothing: a plugin that raised inside an operation (in a reaction hook, say) was
    switched off, and what it or anyone wrote before is not kept; the operation can be tried
    again without it."""
    if failed:
        who = "; ".join(f"{record.name} ({record.error})" for record in failed)
        raise Refused(say("{name} was not applied: a plugin failed inside it and was switched "
                          "off: {who}. Nothing of {name} was kept; try it again", name=name,
                          who=who))


def _changed_areas(before: dict[str, Any], after: dict[str, Any], changed: set[str]) -> set[str]:
    """Which top-level tables (``characters``, ``clock``, ...) and which plugin tables differ:
    views learn what changed even from a plugin that forgot to ``touch`` it. Only what the
    draft reports as changed is compared; the journal is left out (always touched)."""
    areas = changed - {"journal", "plugins"}
    if "plugins" in changed:
        old, new = before.get("plugins", {}), after.get("plugins", {})
        areas |= {name for name in old.keys() | new.keys() if old.get(name) is not new.get(name)}
    return areas


def _check_storable(state: dict[str, Any], committed: dict[str, Any], changed: set[str],
                    parts: dict[str, set[Any]], new_lines: list[dict[str, Any]]) -> None:
    """Refuse an operation that left something the session file cannot hold (None, an object,
    tables nested past gm_console.files.nesting's limit): better a refused operation than a save
    that fails later, or a file the next start refuses. Only what the operation changed is
    walked (the rest, ``committed``'s own objects, was checked when it was committed)."""
    # ``level``: how far below the session's root ``value`` lies (a top-level table is 1)
    def check(value: Any, path: str, level: int, was: Any = NOTHING) -> None:
        if not storable(value, level, was):
            raise Refused(unsavable(value, path, level))  # what is wrong, and where

    for key in changed - {"journal"}:
        if not isinstance(key, str):
            raise Refused(say("cannot save: key {key} at the top of the session is not text",
                              key=repr(key)))
        if key not in state:
            continue
        value = state[key]
        if key == "plugins" and "plugins" in parts and isinstance(value, dict):
            for name in parts["plugins"]:
                if not isinstance(name, str):
                    raise Refused(say("cannot save: key {key} at plugins is not text",
                                      key=repr(name)))
                if name in value:
                    check(value[name], f"plugins.{name}", 2,
                          committed.get("plugins", {}).get(name, NOTHING))
        elif key == "characters" and "characters" in parts and isinstance(value, list):
            before = committed.get("characters", [])
            for index in sorted(parts["characters"]):
                check(value[index], f"characters[{index}]", 2,
                      before[index] if index < len(before) else NOTHING)
        else:
            check(value, key, 1)
    check(new_lines, "journal", 1)  # the new lines of the journal's array


if TYPE_CHECKING:
    def _a_session_store(store: Store) -> SessionStore:
        return store  # mypy checks that a Store has all a SessionStore has
