"""SVG snapshots of every screen at 80×24, in English and in French, and of home at 60×18
(pytest-textual-snapshot). After a deliberate change to what a screen shows:

    python3 dev.py test tests/test_snapshots.py --snapshot-update

then look at the rewritten SVGs in tests/__snapshots__/ (any browser opens them) before
committing them. A failing run writes snapshot_report.html beside the tests, old and new side by
side."""

from __future__ import annotations

import pytest
from snapshot_scenes import SCREENS, make_app
from textual.widgets import Input


@pytest.fixture
def app_in(tmp_path, monkeypatch):
    """The console in ``language``, its user config in a folder named the same on every
    machine (the settings screen shows the path)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GM_CONSOLE_CONFIG_DIR", "user-config")
    return lambda language: make_app(language, tmp_path / "user-config")


def keys_then_still(keys: list[str]):
    """Press ``keys``, then stop every cursor blinking: the picture is the same each time."""
    async def run(pilot) -> None:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        for screen in pilot.app.screen_stack:
            for field in screen.query(Input):
                field.cursor_blink = False
        await pilot.pause()
    return run


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_screen_at_80x24(snap_compare, app_in, language, screen):
    assert snap_compare(app_in(language), run_before=keys_then_still(SCREENS[screen]),
                        terminal_size=(80, 24))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_home_at_60x18(snap_compare, app_in, language):
    assert snap_compare(app_in(language), run_before=keys_then_still([]),
                        terminal_size=(60, 18))
