#!/usr/bin/env python3
"""The benchmark of what a game master feels at the table, run by hand (``python3 dev.py
bench``), never in the test suite. Every figure is a ratio against a reference measured in the
same run, alternating measured and reference runs, printed with its goal (issues #13 and #37):

- the reference is the cheapest a Textual app can do, ``bench/label_app.py`` (one label, its
  key updates it); ``bench/bare_app.py`` (header, 50-row table, footer) is a second, named one;
- times are to the *last* byte of a repaint, read from a real pseudo-terminal at 80x24 until it
  has been quiet for ``--quiet`` seconds;
- the big session is generated: 50 characters x 40 items, 5,000 journal lines, 30 combatants;
  the journal figure's sessions have 5,000 and 50,000 lines as the console writes them (with
  their sentences' templates), opened with the default settings.

    python3 dev.py bench [--runs 5] [--keys 30] [--quiet 0.25] [--skip-journal]
                         [--only keys,journal]
"""

from __future__ import annotations

import argparse
import copy
import fcntl
import os
import pty
import re
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path
from typing import Any, Callable

from gm_console.files import codec
from gm_console.files.journal_file import JournalFile, journal_path
from gm_console.files.saver import without_journal, write_session
from gm_console.host.manager import Host
from gm_console.state.store import Store

HERE = Path(__file__).resolve().parent
DEMO = HERE.parent / "gm_console_config" / "demo.toml"
LABEL = [sys.executable, str(HERE / "label_app.py")]
BARE = [sys.executable, str(HERE / "bare_app.py")]
# As a user runs it: with compiled bytecode. Textual's comes compiled with its wheel; ours,
# installed editable, is compiled on the first run unless PYTHONDONTWRITEBYTECODE forbids it
# (as some sandboxes do), which would charge the console a third of a second per start.
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


# -- a real terminal ------------------------------------------------------------------------


class Terminal:
    """A program in a pseudo-terminal of 80x24; ``settle`` and ``press`` return what it wrote
    and when its last byte came."""

    def __init__(self, argv: list[str], quiet: float, env: dict[str, str] | None = None) -> None:
        self.quiet = quiet
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.started = time.perf_counter()
        self.process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave,
                                        close_fds=True,
                                        env={**ENV, "TERM": "xterm-256color", **(env or {})})
        os.close(slave)

    def settle(self, quiet: float | None = None, limit: float = 60) -> tuple[bytes, float]:
        """Read until quiet once the footer is drawn (a loaded machine can pause a start-up
        for longer than ``quiet``); (bytes, seconds from the start to the last chunk)."""
        data, seconds = self._read(self.started, quiet or self.quiet, limit)
        while b"palette" not in data and time.perf_counter() - self.started < limit:
            more, seconds = self._read(self.started, quiet or self.quiet, limit)
            data += more
        return data, seconds

    def press(self, key: bytes, quiet: float | None = None) -> tuple[bytes, float]:
        sent = time.perf_counter()
        os.write(self.master, key)
        return self._read(sent, quiet or self.quiet, 60)

    def _read(self, since: float, quiet: float, limit: float) -> tuple[bytes, float]:
        data, last = b"", since
        while time.perf_counter() - since < limit:
            ready, _, _ = select.select([self.master], [], [], quiet if data else limit)
            if not ready:
                if data:
                    break
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                break
            if not chunk:
                break
            data += chunk
            last = time.perf_counter()
        return data, last - since

    def close(self) -> None:
        try:
            os.write(self.master, b"\x1b")  # out of any prompt
            time.sleep(0.2)
            os.write(self.master, b"q")
            self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        os.close(self.master)

    def idle(self, still: float = 0.3, limit: float = 60) -> None:
        """Wait until the program has used no CPU for ``still`` seconds: what it does without
        writing (a first save of a long journal, on a thread) is over."""
        def cpu() -> int:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return int(fields[11]) + int(fields[12])  # utime + stime, in clock ticks
        deadline = time.perf_counter() + limit
        before = cpu()
        while time.perf_counter() < deadline:
            time.sleep(still)
            now = cpu()
            if now == before:
                return
            before = now


def save(path: Path, state: dict[str, Any]) -> None:
    """``state`` written as the console writes it: the journal in its own file."""
    write_session(path, state, codec.dumps(without_journal(state)), JournalFile(path))


def console(session: Path, quiet: float, env: dict[str, str] | None = None) -> Terminal:
    return Terminal([sys.executable, "-m", "gm_console", str(session)], quiet, env)


# -- sessions -------------------------------------------------------------------------------


