"""Real processes for the live-session tests: the owner (``gm-console serve`` or a console in
a pseudo-terminal), consoles that join, ``gm-console op``, and a raw protocol socket."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import socket
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path
from typing import Any

from gm_console.gameserver.pty_child import take_terminal
from gm_console.live import protocol, rendezvous

SESSION = ('[session]\nname = "Live"\n\n[[characters]]\nname = "Aria"\n\n[[characters]]\n'
           'name = "Bram"\nnotes = "owes the thieves guild"\n')


def gm(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gm_console", *args], capture_output=True,
                          text=True, timeout=timeout)


def wait_for_owner(path: Path, process: subprocess.Popen[Any] | None = None,
                   timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        where = rendezvous.read_announcement(path).get("socket")
        if where:
            probe = socket.socket(socket.AF_UNIX)
            try:
                probe.connect(where)
                return
            except OSError:
                pass
            finally:
                probe.close()
        if process is not None and process.poll() is not None:
            raise AssertionError(f"the owner exited with {process.returncode}")
        time.sleep(0.05)
    raise AssertionError(f"no owner of {path} after {timeout} s")


def serve(path: Path) -> subprocess.Popen[str]:
    process = subprocess.Popen([sys.executable, "-m", "gm_console", "serve", str(path)],
                               stderr=subprocess.PIPE, text=True)
    wait_for_owner(path, process)
    return process


class Terminal:
    """A console in an 80x24 pseudo-terminal; ``seen`` is everything it wrote."""

    def __init__(self, *args: str) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
        # The terminal is its controlling terminal, as sshd's and the game server's are: if
        # the test's process dies without closing it (a run stopped half-way), the kernel
        # hangs it up, and the console saves and leaves. Without one it saw only an empty
        # read after another, and spun on them for ever, holding the session's lock.
        self.process = subprocess.Popen([sys.executable, "-m", "gm_console", *args],
                                        stdin=slave, stdout=slave, stderr=slave, env=env,
                                        start_new_session=True, close_fds=True,
                                        preexec_fn=take_terminal)
        os.close(slave)
        self.master = master
        self.seen = b""

    def read(self, seconds: float = 0.1) -> None:
        deadline = time.monotonic() + seconds
        while True:
            ready, _, _ = select.select([self.master], [], [], max(0, deadline - time.monotonic()))
            if not ready:
                return
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.seen += chunk

    def wait_for(self, text: str, timeout: float = 30, since_start: bool = False) -> float:
        """Seconds until ``text`` appeared (after the call, or at any time ``since_start``)."""
        start = time.monotonic()
        mark = 0 if since_start else len(self.seen)
        while time.monotonic() - start < timeout:
            if text.encode() in self.seen[mark:]:
                return time.monotonic() - start
            self.read(0.05)
        tail = self.seen[-3000:].decode(errors="replace")
        raise AssertionError(f"{text!r} never appeared on the terminal; last output:\n{tail}")

    def press(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self) -> None:
        if self.process.poll() is None:
            self.press("q")
            deadline = time.monotonic() + 10
            while self.process.poll() is None and time.monotonic() < deadline:
                self.read(0.1)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)


class RawClient:
    """The protocol spoken by hand, reading exactly what the owner sends on the socket."""

    def __init__(self, path: Path, role: str, name: str = "", version: int = protocol.VERSION,
                 **hello: Any):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(rendezvous.read_announcement(path)["socket"])
        self.raw = b""
        self.received = b""  # every byte the owner sent, to search for what must not be there
        self.send({"type": "hello", "protocol": version, "role": role, "name": name, **hello})

    def send(self, message: dict[str, Any]) -> None:
        self.sock.sendall((json.dumps(message) + "\n").encode())

    def receive(self, timeout: float = 10) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while b"\n" not in self.raw:
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("the owner closed the connection")
            self.raw += chunk
            self.received += chunk
        line, _, self.raw = self.raw.partition(b"\n")
        return json.loads(line)

    def until(self, kind: str, timeout: float = 10, **match: Any) -> dict[str, Any]:
        while True:
            message = self.receive(timeout)
            if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
                return message

    def close(self) -> None:
        self.sock.close()


def read_state(path: Path) -> dict[str, Any]:
    """The session as saved: its file, and its journal from the journal's own file."""
    import tomllib

    from gm_console.files.journal_file import JournalFile

    state = tomllib.loads(path.read_text())
    journal = JournalFile.read(path)
    if journal[0].path.exists():
        state.setdefault("journal", journal[1])
    return state


def stop(process: subprocess.Popen[Any]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def open_sockets(pid: int) -> int:
    """How many sockets the process holds; a descriptor it closes between the listing and
    its reading (Python starting up opens and closes many) is not counted."""
    count = 0
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            count += os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:")
        except OSError:
            pass
    return count
