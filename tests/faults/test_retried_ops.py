"""Every operation carries an id: one asked again after its owner did not answer in time
(stopped by SIGSTOP past the client's timeout) is applied exactly once."""

from __future__ import annotations

import json
import os
import signal
import sys
import time
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "live"))

from live_helpers import gm, serve, stop  # noqa: E402

from gm_console.host.manager import Host  # noqa: E402
from gm_console.live import rendezvous  # noqa: E402
from gm_console.live.client import RemoteStore  # noqa: E402

SESSION = '[session]\nname = "Retried"\n\n[[characters]]\nname = "Aria"\n'
EIGHT = 8 * 3600


def clock(path: Path) -> int:
    return int(tomllib.loads(path.read_text())["clock"]["second"])


def stopped(pid: int) -> None:
    """Wait until every thread of ``pid`` is stopped (kill returns before they all are)."""
    deadline = time.monotonic() + 10
    while any((task / "stat").read_text().rsplit(")", 1)[1].split()[0] != "T"
              for task in Path(f"/proc/{pid}/task").iterdir()):
        assert time.monotonic() < deadline
        time.sleep(0.01)


def test_an_op_asked_again_after_a_stopped_owner_timed_out_is_applied_once(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = serve(path)
    store = None
    try:
        lock, sock = rendezvous.meet(path)
        assert lock is None and sock is not None
        store = RemoteStore(sock, Host().load(), request_timeout=0.5)
        os.kill(owner.pid, signal.SIGSTOP)
        stopped(owner.pid)
        try:
            first = store.ask("clock.advance", {"minutes": 10})
            # the console asks again (the same key) while the owner is still stopped: the same
            second = store.ask("clock.advance", {"minutes": 10})
        finally:
            os.kill(owner.pid, signal.SIGCONT)
        assert not first.answered and not first.outcome.ok
        assert "not answering (nothing in 0.5 s" in first.outcome.reason
        assert "may still be applied" in first.outcome.reason
        assert "applied at most once" in first.outcome.reason
        assert first.outcome.data == {"unanswered": True}  # the console says "No answer"
        assert not second.answered and second.op_id == first.op_id
        # the owner, running again, applies the first asking once; asked again, it is that one
        store.request_timeout = 30
        again = store.ask("clock.advance", {"minutes": 10}, op_id=first.op_id)
        assert again.answered and again.outcome.ok and again.repeated
        # its late answer came: the same operation asked now is a new one
        third = store.ask("clock.advance", {"minutes": 10})
        assert third.outcome.ok and not third.repeated and third.op_id != first.op_id
        deadline = time.monotonic() + 10
        while store.state["clock"]["second"] != EIGHT + 20 * 60:
            assert time.monotonic() < deadline, store.state["clock"]
            time.sleep(0.02)
    finally:
        if store is not None:
            store.close()
        stop(owner)
    assert clock(path) == EIGHT + 20 * 60  # twice in all: the retried one once


def test_op_with_the_same_id_is_applied_once_and_says_so(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = serve(path)
    try:
        done = [gm("op", str(path), "clock.advance", "minutes=10", "--id", "retry-1")
                for _ in range(2)]
        assert [d.returncode for d in done] == [0, 0], [d.stderr for d in done]
        outs = [json.loads(d.stdout) for d in done]
        ids = [o["op_id"] for o in outs]
        assert ids[0] == ids[1] and ids[0].startswith("retry-1@")  # @ the owner asked
        assert [o["repeated"] for o in outs] == [False, True]
        assert outs[0]["message"] == outs[1]["message"]
        # another role's same id is not that operation's answer
        spectator = gm("op", "--role", "spectator", str(path), "clock.advance", "minutes=10",
                       "--id", "retry-1")
        assert spectator.returncode == 1 and '"repeated": false' in spectator.stdout
        # what op printed asks again safely: the same owner answers as the first time
        printed = gm("op", str(path), "clock.advance", "minutes=10", "--id", ids[0])
        assert json.loads(printed.stdout)["repeated"] is True
    finally:
        stop(owner)
    assert clock(path) == EIGHT + 10 * 60
    # a new owner never saw that id: it is not applied again as if it were new
    heir = serve(path)
    try:
        late = gm("op", str(path), "clock.advance", "minutes=10", "--id", ids[0])
        assert late.returncode == 3 and "has gone since" in late.stderr, late.stderr
    finally:
        stop(heir)
    assert clock(path) == EIGHT + 10 * 60


def test_op_with_an_id_and_no_owner_applies_nothing_and_says_why(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    done = gm("op", str(path), "clock.advance", "minutes=10", "--id", "retry-1")
    assert done.returncode == 3
    assert "nobody has" in done.stderr and "retry-1" in done.stderr
    assert path.read_text() == SESSION
