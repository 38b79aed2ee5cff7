"""Consoles forked from one process that has loaded everything once.

A remote front's console started as a new program imports Python, Textual, the plugins and the
session's rules again, and holds its own copy of all of it: most of a login's wait, and most
of what each player costs. ``gm-console serve`` instead starts one *template* console process
(:class:`Prefork`), which loads all that and waits; each connection's console is a fork of
it, ready at once, whose pages stay shared with the template until written.

- The template is ``gm-console _prefork`` (:func:`serve_forks`), single-threaded, with no
  event loop running: safe to fork. It takes requests on a socket pair from the server: the
  console's arguments and environment, its standard streams (a pseudo-terminal's side, or
  pipes) and a socket of its own on which the template answers the child's pid, then, once it
  has exited, its exit code.
- The child starts a session (a new process group: a hang-up reaches it and what it starts),
  takes the terminal as its controlling one if it is one, takes the environment it was given,
  and runs the console as ``gm-console ARGS`` would.
- The template ends when the server does (its end of the socket pair closes). If it cannot be
  started or has gone, a console is started as a program, as before (:func:`spawn` raises
  OSError and the caller falls back).
"""

from __future__ import annotations

import json
import logging
import os
import selectors
import signal
import socket
import subprocess
import sys
import threading
import traceback
from typing import Any, Callable

from gm_console.gameserver import keys
from gm_console.gameserver.pty_child import take_terminal  # the template's import, not each
# SSH console's at its login

log = logging.getLogger("gm_console.gameserver")

COMMAND = "_prefork"
"""The hidden ``gm-console`` command that runs the template."""
START_TIMEOUT = 60.0
"""Seconds the template has to load everything and say it is ready."""
MAX_REQUEST = 1 << 20


class ForkedProcess:
    """A console the template forked, as much of :class:`subprocess.Popen` as a pty's or a
    pipe's front needs: ``pid``, ``poll()``, ``wait()``, ``returncode``."""

    def __init__(self, pid: int, news: socket.socket, early: bytes = b"") -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._news = news
        self._early = early  # what came with the pid: its exit code, if it ended at once

    def wait(self, timeout: float | None = None) -> int:
        """Blocks until the template says the console has exited (one thread waits)."""
        if self.returncode is None:
            self._news.settimeout(timeout)
            data = self._early
            try:
                while not data.endswith(b"\n"):
                    chunk = self._news.recv(64)
                    if not chunk:  # the template went away: it cannot tell, so we look
                        break
                    data += chunk
            except socket.timeout:
                raise subprocess.TimeoutExpired("console", timeout or 0) from None
            self.returncode = int(data) if data.strip().lstrip(b"-").isdigit() else \
                _exit_of(self.pid)
            self._news.close()
        return self.returncode

    def poll(self) -> int | None:
        return self.returncode


