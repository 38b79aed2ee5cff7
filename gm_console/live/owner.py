"""The owner of a live session: the one process that applies operations and saves.

It holds the session's lock (:mod:`~gm_console.live.rendezvous`), the
:class:`~gm_console.state.store.Store` and its saver, and serves every front that speaks
:mod:`~gm_console.live.protocol`: the Unix socket's clients here, and any other transport
(the game server's SSH and browser fronts) through :meth:`Owner.attach` with a stream and the
policy of its listener (:mod:`~gm_console.live.peer`, where the trust model is).
"""

from __future__ import annotations

import collections
import os
import socket
import threading
import uuid
from pathlib import Path
from typing import Any, Callable

from gm_console.files.commit_log import CommitLog
from gm_console.files.saver import Saver
from gm_console.headless import open_state
from gm_console.host.manager import Host
from gm_console.live import protocol, roles, sync
from gm_console.live.peer import (
    Peer,
    Policy,
    SocketStream,
    Stream,
    log,
    refusal,
    trust_local_role,
)
from gm_console.live.rendezvous import SessionLock, socket_path
from gm_console.live.roles import Role
from gm_console.rules import privacy
from gm_console.state.store import Change, Outcome, Store
from gm_console.text.said import say


LOCK_CHECK_SECONDS = 1.0
"""How often the owner checks that its lock files are still in place (and takes the one
beside the session once the folder lets it be made)."""

REMEMBERED_OPERATIONS = 1000
"""Operations whose id and outcome the owner keeps, the latest: one asked for again (a retry
after a timeout) is answered with its first outcome, not applied twice."""

MAX_AWAITING_HELLO = 32
"""Fronts connected and not yet past their hello, at once (each has
:data:`~gm_console.live.peer.HELLO_TIMEOUT` to say it)."""


