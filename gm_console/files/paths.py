"""Where the demo session lives for a user: copied out of the package on first use, so the
bundled file never changes."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import platformdirs

from gm_console.files.config import bundled_dir


def data_dir() -> Path:
    env = os.environ.get("GM_CONSOLE_DATA_DIR")
    return Path(env) if env else Path(platformdirs.user_data_dir("gm-console"))


def demo_session() -> Path:
    target = data_dir() / "demo.toml"
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(bundled_dir() / "demo.toml", target)
    return target
