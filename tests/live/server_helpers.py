"""Real processes for the game server's tests: keys, ``gm-console serve`` with listeners,
and what a server leaves behind (processes, sockets)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import asyncssh
from live_helpers import wait_for_owner

from gm_console.gameserver.pty_child import take_terminal


def make_key(folder: Path, name: str, comment: str = "") -> Path:
    """A new ed25519 key pair: ``folder/name`` (private, 0600) and ``folder/name.pub``."""
    key = asyncssh.generate_private_key("ssh-ed25519", comment=comment or None)
    private = folder / name
    key.write_private_key(private)
    os.chmod(private, 0o600)
    key.write_public_key(folder / f"{name}.pub")
    return private


def write_keys(path: Path, lines: list[str]) -> None:
    path.write_text("".join(f"{line}\n" for line in lines))
    os.chmod(path, 0o600)


def role_line(role: str, private: Path) -> str:
    return f'role="{role}" {private.with_suffix(".pub").read_text().strip()}'


class Server:
    """``gm-console serve SESSION ARGS...``, its log in a file (a pipe nobody reads fills up)."""

    def __init__(self, session: Path, *args: str) -> None:
        self.log = session.with_name(session.name + ".serve.log")
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "gm_console", "serve", str(session), *args],
                stdout=log, stderr=log)
        wait_for_owner(session, self.process)

    def wait_log(self, pattern: str, timeout: float = 20) -> re.Match[str]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = re.search(pattern, self.log.read_text(errors="replace"))
            if found:
                return found
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        raise AssertionError(f"{pattern!r} not in the server's log:\n{self.log.read_text()}")

    def port(self, kind: str = "SSH") -> int:
        return int(self.wait_log(rf"{kind}: listening on [^ ]+:(\d+)").group(1))

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode


def descendants(pid: int) -> set[int]:
    """Every living process started by ``pid``, by way of any other (a console in its own
    session still has the server as its parent)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if fields[0] != "Z":
                parents[int(entry)] = int(fields[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def proc_file(pid: int, name: str) -> bytes:
    """``/proc/PID/NAME``; empty once the process has ended (a console leaving between the
    listing of the processes and this read)."""
    try:
        return Path(f"/proc/{pid}/{name}").read_bytes()
    except OSError:
        return b""


def template(pid: int) -> set[int]:
    """The server's template console (consoles fork from it: gm_console.gameserver.prefork),
    which lives as long as the server."""
    return {child for child in descendants(pid)
            if b"_prefork" in proc_file(child, "cmdline")
            and proc_file(child, "stat").rsplit(b")", 1)[-1].split()[1:2] == [b"%d" % pid]}


def consoles(pid: int) -> set[int]:
    """The consoles a server runs now, and whatever they started."""
    return descendants(pid) - template(pid)


def alive(pid: int) -> bool:
    """Running (a zombie waiting for its parent has ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False



async def connect(port: int, key: Path, **options: Any) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect("127.0.0.1", port, username="player", client_keys=[key],
                                  known_hosts=None, agent_path=None, config=[], **options)


class Screen:
    """A console over SSH as the client sees it: every byte it was sent. :meth:`wait_for`
    looks at what came since the last :meth:`mark` (before an action: its effect only)."""

    def __init__(self, process: asyncssh.SSHClientProcess) -> None:
        self.process = process
        self.seen = b""
        self.start = 0

    def mark(self) -> None:
        self.start = len(self.seen)

    async def wait_for(self, text: str, timeout: float = 30) -> None:
        import asyncio

        deadline = time.monotonic() + timeout
        while text.encode() not in self.seen[self.start:]:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{text!r} never appeared; last output:\n"
                                     f"{self.seen[-2000:].decode(errors='replace')}")
            try:
                chunk = await asyncio.wait_for(self.process.stdout.read(65536), left)
            except asyncio.TimeoutError:
                continue
            if not chunk:
                raise AssertionError(f"the connection closed before {text!r}; last output:\n"
                                     f"{self.seen[-2000:].decode(errors='replace')}")
            self.seen += chunk


async def open_console(conn: asyncssh.SSHClientConnection, columns: int = 80, rows: int = 24,
                       command: str | None = None, **env: str) -> Screen:
    process = await conn.create_process(command, term_type="xterm-256color",
                                        term_size=(columns, rows), encoding=None, env=env)
    return Screen(process)


class PtyProgram:
    """Any program in an 80x24 pseudo-terminal of its own (a user's terminal); ``seen`` is
    everything it wrote."""

    def __init__(self, argv: list[str], env: dict[str, str] | None = None) -> None:
        import fcntl
        import pty
        import struct
        import termios

        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave,
                                        env=env, start_new_session=True, close_fds=True,
                                        preexec_fn=take_terminal)  # (see live_helpers)
        os.close(slave)
        self.master = master
        self.seen = b""
        self.start = 0

    def mark(self) -> None:
        self.start = len(self.seen)

    def wait_for(self, text: str, timeout: float = 30) -> None:
        import select

        deadline = time.monotonic() + timeout
        while text.encode() not in self.seen[self.start:]:
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never appeared; last output:\n"
                                     f"{self.seen[-2000:].decode(errors='replace')}")
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    self.seen += os.read(self.master, 65536)
                except OSError:  # the program ended
                    raise AssertionError(f"the program ended before {text!r}:\n"
                                         f"{self.seen[-2000:].decode(errors='replace')}")

    def press(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        os.close(self.master)
