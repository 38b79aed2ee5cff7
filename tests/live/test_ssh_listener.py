"""The built-in SSH listener as real processes: gm-console serve --ssh, asyncssh clients."""

from __future__ import annotations

import asyncio
import itertools
import os
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from live_helpers import SESSION, gm, open_sockets
from server_helpers import (
    Server,
    alive,
    connect,
    consoles,
    descendants,
    make_key,
    open_console,
    proc_file,
    role_line,
    write_keys,
)

from gm_console.cli import main
from gm_console.live import rendezvous


@pytest.fixture
def table(tmp_path: Path) -> dict[str, Path]:
    session = tmp_path / "s.toml"
    session.write_text(SESSION)
    folder = tmp_path / "keys"
    folder.mkdir()
    found = {"session": session, "keys": tmp_path / "authorized_keys"}
    for name in ("gm", "aria", "stranger", "norole"):
        found[name] = make_key(folder, name, f"{name}@table")
    write_keys(found["keys"], [role_line("gm", found["gm"]),
                               role_line("player:Aria", found["aria"]),
                               found["norole"].with_suffix(".pub").read_text().strip()])
    return found


def start(table: dict[str, Path], *args: str) -> tuple[Server, int]:
    server = Server(table["session"], "--ssh", "127.0.0.1:0", "--authorized-keys",
                    str(table["keys"]), *args)
    return server, server.port()


def console_env(pid: int) -> dict[str, str]:
    """The environment of the console the server started as a program (its one child; a
    fork of the template keeps the template's in /proc)."""
    children = [p for p in descendants(pid)
                if b"--role" in proc_file(p, "cmdline")]
    assert len(children) == 1, children
    raw = Path(f"/proc/{children[0]}/environ").read_bytes().split(b"\0")
    return dict(item.decode().split("=", 1) for item in raw if b"=" in item)


async def test_a_known_key_gets_the_console_and_sees_the_gms_change_live(
        table: dict[str, Path]) -> None:
    server, port = start(table, "--no-prefork")
    try:
        async with await connect(port, table["aria"]) as conn:
            screen = await open_console(conn, COLORTERM="truecolor", LANG="xx")
            for text in ("Latest in the journal", "player:Aria", "Bram", "08:00"):
                await screen.wait_for(text)
            env = console_env(server.process.pid)
            assert env["TERM"] == "xterm-256color" and env["COLORTERM"] == "truecolor"
            assert env.get("LANG") != "xx"  # only the variables the listener passes on
            screen.mark()
            result = await asyncio.to_thread(gm, "op", str(table["session"]), "clock.advance",
                                             "minutes=30")
            assert result.returncode == 0, result.stderr
            await screen.wait_for("08:30")
            # the window follows the client's: resized, the console draws itself anew
            screen.mark()
            screen.process.change_terminal_size(120, 30)
            await screen.wait_for("Latest in the journal")
        server.wait_log("jo|aria@table left")
    finally:
        assert server.stop() == 0
    log = server.log.read_text()
    assert "logged in as aria@table (player:Aria" in log


async def test_unknown_keys_and_keys_without_a_role_are_refused_the_file_reread(
        table: dict[str, Path]) -> None:
    server, port = start(table)
    try:
        for key in ("stranger", "norole"):
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(port, table[key])
        server.wait_log(r"authorized_keys:3: no role option")
        # the keys file is read at every login: a key added lets in, a key removed no longer
        lines = table["keys"].read_text().splitlines()
        write_keys(table["keys"], [lines[0], role_line("spectator", table["stranger"])])
        conn = await connect(port, table["stranger"])
        conn.close()
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(port, table["aria"])
        # a keys file others may write is refused whole: anyone could add themselves
        os.chmod(table["keys"], 0o666)
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(port, table["gm"])
        server.wait_log("let others add keys")
    finally:
        assert server.stop() == 0