def big_session(folder: Path, characters: int = 50, items: int = 40, journal: int = 5000,
                combatants: int = 30, name: str = "big.toml") -> Path:
    """A campaign grown large: ``characters`` with ``items`` each, a fight with the first
    ``combatants`` of them, and a journal of ``journal`` lines."""
    host = Host().load()
    state = codec.prepare(codec.new_session("big"), host, "big")
    store = Store(state, host)
    template = copy.deepcopy(codec.parse(DEMO.read_text(), DEMO)["characters"][0])
    party = []
    for n in range(characters):
        character = {**copy.deepcopy(template), "name": f"Hero{n:02}",
                     "dexterity": 8 + n % 10}
        character["items"] = [{"name": f"item {n}-{i}", "weight_lb": 0.1 + (i % 5) / 10,
                               "qty": 1} for i in range(items)]
        party.append(character)
    store.state["characters"] = party[:combatants]
    store.apply("combat.start", {})
    for n in range(combatants):
        store.apply("combat.initiative", {"combatant": f"Hero{n:02}", "value": 5 + n})
    store.state["characters"] = party
    line = {"day": 1, "second": 28800, "real": "2026-01-01T08:00:00+00:00", "actor": "gm",
            "kind": "note", "who": ["Hero01"]}
    store.state["journal"] += [{**line, "text": f"note {n}: the party walks on in the rain, "
                                                "Hero01 keeps watch"}
                               for n in range(journal)]
    path = folder / name
    save(path, store.state)
    return path


def demo_session(folder: Path) -> Path:
    path = folder / "demo.toml"
    path.write_text(DEMO.read_text())
    host = Host().load()
    store = Store(codec.read(path, host), host)
    store.apply("combat.start", {})
    for value, character in enumerate(store.state["characters"]):
        store.apply("combat.initiative", {"combatant": character["name"], "value": 10 + value})
    save(path, store.state)
    return path


# -- printing ---------------------------------------------------------------------------------


def row(figure: str, value: str, goal: str, ok: bool | None) -> None:
    mark = "" if ok is None else ("ok" if ok else "MISSED")
    print(f"{figure:<46} {value:>30}   {goal:<20} {mark}")


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


# -- the figures ------------------------------------------------------------------------------


def startup(demo: Path, big: Path, runs: int, quiet: float) -> None:
    """Start to a settled first screen: label app, table app, demo, big session, alternated;
    each ratio is the median of the runs' own ratios to the label app (a run's starts meet the
    same load of the machine), the seconds are each kind's median."""
    times: dict[str, list[float]] = {"label": [], "table": [], "demo": [], "big": []}
    for _ in range(runs):
        for label, argv in (("label", LABEL), ("table", BARE),
                            ("demo", [sys.executable, "-m", "gm_console", str(demo)]),
                            ("big", [sys.executable, "-m", "gm_console", str(big)])):
            term = Terminal(argv, quiet)
            _, seconds = term.settle(quiet=max(quiet, 0.5))
            times[label].append(seconds)
            term.close()

    def ratio(of: str, to: str = "label") -> float:
        return median([mine / theirs for theirs, mine in zip(times[to], times[of])])

    row("start to settled first screen, demo", f"{ratio('demo'):.2f} x label app",
        "<= 1.3 x", ratio("demo") <= 1.3)
    row("same, big session", f"{ratio('big'):.2f} x label app ({ratio('big', 'demo'):.2f} x "
        "demo)", "<= 1.2 x demo", ratio("big", "demo") <= 1.2)
    row("  (table app)", f"{ratio('table'):.2f} x label app", "", None)
    row("  (seconds: label / table / demo / big)",
        " / ".join(f"{median(times[k]):.2f}" for k in times), "", None)


# As the console makes them (gm_console.cli._tui, _console): the command line first, then,
# with the garbage collector off until the first screen is up, Textual, the screens, the
# plugins and what owns the session.
FIRST_SCREEN_IMPORTS = ("import gm_console.cli\nimport gc\ngc.disable()\n"
                        "import gm_console.ui.app, gm_console.ui.screens.home\n"
                        "from gm_console.host.manager import Host\nHost().load()\n"
                        "import gm_console.live.owner")


def imports(runs: int) -> None:
    """Interpreter start plus the imports up to the first screen, against ``import
    textual.app``, alternated: the median of each pair's ratio."""
    ours, reference = [], []
    for _ in range(runs * 2):
        for into, code in ((reference, "import textual.app"), (ours, FIRST_SCREEN_IMPORTS)):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True, env=ENV)
            into.append(time.perf_counter() - start)
    ratio = median([mine / theirs for mine, theirs in zip(ours, reference)])
    row("import time to the first screen", f"{ratio:.2f} x import textual.app", "<= 1.2 x",
        ratio <= 1.2)
    row("  (seconds: textual.app / ours)", f"{median(reference):.3f} / {median(ours):.3f}", "",
        None)
    theirs, mine = instructions("import textual.app"), instructions(FIRST_SCREEN_IMPORTS)
    if theirs and mine:
        row("  (instructions, one run of each)", f"{mine / theirs:.3f} x, {theirs / 1e6:,.0f}M "
            f"/ {mine / 1e6:,.0f}M", "", None)


