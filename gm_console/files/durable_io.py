"""What every file gm-console writes for good needs: all of a buffer written, and a new
file's name made as durable as its bytes (the folder fsync'd)."""

from __future__ import annotations

import os
from pathlib import Path


def write_all(fd: int, data: bytes) -> None:
    """Write all of ``data``: a write cut short (a disk filling up) raises on the next one."""
    left = memoryview(data)
    while left:
        left = left[os.write(fd, left):]


def fsync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
