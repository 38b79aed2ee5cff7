"""Where the fronts of one session meet: its lock files and its owner's socket.

The lock that counts is in the user's runtime folder (``$GM_CONSOLE_RUNTIME_DIR``, else
platformdirs' user runtime dir, else a ``gm-console-UID`` folder under the temporary folder),
mode 0700, named by the session's place: the device and inode of the folder it is in, and its
name. Whether that folder is writable, when the owner started or since, changes nothing, and two
names for one file (a symlink, ``./s.toml``, a folder renamed) meet at one lock. (The inode of
the file itself would not do: each atomic save gives the file a new one.) The owner's socket
sits beside it, named the same way.

A second lock sits beside the session (``.NAME.toml.gm-console.lock``) when the folder lets it
be made, so that a front whose runtime folder is another (another ``$XDG_RUNTIME_DIR``) still
meets the owner; an owner that started in a read-only folder takes it once it can
(:meth:`SessionLock.keep`). Whoever writes the session holds both (or the first alone while the
second cannot be made); either one held by someone else means the session has a holder.

The holder keeps an exclusive ``flock`` on each for its whole life, which the OS releases when
the process dies, even by ``kill -9``. Each file says where the owner listens (a JSON line: pid,
socket). A lock nobody holds is stale whatever it says (its owner died): the next front takes it
and removes the socket it names. A lock moved or removed while its owner lives is made again by
the owner (:meth:`SessionLock.keep`), and meanwhile a front that took a fresh one still finds
the owner listening on its socket and joins it instead (:func:`meet`). ``gm-console op`` takes
the same locks for its read-apply-write when there is no owner, so two ``op`` never lose each
other's change, and no ``op`` writes a file an owner holds.
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

_BUSY = (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK)


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
    """A hash of the session's real path (the browser view's links file is named by it)."""
    import hashlib

    return hashlib.sha256(str(Path(session).resolve()).encode()).hexdigest()[:20]


def _key(session: Path) -> str:
    """The session's place, as every name of it gives it: its real folder's device and inode,
    and its name."""
    import hashlib  # OpenSSL's library: loaded when a lock is named, not by every import

    real = Path(os.path.realpath(session))
    try:
        folder = os.stat(real.parent)
        place = f"{folder.st_dev}:{folder.st_ino}:{real.name}"
    except OSError:  # no such folder (yet): nothing can be written there either
        place = str(real)
    return hashlib.sha256(place.encode()).hexdigest()[:20]


def socket_path(session: Path) -> Path:
    return runtime_dir() / f"{_key(session)}.sock"


def lock_path(session: Path) -> Path:
    """The lock every front of this user meets at, whatever the session folder allows."""
    return runtime_dir() / f"{_key(session)}.lock"


def beside_path(session: Path) -> Path:
    """The second lock, beside the session, for fronts with another runtime folder."""
    real = Path(os.path.realpath(session))
    return real.with_name(f".{real.name}.gm-console.lock")


def _take(path: Path, create: bool = True) -> int | None:
    """An exclusive lock on the file at ``path`` (made if missing): its descriptor, or None
    if someone holds it. OSError if it cannot be opened."""
    while True:
        fd = os.open(path, os.O_RDWR | (os.O_CREAT if create else 0), 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(fd)
            if exc.errno in _BUSY:
                return None
            raise
        # The holder before us may have removed the file as it left (release): then we
        # hold a lock on a file nobody else will ever open. Start again on the new one.
        if _names(path, fd):
            return fd
        os.close(fd)


def _names(path: Path, fd: int) -> bool:
    """Whether ``path`` is still the file open as ``fd`` (not moved, removed or replaced)."""
    try:
        here, held = os.stat(path), os.fstat(fd)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (held.st_dev, held.st_ino)


class SessionLock:
    """The exclusive locks of one session, held from :meth:`acquire` until :meth:`release`."""

    def __init__(self, session: Path) -> None:
        self.session = Path(session)
        self.path = lock_path(session)
        self.beside = beside_path(session)
        self._fd: int | None = None
        self._beside_fd: int | None = None
        self._said = b""  # the announcement, written again into a lock made again

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the locks if nobody holds either; False at once if someone does."""
        fd = _take(self.path)
        if fd is None:
            return False
        try:
            beside = _take(self.beside)
        except OSError as exc:
            if exc.errno not in (errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOENT):
                os.close(fd)
                raise
            beside = -1  # the folder does not let it be made: the runtime lock is enough
        if beside is None:  # held by a front whose runtime folder is another
            os.close(fd)
            return False
        self._fd, self._beside_fd = fd, (beside if beside >= 0 else None)
        return True

    def announce(self, **info: Any) -> None:
        """Say who holds the lock and where they listen, for the fronts that come next."""
        assert self._fd is not None
        self._said = (json.dumps({"pid": os.getpid(), **info}) + "\n").encode()
        for fd in (self._fd, self._beside_fd):
            if fd is not None:
                _write(fd, self._said)

    def keep(self) -> list[str]:
        """Make each lock file again that was moved or removed while held (and take the one
        beside the session once its folder lets it be made); what it found, in sentences,
        for the log."""
        found: list[str] = []
        if self._fd is None:
            return found
        if lock_path(self.session) != self.path:  # its folder made since (named by its path)
            fd = _retake(lock_path(self.session))
            if fd is None:
                found.append(f"the session's folder was made, and another process holds "
                             f"the lock {lock_path(self.session)}")
            else:
                if _names(self.path, self._fd):
                    self.path.unlink(missing_ok=True)
                os.close(self._fd)
                self.path, self._fd = lock_path(self.session), fd
                _write(fd, self._said)
        elif not _names(self.path, self._fd):
            fd = _retake(self.path)
            if fd is None:
                found.append(f"the lock {self.path} was moved or removed, and another process "
                             f"holds the one now there")
            else:
                os.close(self._fd)
                self._fd = fd
                _write(fd, self._said)
                found.append(f"the lock {self.path} was moved or removed: made again")
        if self._beside_fd is None or not _names(self.beside, self._beside_fd):
            fd = _retake(self.beside)
            if fd is not None:
                if self._beside_fd is not None:
                    os.close(self._beside_fd)
                    found.append(f"the lock {self.beside} was moved or removed: made again")
                self._beside_fd = fd
                _write(fd, self._said)
        return found

    def release(self) -> None:
        for path, fd in ((self.path, self._fd), (self.beside, self._beside_fd)):
            if fd is None:
                continue
            # Removed while still held: whoever opens the name next creates a fresh file.
            # (Not a file another process made there since ours was moved.)
            if _names(path, fd):
                path.unlink(missing_ok=True)
            os.close(fd)
        self._fd = self._beside_fd = None


