"""The built-in SSH listener (``gm-console serve SESSION --ssh HOST:PORT --authorized-keys
FILE``), for a server where you cannot touch sshd.

- Public keys only (no passwords, no keyboard-interactive, no GSS); the SSH user name is not
  checked: the key decides. The keys file is read again at every login, so adding or removing
  a line takes effect at the next login without a restart; a key without a ``role`` option
  is refused (see :mod:`~gm_console.gameserver.keys`).
- One session per connection, with a pseudo-terminal (no shell, no forwarding of any kind, no
  sftp): the console of the key's role, started as the owner's local client
  (``gm-console SESSION --role ROLE --name COMMENT``). Whatever command the client asks for,
  the console is what runs, as with OpenSSH's ``command=``.
- The window follows the client's (the pty is resized, the console gets SIGWINCH); TERM comes
  from the client, and COLORTERM and TEXTUAL_COLOR_SYSTEM when it sends them.
- A login must finish within ``login_timeout`` (:data:`LOGIN_TIMEOUT` unless ``serve
  --login-timeout`` says); keepalives drop a connection whose other end vanished. When a connection closes, the console's process group gets SIGHUP, then
  SIGKILL (:class:`~gm_console.gameserver.pty_child.PtyChild`).
- No one is locked out by connections that never log in: those still logging in have a cap
  of their own (:data:`MAX_LOGGING_IN`, :data:`MAX_LOGGING_IN_PER_ADDRESS` from one address)
  and a short login timeout; past a cap, one of them is dropped to make room for the new
  one: the oldest that has not said a word of SSH yet (an idle socket), else the oldest (a
  real client finishes its login in well under a second). ``max_connections`` counts
  logged-in connections alone: a GM's key gets in while fewer than that many are logged in,
  whatever is still connecting.
"""

from __future__ import annotations

import asyncio
import logging
import os
import stat
from pathlib import Path
from typing import Any

import asyncssh

from gm_console.files.paths import data_dir
from gm_console.gameserver import keys
from gm_console.gameserver.listening import LOGIN_TIMEOUT, MAX_CONNECTIONS, ListenerError
from gm_console.gameserver.prefork import Prefork, forking
from gm_console.gameserver.pty_child import PtyChild

log = logging.getLogger("gm_console.gameserver")

MAX_LOGGING_IN = 32
"""Connections still logging in, from anywhere, at once."""
MAX_LOGGING_IN_PER_ADDRESS = 10
"""Connections still logging in from one address at once (a table behind one router logs in
together at the start of a game)."""
KEEPALIVE_INTERVAL, KEEPALIVE_COUNT = 15, 4
"""A keepalive every 15 s; a client that misses 4 in a row (a minute) is gone."""
PASSED_ENV = ("COLORTERM", "TEXTUAL_COLOR_SYSTEM")
"""The client's environment variables the console gets (OpenSSH's SendEnv); TERM comes with
the pty request."""
SIZE_ENV = ("COLUMNS", "LINES")
"""Left out of the console's environment: they would override the pty's size (a server
started from a shell that exports them, or with readline loaded, has them) and its window
would never follow the client's."""


def default_host_key() -> Path:
    return data_dir() / "ssh_host_ed25519_key"


def load_host_key(path: Path | None) -> asyncssh.SSHKey:
    """The listener's host key: ``path``, or the one in the user's data folder, generated the
    first time (mode 0600). Like sshd, a private key others can read is refused."""
    if path is None:
        path = default_host_key()
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            key = asyncssh.generate_private_key("ssh-ed25519")
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as out:
                out.write(key.export_private_key())
            log.info("generated the host key %s", path)
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
        if mode & 0o077:
            raise ListenerError(f"host key {path}: permissions {mode:04o} are too open (others "
                                f"could pose as this server): chmod 600 {path}")
        return asyncssh.read_private_key(path)
    except (OSError, asyncssh.KeyImportError) as exc:
        raise ListenerError(f"host key {path}: {exc}") from None


def read_keys(path: Path) -> list[keys.KeyEntry]:
    """The keys file as it is now; a line that cannot be used is logged and its key refused.
    A file anyone but its owner may change is refused whole (anyone could let themselves in)."""
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o022:
        raise OSError(f"{path}: permissions {mode:04o} let others add keys: chmod 600 {path}")
    entries, problems = keys.read_keys_file(path)
    for problem in problems:
        log.warning("%s (refused)", problem)
    return entries