def instructions(code: str) -> int | None:
    """What ``python -c code`` executes, counted by valgrind's callgrind: the same count from
    run to run on a busy machine, where the times above move by a tenth (though it cannot see
    what memory and the disk cost). None without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           sys.executable, "-c", code], env=ENV, capture_output=True, text=True,
                          check=True)
    counted = re.search(r"Collected : (\d+)", done.stderr)
    return int(counted.group(1)) if counted else None


# What a function key sends in an xterm: screens are reached by their key in the screen bar.
FUNCTION_KEYS = {"f1": b"\x1bOP", "f2": b"\x1bOQ", "f3": b"\x1bOR", "f4": b"\x1bOS",
                 "f5": b"\x1b[15~", "f6": b"\x1b[17~", "f7": b"\x1b[18~", "f8": b"\x1b[19~",
                 "f9": b"\x1b[20~", "f10": b"\x1b[21~", "f11": b"\x1b[23~", "f12": b"\x1b[24~"}


def screen_key_name(screen_id: str) -> str:
    """The key that opens ``screen_id`` (``"f4"``), as the console assigns it."""
    from gm_console.host.screen_keys import plan

    for entry in plan(Host().load()).entries:
        if entry.screen_id == screen_id:
            return entry.key
    raise SystemExit(f"bench: no key opens the screen {screen_id!r}")


def screen_key(screen_id: str) -> bytes:
    """The bytes of the key that opens ``screen_id``."""
    return FUNCTION_KEYS[screen_key_name(screen_id)]


# Each key: how to reach its screen (screen ids, then keys), the keys pressed in turn (cycled),
# the bytes budget and what the budget holds: what the key changes on the screen, plus Textual's
# constant of a frame (cursor moves and the synchronised-output markers, about 100 bytes).
KEYS: list[tuple[str, list[str | bytes], list[bytes], int, str]] = [
    ("home +", [], [b"+"], 400, "the clock's cell and its row"),
    ("party down/up", ["party"], [b"\x1b[B", b"\x1b[A"], 1200,
     "two rows of 80 (the cursor's old and new) and the hint"),
    ("party +", ["party"], [b"+"], 400, "the clock in the header"),
    ("travel pace", ["travel.planner"], [b"f", b"w"], 600, "the pace and the figures it moves"),
    ("combat free action", ["combat.tracker"], [b"e"], 700,
     "the combatant's row and the budget line"),
    # page up first: the screen opens on the journal's last line, where page down has
    # nothing to move and draws nothing (a press that waited out the reader's limit, 60 s)
    ("journal page down/up", ["journal"], [b"\x1b[5~", b"\x1b[6~"], 3600,
     "a page of the journal's visible lines"),
    ("loads: add an item", ["encumbrance.loads", b"i"], [b"torch, 1, 1\r"], 1300,
     "the item's row, the load bar and the totals"),
]


def cpu_ns(pid: int) -> int:
    """Nanoseconds of CPU a process's threads have used (the scheduler's own count)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            pass  # a thread that ended between the listing and the read
    return total


def peak_memory_kib(pid: int) -> int:
    """The process's peak resident memory (VmHWM), in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise SystemExit(f"bench: no VmHWM for process {pid}")


def idle_rates(terms: dict[str, Terminal], seconds: int = 8) -> dict[str, float]:
    """CPU seconds per second each program uses doing nothing, measured together: an idle
    Textual app uses about a millisecond a second (its input thread, its event loop), which a
    figure over a whole run of presses would otherwise count as theirs. The median of
    ``seconds`` one-second windows: a burst in one of them (a console's first serialising of
    its session, off the key path) is not taken for its idle."""
    rates: dict[str, list[float]] = {name: [] for name in terms}
    for _ in range(seconds):
        before = {name: cpu_ns(term.process.pid) for name, term in terms.items()}
        time.sleep(1)
        for name, term in terms.items():
            rates[name].append((cpu_ns(term.process.pid) - before[name]) / 1e9)
    return {name: median(values) for name, values in rates.items()}


class Busy:
    """A program's CPU from now on beyond what it uses idle over as long (``idle_rate``)."""

    def __init__(self, term: Terminal, idle_rate: float) -> None:
        self.term, self.idle_rate = term, idle_rate
        self.cpu, self.since = cpu_ns(term.process.pid), time.monotonic()

    def spent(self) -> float:
        return (cpu_ns(self.term.process.pid) - self.cpu) / 1e9 \
            - self.idle_rate * (time.monotonic() - self.since)


def typing_cpu(term: Terminal, entered: bytes, idle_rate: float) -> float:
    """CPU seconds the loads screen's prompt takes to type ``entered`` (less its enter) and to
    open again, which its key's CPU over the whole run holds besides the enter: the median of
    five times, on the prompt open, each left with escape (nothing added, nothing saved)."""
    spent = []
    for _ in range(5):
        typing = Busy(term, idle_rate)
        term.press(entered[:-1], quiet=0.3)
        typed = typing.spent()
        term.press(b"\x1b", quiet=0.3)
        opening = Busy(term, idle_rate)
        term.press(b"i", quiet=0.3)
        spent.append(typed + opening.spent())
    return median(spent)


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