async def test_a_players_key_cannot_act_as_the_gm(table: dict[str, Path]) -> None:
    server, port = start(table)
    try:
        async with await connect(port, table["aria"]) as conn:
            # whatever command the client asks for, the console of the key's role runs
            screen = await open_console(conn, command=f"touch {table['session']}.pwned")
            await screen.wait_for("Latest in the journal")
            screen.mark()
            # Another player's character removed from the party screen: the owner refuses it
            # (the keys of the game master's alone, + and ctrl+z, a new character, a player's
            # console does not even offer)
            screen.process.stdin.write(b"\x1bOR")  # F3
            await screen.wait_for("Remove")
            screen.process.stdin.write(b"\x1b[B")  # down: Bram
            screen.process.stdin.write(b"x")
            await screen.wait_for("Remove Bram?")
            screen.process.stdin.write(b"y")
            await screen.wait_for("own character")
            # the GM stops the server with the player still connected: their console is hung
            # up, their connection closed, and serve exits cleanly leaving nothing behind
            consoles = descendants(server.process.pid)
            assert consoles
            assert await asyncio.to_thread(server.stop) == 0
            await asyncio.wait_for(screen.process.wait_closed(), 10)
            assert not [pid for pid in consoles if alive(pid)]
    finally:
        assert server.stop() == 0
    log = server.log.read_text()
    assert "refused character.remove from aria@table" in log
    assert log.index("hanging up aria@table's console") < log.index("stopped owning")
    assert table["session"].read_text() == SESSION  # nothing applied, nothing saved
    assert not Path(f"{table['session']}.pwned").exists()


async def test_connections_that_drop_leave_no_process_and_no_socket(
        table: dict[str, Path]) -> None:
    server, port = start(table, "--max-connections", "20")
    pid = server.process.pid
    sockets_before = open_sockets(pid)

    async def cycle(who: str, moment: str | float, dead_network: bool) -> None:
        conn = await connect(port, table[who])
        if moment == "on its screen":
            await (await open_console(conn)).wait_for("Latest in the journal")
        elif moment != "logged in":  # the console still starting ("logged in": none yet)
            await open_console(conn)
            await asyncio.sleep(moment)
        conn.abort() if dead_network else conn.close()

    try:
        at_once = asyncio.Semaphore(10)  # well under the cap: a closing one still counts

        async def limited(*case: Any) -> None:
            async with at_once:
                await cycle(*case)

        # Each moment a connection can drop at, by each role, each way it can end: 24 cycles
        await asyncio.gather(*(limited(*case) for case in itertools.product(
            ("gm", "aria"), ("logged in", "on its screen", 0.0, 0.05, 0.1, 0.15),
            (True, False))))
        deadline = asyncio.get_running_loop().time() + 20
        while consoles(pid) or open_sockets(pid) > sockets_before:
            assert asyncio.get_running_loop().time() < deadline, (
                f"left behind: processes {consoles(pid)}, "
                f"{open_sockets(pid) - sockets_before} sockets")
            await asyncio.sleep(0.1)
        # and the server still lets the next one in
        async with await connect(port, table["aria"]) as conn:
            await (await open_console(conn)).wait_for("Latest in the journal")
    finally:
        assert server.stop() == 0


async def test_the_connection_cap_and_a_connection_without_a_terminal(
        table: dict[str, Path]) -> None:
    server, port = start(table, "--max-connections", "1")
    try:
        async with await connect(port, table["aria"]) as first:
            with pytest.raises(asyncssh.DisconnectError, match="full"):
                await connect(port, table["gm"])
            result = await first.run("anything", encoding=None)  # no pty asked for
            assert result.exit_status == 1 and b"needs a terminal" in result.stderr
    finally:
        assert server.stop() == 0


def test_the_host_key_is_generated_once_0600_and_a_readable_one_refused(
        tmp_path: Path) -> None:
    from gm_console.gameserver.fronts import ListenerError
    from gm_console.gameserver.ssh import default_host_key, load_host_key

    first = load_host_key(None)
    path = default_host_key()
    assert path.parent == tmp_path / "user-data"
    assert path.stat().st_mode & 0o777 == 0o600
    assert load_host_key(None).get_fingerprint() == first.get_fingerprint()
    os.chmod(path, 0o644)
    with pytest.raises(ListenerError, match="permissions 0644 are too open"):
        load_host_key(None)


def test_serve_refuses_listener_options_it_cannot_use(
        table: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    session = str(table["session"])
    for args, complaint in [
            (["--ssh", "127.0.0.1:0"], "--ssh needs --authorized-keys"),
            (["--ssh", "127.0.0.1:0", "--authorized-keys", f"{table['keys']}.nope"],
             "no such file"),
            (["--ssh", "127.0.0.1:99999", "--authorized-keys", str(table["keys"])],
             "is not HOST:PORT"),
            (["--authorized-keys", str(table["keys"])], "go with --ssh"),
            (["--web", "8080", "--max-connections", "0"], "must be 1 or more"),
            (["--ssh", "127.0.0.1:0", "--authorized-keys", str(table["keys"]),
              "--login-timeout", "0"], "--login-timeout must be more than 0")]:
        assert main(["serve", session, *args]) == 2
        assert complaint in capsys.readouterr().err
    assert table["session"].read_text() == SESSION
    assert not rendezvous.read_announcement(table["session"])  # no owner was started
