#!/usr/bin/env python3
"""Benchmark of a live session, run by hand (not in the test suite):

- latency: from one client sending an operation (what a key press does) to the change event
  arriving on each of N other clients connected to a ``gm-console serve`` owner, p50 and p95;
- memory: what each connected client costs the owner (its resident memory before and after
  N clients join, divided by N), and the resident memory of one console that joined (a whole
  client TUI process, in a pseudo-terminal).

    .venv/bin/python bench/live_bench.py [--clients 20] [--ops 200] [--journal 2000]
"""

from __future__ import annotations

import argparse
import os
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gm_console.files import codec
from gm_console.host.manager import Host
from gm_console.live import protocol, rendezvous
from gm_console.live.client import RemoteStore


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def wait_for_owner(session: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        where = rendezvous.read_announcement(session).get("socket")
        if where and Path(where).exists():
            return
        time.sleep(0.05)
    sys.exit("the owner did not start")


def connect_watchers(session: Path, count: int) -> list[socket.socket]:
    """Clients that only read: each says hello as a player and takes its snapshot."""
    where = rendezvous.read_announcement(session)["socket"]
    watchers = []
    for index in range(count):
        sock = socket.socket(socket.AF_UNIX)
        sock.connect(where)
        sock.sendall(protocol.encode(protocol.hello("player:Aria" if index % 2 else "gm")))
        reader = sock.makefile("rb")
        while protocol.decode(reader.readline(protocol.MAX_LINE))["type"] != "snapshot":
            pass
        sock.setblocking(False)
        watchers.append(sock)
    return watchers


def latency(session: Path, host: Host, watchers: list[socket.socket], ops: int) -> list[float]:
    selector = selectors.DefaultSelector()
    for sock in watchers:
        selector.register(sock, selectors.EVENT_READ, bytearray())
    sender = RemoteStore(rendezvous.meet(session)[1], host, "gm", "bench")  # type: ignore[arg-type]
    samples: list[float] = []
    for _ in range(ops):
        start = time.perf_counter()
        sender.apply("clock.advance", {"minutes": 1})
        pending = set(watchers)
        while pending:
            for key, _ in selector.select(timeout=5):
                data = key.data
                data += key.fileobj.recv(1 << 20)  # type: ignore[union-attr]
                while b"\n" in data:
                    line, _, rest = bytes(data).partition(b"\n")
                    data[:] = rest
                    if b'"type":"change"' in line and key.fileobj in pending:
                        samples.append(time.perf_counter() - start)
                        pending.discard(key.fileobj)  # type: ignore[arg-type]
    sender.close()
    return samples


def console_rss(session: Path) -> int:
    """Resident memory of a console that joined the session, once its screen is drawn."""
    import pty

    master, slave = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "gm_console", str(session)], stdin=slave,
                               stdout=slave, stderr=slave, close_fds=True,
                               env={**os.environ, "TERM": "xterm-256color"})
    os.close(slave)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:  # let it draw, reading what it writes
        try:
            os.set_blocking(master, False)
            os.read(master, 65536)
        except (BlockingIOError, OSError):
            time.sleep(0.05)
    size = rss_kb(process.pid)
    os.write(master, b"q")
    process.wait(timeout=10)
    os.close(master)
    return size


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--ops", type=int, default=200)
    parser.add_argument("--journal", type=int, default=2000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ.setdefault("GM_CONSOLE_RUNTIME_DIR", folder)
        session = Path(folder) / "bench.toml"
        host = Host().load()
        demo = Path(__file__).resolve().parent.parent / "gm_console_config" / "demo.toml"
        state = codec.read(demo, host)
        line = {"day": 1, "second": 0, "real": "", "actor": "gm", "kind": "note",
                "text": "x" * 60, "who": []}
        state["journal"].extend(dict(line) for _ in range(args.journal))
        session.write_text(codec.dumps(state))
        owner = subprocess.Popen([sys.executable, "-m", "gm_console", "serve", str(session)],
                                 stderr=subprocess.DEVNULL)
        try:
            wait_for_owner(session)
            time.sleep(0.5)
            before = rss_kb(owner.pid)
            watchers = connect_watchers(session, args.clients)
            time.sleep(0.5)
            per_client = (rss_kb(owner.pid) - before) / args.clients
            samples = latency(session, host, watchers, args.ops)
            for sock in watchers:
                sock.close()
            client_rss = console_rss(session)
        finally:
            owner.terminate()
            owner.wait(timeout=15)
    samples.sort()
    p50 = statistics.median(samples) * 1000
    p95 = samples[int(len(samples) * 0.95)] * 1000
    print(f"session with {args.journal} journal lines; {args.clients} clients watching "
          f"(half gm, half player:Aria)")
    print(f"op to change on every other client: p50 {p50:.2f} ms, p95 {p95:.2f} ms "
          f"({len(samples)} arrivals)")
    print(f"owner memory per connected client: {per_client:.0f} KB")
    print(f"a console that joined: {client_rss / 1024:.1f} MB resident")


if __name__ == "__main__":
    main()
