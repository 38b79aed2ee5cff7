"""A front's side of a live session: :class:`RemoteStore`, a store whose state comes from the
owner and whose operations are sent to it.

It is a :class:`~gm_console.state.store.SessionStore`, like the owner's
:class:`~gm_console.state.store.Store` (``state``, ``session``, ``host``, ``apply``, ``undo``,
``can_undo``, ``subscribe``), so the TUI and every screen run on it unchanged. A reader thread applies the owner's change events to the local copy (a new dict
each time, never edited in place) and calls the subscribers on that thread; :meth:`apply`
returns once the owner's outcome is in, after the change it caused. When the owner goes away
(the socket closes: at once, even after ``kill -9``) every ``on_lost`` listener is told, and
:meth:`RemoteStore.successor_ready` says when opening the session again would find a new owner
(or make this front the owner).
"""

from __future__ import annotations

import itertools
import json
import os
import socket
import time
import uuid
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from gm_console.committed.derived_cache import DerivedCache
from gm_console.committed.journal import Journal, encoded, read_through
from gm_console.contract.session import Session
from gm_console.host.manager import Host
from gm_console.live import protocol, rendezvous, sync
from gm_console.live.roles import Role
from gm_console.state.store import Change, Outcome, SessionStore
from gm_console.text.said import Said, say, stored

JOIN_TIMEOUT = 5.0
"""Seconds a front waits for the owner's welcome and snapshot (``join_timeout_seconds``)."""


JOURNAL_LINES = 1000
"""The journal's last lines a console is sent when it joins, and holds: a long campaign's
older lines are asked of the owner when a screen pages back to them (:class:`OwnersLines`)."""

UNANSWERED = "unanswered"
"""In the ``data`` of an outcome the owner never gave: neither applied nor refused, as far as
this front knows (a screen says so rather than "refused")."""


class Answer(NamedTuple):
    """What became of one operation asked of the owner."""

    outcome: Outcome
    op_id: str
    """The operation's id: asking again with it is applied at most once."""
    answered: bool
    """False when the owner did not answer in time: the operation may still be applied."""
    repeated: bool = False
    """The owner had applied (or refused) this id already: this is its first outcome."""


class OwnersLines:
    """The journal's lines this front was not sent, asked of the owner when read (the shelf
    of the front's :class:`~gm_console.committed.journal.Journal`), a chunk at a time, and
    kept: lines a front no longer holds are lines no undo reaches."""

    KEPT = 4096

    def __init__(self, store: RemoteStore) -> None:
        self._store = store
        self._kept: dict[int, dict[str, Any]] = {}
        self._unanswered: list[int] = []  # of the lines being read: those said, not had
        self._lock = threading.Lock()

    def lines(self, start: int, stop: int) -> list[dict[str, Any]]:
        with self._lock:
            self._unanswered = []
            out = read_through(self._kept, start, stop, self._asked, self.KEPT)
            for index in self._unanswered:  # asked again next time: the owner may answer
                self._kept.pop(index, None)
            return out

    def _asked(self, start: int, stop: int) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        while start + len(out) < stop:
            first = start + len(out)
            # Once the owner did not answer, the rest of this reading does not wait for it.
            asked = [] if self._unanswered else self._store.journal_lines(
                first, min(stop, first + protocol.MAX_LINES_ASKED))
            if not asked:  # the owner gone or not answering: said where the lines are
                out += [_unread(say("(line {number}: on the owner's console, which does not "
                                    "answer)", number=index + 1))
                        for index in range(first, stop)]
                self._unanswered += range(first, stop)
            out += asked
        return out[:stop - start]

    def forget(self, start: int) -> None:
        """Let go of the lines kept from ``start`` on."""
        with self._lock:
            for index in [i for i in self._kept if i >= start]:
                del self._kept[index]

    def holds(self, index: int, line: dict[str, Any]) -> bool:
        return False

    def raw(self, start: int, stop: int) -> bytes:
        return b"".join(encoded(line) + b"\n" for line in self.lines(start, stop))


def _unread(text: Said) -> dict[str, Any]:
    """A journal line that says why the line at its place could not be read."""
    return {"kind": "note", "who": [], "text": str(text), **stored(text)}


class JoinRefused(Exception):
    """The owner would not let this front join, is not answering, or has gone; the message
    says which, and why."""


