"""Acknowledged means durable: every change is in the session's write-ahead log
(gm_console.files.commit_log) before anyone is told it was made; a kill -9 at any moment loses
nothing acknowledged, and the next opening takes back what the file lacked; a change the log
cannot hold is refused, with the reason, and nothing of it is kept."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from gm_console.files import codec, commit_log
from gm_console.files.commit_log import CommitLog
from gm_console.files.saver import without_journal
from gm_console.headless import open_state
from gm_console.state.store import Store
from tests.faults.owned_session import an_owner, owned
from tests.live.live_helpers import gm, serve


def minutes(state) -> int:
    return int(state.get("clock", {}).get("second", 0)) // 60


def test_what_was_acknowledged_is_taken_back_after_the_owner_died(tmp_path, host):
    path = tmp_path / "s.toml"
    store, saver, log = owned(path, host)
    start = minutes(store.state)
    assert store.apply("clock.advance", {"minutes": 5}).ok
    assert store.apply("character.add", {"name": "Aria"}).ok
    assert store.apply("clock.advance", {"minutes": 7}).ok
    assert store.undo().ok  # undone before the crash: stays undone
    # killed: the saver never ran (its delay) and nothing was closed
    assert log.path.exists() and log.pending == 4
    reopened = open_state(path, host, create=False)
    assert minutes(reopened.state) == start + 5
    assert [c["name"] for c in reopened.state["characters"]] == ["Aria"]
    texts = [line["text"] for line in reopened.state["journal"]]
    # the undone operation's line went with it; the undo's own stays
    assert len(texts) == 3 and texts[-1].startswith("undone") and "7 min" in texts[-1]
    assert "4 changes" in str(reopened.replayed(path))
    saver.close()  # now saved: the file holds it all and no log is left
    assert not log.path.exists()
    assert minutes(open_state(path, host, create=False).state) == start + 5


def test_one_change_taken_back_is_said_as_one(tmp_path, host):
    """The opening's notice counts what the log gave back: one change is "a change" (it said
    "1 changes"), in French too."""
    from gm_console.text.i18n import Translator

    path = tmp_path / "s.toml"
    store, _, log = owned(path, host, delay=3600)  # a crash: no checkpoint of it
    assert store.apply("clock.advance", {"minutes": 5}).ok
    said = open_state(path, host, create=False).replayed(path)
    assert str(said).startswith("A change made before gm-console stopped was not yet in s.toml")
    assert Translator("fr", host)(said).startswith("Un changement fait avant l'arrêt")


def test_a_record_the_file_already_holds_changes_nothing_when_replayed(tmp_path, host):
    """A crash between a checkpoint and the log's truncation: the records are replayed over
    a file that holds them already; no journal line is doubled, no table changed."""
    path = tmp_path / "s.toml"
    store, saver, log = owned(path, host)
    store.apply("character.add", {"name": "Aria"})
    store.apply("clock.advance", {"minutes": 5})
    kept = log.path.read_bytes()
    saver.close()
    log.path.write_bytes(kept)  # as if the log had not been truncated yet
    again = open_state(path, host, create=False)
    assert again.logged.records and again.state["journal"] == store.state["journal"]
    assert again.state["characters"] == store.state["characters"]
    assert minutes(again.state) == minutes(store.state)


def test_a_torn_last_record_is_dropped_and_the_next_one_still_read(tmp_path, host):
    path = tmp_path / "s.toml"
    store, _, log = owned(path, host, delay=3600)  # a crash: no checkpoint of it
    store.apply("clock.advance", {"minutes": 5})
    with open(log.path, "ab") as torn:  # killed in the middle of writing a record
        torn.write(b'0badc0de {"n": 2, "op": "clock.adv')
    found = commit_log.read(path)
    assert found.torn and len(found.records) == 1
    store2 = Store(open_state(path, host, create=False).state, host,
                   log=CommitLog(path, found))
    assert store2.apply("clock.advance", {"minutes": 1}).ok
    after = commit_log.read(path)
    assert not after.torn and [r["n"] for r in after.records] == [1, 2]


@pytest.mark.parametrize("error", [(28, "No space left on device"), (30, "Read-only file system"),
                                   (5, "Input/output error")])
def test_a_change_the_log_cannot_hold_is_refused_and_nothing_of_it_kept(tmp_path, host,
                                                                        monkeypatch, error):
    path = tmp_path / "s.toml"
    store, saver, log = owned(path, host)
    assert store.apply("character.add", {"name": "Aria"}).ok
    before, size = store.state, log.path.stat().st_size
    heard = []
    store.subscribe(heard.append)
    real = os.fdatasync

    def fail(fd):
        raise OSError(*error)
    monkeypatch.setattr(commit_log.os, "fdatasync", fail)
    outcome = store.apply("clock.advance", {"minutes": 5})
    assert not outcome.ok and error[1] in outcome.reason and str(log.path) in outcome.reason
    assert store.state is before and not heard and log.error == error[1]
    assert log.path.stat().st_size == size  # no half record for the next one to follow
    assert not store.undo().ok and store.state is before  # nor is an undo made
    monkeypatch.setattr(commit_log.os, "fdatasync", real)
    assert store.apply("clock.advance", {"minutes": 5}).ok and log.error is None
    saver.close()
    state = codec.load(path, host).state
    assert minutes(state) == minutes(before) + 5 and len(state["journal"]) == 2


async def test_the_console_says_not_saved_until_a_commit_succeeds_again(tmp_path, make_store,
                                                                        make_app, monkeypatch):
    store = make_store()
    store.log = CommitLog(tmp_path / "session.toml")
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        header = pilot.app.screen.query_one("#header-saving")
        real = os.fdatasync

        def full(fd):
            raise OSError(28, "No space left on device")
        monkeypatch.setattr(commit_log.os, "fdatasync", full)
        await pilot.press("plus")
        await pilot.pause()
        assert "NOT SAVED" in str(header.render())
        monkeypatch.setattr(commit_log.os, "fdatasync", real)
        await pilot.press("plus")
        await pilot.pause()
        assert str(header.render()).strip() == ""


def _kill_after_acks(path, delay: float) -> tuple[int, int]:
    """Serve ``path``, make three operations through ``gm-console op`` (each acknowledged by
    exit 0), wait ``delay`` seconds, kill -9 the owner: the minutes acknowledged, and those
    the session holds once opened again."""
    owner = serve(path)
    acknowledged = 0
    try:
        for step in (3, 4, 5):
            done = gm("op", str(path), "clock.advance", f"minutes={step}")
            assert done.returncode == 0, done.stderr
            acknowledged += step
        time.sleep(delay)
    finally:
        os.kill(owner.pid, signal.SIGKILL)
        owner.wait()
    shown = gm("show", str(path), "--json")
    assert shown.returncode == 0, shown.stderr
    return acknowledged, json.loads(shown.stdout)["clock"]["second"] // 60 - 8 * 60


def test_kill_9_of_the_owner_at_any_moment_after_an_ack_loses_nothing(tmp_path):
    for trial, delay in enumerate((0.0, 0.02, 0.1, 0.25, 0.5)):
        path = tmp_path / f"s{trial}.toml"
        path.write_text('[session]\nname = "s"\n')
        acknowledged, held = _kill_after_acks(path, delay)
        assert held == acknowledged, f"killed {delay} s after the last ack"
        # and the next op without an owner writes the file and leaves no log behind
        assert gm("op", str(path), "clock.advance", "minutes=1").returncode == 0
        assert not commit_log.log_path(path).exists()
        assert codec.read(path, _host())["clock"]["second"] // 60 - 8 * 60 == held + 1


def _host():
    from gm_console.host.manager import Host
    return Host().load()


def test_serve_on_a_full_disk_refuses_the_operation_at_the_front_that_made_it(tmp_path):
    """Every write of the owner fails as on a full disk: ``op`` through it exits non-zero
    saying why, and the session is as it was."""
    path = tmp_path / "s.toml"
    path.write_text('[session]\nname = "s"\n')
    script = (
        "import os, sys\n"
        "def full(fd):\n"
        "    raise OSError(28, 'No space left on device')\n"
        "os.fdatasync = full\n"
        "from gm_console.cli import command\n"
        "sys.argv = ['gm-console', 'serve', sys.argv[1]]\n"
        "command()\n")
    owner = subprocess.Popen([sys.executable, "-c", script, str(path)],
                             stderr=subprocess.PIPE, text=True)
    from tests.live.live_helpers import wait_for_owner
    try:
        wait_for_owner(path, owner)
        done = gm("op", str(path), "clock.advance", "minutes=5")
        assert done.returncode != 0
        assert "No space left on device" in done.stdout + done.stderr
    finally:
        owner.terminate()
        owner.communicate(timeout=60)
    assert owner.returncode == 0  # nothing was acknowledged: nothing is unsaved
    assert codec.read(path, _host())["clock"].get("second", 8 * 3600) == 8 * 3600


def test_an_owner_opening_after_a_crash_saves_what_it_took_back(tmp_path, host):
    path = tmp_path / "s.toml"
    store, _, log = owned(path, host, delay=3600)  # a crash: no checkpoint of it
    store.apply("clock.advance", {"minutes": 9})
    owner = an_owner(path, host)
    try:
        assert "was not yet in s.toml" in owner.opening_note  # one change
        assert owner.saver.flush()
        assert minutes(codec.load(path, host).state) == minutes(store.state)
    finally:
        owner.close()
    assert not log.path.exists()


def _party(path, host, size: int):
    """A session of ``size`` characters, owned (its log and saver as the owner's)."""
    store, saver, log = owned(path, host, delay=3600)
    for n in range(size):
        assert store.apply("character.add", {"name": f"Hero{n:02}"}).ok
    assert saver.flush()  # on disk: the log holds nothing
    return store, saver, log


def test_a_change_to_one_character_logs_that_character_not_the_party(tmp_path, host):
    """The log's record of an item given to one of 20 characters holds that character alone
    (it held the whole party: 50 characters of 40 items were 140 KB a key), and taking the
    log back gives the item to that character."""
    path = tmp_path / "s.toml"
    store, saver, log = _party(path, host, 20)
    assert store.apply("item.add", {"character": "Hero07", "name": "rope", "weight_lb": 10,
                                    "qty": 1}).ok
    record = commit_log.read(path).records[-1]
    assert "characters" not in record["set"]
    assert record["items"]["characters"][0] == 20
    assert [c["name"] for c in record["items"]["characters"][1].values()] == ["Hero07"]
    reopened = open_state(path, host, create=False).state
    assert reopened["characters"] == store.state["characters"]
    saver.close()


def test_a_log_taken_back_on_a_checkpoint_newer_than_its_records_changes_nothing(tmp_path, host):
    """A crash between a checkpoint and the log's truncation: the file already holds some of
    the log's records, among them a character removed after another was changed (the list is
    shorter than the first record remembers it); taking the log back gives the state of the
    last record, not a mix."""
    path = tmp_path / "s.toml"
    store, saver, log = _party(path, host, 6)
    assert store.apply("item.add", {"character": "Hero02", "name": "rope", "weight_lb": 10,
                                    "qty": 1}).ok
    assert store.apply("character.remove", {"character": "Hero05"}).ok
    assert store.apply("item.add", {"character": "Hero04", "name": "torch", "weight_lb": 1,
                                    "qty": 1}).ok
    assert log.pending == 3
    # the file written with every record, the log not yet cut
    codec.write_atomic(path, codec.dumps(without_journal(store.state)))
    reopened = open_state(path, host, create=False).state
    assert reopened["characters"] == store.state["characters"]
    assert [c["name"] for c in reopened["characters"]] == [f"Hero{n:02}" for n in range(5)]
    saver.close()


def test_a_log_that_does_not_fit_its_file_is_said_and_both_are_left(tmp_path, host):
    """A session file cut down by hand after a crash, its log holding a change to a character
    the file no longer has: opening says so, names the log, and writes neither."""
    path = tmp_path / "s.toml"
    store, saver, log = _party(path, host, 6)
    assert store.apply("item.add", {"character": "Hero05", "name": "rope", "weight_lb": 10,
                                    "qty": 1}).ok
    cut = dict(without_journal(store.state), characters=store.state["characters"][:2])
    codec.write_atomic(path, codec.dumps(cut))
    before = (path.read_bytes(), log.path.read_bytes())
    with pytest.raises(codec.SessionFileError, match=r"s\.toml\.wal: .*'characters'.*left as "
                                                     r"they are"):
        open_state(path, host, create=False)
    assert (path.read_bytes(), log.path.read_bytes()) == before
