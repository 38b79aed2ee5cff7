"""The game server's parts on their own: a console's pty and its hang-up, one-time links."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest
from server_helpers import alive

from gm_console.gameserver import links, pty_child
from gm_console.live.roles import Role


async def test_a_hang_up_kills_what_ignores_sighup_and_what_it_started() -> None:
    seen: list[bytes] = []
    exits: list[int] = []
    # a console that ignores SIGHUP, and a process it started in its group
    child = pty_child.PtyChild(
        ["sh", "-c", 'trap "" HUP; sleep 60 & echo "started $!"; stty size; wait'],
        dict(os.environ), 100, 30, output=seen.append, on_exit=exits.append)
    deadline = time.monotonic() + 10
    while b"30 100" not in b"".join(seen):  # the pty has the client's size
        assert time.monotonic() < deadline, b"".join(seen)
        await asyncio.sleep(0.02)
    grandchild = int(b"".join(seen).split(b"started ")[1].split()[0])
    started = time.monotonic()
    await child.hang_up(grace=0.3)
    assert time.monotonic() - started < 5
    assert child.process.returncode is not None
    await asyncio.sleep(0.1)
    assert not alive(grandchild)
    assert exits == []  # hung up: not reported as a console that quit by itself


async def test_a_console_that_quits_by_itself_is_reported_after_its_last_output() -> None:
    seen: list[bytes] = []
    done = asyncio.get_running_loop().create_future()
    pty_child.PtyChild(["sh", "-c", "printf bye; exit 3"], dict(os.environ), 80, 24,
                       output=seen.append, on_exit=done.set_result)
    assert await asyncio.wait_for(done, 10) == 3
    assert b"".join(seen).endswith(b"bye")


def test_a_link_is_spent_once_and_expires(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    session = tmp_path / "s.toml"
    session.write_text("")
    first = links.add(session, Role.parse("player:Aria"), "Jo")
    second = links.add(session, Role.parse("spectator"), "")
    path = links.links_path(session)
    assert path.stat().st_mode & 0o777 == 0o600
    assert first not in path.read_text()  # only hashes are kept
    assert links.spend(session, "not a token") is None
    assert links.spend(session, first) == (Role.parse("player:Aria"), "Jo")
    assert links.spend(session, first) is None
    later = time.time() + links.LIFETIME + 1
    monkeypatch.setattr(links.time, "time", lambda: later)
    assert links.spend(session, second) is None


def test_consoles_fork_from_the_template_with_their_streams_and_exit_codes() -> None:
    from gm_console.gameserver.keys import console_command
    from gm_console.gameserver.prefork import Prefork

    prefork = Prefork(console_command())
    try:
        for args, code, said in [(["--version"], 0, "gm-console "),
                                 (["show", "/no/such/session.toml"], 2, "no/such")]:
            read, write = os.pipe()
            child = prefork.spawn(args, dict(os.environ), os.open(os.devnull, os.O_RDONLY),
                                  write, write, terminal=False)
            os.close(write)
            with os.fdopen(read, "rb") as out:
                shown = out.read().decode()
            assert child.wait(30) == code and said in shown, shown
            assert child.pid != prefork.process.pid
    finally:
        prefork.close()
    assert prefork.process.returncode == 0  # the server's end closed: the template ended


def test_the_template_draws_a_console_before_forking_and_is_left_as_it_was() -> None:
    import subprocess
    import sys

    probe = ("import sys, threading\n"
             "from gm_console.ui import app\n"
             "from gm_console.host.manager import Host\n"
             "host = Host().load()\n"
             "streams = sys.stdout, sys.stderr\n"
             "app.warm_up(host)\n"
             "print(threading.active_count(), (sys.stdout, sys.stderr) == streams,\n"
             "      'textual.pilot' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=120)
    # drawn (Textual's headless run loaded), no thread left running (a fork would lose it),
    # the template's own streams back in place (the forks' consoles write to them)
    assert done.returncode == 0 and done.stdout.split() == ["1", "True", "True"], done
    assert "could not draw" not in done.stderr, done.stderr


@pytest.mark.parametrize("sent, a_key", [(b"\x1b[?2026;0$y", False), (b"\x1b[I", False),
                                         (b"\x1b[?2026;2$y\x1b[O", False), (b"a", True),
                                         (b"\x1b[A", True), (b"\r", True)])
def test_what_a_browsers_terminal_answers_by_itself_is_no_key(sent, a_key):
    """A screenshot tool's tab answers the console's queries (synchronised output's mode,
    mode 2026) without anyone at it: that does not spend the link it came by."""
    from gm_console.gameserver.web import TERMINAL_REPLY

    assert (TERMINAL_REPLY.fullmatch(sent) is None) == a_key
