"""Group commit: operations that come together share one fdatasync of the session's log
(gm_console.files.commit_log.CommitLog.sync), none is told or acknowledged before its record is
on disk, they are told in the order they were made, and when the fdatasync fails every one
it was to cover is refused and taken back, the head included."""

from __future__ import annotations

import os
import threading
from types import SimpleNamespace

import pytest

from gm_console.files import codec, commit_log
from gm_console.live import protocol
from gm_console.live.roles import GM, Role
from gm_console.state.store import Store
from tests.faults.owned_session import an_owner, owned


def minutes(state) -> int:
    return int(state.get("clock", {}).get("second", 0)) // 60


class HeldSync:
    """fdatasync, the first call held until ``release``: what others write meanwhile waits
    behind it. Call number ``fails`` raises ``error``. Counts the calls."""

    def __init__(self, error: OSError | None = None, fails: int = 1) -> None:
        self.calls = 0
        self.started = threading.Event()
        self.release = threading.Event()
        self.error, self.fails = error, fails
        self._real = os.fdatasync

    def __call__(self, fd: int) -> None:
        self.calls += 1
        if self.calls == 1:
            self.started.set()
            assert self.release.wait(10)
        if self.error is not None and self.calls == self.fails:
            raise self.error
        self._real(fd)


def burst(store: Store, log, held: HeldSync, minutes_each: list[int]) -> list:
    """The first operation's fdatasync held until every other is written; their outcomes, in
    the order asked."""
    outcomes: list = [None] * len(minutes_each)

    def one(index: int) -> None:
        outcomes[index] = store.apply("clock.advance", {"minutes": minutes_each[index]},
                                      actor=f"front{index}")
    first = threading.Thread(target=one, args=(0,))
    first.start()
    assert held.started.wait(10)
    written = log.seq
    others = [threading.Thread(target=one, args=(index,))
              for index in range(1, len(minutes_each))]
    for thread in others:
        thread.start()
    while log.seq < written + len(others):  # all written ahead, none on disk
        threading.Event().wait(0.005)
    held.release.set()
    for thread in (first, *others):
        thread.join(10)
    return outcomes


def test_operations_that_come_together_share_one_fdatasync(tmp_path, host, monkeypatch):
    store, saver, log = owned(tmp_path / "s.toml", host)
    start = minutes(store.state)
    heard = []
    seen_on_disk = []

    def told(change) -> None:  # a change is told only once its record is on disk
        heard.append(change.actor)
        seen_on_disk.append(log.durable_seq)
    store.subscribe(told)
    held = HeldSync()
    monkeypatch.setattr(commit_log.os, "fdatasync", held)
    outcomes = burst(store, log, held, [1, 2, 3, 4])
    assert all(outcome.ok for outcome in outcomes)
    assert held.calls == 2  # the first alone, the three written meanwhile together
    assert minutes(store.state) == start + 10
    assert heard[0] == "front0" and sorted(heard) == ["front0", "front1", "front2", "front3"]
    assert seen_on_disk == sorted(seen_on_disk) and seen_on_disk[0] >= 1
    # told in the order made: each change event's state follows the one before
    texts = [line["actor"] for line in store.state["journal"][-4:]]
    assert texts == heard
    saver.close()
    assert minutes(codec.load(tmp_path / "s.toml", host).state) == start + 10


def test_a_failed_fdatasync_refuses_every_operation_it_was_to_cover(tmp_path, host,
                                                                     monkeypatch):
    store, saver, log = owned(tmp_path / "s.toml", host)
    assert store.apply("character.add", {"name": "Aria"}).ok
    before, size = store.state, log.path.stat().st_size
    heard = []
    store.subscribe(heard.append)
    held = HeldSync(OSError(28, "No space left on device"))
    monkeypatch.setattr(commit_log.os, "fdatasync", held)
    outcomes = burst(store, log, held, [1, 2, 3])
    assert [outcome.ok for outcome in outcomes] == [False, False, False]
    assert all("No space left on device" in outcome.reason for outcome in outcomes)
    assert store.state is before and not heard
    assert log.path.stat().st_size == size and log.broken is None and log.seq == 1
    # the head went back too: the next operation starts from the state on disk, and undo
    # takes back the last change that was made, not one that was refused
    assert store.apply("clock.advance", {"minutes": 5}).ok
    assert minutes(store.state) == minutes(before) + 5
    assert store.undo().ok and store.state["clock"] == before["clock"]
    assert store.undo().ok and store.state["characters"] == []
    saver.close()
    assert codec.load(tmp_path / "s.toml", host).state["characters"] == []


