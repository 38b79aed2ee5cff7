"""One front connected to a session's owner, on any stream: the Unix socket's clients, and
the game server's SSH and browser fronts (:mod:`gm_console.gameserver`).

Trust model. The policy of the listener that accepted a connection, not the client, decides its
role. The Unix socket is mode 0600 in a 0700 folder of the user's: only the same user's
processes connect, and they could read and write the session file anyway, so the local policy
(:func:`trust_local_role`) takes the role the launching command passed (``--role``) from the
hello. A remote listener's policy ignores the hello's role and gives the one tied to the key
that connected.
"""

from __future__ import annotations

import collections
import logging
import os
import socket
import threading
from pathlib import Path
from typing import Any, Callable, Iterable, Protocol

from gm_console.live import protocol, roles
from gm_console.live.roles import Role, RoleError
from gm_console.state.store import Outcome, SessionStore

log = logging.getLogger("gm_console.live")
# Quiet unless a front wants it (serve logs to stderr); never Python's last-resort printing to
# the stderr of a console's terminal.
log.addHandler(logging.NullHandler())

Policy = Callable[[dict[str, Any]], Role]
"""From a client's hello, the role of its connection; raises RoleError to refuse it."""

MAX_QUEUED = 5000
"""Messages waiting for one client: a terminal that stops reading is dropped, not waited for."""
MAX_REQUEST_LINE = 1024 * 1024
HELLO_TIMEOUT = 5.0
"""Seconds a connection has to say hello; one that has not by then is dropped (a client
says it at once)."""


def trust_local_role(hello: dict[str, Any]) -> Role:
    """The Unix socket's policy: the role the launching command passed (see the trust model)."""
    return Role.parse(hello.get("role") or roles.GM)


class Stream(Protocol):
    """What a front's connection offers the owner. A stream may also have
    ``try_write(data) -> int`` (write what fits without waiting): messages then go out on the
    thread that made them, without waking the writer thread, whenever nothing is queued; and
    ``set_timeout(seconds)`` (how long a read may wait, None for ever): the hello must then
    come within :data:`HELLO_TIMEOUT`."""

    def readline(self, limit: int) -> bytes: ...
    def write(self, data: bytes) -> None: ...
    def close(self) -> None: ...


class SessionOwner(Protocol):
    """What a peer asks of the session's owner (:class:`~gm_console.live.owner.Owner`): the
    session it owns, its store, and to be told when the peer joins, asks or leaves."""

    @property
    def session(self) -> Path: ...
    @property
    def store(self) -> SessionStore: ...
    @property
    def instance(self) -> str: ...
    def join(self, peer: Peer) -> None: ...
    def leave(self, peer: Peer) -> None: ...
    def resync(self, peer: Peer) -> None: ...
    def journal_lines(self, peer: Peer, start: Any, stop: Any) -> list[dict[str, Any]]: ...
    def perform(self, peer: Peer, message: dict[str, Any]) -> dict[str, Any]: ...


class SocketStream:
    """A connected socket as a :class:`Stream`."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self._reader = sock.makefile("rb")

    def readline(self, limit: int) -> bytes:
        return self._reader.readline(limit)

    def write(self, data: bytes) -> None:
        self.sock.sendall(data)

    def set_timeout(self, seconds: float | None) -> None:
        self.sock.settimeout(seconds)

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


def refusal(op: str, reason: str) -> dict[str, Any]:
    """An operation's refusal as an outcome message carries it."""
    return Outcome(False, op, reason=reason).as_dict()


