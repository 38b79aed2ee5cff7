"""The durable session's figures (issue #32), each against the demo measured in the same run:

- the owner's CPU per operation (``gm-console serve`` owning the session, operations sent by
  a joined front that waits for each acknowledgement), on journals of 5,000 and 50,000 lines;
- ``gm-console op`` through a live owner, the sessions alternated, pair by pair;
- commit latency: from an operation's call to its acknowledgement, which comes once the change
  is fdatasync'd to the session's log (median and 99th percentile, against two frames);
- the owner's memory (unique set size, and peak resident) at 50,000 lines;
- group commit: fdatasyncs per operation when ten fronts apply at once, and for a burst of a
  console's keys (Store.hold_back), with the ten fronts' latency; counts, which do not move
  with the machine's load.

    .venv/bin/python bench/durable_bench.py [--ops 100] [--runs 5]

A benchmark, never a test: the figures move with the machine's load; the CPU counts come from
the scheduler (/proc/PID/task/*/schedstat), which a busy machine moves less than wall time.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from console_bench import (
    ENV,
    cpu_ns,
    demo_session,
    journal_session,
    median,
    peak_memory_kib,
    percentile,
    row,
)

from gm_console.files import commit_log
from gm_console.files.commit_log import CommitLog
from gm_console.headless import open_state
from gm_console.host.manager import Host
from gm_console.live import rendezvous
from gm_console.live.client import RemoteStore
from gm_console.state.store import Store

FRAME = 1 / 60


def serve(session: Path) -> subprocess.Popen[bytes]:
    owner = subprocess.Popen([sys.executable, "-m", "gm_console", "serve", str(session)],
                             env=ENV, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not rendezvous.read_announcement(session).get("socket"):
        if time.monotonic() > deadline or owner.poll() is not None:
            raise SystemExit(f"bench: no owner of {session}")
        time.sleep(0.05)
    return owner


def unique_kib(pid: int) -> int:
    """Memory only this process holds (private pages), in KiB."""
    total = 0
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith(("Private_Clean:", "Private_Dirty:")):
            total += int(line.split()[1])
    return total


def owner_cpu(sessions: dict[str, Path], owners: dict[str, subprocess.Popen[bytes]],
              ops: int) -> None:
    host = Host().load()
    per_op: dict[str, float] = {}
    for label, session in sessions.items():
        _, sock = rendezvous.meet(session)
        remote = RemoteStore(sock, host, "gm", "bench", "bench")
        for _ in range(5):  # warm: the first save of a session is its whole state
            remote.apply("clock.advance", {"minutes": 1})
        time.sleep(0.5)
        pid = owners[label].pid
        before = cpu_ns(pid)
        for _ in range(ops):
            assert remote.apply("clock.advance", {"minutes": 1}).ok
        time.sleep(0.5)  # the saves those operations asked for
        per_op[label] = (cpu_ns(pid) - before) / ops / 1e6
        remote.close()
    for label in sessions:
        if label == "demo":
            continue
        ratio = per_op[label] / per_op["demo"]
        row(f"owner CPU per operation, {label}", f"{per_op[label]:.2f} ms, {ratio:.2f} x demo",
            "<= 1.2 x demo", ratio <= 1.2)
    row("  (demo)", f"{per_op['demo']:.2f} ms", "", None)


def op_through_owner(sessions: dict[str, Path], runs: int) -> None:
    times: dict[str, list[float]] = {label: [] for label in sessions}
    for _ in range(runs):
        for label, session in sessions.items():
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "gm_console", "op", str(session),
                            "clock.advance", "minutes=1"], check=True, env=ENV,
                           stdout=subprocess.DEVNULL)
            times[label].append(time.perf_counter() - start)
    for label in sessions:
        if label == "demo":
            continue
        ratio = median([big / demo for demo, big in zip(times["demo"], times[label])])
        row(f"gm-console op through the owner, {label}", f"{ratio:.2f} x demo "
            f"({median(times[label]):.2f} s)", "<= 1.2 x demo", ratio <= 1.2)


def memory(owners: dict[str, subprocess.Popen[bytes]]) -> None:
    demo, big = owners["demo"].pid, owners["50,000 lines"].pid
    ratio = unique_kib(big) / unique_kib(demo)
    row("owner memory (USS), 50,000 lines", f"{unique_kib(big) / 1024:.0f} MiB, "
        f"{ratio:.2f} x demo", "<= 1.3 x demo", ratio <= 1.3)
    row("  (demo USS; peak RSS demo / 50,000)", f"{unique_kib(demo) / 1024:.0f} MiB; "
        f"{peak_memory_kib(demo) / 1024:.0f} / {peak_memory_kib(big) / 1024:.0f} MiB", "", None)


def commit_latency(sessions: dict[str, Path], ops: int) -> None:
    """In-process, as the console's key handler calls it: Store.apply returns once the
    change is in the log, on disk."""
    host = Host().load()
    for label, session in sessions.items():
        copy = session.with_name(f"latency-{session.name}")
        copy.write_bytes(session.read_bytes())
        opened = open_state(copy, host, create=False)
        store = Store(opened.state, host, log=CommitLog(copy, opened.logged))
        timings = []
        for _ in range(ops):
            start = time.perf_counter()
            assert store.apply("clock.advance", {"minutes": 1}).ok
            timings.append(time.perf_counter() - start)
        p50, p99 = median(timings), percentile(timings, 0.99)
        row(f"commit latency (to durable), {label}", f"{p50 * 1000:.1f} / {p99 * 1000:.1f} ms",
            "p50, p99 <= 2 frames", p99 <= 2 * FRAME)


def group_commit(session: Path, ops: int, fronts: int = 10) -> None:
    """In-process: ``fronts`` threads applying ``ops`` operations each at once, then one
    console's burst of ``fronts`` keys; the fdatasyncs each costs."""
    host = Host().load()
    copy = session.with_name(f"group-{session.name}")
    copy.write_bytes(session.read_bytes())
    opened = open_state(copy, host, create=False)
    store = Store(opened.state, host, log=CommitLog(copy, opened.logged))
    syncs = [0]
    real = os.fdatasync

    def counted(fd: int) -> None:
        syncs[0] += 1
        real(fd)
    commit_log.os.fdatasync = counted  # type: ignore[attr-defined]
    try:
        timings: list[float] = []

        def front() -> None:
            for _ in range(ops):
                start = time.perf_counter()
                assert store.apply("clock.advance", {"minutes": 1}).ok
                timings.append(time.perf_counter() - start)
        threads = [threading.Thread(target=front) for _ in range(fronts)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        shared = syncs[0] / (ops * fronts)
        row(f"group commit, {fronts} fronts at once", f"{shared:.2f} fdatasync per op",
            "< 1", shared < 1)
        row("  (their latency p50 / p99)", f"{median(timings) * 1000:.1f} / "
            f"{percentile(timings, 0.99) * 1000:.1f} ms", "p99 <= 2 frames",
            percentile(timings, 0.99) <= 2 * FRAME)
        syncs[0] = 0
        store.hold_back()
        for _ in range(fronts):
            assert store.apply("clock.advance", {"minutes": 1}).ok
        assert not store.settle()
        row(f"group commit, a burst of {fronts} keys", f"{syncs[0]} fdatasync", "1",
            syncs[0] == 1)
    finally:
        commit_log.os.fdatasync = real  # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ops", type=int, default=100, help="operations per measure")
    parser.add_argument("--runs", type=int, default=5, help="gm-console op runs per session")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        sessions = {"demo": demo_session(folder),
                    "5,000 lines": journal_session(folder, 5000),
                    "50,000 lines": journal_session(folder, 50000)}
        commit_latency(sessions, args.ops * 3)
        group_commit(sessions["demo"], args.ops)
        owners = {label: serve(session) for label, session in sessions.items()}
        try:
            owner_cpu(sessions, owners, args.ops)
            op_through_owner(sessions, args.runs)
            memory(owners)
        finally:
            for owner in owners.values():
                owner.terminate()
                owner.wait(timeout=60)


if __name__ == "__main__":
    main()