class Presses:
    """Each press of one key in one program: seconds to the last byte, bytes, CPU seconds
    (until its output went quiet); and ``whole``, the program's CPU per press over all of
    them, what it did between them included (its saves)."""

    def __init__(self) -> None:
        self.seconds: list[float] = []
        self.sizes: list[int] = []
        self.cpu: list[float] = []
        self.whole = 0.0

    def press(self, term: Terminal, key: bytes) -> float:
        if key.endswith(b"\r"):  # a prompt: type the text, time the enter
            term.press(key[:-1], quiet=0.3)
            key = b"\r"
        before = cpu_ns(term.process.pid)
        written, seconds = term.press(key)
        # The CPU of the press includes what the program did until its output went quiet.
        self.cpu.append((cpu_ns(term.process.pid) - before) / 1e9)
        self.seconds.append(seconds)
        self.sizes.append(len(written))
        return seconds


def key_presses(demo: Path, big: Path, keys: int, quiet: float) -> None:
    """Key to the last byte of its repaint, against the cheapest key a Textual app answers
    (``label_app.py``: one label updated), with the table app (``bare_app.py``) as a second
    reference. For each key a console on the demo and one on the big session are opened side
    by side, each on its screen and idle (its first save, on a thread, is over: a console at the
    table has been open for a while); then each round presses the label app, the demo, the big
    session and the table app in turn, so that every ratio is taken at the same moment of the
    machine's load. CPU is counted two ways: each press until its output is quiet, and over
    all of a key's presses, what each program did between them included (the session file's
    writes, checkpoint_seconds after a change, and what Textual does once a frame is out),
    less what it uses idle over as long."""
    label_app, table_app = Presses(), Presses()
    label_whole = [0.0, 0]  # the label app's CPU over the presses measured, and their count
    # how long a console waits after a change to write its file (the consoles measured read
    # the settings this process reads: the same environment)
    checkpoint = Host().load().config.checkpoint_seconds
    label_term = Terminal(LABEL, quiet)
    label_term.settle(quiet=0.5)
    table_term = Terminal(BARE, quiet)
    table_term.settle(quiet=0.5)
    label_idle = idle_rates({"label": label_term})["label"]
    measured: dict[tuple[str, str], Presses] = {}
    peak: dict[str, int] = {}
    for label, reach, presses, _, _ in KEYS:
        terms = {}
        for session_label, session in (("demo", demo), ("big", big)):
            work = session.with_name(f"keys-{session.name}")
            work.write_bytes(session.read_bytes())
            # and its journal, in its own file beside it: without it the journal's keys moved
            # through an empty journal, drew nothing and waited out the reader's limit
            journal_path(work).write_bytes(journal_path(session).read_bytes())
            term = terms[session_label] = console(work, quiet)
            term.settle(quiet=0.5)
            for step in reach:
                key = screen_key(step) if isinstance(step, str) else step
                if not term.press(key, quiet=0.5)[0]:
                    raise SystemExit(f"bench: {key!r} drew nothing on the way to {label!r}")
        for term in terms.values():
            term.idle()
        rates = idle_rates(terms)
        busy = {name: Busy(term, rates[name]) for name, term in terms.items()}
        label_busy = Busy(label_term, label_idle)
        for n in range(keys):
            key = presses[n % len(presses)]
            label_app.press(label_term, b"+")
            for session_label, term in terms.items():
                measured.setdefault((session_label, label), Presses()).press(term, key)
                if label.startswith("loads"):
                    term.press(b"i", quiet=0.3)  # the prompt again, for the next press
            table_app.press(table_term, b"+")
        # Each console's CPU over the presses, the session file's writes they brought on
        # included (the saver writes it checkpoint_seconds after a change, between presses)
        time.sleep(checkpoint + 0.5)
        for term in terms.values():
            term.idle()
        for session_label, term in terms.items():
            spent = busy[session_label].spent()
            if label.startswith("loads"):  # less typing the item and reopening the prompt
                spent -= keys * typing_cpu(term, presses[0], rates[session_label])
            measured[(session_label, label)].whole = spent / keys
        label_whole[0] += label_busy.spent()
        label_whole[1] += keys
        for session_label, term in terms.items():
            peak[session_label] = max(peak.get(session_label, 0),
                                      peak_memory_kib(term.process.pid))
            term.close()
    peak["label app"] = peak_memory_kib(label_term.process.pid)
    peak["table app"] = peak_memory_kib(table_term.process.pid)
    label_term.close()
    table_term.close()
    reference, reference_cpu = median(label_app.seconds), median(label_app.cpu)
    reference_whole = label_whole[0] / label_whole[1]
    print(f"  (label app's key: {reference * 1000:.1f} ms to the last byte, p90 "
          f"{percentile(label_app.seconds, 0.9) * 1000:.1f} ms, {median(label_app.sizes):.0f} "
          f"B, CPU {reference_cpu * 1000:.1f} ms ({reference_whole * 1000:.1f} ms over the "
          f"whole run, per press, less its idle {label_idle * 1000:.1f} ms a second); "
          f"table app's key: "
          f"{median(table_app.seconds) / reference:.2f} x, {median(table_app.sizes):.0f} B)")
    for label, _, _, budget, holds in KEYS:
        for session_label in ("demo", "big"):
            got = measured[(session_label, label)]
            # Ratios press by press: the label app's press just before, at the same load.
            ratios = [mine / theirs for mine, theirs in zip(got.seconds, label_app.seconds)]
            ratio, high = median(ratios), percentile(ratios, 0.9)
            row(f"{label}, {session_label}: to the last byte",
                f"{ratio:.2f} x (p90 {high:.2f} x) label", "<= 1.5 x (p90 <= 3)",
                ratio <= 1.5 and high <= 3)
            cpu = median(got.cpu) / reference_cpu
            row(f"  CPU per press, until quiet", f"{cpu:.2f} x label "
                f"({median(got.cpu) * 1000:.1f} ms)", "", None)
            # against the label app's press until quiet: its figure over the whole run is
            # the same work, but moves with its idle measured (0.9-1.7 ms a second)
            whole = got.whole / reference_cpu
            row(f"  CPU per press, saves in, idle out", f"{whole:.2f} x label "
                f"({got.whole * 1000:.1f} ms)", "<= 2 x", whole <= 2)
            size = median(got.sizes)
            row(f"  bytes per press", f"{size:.0f} B", f"<= {budget} B", size <= budget)
        print(f"    (budget: {holds})")
    for session_label in ("demo", "big"):
        ratio = peak[session_label] / peak["label app"]
        row(f"peak memory, {session_label}",
            f"{ratio:.2f} x label app ({peak[session_label] / 1024:.0f} MiB)",
            "<= 1.2 x" if session_label == "big" else "",
            ratio <= 1.2 if session_label == "big" else None)
    row("  (label app / table app)", f"{peak['label app'] / 1024:.0f} / "
        f"{peak['table app'] / 1024:.0f} MiB", "", None)