class SSHListener:
    def __init__(self, session: Path, address: tuple[str, int], keys_file: Path,
                 host_key: Path | None = None, max_connections: int = MAX_CONNECTIONS,
                 login_timeout: float = LOGIN_TIMEOUT) -> None:
        self.session = Path(session).resolve()
        self.address = address
        self.keys_file = Path(keys_file)
        self.host_key_path = host_key
        self.max_connections = max_connections
        self.login_timeout = login_timeout
        self.connections: set[_Connection] = set()
        self.logging_in: dict[_Connection, str] = {}  # -> its address; oldest first
        self.logged_in: set[_Connection] = set()
        self.consoles: set[_ConsoleSession] = set()  # started and not yet gone
        self.port = address[1]
        self._server: Any = None
        self.prefork: Prefork | None = None  # set by Fronts: consoles fork from it

    async def start(self) -> None:
        try:
            read_keys(self.keys_file)
        except OSError as exc:
            raise ListenerError(f"authorized keys: {exc}") from None
        host_key = load_host_key(self.host_key_path)
        try:
            self._server = await asyncssh.create_server(
                lambda: _Connection(self), *self.address, server_host_keys=[host_key],
                encoding=None, line_editor=False, password_auth=False, kbdint_auth=False,
                gss_host=None, agent_forwarding=False, x11_forwarding=False, allow_scp=False,
                login_timeout=self.login_timeout, keepalive_interval=KEEPALIVE_INTERVAL,
                keepalive_count_max=KEEPALIVE_COUNT, reuse_address=True)
        except OSError as exc:
            raise ListenerError(f"cannot listen on {self.address[0]}:{self.address[1]}: "
                                f"{exc.strerror or exc}") from None
        self.port = self._server.sockets[0].getsockname()[1]
        log.info("SSH: listening on %s:%d, host key %s, keys from %s", self.address[0],
                 self.port, host_key.get_fingerprint(), self.keys_file)

    async def close(self) -> None:
        """Stop listening, close every connection, and wait for every console to be gone."""
        if self._server is not None:
            self._server.close()
        for connection in list(self.connections):
            connection.close()
        await asyncio.gather(*(console.hang_up() for console in list(self.consoles)))
        if self._server is not None:
            await self._server.wait_closed()


class _Connection(asyncssh.SSHServer):
    """One client: who its key says it is, and its one session."""

    def __init__(self, listener: SSHListener) -> None:
        self.listener = listener
        self.conn: asyncssh.SSHServerConnection | None = None
        self.entries: list[keys.KeyEntry] = []
        self.entry: keys.KeyEntry | None = None
        self.session: _ConsoleSession | None = None
        self.peer = "?"

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.peer = f"{peer[0]}:{peer[1]}"
        listener = self.listener
        listener.connections.add(self)
        address = str(peer[0])
        for cap, same in ((MAX_LOGGING_IN_PER_ADDRESS, [c for c, a in listener.logging_in.items()
                                                        if a == address]),
                          (MAX_LOGGING_IN, list(listener.logging_in))):
            if len(same) >= cap:  # one goes: idle sockets cannot hold the door shut
                silent = [c for c in same if c.silent]
                oldest = (silent or same)[0]
                log.warning("SSH: %s dropped: %d connections still logging in%s", oldest.peer,
                            cap, f" from {address}" if cap == MAX_LOGGING_IN_PER_ADDRESS
                            else "")
                oldest.drop()
        listener.logging_in[self] = address

    @property
    def silent(self) -> bool:
        """Not a byte of SSH said yet (an idle socket): the first to go past a cap, before a
        client busy logging in."""
        return self.conn is None or not self.conn.get_extra_info("client_version")

    def drop(self) -> None:
        """Disconnect a connection still logging in, and stop counting it at once."""
        self.listener.logging_in.pop(self, None)
        self.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.listener.connections.discard(self)
        self.listener.logging_in.pop(self, None)
        self.listener.logged_in.discard(self)
        if self.session is not None:
            self.session.hang_up()

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()

    def begin_auth(self, username: str) -> bool:
        if self._full():
            return True
        try:  # at every login: a key added or removed counts from the next one
            self.entries = read_keys(self.listener.keys_file)
        except OSError as exc:
            log.error("SSH: %s refused: cannot read the keys: %s", self.peer, exc)
            self.entries = []
        return True

    def _full(self) -> bool:
        """Whether ``max_connections`` are logged in already; if so, this one is told."""
        assert self.conn is not None
        cap = self.listener.max_connections
        if len(self.listener.logged_in) < cap:
            return False
        log.warning("SSH: %s refused: already %d logged in", self.peer, cap)
        self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS,
                             f"the game server is full ({cap} connections)")
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        wire = key.public_data
        self.entry = next((e for e in self.entries if e.key.wire == wire), None)
        if self.entry is None:
            log.info("SSH: %s offered an unknown key %s", self.peer, key.get_fingerprint())
        return self.entry is not None

    def auth_completed(self) -> None:
        assert self.entry is not None and self.conn is not None
        self.listener.logging_in.pop(self, None)
        if self._full():  # (filled up while this one was logging in)
            return
        self.listener.logged_in.add(self)
        log.info("SSH: %s logged in as %s (%s, keys file line %d)", self.peer, self.entry.name,
                 self.entry.role, self.entry.line)

    def session_requested(self) -> Any:
        if self.session is not None or self.entry is None:
            return False  # one console per connection
        self.session = _ConsoleSession(self, self.entry)
        return self.session


