"""What the fault tests share, and their size: a short run in the suite, a long one (the soak)
with ``GM_CONSOLE_SOAK=1 python3 dev.py test tests/faults``."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

from hypothesis import HealthCheck, settings

SOAK = os.environ.get("GM_CONSOLE_SOAK", "") not in ("", "0")

settings.register_profile("faults", max_examples=40, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
settings.register_profile("soak", max_examples=3000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
FUZZ = settings.get_profile("soak" if SOAK else "faults")

KILLS = 300 if SOAK else 15

_SAVER = """
import sys
from gm_console.files import codec
path, pad = sys.argv[1], int(sys.argv[2])
i = 0
while True:
    i += 1
    body = "x" * (pad + i % 997)
    codec.write_atomic(path, f'[session]\\nname = "kill"\\nsave = {i}\\nsize = {len(body)}\\n'
                             f'body = "{body}"\\n')
"""


def whole(path: Path) -> str | None:
    """None if ``path`` holds one complete save of the loop, else what is wrong with it."""
    try:
        session = tomllib.loads(path.read_text())["session"]
    except (OSError, ValueError, KeyError) as exc:
        return f"{path.name}: {type(exc).__name__}: {exc}"
    if len(session.get("body", "")) != session.get("size"):
        return f"{path.name}: body cut short"
    return None


def kill_loop(folder: Path, kills: int = KILLS, pad: int = 300_000) -> list[str]:
    """Start a process saving in a loop, SIGKILL it at a random moment, check the session and
    its backup, again ``kills`` times. Returns what was found torn (nothing, we hope)."""
    path = folder / "kill.toml"
    rng = random.Random(kills)
    torn: list[str] = []
    for _ in range(kills):
        process = subprocess.Popen([sys.executable, "-c", _SAVER, str(path), str(pad)])
        # wait for the first saves, so the kill lands in the middle of the loop
        deadline = time.monotonic() + 20
        while not (folder / "kill.toml.bak").exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(rng.uniform(0.0, 0.15))
        process.send_signal(signal.SIGKILL)
        process.wait()
        torn += [problem for file in (path, folder / "kill.toml.bak")
                 if (problem := whole(file))]
    return torn