def test_an_operation_on_disk_before_the_failure_stays_done(tmp_path, host, monkeypatch):
    """The fdatasync that failed covered only what was written after the last one that
    succeeded: what that one covered is acknowledged and told, the rest refused."""
    store, saver, log = owned(tmp_path / "s.toml", host)
    start = minutes(store.state)
    heard = []
    store.subscribe(heard.append)
    held = HeldSync(OSError(5, "Input/output error"), fails=2)
    monkeypatch.setattr(commit_log.os, "fdatasync", held)
    outcomes = burst(store, log, held, [1, 2, 3])
    assert [outcome.ok for outcome in outcomes] == [True, False, False]
    assert "Input/output error" in outcomes[2].reason
    assert minutes(store.state) == start + 1 and [c.actor for c in heard] == ["front0"]
    assert store.apply("clock.advance", {"minutes": 10}).ok  # the log takes records again
    saver.close()
    assert minutes(codec.load(tmp_path / "s.toml", host).state) == start + 11


def test_fronts_operations_at_once_share_the_owners_fdatasync(tmp_path, host, monkeypatch):
    """The owner applies fronts' operations as they come, each on its front's thread: those
    that come together share a sync, and one asked again (the same id) while its first asking
    waits for the disk is answered as that one, applied once."""
    path = tmp_path / "s.toml"
    owner = an_owner(path, host)
    try:
        start = minutes(owner.store.state)
        held = HeldSync()
        monkeypatch.setattr(commit_log.os, "fdatasync", held)
        fronts = [SimpleNamespace(role=Role(GM), actor=f"gm{index}") for index in range(3)]
        asked = [{"type": protocol.OP, "op": "clock.advance", "params": {"minutes": 1},
                  "op_id": "same"}, {"type": protocol.OP, "op": "clock.advance",
                                     "params": {"minutes": 2}, "op_id": "other"},
                 {"type": protocol.OP, "op": "clock.advance", "params": {"minutes": 1},
                  "op_id": "same"}]
        answers: list = [None] * 3

        def perform(index: int) -> None:
            answers[index] = owner.perform(fronts[index], asked[index])
        first = threading.Thread(target=perform, args=(0,))
        first.start()
        assert held.started.wait(10)
        others = [threading.Thread(target=perform, args=(index,)) for index in (1, 2)]
        for thread in others:
            thread.start()
        while owner.store.log.seq < 2:  # the other operation is written while the first syncs
            threading.Event().wait(0.005)
        held.release.set()
        for thread in (first, *others):
            thread.join(10)
        assert [answer["ok"] for answer in answers] == [True, True, True]
        assert answers[2]["repeated"] and not answers[0].get("repeated")
        assert held.calls == 2 and minutes(owner.store.state) == start + 3
    finally:
        owner.close()
    assert minutes(codec.load(path, host).state) == start + 3


async def keys_at_once(app, pilot, keys: list[tuple[str, str]]) -> None:
    """``keys`` queued at once, as the terminal's reader queues what came in one read."""
    from textual import events

    for key, character in keys:
        app.post_message(events.Key(key, character))
    for _ in range(50):
        await pilot.pause()


async def test_a_burst_of_a_consoles_keys_costs_one_fdatasync(tmp_path, make_store, make_app,
                                                              monkeypatch):
    store = make_store()
    store.log = commit_log.CommitLog(tmp_path / "session.toml")
    start = minutes(store.state)
    calls = []
    real = os.fdatasync
    monkeypatch.setattr(commit_log.os, "fdatasync", lambda fd: (calls.append(fd), real(fd)))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys_at_once(pilot.app, pilot, [("plus", "+")] * 5)
        assert minutes(store.state) == start + 50  # every key applied and told
        assert store.log.seq == 5 and store.log.durable_seq == 5 and len(calls) == 1
        await pilot.press("plus")  # a key on its own: its own fdatasync, as before
        assert len(calls) == 2 and minutes(store.state) == start + 60


