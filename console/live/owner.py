"""The owner of a live session: the one process that applies operations and saves.

It holds the session's lock (:mod:`~gm_console.live.rendezvous`), the
:class:`~gm_console.store.Store` and its saver, and serves every front that speaks
:mod:`~gm_console.live.protocol`: the Unix socket's clients here, and any other transport
(issue #11's SSH and browser fronts) through :meth:`Owner.attach` with a stream and a policy.

Trust model. The policy of a listener, not the client, decides a connection's role. The Unix
socket is mode 0600 in a 0700 folder of the user's: only the same user's processes connect,
and they could read and write the session file anyway, so the local policy takes the role the
launching command passed (``--role``) from the hello. A remote listener's policy ignores the
hello's role and gives the one tied to the key that connected.
"""

from __future__ import annotations

import collections
import logging
import os
import socket
import threading
from pathlib import Path
from typing import Any, Callable, Protocol

from gm_console.headless import open_state
from gm_console.host import Host
from gm_console.live import protocol, roles, sync
from gm_console.live.rendezvous import SessionLock, socket_path
from gm_console.live.roles import Role, RoleError
from gm_console.saver import Saver
from gm_console.store import Change, Outcome, Store

log = logging.getLogger("gm_console.live")
# Quiet unless a front wants it (serve logs to stderr); never Python's last-resort printing to
# the stderr of a console's terminal.
log.addHandler(logging.NullHandler())

Policy = Callable[[dict[str, Any]], Role]
"""From a client's hello, the role of its connection; raises RoleError to refuse it."""

MAX_QUEUED = 5000
"""Messages waiting for one client: a terminal that stops reading is dropped, not waited for."""
MAX_REQUEST_LINE = 1024 * 1024


def trust_local_role(hello: dict[str, Any]) -> Role:
    """The Unix socket's policy: the role the launching command passed (see the trust model)."""
    return Role.parse(hello.get("role") or roles.GM)


class Stream(Protocol):
    """What a front's connection offers the owner. A stream may also have
    ``try_write(data) -> int`` (write what fits without waiting): messages then go out on the
    thread that made them, without waking the writer thread, whenever nothing is queued."""

    def readline(self, limit: int) -> bytes: ...
    def write(self, data: bytes) -> None: ...
    def close(self) -> None: ...


