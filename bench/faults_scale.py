#!/usr/bin/env python3
"""Hostile sizes, timed as a user meets them (run by hand, not in the test suite): each
command on each file as a whole process; every answer, a refusal included, should come in
under 2 s on the project's 2-core machine. Files past the documented limits (README, "Limits")
must be refused at once rather than read.

    .venv/bin/python bench/faults_scale.py [--runs 3]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gm_console.files.config import Config

HEAD = 'format_version = 1\n\n[session]\nname = "scale"\n\n[clock]\nday = 1\nsecond = 28800\n\n'


def character(name: str, items: int = 0) -> str:
    text = f'[[characters]]\nname = "{name}"\nstrength = 12\n\n'
    return text + "".join(f'[[characters.items]]\nname = "i{i}"\nweight_lb = 1\nqty = 1\n\n'
                          for i in range(items))


def journal(lines: int) -> str:
    return "".join(f'[[journal]]\nday = 1\nsecond = 28800\nkind = "note"\ntext = "line {i}"\n'
                   f'who = []\n\n' for i in range(lines))


def files(folder: Path) -> dict[str, Path]:
    limit = Config().max_session_bytes
    cases = {
        "10 MB string": HEAD.replace('"scale"', '"' + "x" * 10_000_000 + '"'),
        "100,000 items": HEAD + character("Aria", 100_000),
        "items up to the size limit": HEAD + character("Aria", limit // 60),
        "5,000 characters": HEAD + "".join(character(f"C{i}") for i in range(5_000)),
        "5,000-character name": HEAD + character("N" * 5_000),
        "200,000 journal lines": HEAD + journal(200_000),
        "journal up to the size limit": HEAD + journal(limit // 75),
    }
    out = {}
    for name, text in cases.items():
        path = folder / (name.replace(" ", "_").replace(",", "") + ".toml")
        data = text.encode()
        if len(data) > limit and "up to" in name:
            data = data[:data.rfind(b"\n[[", 0, limit)] + b"\n"
        path.write_bytes(data)
        out[name] = path
    return out


def timed(command: list[str]) -> tuple[float, int, str]:
    start = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    return time.monotonic() - start, done.returncode, done.stderr.strip().splitlines()[-1:]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    exe = [sys.executable, "-m", "gm_console"]
    with tempfile.TemporaryDirectory() as folder:
        for name, path in files(Path(folder)).items():
            size = path.stat().st_size
            for command in (["show", str(path)], ["journal", str(path)],
                            ["op", str(path), "clock.advance", "minutes=10"]):
                runs = [timed(exe + command) for _ in range(args.runs)]
                best = min(r[0] for r in runs)
                code, err = runs[-1][1], runs[-1][2]
                print(f"{name:<30} {size / 1e6:6.2f} MB  {command[0]:<8} {best:5.2f} s  "
                      f"exit {code}  {err[0][:70] if err else ''}", flush=True)


if __name__ == "__main__":
    main()
