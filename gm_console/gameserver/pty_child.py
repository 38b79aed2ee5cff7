"""A console in a pseudo-terminal of its own, as sshd starts a login: a new session whose
controlling terminal is the pty, so the console and anything it starts are one process group
that a hang-up reaches."""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import signal
import struct
import subprocess
import termios
import threading
from typing import Any, Callable

Spawn = Callable[[list[str], dict[str, str], int], Any]
"""How a console starts on a pty's side: ``(argv, env, slave)`` to a process with ``pid``,
``poll()`` and ``wait()`` (a :class:`subprocess.Popen`, or a fork of the game server's
template console)."""

HANG_UP_GRACE = 2.0
"""Seconds a console has after SIGHUP before its process group is killed."""
MAX_PENDING_INPUT = 1024 * 1024
"""Keystrokes waiting for a console that stopped reading (a hung one): past this, dropped."""


def take_terminal() -> None:
    """In the child, before exec: the pty (its stdin) becomes its controlling terminal."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def _program(argv: list[str], env: dict[str, str], slave: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                            start_new_session=True, close_fds=True, preexec_fn=take_terminal)


class PtyChild:
    """``argv`` in a pty of ``columns`` x ``rows``; what it writes goes to ``output``;
    ``on_exit(returncode)`` once it has exited and everything it wrote was passed on."""

    def __init__(self, argv: list[str], env: dict[str, str], columns: int, rows: int,
                 output: Callable[[bytes], None], on_exit: Callable[[int], None],
                 spawn: Spawn | None = None) -> None:
        self._output, self._on_exit = output, on_exit
        self._loop = asyncio.get_running_loop()
        self._pending = b""
        self._reading = True
        self._ended = False
        self.master, slave = pty.openpty()
        try:
            self.resize(columns, rows)
            self.process: Any = (spawn or _program)(argv, env, slave)
        except BaseException:
            os.close(self.master)
            raise
        finally:
            os.close(slave)
        os.set_blocking(self.master, False)
        self._loop.add_reader(self.master, self._readable)
        # a thread of its own waits for it: a shared pool would make the next console wait
        self.exited: asyncio.Future[int] = self._loop.create_future()
        threading.Thread(target=self._wait, name="gm-console-pty-wait", daemon=True).start()

    @property
    def pid(self) -> int:
        return self.process.pid

    def _wait(self) -> None:
        code = self.process.wait()
        if not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._exited, code)

    def _exited(self, code: int) -> None:
        if not self.exited.done():
            self.exited.set_result(code)

    def resize(self, columns: int, rows: int) -> None:
        """The terminal's new size: the kernel tells the console (SIGWINCH)."""
        if columns > 0 and rows > 0:
            fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    # -- keystrokes in, screen out --------------------------------------------------------------

    def write(self, data: bytes) -> None:
        if self._ended or len(self._pending) > MAX_PENDING_INPUT:
            return
        self._pending += data
        self._flush()

    def _flush(self) -> None:
        while self._pending and not self._ended:
            try:
                written = os.write(self.master, self._pending)
            except BlockingIOError:
                self._loop.add_writer(self.master, self._flush)
                return
            except OSError:  # the console has gone
                self._pending = b""
                break
            self._pending = self._pending[written:]
        if not self._ended:
            self._loop.remove_writer(self.master)

    def pause_output(self) -> None:
        """The other end reads slower than the console writes: stop reading (the console
        then waits on its full terminal) until :meth:`resume_output`."""
        if self._reading and not self._ended:
            self._loop.remove_reader(self.master)
            self._reading = False

    def resume_output(self) -> None:
        if not self._reading and not self._ended:
            self._loop.add_reader(self.master, self._readable)
            self._reading = True

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: every process holding the terminal has closed it
            data = b""
        if data:
            self._output(data)
            return
        self._end()
        self.exited.add_done_callback(lambda done: self._on_exit(done.result()))

    def _end(self) -> None:
        if self._ended:
            return
        self._ended = True
        self._loop.remove_reader(self.master)
        self._loop.remove_writer(self.master)
        os.close(self.master)

    # -- the end --------------------------------------------------------------------------------

    async def hang_up(self, grace: float = HANG_UP_GRACE) -> None:
        """The connection closed: SIGHUP to the console's process group, as a terminal that
        goes away does; SIGKILL to what is left of it after ``grace`` seconds."""
        self._on_exit = lambda code: None
        self._signal(signal.SIGHUP)
        try:
            await asyncio.wait_for(asyncio.shield(self.exited), grace)
        except asyncio.TimeoutError:
            pass
        self._signal(signal.SIGKILL)  # also whatever the console started and left behind
        await self.exited
        self._end()

    def _signal(self, signum: int) -> None:
        try:
            os.killpg(self.process.pid, signum)
        except (ProcessLookupError, PermissionError):
            pass
