"""``python op_pairs.py SESSION...``: two ``gm-console op`` (``journal.note``, texts "note a"
and "note b") started together on each session, 16 processes at most at a time; the exit
status is the number of ops that failed (at most 100).

Each op is a fork of this small process, which has imported gm-console and loaded its plugins
once, and runs what ``gm-console op`` runs once its command line is read (``cli._op``: lock,
read, apply, write, release). A fork of a pytest worker would copy its far larger memory map,
and a whole ``gm-console op`` would parse its command line and load the plugins again: neither
touches the session file, and together they were most of each op's CPU."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from gm_console import cli
from gm_console.files.config import Config
from gm_console.host.manager import Host

AT_ONCE = 16


def op(host: Host, path: Path, text: str) -> int:
    """The pid of a child that applies a note to ``path`` as ``gm-console op`` does."""
    pid = os.fork()
    if pid == 0:
        code = 70
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            code = cli._op(argparse.Namespace(session=path, name="journal.note",
                                              params=[f"text={text}"], role="gm",
                                              front_name=""), host)
        finally:
            os._exit(code)
    return pid


def main(paths: list[Path]) -> int:
    host = Host(Config()).load()
    running: list[int] = []
    failed = 0
    for path in paths:
        running += [op(host, path, "note a"), op(host, path, "note b")]
        while len(running) >= AT_ONCE:
            failed += os.waitstatus_to_exitcode(os.waitpid(running.pop(0), 0)[1]) != 0
    for pid in running:
        failed += os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) != 0
    return min(failed, 100)


if __name__ == "__main__":
    sys.exit(main([Path(arg) for arg in sys.argv[1:]]))