def _exit_of(pid: int) -> int:
    """What we can say of a console whose template has gone: killed if it is still there."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass
    return -signal.SIGKILL


class Prefork:
    """The template console process; :meth:`spawn` forks a console from it."""

    def __init__(self, command: list[str]) -> None:
        self._control, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.process = subprocess.Popen([*command, COMMAND, str(theirs.fileno())],
                                            pass_fds=[theirs.fileno()],
                                            stdin=subprocess.DEVNULL, start_new_session=True)
        finally:
            theirs.close()
        self._lock = threading.Lock()
        self._control.settimeout(START_TIMEOUT)
        try:
            ready = self._control.recv(64)
        except OSError:
            ready = b""
        if ready != b"ready":
            self.close()
            raise OSError("the console template did not start")
        log.info("consoles fork from a template process (%d)", self.process.pid)

    def spawn(self, args: list[str], env: dict[str, str], stdin: int, stdout: int, stderr: int,
              terminal: bool) -> ForkedProcess:
        """A console running ``gm-console ARGS`` on these streams (``terminal``: stdin is a
        pseudo-terminal's side that becomes its controlling terminal)."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            request = json.dumps({"args": args, "env": env, "terminal": terminal}).encode()
            with self._lock:
                socket.send_fds(self._control, [request],
                                [stdin, stdout, stderr, theirs.fileno()])
            theirs.close()
            ours.settimeout(10)
            data = b""
            while b"\n" not in data:
                chunk = ours.recv(64)
                if not chunk:
                    raise OSError("the console template did not fork the console")
                data += chunk
        except BaseException:
            ours.close()
            theirs.close()
            raise
        pid, _, early = data.partition(b"\n")  # a console that ended at once: its exit too
        return ForkedProcess(int(pid), ours, early)

    def close(self) -> None:
        self._control.close()  # the template sees its end close, and ends
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def forking(prefork: Prefork | None) -> Callable[[list[str], dict[str, str], int], Any] | None:
    """A pty console's way to start (:data:`~gm_console.gameserver.pty_child.Spawn`): forked
    from ``prefork``, or as a program when there is none or it has gone."""
    if prefork is None:
        return None

    def spawn(argv: list[str], env: dict[str, str], slave: int) -> Any:
        command = keys.console_command()
        if argv[:len(command)] == command:
            try:
                return prefork.spawn(argv[len(command):], env, slave, slave, slave, True)
            except OSError as exc:
                log.warning("the console template failed (%s): a console starts as a program",
                            exc)
        from gm_console.gameserver.pty_child import _program

        return _program(argv, env, slave)
    return spawn


# -- the template's side ----------------------------------------------------------------------

def serve_forks(fd: int, run: Callable[[list[str]], int]) -> int:
    """The template's loop: fork ``run(args)`` for every request on ``fd``, tell each
    request's socket the child's pid and then its exit code; end when the server has gone."""
    control = socket.socket(fileno=fd)
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # a wake-up on the pipe, nothing else
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server's ^C is for the server
    children: dict[int, socket.socket] = {}
    selector = selectors.DefaultSelector()
    selector.register(control, selectors.EVENT_READ)
    selector.register(wake_read, selectors.EVENT_READ)
    control.sendall(b"ready")
    while True:
        for key, _ in selector.select():
            if key.fileobj is control:
                try:
                    request, fds, _, _ = socket.recv_fds(control, MAX_REQUEST, 4)
                except OSError:
                    request, fds = b"", []
                if not request:
                    return 0  # the server has gone
                _fork(request, fds, control, children, selector, run)
            else:
                os.read(wake_read, 4096)
                _reap(children)


def _fork(request: bytes, fds: list[int], control: socket.socket,
          children: dict[int, socket.socket], selector: selectors.BaseSelector,
          run: Callable[[list[str]], int]) -> None:
    if len(fds) != 4:
        for fd in fds:
            os.close(fd)
        return
    news = socket.socket(fileno=fds[3])
    try:
        asked = json.loads(request)
        args, env, terminal = list(asked["args"]), dict(asked["env"]), bool(asked["terminal"])
    except (ValueError, KeyError, TypeError):
        for fd in fds[:3]:
            os.close(fd)
        news.close()
        return
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # the console
        code = 1
        try:
            selector.close()
            control.close()
            news.close()
            for old in children.values():
                old.close()
            signal.set_wakeup_fd(-1)
            for signum in (signal.SIGCHLD, signal.SIGINT):
                signal.signal(signum, signal.SIG_DFL)
            os.setsid()
            for target, fd in enumerate(fds[:3]):
                os.dup2(fd, target)
            for fd in set(fds[:3]):
                if fd > 2:
                    os.close(fd)
            if terminal:
                take_terminal()
            os.environ.clear()
            os.environ.update(env)
            code = run(args)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        except BaseException:
            traceback.print_exc()
        finally:
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            finally:
                os._exit(code)
    for fd in fds[:3]:
        os.close(fd)
    children[pid] = news
    try:
        news.sendall(f"{pid}\n".encode())
    except OSError:
        pass


def _reap(children: dict[int, socket.socket]) -> None:
    while children:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        news = children.pop(pid, None)
        if news is not None:
            try:
                news.sendall(f"{os.waitstatus_to_exitcode(status)}\n".encode())
            except OSError:
                pass
            news.close()
