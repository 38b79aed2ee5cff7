#!/usr/bin/env python3
"""Benchmarks of what a game master feels, run by hand (not in the test suite):

- start-up: seconds from launch to the first full screen, in a real pseudo-terminal;
- key press: bytes the console writes to the terminal after one key, and the time until the
  first byte (over SSH every byte crosses the network; a full repaint at 80x24 is 9-18 KB):
  on the home screen "+" (the clock, and a journal line that scrolls the journal's tail), and
  on the combat screen "e" (a free action: one number in one cell);
- store: milliseconds per operation on a session with a long journal.

    .venv/bin/python bench/console_bench.py [--keys 20] [--journal 5000]
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

from gm_console import codec
from gm_console.host import Host
from gm_console.store import Store


def read_quiet(master: int, quiet: float = 0.3, limit: float = 20) -> tuple[bytes, float | None]:
    """Everything written until the terminal has been quiet for ``quiet`` seconds, and the
    delay before the first byte."""
    data, first, start = b"", None, time.monotonic()
    last = start
    while time.monotonic() - start < limit:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            chunk = os.read(master, 65536)
            if first is None:
                first = time.monotonic() - start
            data += chunk
            last = time.monotonic()
        elif data and time.monotonic() - last > quiet:
            break
    return data, first


def terminal_bench(session: Path, keys: int, screen: bytes, key: bytes, label: str) -> None:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    start = time.monotonic()
    process = subprocess.Popen([sys.executable, "-m", "gm_console", str(session)], stdin=slave,
                               stdout=slave, stderr=slave, close_fds=True,
                               env={**os.environ, "TERM": "xterm-256color"})
    os.close(slave)
    first_screen, _ = read_quiet(master, quiet=0.5)
    startup = time.monotonic() - start - 0.5
    if screen:
        os.write(master, screen)
        read_quiet(master, quiet=0.5)
    sizes, delays = [], []
    for _ in range(keys):
        os.write(master, key)
        written, first = read_quiet(master)
        sizes.append(len(written))
        delays.append(first or 0)
    os.write(master, b"q")
    process.wait(timeout=10)
    os.close(master)
    if not screen:
        print(f"start-up to first screen:     {startup:.2f} s ({len(first_screen)} bytes)")
    print(f"{label}: bytes per key press median {statistics.median(sizes):.0f}, "
          f"max {max(sizes)} (full screen: {len(first_screen)}); first byte after "
          f"{statistics.median(delays) * 1000:.1f} ms")


def start_fight(session: Path) -> None:
    host = Host().load()
    store = Store(codec.read(session, host), host)
    store.apply("combat.start", {})
    for value, character in enumerate(store.state["characters"]):
        store.apply("combat.initiative", {"combatant": character["name"], "value": 10 + value})
    codec.write_atomic(session, codec.dumps(store.state))


def store_bench(journal: int) -> None:
    host = Host().load()
    state = codec.prepare(codec.new_session("bench"), host, "bench")
    store = Store(state, host)
    for name in ("Aria", "Bram", "Ilse", "Toma"):
        store.apply("character.add", {"name": name})
    line = {"day": 1, "second": 0, "real": "", "actor": "gm", "kind": "note", "text": "x" * 60,
            "who": []}
    store.state["journal"].extend(dict(line) for _ in range(journal))
    timings = []
    for _ in range(200):
        start = time.perf_counter()
        store.apply("clock.advance", {"minutes": 1})
        timings.append(time.perf_counter() - start)
    print(f"store.apply with {journal} journal lines: "
          f"median {statistics.median(timings) * 1000:.2f} ms, max {max(timings) * 1000:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--keys", type=int, default=20)
    parser.add_argument("--journal", type=int, default=5000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        session = Path(folder) / "bench.toml"
        demo = Path(__file__).resolve().parent.parent / "config" / "demo.toml"
        session.write_text(demo.read_text())
        terminal_bench(session, args.keys, b"", b"+", "home, + (clock and journal)")
        start_fight(session)
        terminal_bench(session, args.keys, b"c", b"e", "combat, e (one free action)")
    store_bench(args.journal)


if __name__ == "__main__":
    main()