class Peer:
    """One front connected to the owner: its reader runs on its own thread, and a writer
    thread empties a bounded queue, so a slow terminal never holds the owner (or its TUI) up."""

    def __init__(self, owner: SessionOwner, stream: Stream, policy: Policy) -> None:
        self.owner = owner
        self.stream = stream
        self.policy = policy
        self.role = Role(roles.SPECTATOR)
        self.actor = ""
        self.front = ""  # what the client says it is (a console...): a label, not a role
        self.reads_journal = True  # the hello's "journal": false leaves it out of what it gets
        self.journal_last: int | None = None
        self.joined = False
        self.greeted = False  # past its hello (welcomed or refused): no longer waiting
        self._queue: collections.deque[bytes | Iterable[bytes] | None] = collections.deque()
        self._ready = threading.Condition()
        self._done = False
        self._writing = False  # the writer thread has a message in hand
        self._try_write = getattr(stream, "try_write", None)

    def send(self, message: dict[str, Any]) -> None:
        self.send_encoded(protocol.encode(message))

    def send_encoded(self, data: bytes | Iterable[bytes] | None) -> None:
        """``data``: a message's bytes, or its pieces (a long campaign's snapshot), made one
        at a time as the writer thread writes them, so that they are never all in memory."""
        with self._ready:
            if self._done:
                return
            if len(self._queue) > MAX_QUEUED:
                log.warning("%s stopped reading: dropped", self.actor)
                self._queue.clear()
                data = None
            if isinstance(data, bytes) and data and not self._queue and not self._writing \
                    and self._try_write:
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
        """Serve the front on this thread. Until it has said hello, this one thread is all it
        holds (the writer starts with its welcome or refusal) and a read waits
        :data:`HELLO_TIMEOUT` at most; then its writer thread is started and reads wait."""
        writer = threading.Thread(target=self._write, name="gm-console-writer", daemon=True)
        try:
            if self._handshake(writer):
                self._serve()
        except TimeoutError:
            log.info("a client said no hello within %g s: dropped", HELLO_TIMEOUT)
        except (OSError, ValueError) as exc:
            log.info("%s: connection lost (%s)", self.actor or "a client", exc)
        except Exception:  # a bug of ours: this front is dropped, the owner and the rest go on
            log.exception("%s: dropped", self.actor or "a client")
        finally:
            self.owner.leave(self)
            if writer.is_alive():
                self.finish()
            else:  # never started: nothing is queued to write
                with self._ready:
                    self._done = True
                self.stream.close()

    def _handshake(self, writer: threading.Thread) -> bool:
        timed = getattr(self.stream, "set_timeout", None)
        if timed is not None:
            timed(HELLO_TIMEOUT)
        try:
            line = self.stream.readline(MAX_REQUEST_LINE)
        finally:
            self.greeted = True
        if not line:  # gone (or dropped for a newer one) before a word: nothing to answer
            return False
        if timed is not None:
            timed(None)
        writer.start()
        try:
            hello = protocol.decode(line)
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
        # a player's front that gives no name is its character's ("Aria asks...", not
        # "player:Aria asks...")
        self.actor = "".join(ch for ch in str(hello.get("name") or self.role.character
                                              or self.role)
                             if ch.isprintable())[:60] or str(self.role)
        self.send({"type": protocol.WELCOME, "protocol": protocol.VERSION,
                   "role": str(self.role), "actor": self.actor,
                   "session": str(self.owner.session), "owner_pid": os.getpid(),
                   "instance": self.owner.instance})
        self.front = str(hello.get("front", ""))
        self.journal_last = protocol.journal_wanted(hello)
        """The journal's last lines its snapshot carries (None: all; 0: none)."""
        self.reads_journal = self.journal_last != 0
        self.joined = True
        self.owner.join(self)
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
                           **refusal("", f"unreadable message: {exc}")})
                continue
            kind = message["type"]
            if kind in (protocol.OP, protocol.UNDO):
                try:
                    outcome = self.owner.perform(self, message)
                except Exception as exc:  # the core itself failed: say so, keep serving
                    log.exception("%s from %s failed", message.get("op", kind), self.actor)
                    outcome = refusal(str(message.get("op", kind)), f"the owner failed: {exc}")
                self.send({"type": protocol.OUTCOME, "id": message.get("id"),
                           "op_id": message.get("op_id"), **outcome})
            elif kind == protocol.RESYNC:
                self.owner.resync(self)
            elif kind == protocol.LINES:
                self.send({"type": protocol.LINES, "id": message.get("id"),
                           "lines": self.owner.journal_lines(self, message.get("from"),
                                                             message.get("to"))})
            elif kind == protocol.BYE:
                return
            else:
                self.send({"type": protocol.OUTCOME, "id": message.get("id"),
                           **refusal("", f"unknown message type {kind!r}")})

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
                for piece in (data,) if isinstance(data, bytes) else data:
                    self.stream.write(piece)
            except OSError:
                with self._ready:
                    self._done = True
                    self._queue.clear()
                self.stream.close()
                return
            with self._ready:
                self._writing = False