async def test_a_burst_the_disk_refuses_is_refused_whole_and_said(tmp_path, make_store,
                                                                  make_app, monkeypatch):
    store = make_store()
    store.log = commit_log.CommitLog(tmp_path / "session.toml")
    before = store.state
    heard = []
    store.subscribe(heard.append)

    def full(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(commit_log.os, "fdatasync", full)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys_at_once(pilot.app, pilot, [("plus", "+")] * 3)
        assert store.state is before and not heard
        said = [str(n.message) for n in pilot.app._notifications]
        assert sum("No space left on device" in text for text in said) == 3, said
        assert "NOT SAVED" in str(pilot.app.screen.query_one("#header-saving").render())


def test_a_burst_cut_short_by_leaving_is_saved(tmp_path, host):
    """The console leaves in the middle of a burst (its last key, a signal): what the burst
    applied is made durable and saved by the owner's close, not dropped with the undrawn
    frame."""
    path = tmp_path / "s.toml"
    owner = an_owner(path, host)
    start = minutes(owner.store.state)
    owner.store.hold_back()
    assert owner.store.apply("clock.advance", {"minutes": 4}).ok
    assert owner.store.apply("clock.advance", {"minutes": 5}).ok
    assert owner.store.log.durable_seq < owner.store.log.seq  # written, not yet on disk
    owner.close()
    assert minutes(codec.load(path, host).state) == start + 9


def test_a_checkpoint_that_failed_leaves_the_log_as_it_was(tmp_path, monkeypatch):
    """A full disk while the log is written anew after a save: the log in memory is what is
    on disk still, so a later failed fdatasync cuts only what it failed to cover, never a
    record already acknowledged."""
    import builtins

    path = tmp_path / "s.toml"
    log = commit_log.CommitLog(path)
    for index in range(3):
        log.sync(log.write({"op": f"op{index}", "set": {}}))
    real_open = builtins.open

    def full(name, *args, **kwargs):
        if str(name).endswith(".tmp"):
            raise OSError(28, "No space left on device")
        return real_open(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "open", full)
    with pytest.raises(OSError):
        log.checkpointed(2)
    monkeypatch.setattr(builtins, "open", real_open)
    assert log.pending == 3  # nothing dropped: the file still holds them
    log.checkpointed(2)  # the saver's retry
    acknowledged = log.write({"op": "op3", "set": {}})
    log.sync(acknowledged)
    held = HeldSync(OSError(5, "Input/output error"), fails=1)
    held.release.set()
    monkeypatch.setattr(commit_log.os, "fdatasync", held)
    with pytest.raises(OSError):
        log.sync(log.write({"op": "op4", "set": {}}))
    log.rolled_back()
    assert [record["n"] for record in commit_log.read(path).records] == [3, acknowledged]


def clock_shown(app) -> str:
    return str(app.screen.query_one("#header-clock").render())


def tail_shown(app) -> list[str]:
    """The home screen's journal tail, as drawn."""
    tail = app.screen.query_one("#journal-tail")
    return [tail.render_line(y).text for y in range(tail.size.height)]


async def test_a_key_is_worked_out_on_screen_while_the_disk_takes_it(tmp_path, make_store,
                                                                     make_app, monkeypatch):
    """The console's own change is given to its screens while the fdatasync runs on another
    thread (Store.draw_ahead), from the head; told again once on disk, it is not redrawn."""
    store = make_store()
    store.log = commit_log.CommitLog(tmp_path / "session.toml")
    real = os.fdatasync
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        app = pilot.app
        await pilot.pause()
        published: list = []
        publish = app.store_changed.publish
        monkeypatch.setattr(app.store_changed, "publish",
                            lambda change: (published.append(change), publish(change)))
        during: list = []

        def slow(fd: int) -> None:
            threading.Event().wait(0.05)  # the screens meanwhile, on the console's thread
            during.append((threading.get_ident(), [change.op for change in published]))
            real(fd)
        monkeypatch.setattr(commit_log.os, "fdatasync", slow)
        before = clock_shown(app)
        await pilot.press("plus")
        await pilot.pause()
        assert during == [(during[0][0], ["clock.advance"])]
        assert during[0][0] != threading.get_ident()  # not the console's thread
        assert [change.op for change in published] == ["clock.advance"]  # drawn once
        assert clock_shown(app) != before and store.log.durable_seq == 1


async def test_a_key_worked_out_ahead_of_a_failed_disk_is_drawn_again(tmp_path, make_store,
                                                                      make_app, monkeypatch):
    """What was worked out from the head before the disk refused it is gone with it: the
    screens draw the session on disk again, and the refusal is said."""
    store = make_store()
    store.log = commit_log.CommitLog(tmp_path / "session.toml")

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(commit_log.os, "fdatasync", full)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        app = pilot.app
        await pilot.pause()
        before = clock_shown(app), tail_shown(app)
        await pilot.press("plus")
        await pilot.pause()
        assert (clock_shown(app), tail_shown(app)) == before
        said = [str(n.message) for n in app._notifications]
        assert any("No space left on device" in text for text in said), said
        assert "NOT SAVED" in str(app.screen.query_one("#header-saving").render())


def test_a_change_drawn_ahead_of_a_failed_disk_is_followed_by_a_change_of_everything(
        tmp_path, host, monkeypatch):
    """The thread drawing ahead reads the head while the disk takes it; the disk refusing it,
    that thread is told that everything changed, and then reads the session on disk."""
    store, saver, log = owned(tmp_path / "s.toml", host)
    before = minutes(store.state)
    seen: list = []
    store.draw_ahead(lambda change: seen.append((sorted(change.areas), minutes(store.state))))
    told: list = []
    store.subscribe(told.append)

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(commit_log.os, "fdatasync", full)
    outcome = store.apply("clock.advance", {"minutes": 10})
    assert not outcome.ok and "No space left on device" in outcome.reason
    assert seen[0][1] == before + 10 and "clock" in seen[0][0]  # drawn from the head
    assert seen[1:] == [(["*"], before)] and not told  # then all again, from the disk's
    saver.close()
