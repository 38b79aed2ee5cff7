"""The README's picture: the home screen of the snapshot tests' table (the demo party, mid-journey
and mid-fight) at 80x24, written by the app's own ``save_screenshot()``.

    .venv/bin/python tests/screenshot.py            # writes docs/images/home.svg
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from snapshot_scenes import ROOT, make_app  # noqa: E402


async def shoot(target: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        os.environ["GM_CONSOLE_CONFIG_DIR"] = "user-config"
        os.environ["GM_CONSOLE_DATA_DIR"] = str(Path(folder) / "data")
        app = make_app("en", Path(folder) / "user-config")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.save_screenshot(filename=target.name, path=str(target.parent))


if __name__ == "__main__":
    target = ROOT / "docs" / "images" / "home.svg"
    target.parent.mkdir(parents=True, exist_ok=True)
    asyncio.run(shoot(target))
    print(target)
