"""A front on another transport (the game server's SSH or browser), attached to an owner with
the policy of its listener: the role comes from the listener, whatever the client claims."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from live_helpers import SESSION
from textual.widgets import Static

from gm_console.live import protocol
from gm_console.live.peer import SocketStream
from gm_console.live.roles import Role
from tests.faults.owned_session import an_owner


def test_a_remote_front_cannot_raise_its_own_role(tmp_path: Path, host) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = an_owner(path, host)
    ours, theirs = socket.socketpair()
    owner.attach(SocketStream(theirs), lambda hello: Role.parse("player:Bram"))
    reader = ours.makefile("rb")

    def say(message: dict) -> dict:
        ours.sendall((json.dumps(message) + "\n").encode())
        return json.loads(reader.readline())

    try:
        welcome = say({"type": "hello", "protocol": protocol.VERSION, "role": "gm", "name": "mallory"})
        assert welcome["type"] == "welcome" and welcome["role"] == "player:Bram"
        snapshot = json.loads(reader.readline())
        assert "thieves guild" in json.dumps(snapshot)  # Bram's own notes: his in full
        refused = say({"type": "op", "id": 1, "op": "clock.advance",
                       "params": {"minutes": 10}})
        assert refused["type"] == "outcome" and not refused["ok"]
        assert owner.store.state["clock"]["second"] == 8 * 3600
    finally:
        reader.close()
        ours.close()
        owner.close()
    assert not owner.lock.held


async def test_a_players_terminal_writes_no_file_where_it_runs(tmp_path: Path, host,
                                                               make_app) -> None:
    """A player's console over SSH runs on the game server: the journal's export and the
    palette's screenshot would write there, so a player has neither; the GM has both."""
    from gm_console.live.client import RemoteStore

    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = an_owner(path, host)
    try:
        for role, writes in (("player:Bram", False), ("gm", True)):
            ours, theirs = socket.socketpair()
            owner.attach(SocketStream(theirs), lambda hello, role=role: Role.parse(role))
            store = RemoteStore(ours, host, role)
            app = make_app(store, path)
            async with app.run_test(size=(80, 24)) as pilot:
                app.action_open("journal")
                await pilot.pause()
                await pilot.press("x")
                await app.workers.wait_for_complete()  # the export is written on a thread
                await pilot.pause()
                shown = {binding.key for _, binding, enabled, _ in app.screen.active_bindings
                         .values() if enabled}
                commands = [c.title for c in app.get_system_commands(app.screen)]
            assert path.with_suffix(".journal.md").exists() is writes, role
            assert ("x" in shown) is writes and ("Screenshot" in commands) is writes, role
            store.close()
    finally:
        owner.close()


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_a_front_offers_only_the_keys_its_role_may_use(tmp_path: Path, make_app,
                                                             request, language) -> None:
    """A player's console showed + and ^z, which the owner then refused: a player's footer,
    help and palette offer neither (nor the clock's =, the long rest, the GM-only note), but
    keep dice, rolls and notes (a note is a request to the GM); a spectator, who changes
    nothing, has none of them; the game master has them all."""
    from gm_console.host.manager import Host
    from gm_console.live.client import RemoteStore
    from gm_console.ui.widgets import Footer

    if language == "fr":
        request.getfixturevalue("french")  # the user's settings say French
    host = Host().load()
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = an_owner(path, host)
    gm_only = {"+", "=", "^z"}
    try:
        for role, offered, hidden in (("player:Bram", {"d", "r", "n"}, gm_only),
                                      ("spectator", set(), gm_only | {"d", "r", "n"}),
                                      ("gm", gm_only | {"d", "r", "n"}, set())):
            ours, theirs = socket.socketpair()
            owner.attach(SocketStream(theirs), lambda hello, role=role: Role.parse(role))
            store = RemoteStore(ours, host, role)
            app = make_app(store, path)
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                await pilot.pause()
                footer = {key.display for key in app.screen.query_one(Footer)._keys}
                assert offered <= footer and not hidden & footer, (role, footer)
                await pilot.press("plus", "ctrl+z")  # not offered: nothing is asked
                await pilot.pause()
                assert not [n for n in app._notifications if n.severity == "warning"], role
                await pilot.press("f1")
                await pilot.pause()
                text = "\n".join(str(static.render()) for static in app.screen.query(Static)
                                 if static.id in ("help-origin", "help-text"))
                everywhere = text.split(app.t("Everywhere"))[1].split("\n\n")[0]
                listed = {line.split()[0] for line in everywhere.splitlines() if line.strip()}
                assert offered <= listed and not hidden & listed, (role, listed)
                assert (app.t("GM-only note") in everywhere) is (role == "gm"), role
                commands = {c.title for c in app.get_system_commands(app.screen)}
                for title in ("Clock: advance 10 minutes", "Session: undo", "Rest: long rest",
                              "Journal: add a GM-only note"):
                    assert (app.t(title) in commands) is (role == "gm"), (role, title)
                assert (app.t("Dice: roll") in commands) is (role != "spectator"), role
            store.close()
    finally:
        owner.close()