# Each key's bytes as Textual's Pilot names the key (the in-process figure presses keys by name).
PILOT_NAMES = {b"+": "plus", b"\x1b[B": "down", b"\x1b[A": "up", b"\x1b[6~": "pagedown",
               b"\x1b[5~": "pageup", b"\r": "enter", b" ": "space", b",": "comma"}


def pilot_keys(sent: bytes) -> list[str]:
    """The Pilot key names of what a press sends: one key, or a text typed then enter."""
    if sent in PILOT_NAMES:
        return [PILOT_NAMES[sent]]
    if sent.endswith(b"\r"):
        return [PILOT_NAMES.get(bytes([c]), chr(c)) for c in sent[:-1]] + ["enter"]
    return [sent.decode()]


def where(stats: Any) -> str:
    """The shares of a profile's own time (waiting for input left out) by package: ours,
    Textual, Rich, the rest (Python's own, asyncio)."""
    shares: dict[str, float] = {}
    for (file, _, function), (_, _, own, _, _) in stats.stats.items():
        if function == "<method 'poll' of 'select.epoll' objects>":
            continue  # the loop waiting for the next key: not the key's work
        package = next((name for name in ("gm_console", "textual", "rich")
                        if f"/{name}" in file), "other")
        shares[package] = shares.get(package, 0.0) + own
    total = sum(shares.values()) or 1.0
    return ", ".join(f"{name} {shares.get(name, 0.0) / total:.0%}"
                     for name in ("gm_console", "textual", "rich", "other"))