class Owner:
    def __init__(self, session: Path, store: Store, saver: Saver, lock: SessionLock) -> None:
        self.session = Path(session)
        self.store = store
        self.saver = saver
        self.lock = lock
        self.socket_path: Path | None = None
        self.seq = 0
        self._peers: list[Peer] = []
        self._awaiting: list[Peer] = []  # attached, not yet past their hello; oldest first
        self.instance = uuid.uuid4().hex[:12]
        """This owner among all the session's owners, one after another: the operation ids it
        remembers are its own (a retry under another owner cannot be told from a new one)."""
        self._answered: collections.OrderedDict[tuple[str, str], dict[str, Any]] = \
            collections.OrderedDict()  # (role, operation id) -> its outcome, latest last
        self._views: dict[str, dict[str, Any]] = {}  # per role: the view as last sent
        self._sent = store.state  # the state as of the last change event
        self._lock = threading.Lock()
        # Fronts' operations run at once (each front's reader thread), so that those that
        # come together share the log's fdatasync (group commit: Store); close waits for
        # those under way, and an operation asked again while its first asking runs waits
        # for that one's outcome.
        self._performing = threading.Condition()
        self._under_way = 0
        self._asked: set[tuple[str, str]] = set()  # (role, operation id) being applied
        self._listener: socket.socket | None = None
        self._closed = False
        self._stopping = threading.Event()
        self._locking = threading.Lock()  # the lock files: kept in place, or let go
        self.opening_note = ""
        """Said once to the game master: changes its file lacked, taken from its log."""
        self.on_notice: list[Callable[[str], None]] = []
        """Told, in a sentence, when a console (a person) joins or leaves."""
        store.subscribe(self._broadcast)
        threading.Thread(target=self._keep_lock, name="gm-console-lock", daemon=True).start()

    def _keep_lock(self) -> None:
        """A lock file moved or removed while this owner lives is made again at once, so the
        next front finds the owner there, never a free session to write."""
        while not self._stopping.wait(LOCK_CHECK_SECONDS):
            with self._locking:
                if self._closed:
                    return
                found = self.lock.keep()
            for sentence in found:
                log.warning("%s: %s", self.session, sentence)

    @classmethod
    def open(cls, session: Path, host: Host, lock: SessionLock, create: bool = True) -> Owner:
        """Own ``session`` (``lock`` must be held): read it, and save every change of it.
        A broken file raises codec.SessionFileError and is left as it is."""
        checkpoint = host.config.checkpoint_seconds  # a bad setting stops before anything opens
        opened = open_state(Path(session), host, create)
        commits = CommitLog(Path(session), opened.logged)
        saver = Saver(Path(session), on_error=lambda message: log.error("%s", message),
                      delay=checkpoint, log=commits,
                      journal=opened.journal, moved=opened.moved, kept=opened.comments)
        store = Store(opened.state, host, on_save=saver.schedule, log=commits,
                      undo_depth=int(host.config.settings.get("undo_depth", 200)))
        saver.on_written = store.journal_written
        replayed = opened.replayed(Path(session))
        if opened.created or replayed or opened.moved:
            # on disk from the start: a new session, the log's changes in the file, the
            # journal in its own file
            saver.schedule(store.state, commits.seq, at_once=True)
        else:  # serialised once, off the key path, so the first change's save is cheap
            saver.prime(store.state)
        owner = cls(session, store, saver, lock)
        for note in (replayed, opened.moved_out(Path(session))):
            if note:
                log.warning("%s", note)
                owner.opening_note = note if not owner.opening_note else \
                    f"{owner.opening_note}. {note}"
        return owner

    # -- listening ------------------------------------------------------------------------------

    def listen(self) -> Path:
        """Serve the Unix socket; say where in the lock file."""
        path = socket_path(self.session)
        if path.is_socket():  # left by an owner that died (meet removes the one it announced)
            path.unlink()
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        old_mask = os.umask(0o177)  # created 0600: no window where another user could connect
        try:
            listener.bind(str(path))
        finally:
            os.umask(old_mask)
        os.chmod(path, 0o600)
        listener.listen(64)
        self._listener, self.socket_path = listener, path
        self.lock.announce(socket=str(path), protocol=protocol.VERSION)
        threading.Thread(target=self._accept, name="gm-console-accept", daemon=True).start()
        log.info("owner of %s, listening on %s", self.session, path)
        return path

    def listen_or_say_why(self) -> None:
        """Listen; if the socket cannot be made (a runtime folder path too long for a Unix
        socket, a full disk), the console still works alone and other fronts are told why
        they cannot join."""
        try:
            self.listen()
        except OSError as exc:
            log.error("other terminals cannot join %s: %s", self.session, exc)
            self.lock.announce(error=f"its owner cannot take other terminals: {exc}")

    def _accept(self) -> None:
        while not self._closed:
            try:
                sock, _ = self._listener.accept()  # type: ignore[union-attr]
            except OSError:
                return
            self.attach(SocketStream(sock), trust_local_role)

    def attach(self, stream: Stream, policy: Policy) -> Peer:
        """Serve one front on ``stream``; ``policy`` decides its role from its hello. At most
        :data:`MAX_AWAITING_HELLO` fronts wait to say hello at once (each holds one thread
        until then): past that, the oldest waiting is dropped for the new one."""
        peer = Peer(self, stream, policy)
        with self._lock:
            self._awaiting = [p for p in self._awaiting if not p.greeted]
            oldest = self._awaiting.pop(0) if len(self._awaiting) >= MAX_AWAITING_HELLO \
                else None
            self._awaiting.append(peer)
        if oldest is not None:
            log.warning("%d connections waiting to say hello: the oldest is dropped",
                        MAX_AWAITING_HELLO)
            oldest.stream.close()
        threading.Thread(target=peer.run, name="gm-console-peer", daemon=True).start()
        return peer

    # -- what every front sees -----------------------------------------------------------------

    def join(self, peer: Peer) -> None:
        with self._lock:
            self._peers.append(peer)
            self._send_snapshot(peer)
        log.info("%s joined as %s%s", peer.actor, peer.role,
                 f" ({peer.front})" if peer.front else "")
        if peer.front == "console":
            self._notice(say("{actor} joined ({role})", actor=peer.actor, role=str(peer.role)))

    def resync(self, peer: Peer) -> None:
        with self._lock:
            self._send_snapshot(peer)

    def leave(self, peer: Peer) -> None:
        with self._lock:
            if peer in self._peers:
                self._peers.remove(peer)
            if not any(_view_key(p) == _view_key(peer) for p in self._peers):
                self._views.pop(_view_key(peer), None)
        if peer.front == "console" and peer.joined:
            self._notice(say("{actor} left", actor=peer.actor))

    def _notice(self, text: str) -> None:
        for listener in list(self.on_notice):
            listener(text)

    def _send_snapshot(self, peer: Peer) -> None:
        key = _view_key(peer)
        if key not in self._views:
            self._views[key] = roles.view(_read_by(peer, self._sent), peer.role,
                                          self.store.host)
        peer.send_encoded(protocol.snapshot(self.seq, self._views[key], peer.journal_last))

    def journal_lines(self, peer: Peer, start: Any, stop: Any) -> list[dict[str, Any]]:
        """Lines ``start`` to ``stop`` of the journal as ``peer`` reads it (its role's view as
        last sent): a front that was sent the last lines only pages back through them."""
        if type(start) is not int or type(stop) is not int or start < 0:
            return []
        with self._lock:  # read outside it: a long page back must not hold every change up
            journal = self._views.get(_view_key(peer), {}).get(sync.JOURNAL, [])
        return list(journal[start:min(stop, start + protocol.MAX_LINES_ASKED)])

    def _broadcast(self, change: Change) -> None:
        with self._lock:
            self.seq += 1
            before, state = self._sent, self.store.state
            self._sent = state
            if not self._peers:  # a console alone: nothing to compute
                return
            full = sync.diff(before, state)
            secret = any(line.get("gm_only") for line in full.get("journal", {}).get("add", []))
            encoded: dict[str, bytes] = {}
            veiled: dict[str, Any] | None = None  # the same for every role but the GM's
            for peer in list(self._peers):
                key = _view_key(peer)
                if key not in encoded:
                    if veiled is None and not peer.role.is_gm:
                        veiled = roles.veiled_creatures(state, self.store.host,
                                                        self.store.session.cache)
                    view = roles.view(_read_by(peer, state), peer.role, self.store.host,
                                      veiled, self._views.get(key))
                    hide = secret and not peer.role.is_gm
                    difference = (sync.diff(self._views.get(key, {}), view)
                                  if not peer.role.is_gm else full if peer.reads_journal
                                  else {k: v for k, v in full.items() if k != sync.JOURNAL})
                    self._views[key] = view
                    encoded[key] = protocol.encode({
                        "type": protocol.CHANGE, "seq": self.seq,
                        "op": "" if hide else change.op,
                        "message": "" if hide else privacy.message_for(change.message,
                                                                       peer.role.may_see),
                        "actor": change.actor, "undo": change.undo,
                        "areas": sorted(change.areas), **difference})
                peer.send_encoded(encoded[key])

    # -- operations ----------------------------------------------------------------------------

    def perform(self, peer: Peer, message: dict[str, Any]) -> dict[str, Any]:
        """An operation or an undo a front asked for, as the owner lets its role have it."""
        ident = message.get("op_id")
        # Keyed by role too: an id is no password to another role's outcome.
        key = (str(peer.role), ident[:100]) if isinstance(ident, str) and ident else None
        with self._performing:
            while key in self._asked:
                self._performing.wait()
            if self._closed:  # too late: the last save is done
                return refusal(str(message.get("op", "")), "the session's owner is stopping")
            if key is not None and key in self._answered:
                log.info("%s asked again for operation %s: answered as the first time",
                         peer.actor, key[1])
                return {**self._answered[key], "repeated": True}
            self._under_way += 1
            if key is not None:
                self._asked.add(key)
        outcome: dict[str, Any] | None = None
        try:
            outcome = self._perform(peer, message)
            return outcome
        finally:
            with self._performing:
                self._under_way -= 1
                if key is not None:
                    self._asked.discard(key)
                    if outcome is not None:
                        self._answered[key] = outcome
                        if len(self._answered) > REMEMBERED_OPERATIONS:
                            self._answered.popitem(last=False)
                self._performing.notify_all()

    def _perform(self, peer: Peer, message: dict[str, Any]) -> dict[str, Any]:
        name = str(message.get("op", ""))
        params = message.get("params") or {}
        if message["type"] == protocol.UNDO:
            if not peer.role.is_gm:
                return refusal("undo", f"{peer.role}: undo is the game master's")
            return self.store.undo(peer.actor).as_dict()
        if not isinstance(params, dict):
            return refusal(name, "params must be a JSON object")
        verdict, reason, params = roles.decide(peer.role, name, params)
        if verdict == "refuse":
            log.info("refused %s from %s: %s", name, peer.actor, reason)
            return refusal(name, reason)
        if verdict == "request":
            outcome = self.store.apply("request.add", {"op": name, "params": params,
                                                       "character": peer.role.character},
                                       peer.actor)
            log.info("%s", outcome.message if outcome.ok else outcome.reason)
            return {**_shown(outcome, peer.role), "queued": outcome.ok}
        outcome = self.store.apply(name, params, peer.actor)
        if outcome.ok:
            log.info("%s: %s", peer.actor, outcome.message)
        return _shown(outcome, peer.role)

    # -- the end -------------------------------------------------------------------------------

    def forget_socket(self) -> None:
        """The socket file goes: no front finds it to connect to. Part of close, and all a
        hang-up does besides saving (the console then leaves at once, without close, which
        would wait for an operation the signal may have interrupted: the file would stay
        behind until the next owner found it stale)."""
        if self.socket_path is not None:
            self.socket_path.unlink(missing_ok=True)

    def close(self, reason: str = "the session's owner stopped") -> None:
        """Save, tell every front, stop listening, let go of the lock."""
        with self._performing:
            if self._closed:
                return
            self._closed = True
            self._performing.wait_for(lambda: not self._under_way)
        # A burst of the console's keys cut short by its leaving: never drawn, so never shown
        # as done; on disk now, or said as not done.
        for refusal in self.store.settle():
            log.error("%s", refusal.reason)
        self._stopping.set()
        self.saver.close()
        if self._listener is not None:
            self._listener.close()
        self.forget_socket()
        with self._lock:
            peers, self._peers = list(self._peers), []
        for peer in peers:
            peer.send({"type": protocol.BYE, "reason": reason})
            peer.finish()
        with self._locking:  # not while a lock file is being made again
            self.lock.release()
        log.info("stopped owning %s", self.session)


def _view_key(peer: Peer) -> str:
    """Fronts of one role see one view of the state: with the journal, or without it."""
    return str(peer.role) if peer.reads_journal else f"{peer.role} (no journal)"


def _read_by(peer: Peer, state: dict[str, Any]) -> dict[str, Any]:
    """What of ``state`` a front reads: all of it, or all but the journal (``op``)."""
    return state if peer.reads_journal else {**state, sync.JOURNAL: []}


def _shown(outcome: Outcome, role: Role) -> dict[str, Any]:
    """An outcome as ``role`` may read it: without GM-only lines, and saying that a private
    field it may not read changed, not what it says (in the sentence, the lines, the reason)."""
    if role.is_gm:
        return outcome.as_dict()
    return Outcome(outcome.ok, outcome.op, privacy.message_for(outcome.message, role.may_see),
                   privacy.message_for(outcome.reason, role.may_see), outcome.data,
                   privacy.journal_for(outcome.journal, role.may_see)).as_dict()
