"""A session opened as its owner opens it (gm_console.live.owner.Owner.open): without the
socket, its write-ahead log, its saver (with the journal's file as read) and its store
(:func:`owned`); or the owner itself, its lock taken (:func:`an_owner`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gm_console.files.commit_log import CommitLog
from gm_console.files.saver import Saver
from gm_console.headless import open_state
from gm_console.host.manager import Host
from gm_console.live.owner import Owner
from gm_console.live.rendezvous import SessionLock
from gm_console.state.store import Store


def owned(path: Path, host: Host, undo_depth: int = 200,
          **saver_args: Any) -> tuple[Store, Saver, CommitLog]:
    opened = open_state(path, host, create=True)
    log = CommitLog(path, opened.logged)
    saver = Saver(path, log=log, journal=opened.journal, **saver_args)
    store = Store(opened.state, host, on_save=saver.schedule, log=log, undo_depth=undo_depth)
    saver.on_written = store.journal_written
    return store, saver, log


def an_owner(path: Path, host: Host) -> Owner:
    """The owner of the session at ``path`` (made if missing), its lock taken, not yet
    listening; the caller closes it."""
    lock = SessionLock(path)
    assert lock.acquire()
    return Owner.open(path, host, lock)
