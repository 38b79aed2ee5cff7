"""The public API and the built-in plugins type-check: what a plugin author's type checker
sees of gm_console is true (mypy, configured in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_host_and_the_built_in_plugins_type_check() -> None:
    # mypy's own incremental cache, kept between runs (the .mypy_cache a developer's mypy
    # uses too): a warm run re-checks only what changed, in seconds instead of ~20.
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(ROOT / ".mypy_cache"),
         "-p", "gm_console", "-p", "gm_console_plugins"],
        cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