def key_calls(demo: Path, big: Path, presses: int) -> None:
    """Each key's Python function calls, in-process through Textual's Pilot at 80x24, against
    the label app's key: counted by cProfile, the same for the same work whatever the load of
    the machine (the times above move with it); and where the profile's own time goes, by
    package (gm_console counts the built-in plugins too)."""
    import asyncio
    import cProfile
    import pstats

    from gm_console.ui.app import app_class

    sys.path.insert(0, str(HERE))
    from label_app import LabelApp

    async def counted(app: Any, reach: list[str], keys: list[list[str]],
                      then: list[str]) -> pstats.Stats:
        """The calls of ``presses`` presses of ``keys`` (cycled; of each only its last key
        is counted: the enter of a text typed), after ``reach`` and a few unprofiled."""
        profile = cProfile.Profile()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for key in reach:
                await pilot.press(key)
                await pilot.pause()
            for n in range(presses + 4):
                *typed, last = keys[n % len(keys)]
                await pilot.press(*typed)
                await pilot.pause()
                if n >= 4:
                    profile.enable()
                await pilot.press(last)
                await pilot.pause()
                profile.disable()
                if then:
                    await pilot.press(*then)
                    await pilot.pause()
        return pstats.Stats(profile)

    reference = asyncio.run(counted(LabelApp(), [], [["plus"]], [])).total_calls / presses
    print(f"  (label app's key: {reference:,.0f} function calls, Pilot's own included)")
    host = Host().load()
    for label, reach, sent, _, _ in KEYS:
        steps = [screen_key_name(step) if isinstance(step, str) else pilot_keys(step)[0]
                 for step in reach]
        then = ["i"] if label.startswith("loads") else []
        for session_label, session in (("demo", demo), ("big", big)):
            store = Store(codec.read(session, host), host)
            app = app_class(host)(store, session.with_name(f"calls-{session.name}"))
            stats = asyncio.run(counted(app, steps, [pilot_keys(key) for key in sent], then))
            calls = stats.total_calls / presses
            row(f"{label}, {session_label}: function calls", f"{calls / reference:.2f} x label "
                f"({calls:,.0f})", "", None)
            if session_label == "big":
                print("    where the calls' own time goes: " + where(stats))


def saves(demo: Path, big: Path, operations: int, runs: int) -> None:
    """CPU per save of the big session after one operation, as the saver does it; then
    ``gm-console op``'s figure."""
    from gm_console.files.saver import Saver

    host = Host().load()
    store = Store(codec.read(big, host), host)
    cpu = []
    target = big.with_name("saved.toml")
    saver = Saver(target)
    for n in range(operations):
        store.apply("clock.advance", {"minutes": 1})
        start = time.thread_time()
        saver.write(store.state)
        cpu.append(time.thread_time() - start)
    saver.close()
    steady = median(cpu[1:])
    row("one save, big session (CPU, after the first)", f"{steady * 1000:.1f} ms "
        f"({steady / 0.020:.2f} x goal)", "<= 20 ms", steady <= 0.020)
    row("  (first save, nothing cached)", f"{cpu[0] * 1000:.1f} ms", "", None)
    timings = []
    for _ in range(operations):
        start = time.perf_counter()
        store.apply("clock.advance", {"minutes": 1})
        timings.append(time.perf_counter() - start)
    row("  store.apply on the big session (clock +1)", f"{median(timings) * 1000:.2f} ms", "",
        None)
    scripted_ops(demo, big, runs)


def scripted_ops(demo: Path, big: Path, runs: int) -> None:
    """``gm-console op`` (a process: start, read, apply, write) on the big session against
    the demo, alternated; no goal in #13, shown for what a script pays per operation on a
    long campaign (it reads and writes the whole file each time)."""
    times: dict[Path, list[float]] = {demo: [], big: []}
    for _ in range(runs * 2):
        for session in (demo, big):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "gm_console", "op", str(session),
                            "clock.advance", "minutes=1"], check=True, env=ENV,
                           stdout=subprocess.DEVNULL)
            times[session].append(time.perf_counter() - start)
    ratio = median([b / d for d, b in zip(times[demo], times[big])])
    row("  gm-console op (clock +1), big session", f"{ratio:.2f} x demo "
        f"({median(times[big]):.2f} s)", "", None)


# The journal screen's keys: (label, bytes sent) in the order pressed; each goes somewhere the
# one before did not (the cursor walks back, pages, jumps, filters), so each repaints.
JOURNAL_KEYS: list[tuple[str, bytes]] = [
    ("up (the line shown in full)", b"\x1b[A"),
    ("page up", b"\x1b[5~"),
    ("home (first line)", b"\x1b[H"),
    ("page down", b"\x1b[6~"),
    ("end (last line)", b"\x1b[F"),
    ("b (page before)", b"b"),
    ("c (a character's lines)", b"c"),
    ("k (a kind's lines)", b"k"),
]


def journal_said_lines(count: int) -> list[dict[str, Any]]:
    """``count`` journal lines as the console writes them: each time passing keeps its
    sentence's template and values (``said``) beside its English text, as every line of a
    rule does; one in seven a note about a character."""
    host = Host().load()
    store = Store(codec.prepare(codec.new_session("j"), host, "j"), host)
    store.apply("clock.advance", {"minutes": 10})
    said = store.state["journal"][-1]
    lines = []
    for n in range(count):
        if n % 7:
            lines.append({**said, "text": f"{said['text']} ({n})"})
        else:
            lines.append({**said, "kind": "note", "who": ["Hero00"], "text": f"note {n}: the "
                          "party walks on in the rain, Hero00 keeps watch"})
            del lines[-1]["said"]
    return lines


def journal_session(folder: Path, lines: int) -> Path:
    """A session with 4 characters and a journal of ``lines`` lines as written (with their
    sentences' templates)."""
    path = big_session(folder, characters=4, items=4, journal=0, combatants=0,
                       name=f"journal-{lines}.toml")
    state = codec.read(path, Host().load())
    state["journal"] += journal_said_lines(lines)
    save(path, state)
    return path