class _ConsoleSession(asyncssh.SSHServerSession):
    def __init__(self, connection: _Connection, entry: keys.KeyEntry) -> None:
        self.connection = connection
        self.entry = entry
        self.chan: Any = None
        self.term: str | None = None
        self.size = (80, 24)
        self.child: PtyChild | None = None
        self._hang_up: asyncio.Future[None] | None = None

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Any) -> bool:
        self.term = term_type or "xterm"
        self.size = (term_size[0] or 80, term_size[1] or 24)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return True  # the console whatever was asked, as OpenSSH's command= does

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        if self.term is None:
            self.chan.write_stderr(b"gm-console: the console needs a terminal: connect with "
                                   b"ssh -t\r\n")
            self.chan.exit(1)
            return
        env = {name: value for name, value in os.environ.items() if name not in SIZE_ENV}
        env["TERM"] = self.term
        sent = self.chan.get_environment()
        env.update({name: sent[name] for name in PASSED_ENV if name in sent})
        argv = keys.client_argv(self.connection.listener.session, self.entry.role,
                                self.entry.name)
        try:
            self.child = PtyChild(argv, env, *self.size, output=self._to_client,
                                  on_exit=self._child_exited,
                                  spawn=forking(self.connection.listener.prefork))
        except OSError as exc:
            log.error("SSH: cannot start the console for %s: %s", self.entry.name, exc)
            self.chan.write_stderr(f"gm-console: the server could not start the console: "
                                   f"{exc}\r\n".encode())
            self.chan.exit(1)
            return
        self.connection.listener.consoles.add(self)
        log.info("SSH: console %d for %s (%s)", self.child.pid, self.entry.name, self.entry.role)

    def _to_client(self, data: bytes) -> None:
        try:
            self.chan.write(data)
        except BrokenPipeError:  # the connection is closing: the console is being hung up
            pass

    def _child_exited(self, code: int) -> None:
        log.info("SSH: %s's console exited (%d)", self.entry.name, code)
        self.connection.listener.consoles.discard(self)
        self.chan.exit(code if code >= 0 else 1)

    def data_received(self, data: bytes, datatype: Any) -> None:
        if self.child is not None:
            self.child.write(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        self.size = (width, height)
        if self.child is not None:
            self.child.resize(width, height)

    def eof_received(self) -> bool:
        return True  # a terminal's input does not end: keep the console until the channel closes

    def pause_writing(self) -> None:
        if self.child is not None:
            self.child.pause_output()

    def resume_writing(self) -> None:
        if self.child is not None:
            self.child.resume_output()

    def connection_lost(self, exc: Exception | None) -> None:
        self.hang_up()

    def hang_up(self) -> asyncio.Future[None]:
        """The console's end, once (its connection closed, or the server stops): done when
        it is gone."""
        if self._hang_up is None:
            if self.child is None:
                self._hang_up = asyncio.get_running_loop().create_future()
                self._hang_up.set_result(None)
            else:
                if self.child.process.poll() is None:
                    log.info("SSH: hanging up %s's console", self.entry.name)
                self._hang_up = asyncio.ensure_future(self.child.hang_up())
                self._hang_up.add_done_callback(
                    lambda done: self.connection.listener.consoles.discard(self))
        return self._hang_up
