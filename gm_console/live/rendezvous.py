"""Where the fronts of one session meet: its lock file and its owner's socket.

The lock file sits beside the session (``.NAME.toml.gm-console.lock``), so every front that can
write the session sees it whatever its runtime folder (in a read-only folder, it goes to the
runtime folder); its owner holds an exclusive ``flock``
on it for its whole life, which the OS releases when the process dies, even by ``kill -9``.
The file says where the owner listens (a JSON line: pid, socket). The socket lives in the
user's runtime folder (``$GM_CONSOLE_RUNTIME_DIR``, else platformdirs' user runtime dir, else
a ``gm-console-UID`` folder under the temporary folder), mode 0700, named from a hash of the
session's real path: two names for one file (a symlink, ``./s.toml``) meet at one socket.

A lock nobody holds is stale whatever it says (its owner died): the next front takes it and
removes the socket it names. ``gm-console op`` takes the same lock for its read-apply-write
when there is no owner, so two ``op`` never lose each other's change.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import socket
import tempfile
import time
from pathlib import Path
from typing import Any

import platformdirs


def runtime_dir() -> Path:
    env = os.environ.get("GM_CONSOLE_RUNTIME_DIR")
    if env:
        folder = Path(env)
    else:
        base = os.environ.get("XDG_RUNTIME_DIR")
        folder = (Path(platformdirs.user_runtime_dir("gm-console")) if base else
                  Path(tempfile.gettempdir()) / f"gm-console-{os.getuid()}")
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    info = folder.stat()
    if info.st_uid != os.getuid():  # someone else's folder: their sockets are not ours to trust
        raise OSError(f"{folder} belongs to another user; set GM_CONSOLE_RUNTIME_DIR")
    os.chmod(folder, 0o700)
    return folder


def _digest(session: Path) -> str:
    import hashlib  # OpenSSL's library: loaded when a socket is named, not by every import

    return hashlib.sha256(str(Path(session).resolve()).encode()).hexdigest()[:20]


def socket_path(session: Path) -> Path:
    return runtime_dir() / f"{_digest(session)}.sock"


def lock_path(session: Path) -> Path:
    """Beside the session; in the runtime folder when the session's folder is read-only (the
    console still opens it, and says so when a save fails)."""
    real = Path(session).resolve()
    if real.parent.is_dir() and not os.access(real.parent, os.W_OK):
        return runtime_dir() / f"{_digest(session)}.lock"
    return real.with_name(f".{real.name}.gm-console.lock")


class SessionLock:
    """The exclusive lock of one session, held from :meth:`acquire` until :meth:`release`."""

    def __init__(self, session: Path) -> None:
        self.path = lock_path(session)
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock if nobody holds it; False at once if someone does."""
        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                os.close(fd)
                if exc.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                    return False
                raise
            # The holder before us may have removed the file as it left (release): then we
            # hold a lock on a file nobody else will ever open. Start again on the new one.
            try:
                same = os.stat(self.path).st_ino == os.fstat(fd).st_ino
            except FileNotFoundError:
                same = False
            if same:
                self._fd = fd
                return True
            os.close(fd)

    def announce(self, **info: Any) -> None:
        """Say who holds the lock and where they listen, for the fronts that come next."""
        assert self._fd is not None
        data = (json.dumps({"pid": os.getpid(), **info}) + "\n").encode()
        os.ftruncate(self._fd, 0)
        os.pwrite(self._fd, data, 0)

    def release(self) -> None:
        if self._fd is None:
            return
        # Removed while still held: whoever opens the name next creates a fresh file.
        self.path.unlink(missing_ok=True)
        os.close(self._fd)
        self._fd = None


def read_announcement(session: Path) -> dict[str, Any]:
    """What the lock's holder said (empty while it starts, or if it is an ``op``)."""
    try:
        text = lock_path(session).read_text(encoding="utf-8").strip()
        info = json.loads(text) if text else {}
    except (OSError, ValueError):
        return {}
    return info if isinstance(info, dict) else {}


class OwnerUnreachable(Exception):
    """The session's lock is held, but nobody answers where its holder said it listens."""


def _remove_stale_socket(info: dict[str, Any]) -> None:
    """The socket a lock's last holder named, when nobody holds the lock: its owner died."""
    stale = Path(str(info.get("socket", "")))
    if info.get("socket") and stale.is_socket():
        stale.unlink(missing_ok=True)


def meet(session: Path, timeout: float = 10.0) -> tuple[SessionLock | None, socket.socket | None]:
    """Either the session's lock (nobody else had it: become the owner, or do an ``op``'s
    read-apply-write) or a socket connected to its owner. While the lock's holder is still
    starting, or is an ``op`` (it does not listen), try again until ``timeout``."""
    lock = SessionLock(session)
    deadline = time.monotonic() + timeout
    while True:
        info = read_announcement(session)
        if lock.acquire():
            _remove_stale_socket(info)
            return lock, None
        if info.get("socket"):
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                sock.connect(str(info["socket"]))
                return None, sock
            except OSError:
                sock.close()
        if info.get("error"):  # an owner that cannot take clients: no use waiting
            raise OwnerUnreachable(f"{session} is open in process {info.get('pid')}: "
                                   f"{info['error']}")
        if time.monotonic() > deadline:
            holder = f"process {info['pid']}" if info.get("pid") else "another process"
            raise OwnerUnreachable(
                f"{session} is held by {holder} (lock {lock.path}), which does not answer"
                + (f" on {info['socket']}" if info.get("socket") else "")
                + "; if that process is hung, stop it and try again")
        time.sleep(0.005)
