"""The console's own log file: what the host, the live session and the game server log
(plugins switched off, slow hooks, fronts joining and leaving, saves that failed), kept
beside the plugins' log in the data folder as ``console.log``, or where ``--log PATH`` says.
A console's screen is no place for these lines, and a game server's stderr is often nobody's."""

from __future__ import annotations

import logging
import logging.handlers
import os
from pathlib import Path

from gm_console.files.paths import data_dir

LOG_NAME = "console.log"
MAX_BYTES = 1 << 20  # then one older file is kept: a log, not an archive


def default_path() -> Path:
    return data_dir() / LOG_NAME


def install(path: Path | None, program: str) -> Path:
    """From now on the ``gm_console`` loggers (INFO and up) also write to ``path`` (the data
    folder's console.log by default), each line with its time, process and ``program``; the
    file is opened at its first line, its folder made then. Returns where it writes."""
    target = (path or default_path()).expanduser().resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.handlers.RotatingFileHandler(target, maxBytes=MAX_BYTES, backupCount=1,
                                                   encoding="utf-8", delay=True)
    handler.setFormatter(logging.Formatter(
        f"%(asctime)s {program}[{os.getpid()}] %(levelname)s %(name)s: %(message)s"))
    logger = logging.getLogger("gm_console")
    logger.addHandler(handler)
    if logger.getEffectiveLevel() > logging.INFO:
        logger.setLevel(logging.INFO)
    return target
