"""Nobody is locked out by connections that never log in: idle TCP sockets on the SSH
listener do not keep a game master's key out, and idle connections to the owner's socket are
dropped without holding threads for ever."""

from __future__ import annotations

import asyncio
import socket
import sys
import threading
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "live"))

from live_helpers import SESSION  # noqa: E402
from server_helpers import Server, connect, make_key, open_console, role_line, write_keys  # noqa: E402

from gm_console.gameserver import listening, ssh  # noqa: E402
from gm_console.live import owner as owner_module  # noqa: E402
from gm_console.live import peer as peer_module  # noqa: E402
from gm_console.live.client import RemoteStore  # noqa: E402
from tests.faults.owned_session import an_owner  # noqa: E402

IDLE = 40


def closed_by_the_other_end(sock: socket.socket, within: float = 30) -> bool:
    """Whether the other end closes ``sock`` (whatever it sent first) before ``within`` s."""
    sock.settimeout(within)
    try:
        while sock.recv(4096):
            pass
    except TimeoutError:
        return False
    except OSError:  # reset: closed too
        pass
    return True


async def test_idle_sockets_do_not_keep_a_game_masters_key_out(tmp_path: Path) -> None:
    session = tmp_path / "s.toml"
    session.write_text(SESSION)
    folder = tmp_path / "keys"
    folder.mkdir()
    gm_key, aria_key = make_key(folder, "gm", "dee@table"), make_key(folder, "aria", "jo")
    keys = tmp_path / "authorized_keys"
    write_keys(keys, [role_line("gm", gm_key), role_line("player:Aria", aria_key)])
    server = Server(session, "--ssh", "127.0.0.1:0", "--authorized-keys", str(keys),
                    "--max-connections", "2", "--login-timeout", "2")
    idle: list[socket.socket] = []
    try:
        port = server.port()
        for _ in range(IDLE):  # never a byte of SSH from them
            idle.append(socket.create_connection(("127.0.0.1", port)))
        async with await connect(port, gm_key) as conn:
            screen = await open_console(conn)
            await screen.wait_for("Latest in the journal")
            # the logged-in cap still holds: a player fills the second place, a third is full
            async with await connect(port, aria_key):
                import asyncssh
                with pytest.raises(asyncssh.DisconnectError, match="full"):
                    await connect(port, aria_key)
        server.wait_log(r"dropped: \d+ connections still logging in from 127\.0\.0\.1")
        # and every idle socket is let go: dropped for a newer one, or at the login timeout
        closed = await asyncio.gather(*(asyncio.to_thread(closed_by_the_other_end, sock)
                                        for sock in idle))
        assert all(closed)
    finally:
        for sock in idle:
            sock.close()
        assert server.stop() == 0


def test_the_caps_on_logging_in_are_small_and_the_timeout_short() -> None:
    assert ssh.MAX_LOGGING_IN_PER_ADDRESS < ssh.MAX_LOGGING_IN <= 32
    assert listening.LOGIN_TIMEOUT <= 10


def _threads(name: str) -> int:
    return sum(1 for thread in threading.enumerate() if thread.name == name)


def test_owner_socket_connections_that_never_say_hello_are_dropped_threads_bounded(
        tmp_path: Path, host, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(peer_module, "HELLO_TIMEOUT", 1.0)
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = an_owner(path, host)
    where = str(owner.listen())
    writers_before, peers_before = _threads("gm-console-writer"), _threads("gm-console-peer")
    idle: list[socket.socket] = []
    store = None
    try:
        for _ in range(3 * owner_module.MAX_AWAITING_HELLO):
            sock = socket.socket(socket.AF_UNIX)
            sock.connect(where)
            idle.append(sock)
        # a client that says hello joins meanwhile
        client = socket.socket(socket.AF_UNIX)
        client.connect(where)
        store = RemoteStore(client, host, "gm", "Dee")
        assert store.state["characters"][0]["name"] == "Aria"
        # never more waiting than the cap, and no writer thread for any of them
        assert len(owner._awaiting) <= owner_module.MAX_AWAITING_HELLO
        assert _threads("gm-console-writer") - writers_before == 1  # the client's alone
        assert all(closed_by_the_other_end(sock) for sock in idle)
        deadline = time.monotonic() + 30  # their threads end once they are closed
        while _threads("gm-console-peer") > peers_before + 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _threads("gm-console-peer") == peers_before + 1  # the client's alone
        assert _threads("gm-console-writer") == writers_before + 1
        assert store.apply("clock.advance", {"minutes": 10}).ok  # the client is still served
    finally:
        if store is not None:
            store.close()
        for sock in idle:
            sock.close()
        owner.close()