class SocketStream:
    """A connected socket as a :class:`Stream`."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self._reader = sock.makefile("rb")

    def readline(self, limit: int) -> bytes:
        return self._reader.readline(limit)

    def write(self, data: bytes) -> None:
        self.sock.sendall(data)

    def try_write(self, data: bytes) -> int:
        """Write what fits at once without waiting; how many bytes that was."""
        try:
            return self.sock.send(data, socket.MSG_DONTWAIT)
        except BlockingIOError:
            return 0

    def close(self) -> None:
        for closing in (lambda: self.sock.shutdown(socket.SHUT_RDWR), self._reader.close,
                        self.sock.close):
            try:
                closing()
            except OSError:
                pass


class Owner:
    def __init__(self, session: Path, store: Store, saver: Saver, lock: SessionLock) -> None:
        self.session = Path(session)
        self.store = store
        self.saver = saver
        self.lock = lock
        self.socket_path: Path | None = None
        self.seq = 0
        self._peers: list[Peer] = []
        self._views: dict[str, dict[str, Any]] = {}  # per role: the view as last sent
        self._sent = store.state  # the state as of the last change event
        self._lock = threading.Lock()
        self._applying = threading.Lock()  # held by a front's operation; close waits for it
        self._listener: socket.socket | None = None
        self._closed = False
        store.subscribe(self._broadcast)

    @classmethod
    def open(cls, session: Path, host: Host, lock: SessionLock, create: bool = True) -> Owner:
        """Own ``session`` (``lock`` must be held): read it, and save every change of it.
        A broken file raises codec.SessionFileError and is left as it is."""
        state, created = open_state(Path(session), host, create)
        saver = Saver(Path(session), on_error=lambda message: log.error("%s", message))
        store = Store(state, host, on_save=saver.schedule,
                      undo_depth=int(host.config.settings.get("undo_depth", 200)))
        if created:  # a new session exists on disk from the start
            saver.schedule(store.state)
        return cls(session, store, saver, lock)

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
        """Serve one front on ``stream``; ``policy`` decides its role from its hello."""
        peer = Peer(self, stream, policy)
        threading.Thread(target=peer.run, name="gm-console-peer", daemon=True).start()
        return peer

    # -- what every front sees -----------------------------------------------------------------

    def join(self, peer: Peer) -> None:
        with self._lock:
            self._peers.append(peer)
            self._send_snapshot(peer)

    def resync(self, peer: Peer) -> None:
        with self._lock:
            self._send_snapshot(peer)

    def leave(self, peer: Peer) -> None:
        with self._lock:
            if peer in self._peers:
                self._peers.remove(peer)
            if not any(str(p.role) == str(peer.role) for p in self._peers):
                self._views.pop(str(peer.role), None)

    def _send_snapshot(self, peer: Peer) -> None:
        key = str(peer.role)
        if key not in self._views:
            self._views[key] = roles.view(self._sent, peer.role)
        peer.send({"type": protocol.SNAPSHOT, "seq": self.seq, "state": self._views[key]})

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
            for peer in list(self._peers):
                key = str(peer.role)
                if key not in encoded:
                    view = roles.view(state, peer.role)
                    hide = secret and not peer.role.is_gm
                    difference = (full if peer.role.is_gm else
                                  sync.diff(self._views.get(key, {}), view))
                    self._views[key] = view
                    encoded[key] = protocol.encode({
                        "type": protocol.CHANGE, "seq": self.seq,
                        "op": "" if hide else change.op,
                        "message": "" if hide else change.message,
                        "actor": change.actor, "undo": change.undo,
                        "areas": sorted(change.areas), **difference})
                peer.send_encoded(encoded[key])

    # -- operations ----------------------------------------------------------------------------

    def perform(self, peer: Peer, message: dict[str, Any]) -> dict[str, Any]:
        """An operation or an undo a front asked for, as the owner lets its role have it."""
        with self._applying:
            if self._closed:  # too late: the last save is done
                return _refusal(str(message.get("op", "")), "the session's owner is stopping")
            return self._perform(peer, message)

    def _perform(self, peer: Peer, message: dict[str, Any]) -> dict[str, Any]:
        name = str(message.get("op", ""))
        params = message.get("params") or {}
        if message["type"] == protocol.UNDO:
            if not peer.role.is_gm:
                return _refusal("undo", f"{peer.role}: undo is the game master's")
            return self.store.undo(peer.actor).as_dict()
        if not isinstance(params, dict):
            return _refusal(name, "params must be a JSON object")
        verdict, reason, params = roles.decide(peer.role, name, params)
        if verdict == "refuse":
            log.info("refused %s from %s: %s", name, peer.actor, reason)
            return _refusal(name, reason)
        if verdict == "request":
            outcome = self.store.apply("request.add", {"op": name, "params": params,
                                                       "character": peer.role.character},
                                       peer.actor)
            log.info("%s", outcome.message if outcome.ok else outcome.reason)
            return {**outcome.as_dict(), "queued": outcome.ok}
        outcome = self.store.apply(name, params, peer.actor)
        if outcome.ok:
            log.info("%s: %s", peer.actor, outcome.message)
        return _shown(outcome, peer.role)

    # -- the end -------------------------------------------------------------------------------

    def close(self, reason: str = "the session's owner stopped") -> None:
        """Save, tell every front, stop listening, let go of the lock."""
        with self._applying:
            if self._closed:
                return
            self._closed = True
        self.saver.close()
        if self._listener is not None:
            self._listener.close()
        if self.socket_path is not None:
            self.socket_path.unlink(missing_ok=True)
        with self._lock:
            peers, self._peers = list(self._peers), []
        for peer in peers:
            peer.send({"type": protocol.BYE, "reason": reason})
            peer.finish()
        self.lock.release()
        log.info("stopped owning %s", self.session)


def _refusal(op: str, reason: str) -> dict[str, Any]:
    return Outcome(False, op, reason=reason).as_dict()


def _shown(outcome: Outcome, role: Role) -> dict[str, Any]:
    out = outcome.as_dict()
    if not role.is_gm and "journal" in out:
        out["journal"] = [line for line in out["journal"] if not line.get("gm_only")]
    return out


class Peer:
    """One front connected to the owner: its reader runs on its own thread, and a writer
    thread empties a bounded queue, so a slow terminal never holds the owner (or its TUI) up."""

    def __init__(self, owner: Owner, stream: Stream, policy: Policy) -> None:
        self.owner = owner
        self.stream = stream
        self.policy = policy
        self.role = Role(roles.SPECTATOR)
        self.actor = ""
        self._queue: collections.deque[bytes | None] = collections.deque()
        self._ready = threading.Condition()
        self._done = False
        self._writing = False  # the writer thread has a message in hand
        self._try_write = getattr(stream, "try_write", None)

    def send(self, message: dict[str, Any]) -> None:
        self.send_encoded(protocol.encode(message))

    def send_encoded(self, data: bytes | None) -> None:
        with self._ready:
            if self._done:
                return
            if len(self._queue) > MAX_QUEUED:
                log.warning("%s stopped reading: dropped", self.actor)
                self._queue.clear()
                data = None
            if data and not self._queue and not self._writing and self._try_write:
                try:
                    data = data[self._try_write(data):]
                except OSError:
                    data = None  # the front has gone: the writer thread closes
                if data == b"":
                    return
            self._queue.append(data)
            self._ready.notify()

    def finish(self) -> None:
        """Close once everything queued is written."""
        self.send_encoded(None)

    def run(self) -> None:
        writer = threading.Thread(target=self._write, name="gm-console-writer", daemon=True)
        writer.start()
        try:
            if self._handshake():
                self._serve()
        except (OSError, ValueError) as exc:
            log.info("%s: connection lost (%s)", self.actor or "a client", exc)
        finally:
            self.owner.leave(self)
            self.finish()

    def _handshake(self) -> bool:
        try:
            hello = protocol.decode(self.stream.readline(MAX_REQUEST_LINE))
        except protocol.ProtocolError as exc:
            return self._refuse(f"the first message must be a hello: {exc}")
        if hello["type"] != protocol.HELLO:
            return self._refuse("the first message must be a hello")
        mismatch = protocol.version_refusal(hello.get("protocol"))
        if mismatch:
            return self._refuse(mismatch)
        try:
            self.role = self.policy(hello)
        except RoleError as exc:
            return self._refuse(str(exc))
        if self.role.kind == roles.PLAYER:
            names = [str(c.get("name")) for c in self.owner.store.state.get("characters", [])]
            if not any(self.role.owns(name) for name in names):
                return self._refuse(f"no character named {self.role.character!r} in this "
                                    f"session (characters: {', '.join(names) or 'none'})")
        # a label in the journal and on the game master's screen: printable text only
        self.actor = "".join(ch for ch in str(hello.get("name") or self.role)
                             if ch.isprintable())[:60] or str(self.role)
        self.send({"type": protocol.WELCOME, "protocol": protocol.VERSION,
                   "role": str(self.role), "actor": self.actor,
                   "session": str(self.owner.session), "owner_pid": os.getpid()})
        self.owner.join(self)
        log.info("%s joined as %s", self.actor, self.role)
        return True

    def _refuse(self, reason: str) -> bool:
        log.info("refused a client: %s", reason)
        self.send({"type": protocol.REFUSED, "reason": reason})
        return False

    def _serve(self) -> None:
        while True:
            line = self.stream.readline(MAX_REQUEST_LINE)
            if not line:
                log.info("%s left", self.actor)
                return
            if not line.endswith(b"\n"):
                self.send({"type": protocol.REFUSED, "reason": "a message longer than "
                           f"{MAX_REQUEST_LINE} bytes"})
                return
            try:
                message = protocol.decode(line)
            except protocol.ProtocolError as exc:
                self.send({"type": protocol.OUTCOME, "id": None,
                           **_refusal("", f"unreadable message: {exc}")})
                continue
            kind = message["type"]
            if kind in (protocol.OP, protocol.UNDO):
                try:
                    outcome = self.owner.perform(self, message)
                except Exception as exc:  # the core itself failed: say so, keep serving
                    log.exception("%s from %s failed", message.get("op", kind), self.actor)
                    outcome = _refusal(str(message.get("op", kind)), f"the owner failed: {exc}")
                self.send({"type": protocol.OUTCOME, "id": message.get("id"), **outcome})
            elif kind == protocol.RESYNC:
                self.owner.resync(self)
            elif kind == protocol.BYE:
                return
            else:
                self.send({"type": protocol.OUTCOME, "id": message.get("id"),
                           **_refusal("", f"unknown message type {kind!r}")})

    def _write(self) -> None:
        while True:
            with self._ready:
                self._ready.wait_for(lambda: bool(self._queue))
                data = self._queue.popleft()
                self._done = data is None
                self._writing = not self._done
            if data is None:
                self.stream.close()
                return
            try:
                self.stream.write(data)
            except OSError:
                with self._ready:
                    self._done = True
                    self._queue.clear()
                self.stream.close()
                return
            with self._ready:
                self._writing = False