def journal_screen(folder: Path, runs: int, quiet: float) -> None:
    """The journal screen with 50,000 lines against 5,000: opening it, and each of its keys,
    to the last byte of the repaint, the two consoles alternated; then the same keys' CPU
    in-process (what does not depend on the machine's load)."""
    sessions = {lines: journal_session(folder, lines) for lines in (5000, 50000)}
    key, party = screen_key("journal"), screen_key("party")
    times: dict[tuple[str, int], list[float]] = {}
    for _ in range(runs):
        # A console of its own each run: the console keeps a screen once built, so only a
        # console's first opening of the journal (and of the party screen) builds it.
        for lines, session in sessions.items():
            term = console(session, quiet)
            if b"palette" not in term.settle(quiet=0.5, limit=120)[0]:
                raise SystemExit(f"bench: the console did not open {session.name}")
            term.idle()
            _, seconds = term.press(party, quiet=0.5)  # a screen of 4 rows: the reference
            times.setdefault(("party", lines), []).append(seconds)
            _, seconds = term.press(key, quiet=0.5)
            times.setdefault(("open", lines), []).append(seconds)
            for label, sent in JOURNAL_KEYS:
                written, seconds = term.press(sent)
                if not written:
                    raise SystemExit(f"bench: {label!r} drew nothing on the journal screen")
                times.setdefault((label, lines), []).append(seconds)
            term.close()
    reference = median(times[("party", 50000)] + times[("party", 5000)])
    row("  (reference: opening the party screen)", f"{reference:.2f} s", "", None)
    # Whether a key depends on the journal's length is judged by its function calls below:
    # a ratio of two latencies of 40 to 90 ms read 1.0 to 1.4 x from one run of the same code
    # to the next on the shared 2-core machine, a different key each time.
    for label in ("open", *(label for label, _ in JOURNAL_KEYS)):
        big, small = median(times[(label, 50000)]), median(times[(label, 5000)])
        row(f"journal, 50,000 lines: {label}", f"{big:.2f} s ({big / small:.2f} x 5,000 l.)",
            "<= 0.3 s", big <= 0.3)
    export_seconds = {lines: journal_export(session, quiet)
                      for lines, session in sessions.items()}
    row("  x: export, to its notice (off the key's path)",
        f"{export_seconds[50000]:.2f} s, {export_seconds[50000] / export_seconds[5000]:.1f} x",
        "(writes every line)", None)
    journal_cpu(sessions, runs)


def journal_export(session: Path, quiet: float) -> float:
    """Seconds from x to the end of the export's notice."""
    term = console(session, quiet)
    term.settle(quiet=0.5, limit=120)
    term.press(screen_key("journal"), quiet=0.5)
    sent = time.perf_counter()
    os.write(term.master, b"x")
    data = b""
    while b"Exported" not in data and time.perf_counter() - sent < 60:
        more, _ = term._read(time.perf_counter(), quiet, 60)
        data += more
    seconds = time.perf_counter() - sent
    term.close()
    return seconds


def journal_cpu(sessions: dict[int, Path], runs: int) -> None:
    """What the journal screen's keys cost the interface's thread, in-process through
    Textual's test driver: the Python function calls of each key (counted by cProfile: the
    same work gives the same count, whatever the machine's load) and its CPU (median of
    ``runs``); open, each key, and x (whose export runs on another thread, not counted). And
    the filters' index, built after the first opening (on the interface's thread, a slice a
    frame once the screen is drawn), timed here in one go."""
    import asyncio
    import cProfile
    import pstats

    from gm_console.files.journal import Index
    from gm_console.ui.app import app_class

    host = Host().load()
    keys = [("open", "f4"), ("up", "up"), ("page up", "pageup"), ("home", "home"),
            ("page down", "pagedown"), ("end", "end"), ("b", "b"), ("c", "c"), ("k", "k"),
            ("x", "x")]
    opening = screen_key_name("journal")
    cpu: dict[int, dict[str, list[float]]] = {}
    calls: dict[int, dict[str, int]] = {}
    index: dict[int, float] = {}
    for lines, session in sessions.items():
        store = Store(codec.read(session, host), host)
        start = time.thread_time()
        Index().kinds(store.state["journal"])
        index[lines] = time.thread_time() - start
        app = app_class(host)(store, session.with_name("cpu.toml"))
        cpu[lines], calls[lines] = {}, {}

        async def run(app: Any = app, into: dict[str, list[float]] = cpu[lines],
                      counted: dict[str, int] = calls[lines]) -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                # The first opening builds the filters' index (timed apart) and fills
                # Textual's caches: a warm-up; then timed runs; the last counts calls.
                for run in range(runs + 2):
                    for label, key in keys:
                        profile = cProfile.Profile() if run == runs + 1 else None
                        start = time.thread_time()
                        if profile:
                            profile.enable()
                        await pilot.press(opening if key == "f4" else key)
                        await pilot.pause()
                        if profile:
                            profile.disable()
                            counted[label] = pstats.Stats(profile).total_calls
                        elif run:
                            into.setdefault(label, []).append(time.thread_time() - start)
                    await app.workers.wait_for_complete()
                    await pilot.press("escape")
        asyncio.run(run())
    print("  in-process, 50,000 lines against 5,000 (the interface's thread):")
    for label, _ in keys:
        big, small = calls[50000][label], calls[5000][label]
        row(f"    {label}: function calls", f"{big:,} / {small:,}, {big / small:.2f} x",
            "~ 1 x", big / small <= 1.05)
    print("    CPU, ms: " + ", ".join(f"{label} {median(cpu[50000][label]) * 1000:.0f}/"
                                     f"{median(cpu[5000][label]) * 1000:.0f}"
                                     for label, _ in keys))
    print(f"    the filters' index, once after the first opening: "
          f"{index[50000] * 1000:.0f}/{index[5000] * 1000:.0f} ms")


