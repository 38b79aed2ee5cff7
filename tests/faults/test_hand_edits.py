"""A session file edited by hand while its owner runs is never written over: the owner finds
it is not what it last wrote, writes nothing, says so, and lets the game master take the
edited file as the session (undoably) or keep the live session, the edited file beside it."""

from __future__ import annotations

import os
import time

from gm_console.files import codec
from gm_console.headless import open_state
from tests.faults.owned_session import owned


def saved_once(path, host, **saver_args):
    """The owner's store and saver, its session on disk once."""
    store, saver, _ = owned(path, host, **saver_args)
    saver.schedule(store.state)
    assert saver.flush()
    return store, saver


def hand_edit(path, old: str, new: str) -> str:
    text = path.read_text().replace(old, new)
    time.sleep(0.01)  # a later modification time, as an editor's save has
    path.write_text(text)
    return text


def test_a_hand_edit_is_not_written_over_and_the_game_master_is_told(tmp_path, host):
    path = tmp_path / "s.toml"
    told = []
    store, saver = saved_once(path, host, on_error=told.append)
    edited = hand_edit(path, 'name = "s"', 'name = "Edited by hand"')
    assert store.apply("clock.advance", {"minutes": 5}).ok  # safe in the log meanwhile
    assert not saver.flush(timeout=5)
    assert path.read_text() == edited and saver.edited
    assert len(told) == 1 and "was changed outside gm-console" in told[0]
    assert store.apply("clock.advance", {"minutes": 5}).ok
    saver.flush(timeout=5)
    assert len(told) == 1  # said once, not at every change
    saver.close()
    assert path.read_text() == edited
    # nothing acknowledged is lost: the next opening takes the log's changes back
    reopened = open_state(path, host, create=False)
    assert reopened.state["clock"]["second"] == 8 * 3600 + 600


def test_a_file_only_touched_is_saved_over_as_ever(tmp_path, host):
    path = tmp_path / "s.toml"
    store, saver = saved_once(path, host)
    os.utime(path, ns=(time.time_ns(), time.time_ns() + 10**9))
    store.apply("clock.advance", {"minutes": 5})
    assert saver.flush() and not saver.edited
    assert codec.read(path, host)["clock"]["second"] == 8 * 3600 + 300
    saver.close()


def test_taking_the_edited_file_is_undoable_and_saves_go_on(tmp_path, host):
    path = tmp_path / "s.toml"
    store, saver = saved_once(path, host)
    store.apply("clock.advance", {"minutes": 5})
    assert saver.flush()
    hand_edit(path, 'name = "s"', 'name = "Renamed"  # after the flood\n# the party')
    store.apply("clock.advance", {"minutes": 1})
    assert not saver.flush(timeout=5)
    edited = codec.load(path, host)
    outcome = store.replace({**edited.state, "journal": store.state["journal"]}, "taken")
    assert outcome.ok
    saver.take_edited(edited.comments)
    assert saver.flush() and not saver.edited
    assert 'name = "Renamed"  # after the flood' in path.read_text()  # the editor's comment
    saved = codec.read(path, host)
    assert saved["session"]["name"] == "Renamed" and saved["clock"]["second"] == 8 * 3600 + 300
    assert store.undo().ok and store.state["clock"]["second"] == 8 * 3600 + 360
    assert saver.flush() and codec.read(path, host)["session"]["name"] == "s"
    saver.close()


def test_keeping_the_live_session_keeps_the_edited_file_beside_it(tmp_path, host):
    path = tmp_path / "s.toml"
    store, saver = saved_once(path, host)
    edited = hand_edit(path, 'name = "s"', 'name = "Edited"')
    store.apply("clock.advance", {"minutes": 5})
    assert not saver.flush(timeout=5)
    saver.keep_live()
    assert saver.flush()
    assert (tmp_path / "s.edited.toml").read_text() == edited
    assert codec.read(path, host)["clock"]["second"] == 8 * 3600 + 300
    saver.close()


async def test_the_console_shows_the_hand_edit_and_offers_both_choices(tmp_path, host):
    from gm_console.ui.app import app_class

    path = tmp_path / "s.toml"
    store, saver = saved_once(path, host, delay=0.0)
    app = app_class(host)(store, path, saver)
    saver.on_error, saver.on_saved_again = app.report_save_error, app.report_saved_again
    async with app.run_test(size=(80, 24)) as pilot:
        hand_edit(path, 'name = "s"', 'name = "Hand"')
        await pilot.press("plus")
        saver.flush(timeout=5)
        await pilot.pause(0.2)
        header = app.screen.query_one("#header-saving")
        assert "edited outside" in str(header.render())
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Session: take the edited file" in titles
        app.action_take_edited()
        assert store.state["session"]["name"] == "Hand"
        assert saver.flush()
        await pilot.pause(0.2)
        assert str(header.render()).strip() == ""
        assert "Session: take the edited file" not in [
            c.title for c in app.get_system_commands(app.screen)]
    saver.close()
