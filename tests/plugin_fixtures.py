"""Installing plugins the way pip leaves them: a package and its ``.dist-info`` with an
``entry_points.txt`` on sys.path, so the host finds them through importlib.metadata."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

THIRD_PARTY = Path(__file__).parent / "third_party"


def install(site: Path, monkeypatch: pytest.MonkeyPatch, dist: str, version: str,
            entry_points: dict[str, str], package: str | None = None,
            source: str | None = None) -> None:
    """``package`` is copied from tests/third_party, or written from ``source``."""
    site.mkdir(parents=True, exist_ok=True)
    if package and source is None:
        shutil.copytree(THIRD_PARTY / package, site / package)
    elif package:
        (site / f"{package}.py").write_text(source)
    info = site / f"{dist.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n")
    lines = "\n".join(f"{name} = {target}" for name, target in entry_points.items())
    (info / "entry_points.txt").write_text(f"[gm_console.plugins]\n{lines}\n")
    monkeypatch.syspath_prepend(str(site))
    for name in list(sys.modules):
        if package and name.split(".")[0] == package:
            del sys.modules[name]
