"""A front's screens offer the keys its role may use. A player's console showed the game
master's keys on its screens (approve a request, change a setting, set the pace, start a
fight), which the owner then refused; a spectator's showed every key that changes the session.
Keys that act on a character (the selected one) stay offered to a player, whose change is put
to the game master for their own character."""

from __future__ import annotations

import importlib
import socket
from pathlib import Path

import pytest
from live_helpers import SESSION

from textual.actions import parse as parse_action
from textual.binding import Binding

from gm_console.host.manager import Host
from gm_console.live.peer import SocketStream
from gm_console.live.roles import Role
from tests.faults.owned_session import an_owner

# screen, key, action: offered to player:Bram, to a spectator (the game master: always)
SCREEN_KEYS = [
    ("requests", "y", "approve", False, False),
    ("requests", "x", "decline", False, False),
    ("settings", "enter", "change", False, False),
    ("settings", "x", "reset", False, False),
    ("party", "a", "add", False, False),          # a new character is the game master's
    ("party", "enter", "edit", True, False),      # a player asks to change their own
    ("party", "x", "remove", True, False),
    ("party", "w", "why", True, True),            # reads, changes nothing
    ("travel.planner", "f", "pace('fast')", False, False),
    ("travel.planner", "a", "ask('leg')", False, False),
    ("travel.planner", "h", "ask('reverse')", True, True),  # only works a distance out
    ("encumbrance.loads", "i", "add_item", True, False),
    ("combat.tracker", "s", "take('standard')", True, False),
    ("combat.tracker", "space", "next", False, False),
    ("combat.tracker", "S", "start", False, False),
    ("movement.calculator", "enter", "move", True, False),
    ("journal", "c", "cycle_character", True, True),
]


@pytest.mark.parametrize("role", ["player:Bram", "spectator", "gm"])
async def test_each_screen_offers_only_the_keys_its_role_may_use(tmp_path: Path, make_app,
                                                                 role: str) -> None:
    from gm_console.live.client import RemoteStore

    host = Host().load()
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = an_owner(path, host)
    try:
        ours, theirs = socket.socketpair()
        owner.attach(SocketStream(theirs), lambda hello: Role.parse(role))
        store = RemoteStore(ours, host, role)
        app = make_app(store, path)
        async with app.run_test(size=(80, 24)) as pilot:
            for screen_id, key, action, to_player, to_spectator in SCREEN_KEYS:
                app.action_open(screen_id)
                await pilot.pause()
                bound = {binding.action for binding in app.screen._bindings.key_to_bindings
                         .get(key, [])}
                assert action in bound, (screen_id, key, bound)
                # what the footer, the palette and the key itself ask (the table in focus
                # takes enter first, and selects the row: the screen's action then)
                _, name, parameters = parse_action(action)
                expected = {"gm": True, "spectator": to_spectator}.get(role, to_player)
                assert app.screen.check_action(name, parameters) is expected, \
                    (role, screen_id, key)
                footer = {active.binding.key for active in app.screen.active_bindings.values()
                          if active.node is app.screen and active.binding.action == action}
                assert not footer or expected, (role, screen_id, key)
            app.action_open("requests")
            await pilot.pause()
            await pilot.press("y")  # not offered: nothing is asked of the owner, nothing said
            await pilot.pause()
            assert role == "gm" or not [n for n in app._notifications
                                        if n.severity in ("warning", "error")], role
        store.close()
    finally:
        owner.close()


def test_every_screen_names_operations_a_plugin_declares_for_actions_it_binds() -> None:
    """A misspelt operation or action in a screen's OPERATIONS would leave its key offered to
    every role (or hidden from every other one) without a word."""
    from gm_console.ui.base import AppliesOperations

    host = Host().load()
    for module in ("party", "requests", "settings", "character", "rolls", "journal"):
        importlib.import_module(f"gm_console.ui.screens.{module}")
    for plugin in ("combat", "encumbrance", "movement", "travel"):
        importlib.import_module(f"gm_console_plugins.{plugin}.screens")
    checked = 0
    pending = list(AppliesOperations.__subclasses__())
    while pending:
        screen = pending.pop()
        pending += screen.__subclasses__()
        bound = {binding.action for binding in
                 Binding.make_bindings(getattr(screen, "BINDINGS", []))}
        for action, op in vars(screen).get("OPERATIONS", {}).items():
            assert op in host.operations, (screen.__name__, action, op)
            assert action in bound or any(b.split("(")[0] == action for b in bound), \
                (screen.__name__, action)
            checked += 1
    assert checked >= 40