def combat_summary() -> None:
    """The combat summary with 1,000 combatants against 200: linear is 5 x."""
    from gm_console.contract.session import Session
    from gm_console_plugins.combat import ops, rules, turns

    host = Host().load()

    def timed(count: int) -> float:
        state = codec.prepare(codec.new_session("fight"), host, "fight")
        encounter = turns.new_encounter([], [])
        for n in range(count):
            turns.add_combatant(encounter, f"Orc{n}", 0, 9.0, value=n)
        turns.place(encounter, lambda: 10)
        state["plugins"]["combat"] = encounter
        session = Session(state, host)
        start = time.perf_counter()
        rules.summary(encounter, session.table(ops.PLUGIN), ops.settings_of(session),
                      ops.speeds(session, encounter))
        return time.perf_counter() - start

    small = min(timed(200) for _ in range(3))
    large = min(timed(1000) for _ in range(3))
    ratio = large / small / 5
    row("combat summary, 1,000 combatants", f"{large * 1000:.0f} ms, {ratio:.1f} x linear",
        "linear (~1 x)", ratio <= 1.5)
    row("  (1,000 combatants against 200)", f"{large / small:.1f} x", "5 x if linear", None)


def players_table(sizes: str) -> None:
    print(f"\nthe game server, N players (bench/players_bench.py --players {sizes}):", flush=True)
    subprocess.run([sys.executable, "-W", "ignore", str(Path(__file__).with_name(
        "players_bench.py")), "--players", sizes], check=True)


def durable() -> None:
    print("\nthe durable session (bench/durable_bench.py):", flush=True)
    subprocess.run([sys.executable, "-W", "ignore", str(Path(__file__).with_name(
        "durable_bench.py"))], check=True)


FIGURES = ("startup", "imports", "keys", "calls", "saves", "journal", "combat", "durable",
           "players")
"""What ``--only`` chooses from, in the order they are printed."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="start-ups of each kind")
    parser.add_argument("--keys", type=int, default=30, help="presses of each key")
    parser.add_argument("--quiet", type=float, default=0.25,
                        help="seconds without output that end a repaint")
    parser.add_argument("--skip-journal", action="store_true",
                        help="leave out the 50,000-line journal screen (slow before #13)")
    parser.add_argument("--only", default="", metavar="FIGURES",
                        help="comma-separated figures to measure, of: " + ", ".join(FIGURES))
    parser.add_argument("--players", default="1,10,25,50", metavar="N,N...",
                        help="the game server's table sizes (players_bench.py)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        demo, big = demo_session(folder), big_session(folder)
        subprocess.run([sys.executable, "-c", FIRST_SCREEN_IMPORTS], check=True, env=ENV)
        wanted = set(filter(None, args.only.split(","))) or set(FIGURES)
        if args.skip_journal:
            wanted.discard("journal")
        unknown = wanted - set(FIGURES)
        if unknown:
            parser.error(f"--only: no figure {', '.join(sorted(unknown))}; "
                         f"there are {', '.join(FIGURES)}")
        print(f"{'figure':<46} {'measured':>30}   {'goal':<20}")
        figures: dict[str, Callable[[], None]] = {
            "startup": lambda: startup(demo, big, args.runs, args.quiet),
            "imports": lambda: imports(args.runs),
            "keys": lambda: key_presses(demo, big, args.keys, args.quiet),
            "calls": lambda: key_calls(demo, big, args.keys),
            "saves": lambda: saves(demo, big, 20, args.runs),
            "journal": lambda: journal_screen(folder, args.runs, args.quiet),
            "combat": combat_summary,
            "durable": durable,
            # the game server with a table of players: its own table of figures
            "players": lambda: players_table(args.players),
        }
        for name in FIGURES:  # in the table's order
            if name in wanted:
                figures[name]()


if __name__ == "__main__":
    main()
