"""A console in a real terminal: quit, SIGHUP and SIGTERM right after an edit save it and exit."""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
import tomllib
from pathlib import Path
from typing import Iterator

import pytest

from gm_console.gameserver.pty_child import take_terminal

SESSION = '[session]\nname = "Hangup"\n\n[[characters]]\nname = "Aria"\n'


def start(path: Path, controlling: bool = True) -> tuple[subprocess.Popen, int]:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    # PYTHONFAULTHANDLER: a console that does not leave says where each thread is (ended())
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24",
           "PYTHONFAULTHANDLER": "1"}
    # A session of its own with the terminal as its controlling terminal, as sshd does: when
    # the terminal goes away, the kernel sends SIGHUP. Not ``controlling``: nothing does.
    process = subprocess.Popen([sys.executable, "-m", "gm_console", str(path)], stdin=slave,
                               stdout=slave, stderr=slave, env=env, start_new_session=True,
                               close_fds=True, preexec_fn=take_terminal if controlling else None)
    os.close(slave)
    return process, master


@contextlib.contextmanager
def console(path: Path) -> Iterator[tuple[subprocess.Popen, int]]:
    """The console on ``path`` in a terminal of its own; killed if still running at the end."""
    process, master = start(path)
    try:
        yield process, master
    finally:
        if process.poll() is None:
            process.kill()
        os.close(master)


def read_until(master: int, text: bytes, timeout: float = 30) -> bytes:
    seen = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.2)
        if ready:
            try:
                seen += os.read(master, 65536)
            except OSError:
                break
            if text in seen:
                return seen
    raise AssertionError(f"{text!r} never appeared on the terminal")


def drain(master: int, seconds: float) -> bytes:
    """What the console writes on its terminal within ``seconds``."""
    seen = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                seen += os.read(master, 65536)
            except OSError:
                break
    return seen


def ended(process: subprocess.Popen, master: int, timeout: float = 15) -> int:
    """The console's exit code once it left; if it did not within ``timeout``, a failure that
    shows where its threads were (SIGABRT makes faulthandler print them on the terminal)."""
    try:
        return process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGABRT)
        seen = drain(master, 2)
        raise AssertionError(f"the console did not leave within {timeout:g} s; its threads:\n"
                             + seen[-6000:].decode(errors="replace")) from None


def sockets_left() -> list[Path]:
    """Owners' socket files in the runtime folder (the test's own: the ``isolated`` fixture's,
    which the console inherits)."""
    return list(Path(os.environ["GM_CONSOLE_RUNTIME_DIR"]).glob("*.sock"))


@pytest.mark.parametrize("how", ["SIGHUP", "SIGTERM", "q"])
def test_edit_then_stop_leaves_the_edit_saved(tmp_path: Path, how: str) -> None:
    """However the console stops, the edit is saved and its socket goes with it (a hang-up,
    which leaves at once, left the socket for the next owner to find stale)."""
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    with console(path) as (process, master):
        read_until(master, b"08:00")
        os.write(master, b"+")  # advance the clock 10 minutes
        read_until(master, b"08:10")
        assert len(sockets_left()) == 1  # the console owns the session: fronts join there
        if how == "q":
            os.write(master, b"q")
        else:
            process.send_signal(getattr(signal, how))
        drain(master, 0.5)
        assert ended(process, master) == 0
    saved = tomllib.loads(path.read_text())
    assert saved["clock"]["second"] == 8 * 3600 + 600
    assert saved["characters"][0]["name"] == "Aria"
    assert sockets_left() == []


@pytest.mark.parametrize("controlling", [True, False], ids=["SIGHUP", "no signal"])
def test_a_terminal_that_goes_away_does_not_leave_the_process_running(tmp_path: Path,
                                                                       controlling: bool) -> None:
    """With no SIGHUP (a terminal that is not the console's controlling one), the console
    read nothing after nothing for ever, on two cores, holding its session's lock."""
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    process, master = start(path, controlling)
    try:
        read_until(master, b"08:00")
        os.write(master, b"+")
        read_until(master, b"08:10")
    finally:
        os.close(master)  # the SSH connection drops: the terminal is gone
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        raise AssertionError("the console kept running after its terminal went away")
    assert tomllib.loads(path.read_text())["clock"]["second"] == 8 * 3600 + 600
    assert sockets_left() == []