class RemoteStore:
    def __init__(self, sock: socket.socket, host: Host, role: str = "gm", name: str = "",
                 front: str = "", join_timeout: float = JOIN_TIMEOUT,
                 request_timeout: float | None = None, session: Path | None = None,
                 owner_pid: int | None = None, journal: bool | int = JOURNAL_LINES) -> None:
        """``session`` and ``owner_pid``: what the lock said, so that a front refused before
        the owner's welcome (which says them) can still name the session and the process.
        ``journal``: how many of the journal's last lines to be sent (older ones are asked
        for when read), True for all of it, False for none (its state's is left empty)."""
        self._journal_last = journal
        self.host = host
        self.session_path = Path(session) if session is not None else Path()
        self._owner_pid: int | None = owner_pid
        self.request_timeout = (host.config.request_timeout_seconds if request_timeout is None
                                else request_timeout)
        """Seconds an operation waits for the owner's answer (an owner stopped or busy, not
        one that died: a dead owner's socket closes and every waiting operation is answered
        at once)."""
        self._unanswered: dict[str, str] = {}  # what was asked (as JSON) -> its id
        self.on_save = None  # the owner saves
        self._sock = sock
        self._reader = sock.makefile("rb")
        self._send_lock = threading.Lock()
        self._ids = itertools.count(1)
        self._waiting: dict[int, list[Any]] = {}  # id -> [event, reply]
        self._subscribers: list[Callable[[Change], None]] = []
        # Kept as the owner's store keeps them: a change event replaces only the tables it
        # names, so a clock advance recomputes nothing of the party's rows on a screen.
        self._derived = DerivedCache()
        host.failure_listeners.append(lambda record: self._derived.clear())
        self.on_lost: list[Callable[[str], None]] = []
        self.lost: str = ""
        sock.settimeout(join_timeout)  # a stopped owner (SIGSTOP) holds no front for ever
        try:
            self._send(protocol.hello(role, name, front, journal))
            welcome = self._joining(join_timeout)
            if welcome["type"] == protocol.REFUSED:
                self.close()
                raise JoinRefused(f"the session's owner refused to let this front join: "
                                  f"{welcome.get('reason', '')}")
            self._welcomed(welcome)
            snapshot = self._joining(join_timeout)
        except OSError as exc:  # the hello could not be sent: nobody reads the socket
            self.close()
            raise JoinRefused(self._gone(exc.strerror or str(exc))) from None
        sock.settimeout(None)
        if snapshot["type"] != protocol.SNAPSHOT:
            self.close()
            raise JoinRefused("the owner sent no snapshot of the session")
        self.state: dict[str, Any] = self._with_journal(snapshot)
        self.seq: int = snapshot["seq"]
        self._resyncing = False
        self._thread = threading.Thread(target=self._run, name="gm-console-client", daemon=True)
        self._thread.start()

    def _joining(self, timeout: float) -> dict[str, Any]:
        """The owner's next message while joining; JoinRefused names what happened instead."""
        try:
            line = self._reader.readline(protocol.MAX_LINE)
        except TimeoutError:
            self.close()
            raise JoinRefused(f"{self._owner()} is not answering (nothing in {timeout:g} s: "
                              f"stopped or busy); nothing of this front's was applied: try "
                              f"again, or see join_timeout_seconds") from None
        except (OSError, ValueError) as exc:
            self.close()
            raise JoinRefused(self._gone(getattr(exc, "strerror", None) or str(exc))) from None
        if not line:
            self.close()
            raise JoinRefused(self._gone())
        return protocol.decode(line)

    def _owner(self) -> str:
        """The owner, as precisely as this front knows it: "the owner of s.toml (process 12)"."""
        name = self.session_path.name
        return ("the owner of " + (name or "the session")
                + (f" (process {self._owner_pid})" if self._owner_pid else ""))

    def _gone(self, error: str = "") -> Said:
        """That the owner is gone, and how: its process exited, or it closed the connection
        (then ``error`` says how the connection ended, if it says anything)."""
        session = self.session_path.name or say("the session")
        if self._owner_pid and _exited(self._owner_pid):
            return say("the owner of {session} is gone (process {pid} exited)",
                       session=session, pid=str(self._owner_pid))
        if self._owner_pid:
            return say("the owner of {session} is gone (process {pid} closed the connection"
                       "{error})", session=session, pid=str(self._owner_pid),
                       error=f": {error}" if error else "")
        return say("the owner of {session} is gone (its connection closed{error})",
                   session=session, error=f": {error}" if error else "")

    def _welcomed(self, welcome: dict[str, Any]) -> None:
        self.role = Role.parse(welcome["role"])
        self.actor = str(welcome.get("actor", ""))
        self.session_path = Path(str(welcome.get("session", "")))
        self._owner_pid = welcome.get("owner_pid")
        self.owner_instance = str(welcome.get("instance", ""))
        """Which of the session's owners this is (ids of operations are remembered by one)."""

    # -- the SessionStore's interface -----------------------------------------------------------

    @property
    def session(self) -> Session:
        return Session(self.state, self.host, self._derived)

    @property
    def can_undo(self) -> bool:
        return self.role.is_gm and not self.lost

    def subscribe(self, callback: Callable[[Change], None]) -> Callable[[], None]:
        self._subscribers.append(callback)
        return lambda: self._subscribers.remove(callback)

    def apply(self, name: str, params: dict[str, Any] | None = None,
              actor: str = "gm") -> Outcome:
        """Ask the owner; ``actor`` is ignored (the owner names this connection's actor)."""
        return self.ask(name, params).outcome

    def undo(self, actor: str = "gm") -> Outcome:
        return self.ask("undo").outcome

    def hold_back(self) -> None:
        """Nothing to hold back: each operation is the owner's, answered once on disk
        there (Store.hold_back is for the owner's own console)."""

    def settle(self) -> list[Outcome]:
        return []

    def draw_ahead(self, callback: Callable[[Change], None]) -> None:
        """Nothing to draw ahead: the owner's disk is not this console's to wait for."""

    def ask(self, name: str, params: dict[str, Any] | None = None,
            op_id: str = "") -> Answer:
        """The operation ``name`` (or ``undo``) asked of the owner under the id ``op_id``.
        Without one, it gets a new id, unless the same operation with the same parameters was
        asked before and went unanswered (the owner stopped or busy): asked again, it is that
        one, with its id, so the owner applies it at most once."""
        message: dict[str, Any] = ({"type": protocol.UNDO} if name == "undo" else
                                   {"type": protocol.OP, "op": name, "params": params or {}})
        asked = json.dumps(message, sort_keys=True, default=str)
        op_id = op_id or self._unanswered.get(asked) or uuid.uuid4().hex
        answer = self._ask({**message, "op_id": op_id}, name, op_id)
        if answer.answered:
            self._unanswered.pop(asked, None)
        elif not self.lost:
            self._unanswered[asked] = op_id
        return answer

    def successor_ready(self) -> bool:
        """After the owner has gone: whether opening the session again would get somewhere,
        that is another owner answers, or (for the game master) nobody holds the session and
        this front would become its owner."""
        if not self.lost:
            return False
        info = rendezvous.read_announcement(self.session_path)
        if info.get("socket") and info.get("pid") != self._owner_pid:
            probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                probe.connect(str(info["socket"]))
                return True
            except OSError:
                pass
            finally:
                probe.close()
        if not self.role.is_gm:
            return False
        lock = rendezvous.SessionLock(self.session_path)
        if lock.acquire():  # free: ours to take once the console opens the session again
            lock.release()
            return True
        return False

    def close(self) -> None:
        try:
            self._send({"type": protocol.BYE})
        except OSError:
            pass
        for closing in (lambda: self._sock.shutdown(socket.SHUT_RDWR), self._reader.close,
                        self._sock.close):
            try:
                closing()
            except OSError:
                pass

    # -- the wire -------------------------------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        with self._send_lock:
            self._sock.sendall(protocol.encode(message))

    def _read(self) -> dict[str, Any] | None:
        try:
            line = self._reader.readline(protocol.MAX_LINE)
        except (OSError, ValueError):
            return None
        return protocol.decode(line) if line else None

    def _ask(self, message: dict[str, Any], op: str, op_id: str) -> Answer:
        if self.lost:
            return Answer(Outcome(False, op, reason=self.lost), op_id, answered=True)
        ident = next(self._ids)
        slot: list[Any] = [threading.Event(), None]
        self._waiting[ident] = slot
        try:
            self._send({**message, "id": ident})
        except OSError:  # never sent: the owner cannot have applied it
            self._waiting.pop(ident, None)
            return Answer(Outcome(False, op, reason=self.lost or self._gone()), op_id,
                          answered=True)
        if not slot[0].wait(self.request_timeout):
            self._waiting.pop(ident, None)
            return Answer(Outcome(False, op, reason=say(
                "the session's owner is not answering (nothing in {seconds} s: stopped or "
                "busy); the operation may still be applied: asking for it again is safe, it "
                "is applied at most once", seconds=f"{self.request_timeout:g}"),
                data={UNANSWERED: True}), op_id, answered=False)
        reply = slot[1]
        if reply is None:  # the owner went while this was asked: applied or not, unknown
            return Answer(Outcome(False, op, reason=say(
                "{lost}; the operation may have been applied before it went",
                lost=self.lost), data={UNANSWERED: True}), op_id, answered=False)
        return Answer(Outcome.from_dict(reply, op), op_id, answered=True,
                      repeated=bool(reply.get("repeated")))

    def _run(self) -> None:
        reason: str = ""
        while True:
            try:
                message = self._read()
            except protocol.ProtocolError as exc:
                reason = say("the session's owner sent something unreadable ({error})",
                             error=str(exc))
                break
            if message is None:
                break
            kind = message["type"]
            if kind == protocol.CHANGE:
                self._on_change(message)
            elif kind == protocol.SNAPSHOT:
                self.state, self.seq = self._with_journal(message), message["seq"]
                self._resyncing = False
                self._publish(Change("", "", frozenset({"*"}), ""))
            elif kind in (protocol.OUTCOME, protocol.LINES):
                slot = self._waiting.pop(message.get("id"), None)  # type: ignore[arg-type]
                if slot is not None:
                    slot[1] = message
                    slot[0].set()
                else:  # the late answer to one that timed out: asking again is a new one
                    for asked, op_id in list(self._unanswered.items()):
                        if op_id == message.get("op_id"):
                            self._unanswered.pop(asked, None)
            elif kind in (protocol.BYE, protocol.REFUSED):
                reason = str(message.get("reason") or reason)
        self._lose(reason or self._gone())

    def _on_change(self, message: dict[str, Any]) -> None:
        if self._resyncing:
            return
        before = self.state.get(sync.JOURNAL)
        asked_below = before.on_shelf(self._shelf) if isinstance(before, Journal) else 0
        try:
            if message["seq"] != self.seq + 1:
                raise sync.Mismatch("a change went missing")
            self.state = sync.patch(self.state, message)
        except sync.Mismatch:  # start again from a snapshot
            self._resyncing = True
            self._send({"type": protocol.RESYNC})
            return
        journal = self.state.get(sync.JOURNAL)
        if isinstance(journal, Journal) and journal.on_shelf(self._shelf) < asked_below:
            # an undo that took back lines older than those sent: what was kept of them
            # from the owner is another line's now
            self._shelf.forget(journal.on_shelf(self._shelf))
        if isinstance(journal, Journal) and type(self._journal_last) is int \
                and journal.held > 2 * self._journal_last:
            # let go of the older lines: the owner has them (read back if a screen asks)
            self.state = {**self.state, sync.JOURNAL: journal.settled(
                self._shelf, len(journal) - self._journal_last)}
        self.seq = message["seq"]
        self._publish(Change(str(message.get("op", "")), str(message.get("message", "")),
                             frozenset(message.get("areas", ())), str(message.get("actor", "")),
                             bool(message.get("undo"))))

    def _with_journal(self, snapshot: dict[str, Any]) -> dict[str, Any]:
        """The snapshot's state, its journal the lines sent after the owner's older ones."""
        self._shelf = OwnersLines(self)
        state = dict(snapshot["state"])
        first = snapshot.get("journal_from", 0)
        sent = list(state.get(sync.JOURNAL, []))
        state[sync.JOURNAL] = Journal(sent, None, self._shelf, first if type(first) is int
                                      and first > 0 else 0)
        return state

    def journal_lines(self, start: int, stop: int) -> list[dict[str, Any]]:
        """Lines ``start`` to ``stop`` of the journal as the owner lets this front read it;
        [] when the owner is gone or does not answer in time. Never on the reader thread,
        which reads the answer."""
        if self.lost or threading.current_thread() is getattr(self, "_thread", None):
            return []
        ident = next(self._ids)
        slot: list[Any] = [threading.Event(), None]
        self._waiting[ident] = slot
        try:
            self._send({"type": protocol.LINES, "id": ident, "from": start, "to": stop})
        except OSError:
            self._waiting.pop(ident, None)
            return []
        if not slot[0].wait(self.request_timeout) or slot[1] is None:
            self._waiting.pop(ident, None)
            return []
        lines = slot[1].get("lines")
        return [line for line in lines if isinstance(line, dict)] \
            if isinstance(lines, list) else []

    def _publish(self, change: Change) -> None:
        for callback in list(self._subscribers):
            callback(change)

    def _lose(self, reason: str) -> None:
        self.lost = reason
        for slot in list(self._waiting.values()):
            slot[0].set()
        self._waiting.clear()
        for listener in list(self.on_lost):
            listener(reason)


if TYPE_CHECKING:
    def _a_session_store(store: RemoteStore) -> SessionStore:
        return store  # mypy checks that a RemoteStore has all a SessionStore has


def _exited(pid: int, within: float = 0.5) -> bool:
    """Whether process ``pid`` has ended (or ends within ``within`` s: its connection closes
    as it dies, a moment before it is gone), a zombie not yet reaped included."""
    deadline = time.monotonic() + within
    while True:
        try:
            os.kill(pid, 0)
            with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
                if stat.read().rsplit(")", 1)[-1].split()[:1] == ["Z"]:
                    return True
        except ProcessLookupError:
            return True
        except OSError:  # another user's process, or no /proc: alive as far as we know
            pass
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
