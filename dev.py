#!/usr/bin/env python3
"""Set-up and run in one step, on a machine with nothing but Python 3.11+.

    python3 dev.py console [SESSION.toml]   open the console (the demo session by default)
    python3 dev.py test [PYTEST ARGS]       run the whole test suite, three workers per core
    python3 dev.py bench [--help]           the speed figures of issue #13 against their goals

Each creates ./.venv and installs the project (editable) with its test extras when .venv is
missing or pyproject.toml changed since the last install.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".installed-from"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")


def ensure_venv() -> None:
    if sys.version_info < (3, 11):
        sys.exit(f"gm-console needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == wanted:
        return
    if not (BIN / "python").exists():
        print("dev.py: creating .venv", file=sys.stderr)
        venv.create(VENV, with_pip=True)
    print("dev.py: installing gm-console and its test tools into .venv", file=sys.stderr)
    subprocess.run([str(BIN / "python"), "-m", "pip", "install", "--quiet", "--upgrade", "pip"],
                   check=True)
    subprocess.run([str(BIN / "python"), "-m", "pip", "install", "--quiet", "-e",
                    f"{ROOT}[test]"], check=True)
    STAMP.write_text(wanted)


def parallel(args: list[str]) -> list[str]:
    """pytest-xdist's options unless the caller chose (`dev.py test -n0 -x`): three workers per
    core, since a Textual Pilot test spends much of its time asleep waiting for the app to go
    idle (more of it since its frames are no longer painted) and a live test waits on its
    processes: on 2 cores, 4 workers kept the cores 170% busy, 6 workers 186% (104-109 s
    against 110-116 s, alternated). Tests are handed out two at a time in the collection's
    order, which tests/conftest.py makes longest first (as the last run measured them): the
    run ends on short tests, not with one worker running a long one alone."""
    if any(a.startswith(("-n", "--numprocesses", "--dist")) or a.endswith("no:xdist")
           for a in args):
        return []
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return ["-n", str(3 * (cores or 1)), "--dist", "load", "--maxschedchunk", "2"]


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("console", "test", "bench"):
        print(__doc__, file=sys.stderr)
        return 2
    ensure_venv()
    if argv[0] == "console":
        command = [str(BIN / "gm-console"), *argv[1:]]
    elif argv[0] == "bench":
        command = [str(BIN / "python"), str(ROOT / "bench" / "console_bench.py"), *argv[1:]]
    else:
        command = [str(BIN / "python"), "-m", "pytest", *parallel(argv[1:]), *argv[1:]]
    os.chdir(ROOT)
    return subprocess.call(command, env=environment(argv[0]))


def environment(command: str) -> dict[str, str]:
    """The tests keep their compiled bytecode even where PYTHONDONTWRITEBYTECODE is set:
    without it each pytest worker rewrites and compiles every test module again (4-5 s of CPU
    a worker, each run), and each console, ``op`` or ``serve`` a test starts compiles
    gm-console's modules again. The files go where Python puts them, in __pycache__
    folders that git ignores."""
    env = dict(os.environ)
    if command == "test":
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
