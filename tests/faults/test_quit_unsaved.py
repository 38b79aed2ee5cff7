"""Quitting after a failed save: the console does not leave with the edits; it offers to save
them elsewhere, or stays."""

from __future__ import annotations

import tomllib

from test_op_command import read_only

from gm_console.files.saver import Saver
from gm_console.ui.screens.prompt import TextPrompt


def failing_app(make_app, store, tmp_path, monkeypatch):
    folder = tmp_path / "locked"
    folder.mkdir()
    read_only(folder, monkeypatch)
    app = make_app(store, folder / "s.toml")
    assert isinstance(app.saver, Saver)
    return app


async def test_q_after_a_failed_save_stays_and_escape_keeps_it_open(make_app, store, tmp_path,
                                                                     monkeypatch):
    app = failing_app(make_app, store, tmp_path, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("plus")
        assert not app.saver.flush()  # tried, and not on disk
        assert app.saver.error and "Permission denied" in app.saver.error
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, TextPrompt) and app.is_running
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and not isinstance(app.screen, TextPrompt)


async def test_q_after_a_failed_save_saves_elsewhere_then_leaves(make_app, store, tmp_path,
                                                                  monkeypatch):
    app = failing_app(make_app, store, tmp_path, monkeypatch)
    rescue = tmp_path / "rescue.toml"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("plus")
        assert not app.saver.flush()  # tried, and not on disk
        await pilot.press("q")
        await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, TextPrompt)
        prompt.query_one("Input").value = str(rescue)
        await pilot.press("enter")
        await pilot.pause()
    assert tomllib.loads(rescue.read_text())["clock"]["second"] == 8 * 3600 + 600
    assert not app.is_running


async def test_q_with_everything_saved_leaves_at_once(make_app, store, tmp_path):
    app = make_app(store, tmp_path / "s.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("plus")
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running
    assert app.saver.error is None
