"""One owner, many fronts, as real processes: consoles in pseudo-terminals, ``gm-console
serve`` and ``gm-console op``."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from live_helpers import (
    SESSION,
    RawClient,
    Terminal,
    gm,
    read_state,
    serve,
    stop,
    wait_for_owner,
)

from gm_console.live import rendezvous


def test_two_consoles_and_an_op_each_see_the_others_changes(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = Terminal(str(path))
    consoles = [owner]
    try:
        wait_for_owner(path, owner.process)
        consoles += [Terminal(str(path), "--name", "Kim"), Terminal(str(path), "--name", "Lou")]
        for console in consoles:
            console.wait_for("08:00")
        owner.wait_for("Lou joined (gm)", since_start=True)  # the GM sees who sits down
        assert gm("op", str(path), "character.add", "name=Zed").returncode == 0
        for console in consoles:
            console.wait_for("Zed")
        consoles[1].press("+")
        for console in consoles:
            console.wait_for("08:10")
        consoles[2].press("n")
        consoles[2].wait_for("Journal note")
        consoles[2].press("wolves howl\r")
        for console in consoles:
            console.wait_for("wolves howl")
        owner.press("+")
        for console in consoles:
            console.wait_for("08:20")
    finally:
        for console in reversed(consoles):  # clients first: the owner's q saves
            console.close()
    state = read_state(path)
    assert [c["name"] for c in state["characters"]] == ["Aria", "Bram", "Zed"]
    assert state["clock"]["second"] == 8 * 3600 + 20 * 60
    note = next(line for line in state["journal"] if line["text"] == "wolves howl")
    assert note["actor"] == "Lou"


def test_an_op_while_the_console_is_open_survives_the_consoles_next_change(
        tmp_path: Path) -> None:
    """The lost-update trial: console open, op adds X, one + in the console."""
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    for trial in range(2):
        console = Terminal(str(path))
        try:
            wait_for_owner(path, console.process)
            console.wait_for("Aria")
            added = gm("op", str(path), "character.add", f"name=X{trial}")
            assert added.returncode == 0, added.stderr
            console.press("+")
            console.wait_for(f"X{trial}")
        finally:
            console.close()
        state = read_state(path)
        assert f"X{trial}" in [c["name"] for c in state["characters"]]
        assert state["clock"]["second"] == 8 * 3600 + (trial + 1) * 600


def test_two_hundred_concurrent_op_pairs_lose_nothing(tmp_path: Path) -> None:
    """The concurrency trial: two ``gm-console op`` started together on a session nobody owns,
    200 times (each pair on a session of its own, a few pairs at a time), by op_pairs.py:
    each op is what ``gm-console op`` runs once its command line is read (lock, read, apply,
    write, release), a fork of a process that has loaded gm-console once."""
    sessions = [tmp_path / f"s{pair}.toml" for pair in range(200)]
    for path in sessions:
        path.write_text(SESSION)
    done = subprocess.run([sys.executable, str(Path(__file__).with_name("op_pairs.py")),
                           *map(str, sessions)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"{done.returncode} ops failed\n{done.stderr}"
    lost = [path.name for path in sessions
            if sorted(line["text"] for line in read_state(path)["journal"]) !=
            ["note a", "note b"]]
    assert not lost, f"changes lost in {len(lost)} of 200 pairs: {lost[:5]}"


def test_owner_killed_the_client_says_so_the_file_is_intact_the_next_front_owns(
        tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = serve(path)
    client = Terminal(str(path), "--role", "player:Aria")
    try:
        client.wait_for("player:Aria")
        assert gm("op", str(path), "character.add", "name=Zed").returncode == 0
        client.wait_for("Zed")
        assert gm("op", str(path), "clock.advance", "minutes=10").returncode == 0
        client.wait_for("08:10")
        old_socket = rendezvous.read_announcement(path)["socket"]
        deadline = time.monotonic() + 10  # the saver writes off the operation's path
        while read_state(path).get("clock", {}).get("second") != 8 * 3600 + 600:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        owner.send_signal(signal.SIGKILL)
        owner.wait()
        assert client.wait_for("owner gone", timeout=2) < 2
        state = read_state(path)  # intact: the last save, whole
        assert "Zed" in [c["name"] for c in state["characters"]]
        # the stale lock and socket are recognised: the next op takes the lock and applies
        done = gm("op", str(path), "character.add", "name=Yara")
        assert done.returncode == 0, done.stderr
        assert not Path(old_socket).exists()
        client.press("q")
        client.process.wait(timeout=10)
        heir = Terminal(str(path))
        try:
            wait_for_owner(path, heir.process)
            assert rendezvous.read_announcement(path)["pid"] == heir.process.pid
            heir.wait_for("Yara")
        finally:
            heir.close()
    finally:
        client.close()
        stop(owner)


def test_a_stale_lock_file_and_socket_are_cleaned_by_the_next_owner(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    dead = Path(os.environ["GM_CONSOLE_RUNTIME_DIR"]) / "dead.sock"
    for leftover in (dead, rendezvous.socket_path(path)):
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(leftover))
        sock.close()  # a socket file nobody listens on: its owner died
    rendezvous.lock_path(path).write_text(json.dumps({"pid": 999999, "socket": str(dead)}))
    owner = serve(path)
    try:
        assert not dead.exists()
        assert rendezvous.read_announcement(path)["pid"] == owner.pid
        assert gm("op", str(path), "clock.advance", "minutes=5").returncode == 0
    finally:
        stop(owner)
    assert owner.returncode == 0
    # a clean stop leaves neither its lock file nor its socket
    assert not rendezvous.lock_path(path).exists()
    assert not rendezvous.socket_path(path).exists()
    assert read_state(path)["clock"]["second"] == 8 * 3600 + 300


def test_serve_refuses_a_session_that_has_an_owner_and_saves_on_sighup(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = serve(path)
    try:
        second = gm("serve", str(path), timeout=30)
        assert second.returncode == 1 and "already has an owner" in second.stderr
        assert gm("op", str(path), "journal.note", "text=kept").returncode == 0
        owner.send_signal(signal.SIGHUP)
        assert owner.wait(timeout=15) == 0
    finally:
        stop(owner)
    assert "kept" in [line["text"] for line in read_state(path)["journal"]]


def test_the_gm_approves_a_players_request_from_the_requests_screen(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    console = Terminal(str(path))
    try:
        wait_for_owner(path, console.process)
        asked = gm("op", "--role", "player:Aria", "--name", "Jo", str(path), "item.add",
                   "character=Aria", "name=lantern")
        assert asked.returncode == 0 and '"op": "request.add"' in asked.stdout  # queued
        console.wait_for("✋ 1 (f12)")
        console.press("\x1b[24~")  # F12
        console.wait_for("lantern")
        console.press("y")
        console.press("\x1b")  # back home, where the journal's tail shows the approval
        console.wait_for("approved Jo's request")
    finally:
        console.close()
    state = read_state(path)
    assert state["characters"][0]["items"][0]["name"] == "lantern"
    took = next(line for line in state["journal"] if line["kind"] == "item")
    assert took["actor"] == "Jo"
    assert not state["requests"]["pending"]


def test_a_player_cannot_start_a_session_nobody_owns(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    refused = gm("--role", "player:Aria", str(path), timeout=30)
    assert refused.returncode == 2 and "nobody has" in refused.stderr
    assert path.read_text() == SESSION and not rendezvous.lock_path(path).exists()


def test_a_player_answers_their_roll_on_their_console_and_the_gm_sees_it(
        tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = Terminal(str(path))
    consoles = [owner]
    try:
        wait_for_owner(path, owner.process)
        consoles.append(Terminal(str(path), "--role", "player:Aria", "--name", "Jo"))
        consoles[1].wait_for("player:Aria")
        assert gm("op", str(path), "combat.start").returncode == 0
        assert gm("op", str(path), "combat.roll_initiative").returncode == 0
        for console in consoles:  # a change from another front opens each one's prompt
            console.wait_for("Rolls asked for")
        consoles[1].press("15\r")
        consoles[1].wait_for("Aria answers Initiative")
        owner.wait_for("15")  # in Aria's row of the game master's prompt
        owner.press("\x12")  # ctrl+r: roll the rest
        owner.wait_for("rolls made")
    finally:
        for console in reversed(consoles):
            console.close()
    combatants = read_state(path)["plugins"]["combat"]["combatants"]
    assert {c["name"]: c["initiative"] for c in combatants}["Aria"] == 15


def test_clients_that_drop_leave_nothing_behind_in_the_owner(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = serve(path)

    def threads() -> int:
        return len(os.listdir(f"/proc/{owner.pid}/task"))

    def settled() -> int:  # once the threads of wait_for_owner's probe are gone
        count = threads()
        for _ in range(100):
            time.sleep(0.1)
            if threads() == count:
                return count
            count = threads()
        return count

    try:
        alone = settled()
        clients = [RawClient(path, "spectator") for _ in range(5)]
        for client in clients:
            client.until("snapshot")
        assert threads() > alone
        for client in clients[:3]:
            client.close()  # dropped without a word
        for client in clients[3:]:
            client.send({"type": "bye"})
            client.close()
        deadline = time.monotonic() + 5
        while threads() > alone and time.monotonic() < deadline:
            time.sleep(0.05)
        assert threads() == alone
        assert gm("op", str(path), "clock.advance", "minutes=1").returncode == 0
    finally:
        stop(owner)


def test_when_the_owner_dies_a_gm_console_takes_over_and_players_rejoin_it(
        tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = serve(path)
    gm_console = Terminal(str(path), "--name", "Kim")
    player = Terminal(str(path), "--role", "player:Aria")
    try:
        gm_console.wait_for("08:00")
        player.wait_for("player:Aria")
        owner.send_signal(signal.SIGKILL)
        owner.wait()
        player.wait_for("owner gone", timeout=2)
        deadline = time.monotonic() + 20
        while rendezvous.read_announcement(path).get("pid") != gm_console.process.pid:
            assert time.monotonic() < deadline, "the GM's console did not become the owner"
            time.sleep(0.1)
        wait_for_owner(path)
        player.wait_for("player:Aria", timeout=20)  # rejoined the new owner
        assert gm("op", str(path), "character.add", "name=Zed").returncode == 0
        for console in (gm_console, player):
            console.wait_for("Zed")
    finally:
        player.close()
        gm_console.close()
        stop(owner)
    assert "Zed" in [c["name"] for c in read_state(path)["characters"]]


def test_a_console_that_cannot_listen_still_works_and_other_fronts_are_told_why(
        tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    deep = Path(os.environ["GM_CONSOLE_RUNTIME_DIR"]) / ("d" * 100)  # too long for a socket
    monkeypatch.setenv("GM_CONSOLE_RUNTIME_DIR", str(deep))
    console = Terminal(str(path))
    try:
        console.wait_for("08:00")
        deadline = time.monotonic() + 20
        while "error" not in rendezvous.read_announcement(path):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        refused = gm("op", str(path), "clock.advance", "minutes=10", timeout=30)
        assert refused.returncode == 2 and "cannot take other terminals" in refused.stderr
        console.press("+")
        console.wait_for("08:10")
    finally:
        console.close()
    assert read_state(path)["clock"]["second"] == 8 * 3600 + 600