def _write(fd: int, data: bytes) -> None:
    os.ftruncate(fd, 0)
    os.pwrite(fd, data, 0)


def _retake(path: Path) -> int | None:
    """A lock file made (again) at ``path`` and held; None if it cannot be made or is held."""
    try:
        return _take(path)
    except OSError:
        return None


def read_announcement(session: Path) -> dict[str, Any]:
    """What the locks' holder said (empty while it starts, or if it is an ``op``)."""
    for path in (lock_path(session), beside_path(session)):
        try:
            text = path.read_text(encoding="utf-8").strip()
            info = json.loads(text) if text else {}
        except (OSError, ValueError):
            continue
        if isinstance(info, dict) and info:
            return info
    return {}


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
            # An owner whose lock file was moved or removed still listens where it always
            # does: it owns the session, not we.
            owner = _connect(socket_path(session))
            if owner is not None:
                lock.release()
                return None, owner
            _remove_stale_socket(info)
            return lock, None
        sock = _connect(Path(str(info["socket"]))) if info.get("socket") else None
        if sock is not None:
            return None, sock
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


def _connect(path: Path) -> socket.socket | None:
    """A socket connected to whoever listens at ``path``, or None if nobody does."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(str(path))
    except OSError:
        sock.close()
        return None
    return sock
