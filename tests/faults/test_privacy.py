"""Privacy by role, on every path a reader who is not the game master has: the snapshot, the
live change events, the journal lines, the outcomes and refusals their own operations get,
and the Markdown export. Each secret is a word that must never be in the bytes a player or a
spectator received (their own character's private field excepted), and must reach the game
master."""

from __future__ import annotations

import json
import socket
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from gm_console import cli
from gm_console.files import journal
from gm_console.live import protocol
from gm_console.live.owner import Owner
from gm_console.live.peer import SocketStream
from gm_console.live.roles import Role
from gm_console.text.i18n import Translator
from tests.faults.owned_session import an_owner

SESSION = ('[session]\nname = "Private"\n\n[[characters]]\nname = "Aria"\n\n[[characters]]\n'
           'name = "Bram"\nnotes = "OLDBRAMNOTE"\n\n[rolls]\nnext_id = 2\n\n[[rolls.pending]]\n'
           'id = 1\ntitle = "ROLLTITLE"\nthen = "dice.roll"\n'
           'rolls = [{who = "Bram", expression = "1d20"}]\n')
ROLL_TITLE = "ROLLTITLE"  # a roll the GM asked of Bram alone
BRAM_NOTE, BRAM_ASKED = "BRAMSECRET", "BRAMASKED"  # Bram's notes: the GM's, Bram's request
GM_NOTE = "WEREWOLF"  # a GM-only journal note
ARIA_NOTE = "ARIASECRET"


class Front:
    """One front attached to the owner with a role, reading every byte it is sent."""

    def __init__(self, owner: Owner, role: str) -> None:
        ours, theirs = socket.socketpair()
        owner.attach(SocketStream(theirs), lambda hello: Role.parse(role))
        self.sock, self.raw, self.received = ours, b"", b""
        self.messages: list[dict[str, Any]] = []
        self._lock = threading.Condition()
        self.send({"type": "hello", "protocol": protocol.VERSION, "role": role, "name": role})
        threading.Thread(target=self._read, daemon=True).start()
        self.until(lambda m: m["type"] == "snapshot")

    def send(self, message: dict[str, Any]) -> None:
        self.sock.sendall((json.dumps(message) + "\n").encode())

    def _read(self) -> None:
        reader = self.sock.makefile("rb")
        for line in reader:
            with self._lock:
                self.received += line
                self.messages.append(json.loads(line))
                self._lock.notify_all()

    def until(self, wanted: Any) -> dict[str, Any]:
        with self._lock:
            assert self._lock.wait_for(lambda: any(wanted(m) for m in self.messages), 30), \
                self.messages[-3:]
            return next(m for m in self.messages if wanted(m))

    def ask(self, ident: int, op: str, **params: Any) -> dict[str, Any]:
        self.send({"type": "op", "id": ident, "op": op, "params": params})
        return self.until(lambda m: m["type"] == "outcome" and m.get("id") == ident)


def caught_up(store: Any, fronts: dict[str, Front], note: str) -> None:
    """A last note in the journal, seen by every front; then each asks for the whole state
    again (a resync), as a front that rejoins gets it."""
    assert store.apply("journal.note", {"text": note}).ok
    for front in fronts.values():
        front.until(lambda m: m["type"] == "change" and m["message"] == note)
        front.send({"type": "resync"})
        front.until(lambda m: m["type"] == "snapshot" and m["seq"] > 0)


@pytest.fixture
def table(tmp_path: Path, host):
    """An owner, the game master, Aria's and Bram's players and a spectator, after a game
    master's evening of secrets (and the players' own attempts at them)."""
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = an_owner(path, host)
    fronts = {role: Front(owner, role) for role in ("gm", "player:Aria", "player:Bram",
                                                    "spectator")}
    store = owner.store
    try:
        assert store.apply("character.set", {"character": "Bram", "field": "notes",
                                             "value": BRAM_NOTE}).ok
        assert store.apply("character.set", {"character": "Aria", "field": "notes",
                                             "value": ARIA_NOTE}).ok
        assert store.apply("journal.note", {"text": f"the innkeeper is a {GM_NOTE}",
                                            "gm_only": True}).ok
        assert store.undo().ok  # "undone: <the note>" is the game master's too
        assert store.undo().ok  # "undone: Aria: notes set to ARIASECRET"
        assert store.apply("character.set", {"character": "Aria", "field": "notes",
                                             "value": ARIA_NOTE}).ok
        assert store.apply("journal.note", {"text": f"the {GM_NOTE} hunts at night",
                                            "gm_only": True}).ok
        bram = fronts["player:Bram"]
        queued = bram.ask(1, "character.set", character="Bram", field="notes", value=BRAM_ASKED)
        assert queued["ok"] and queued["queued"]
        assert store.apply("request.decline", {"reason": "not yet"}).ok
        bram.ask(2, "character.set", character="Bram", field="notes", value=BRAM_ASKED)
        assert store.apply("request.approve", {}).ok
        # a player reaching for another's notes, a spectator for anything: refused
        aria = fronts["player:Aria"]
        refused = aria.ask(3, "character.set", character="Bram", field="notes", value="x")
        assert not refused["ok"]
        refused = fronts["spectator"].ask(4, "character.set", character="Bram",
                                          field="notes", value="x")
        assert not refused["ok"]
        for ident, params in ((5, {"id": 1}), (6, {})):  # Bram's roll, or the oldest
            refused = aria.ask(ident, "roll.answer", **params)
            assert not refused["ok"] and "Aria" in refused["reason"]
        caught_up(store, fronts, "dawn breaks")
        yield path, owner, fronts
    finally:
        for front in fronts.values():
            front.sock.close()
        owner.close()


SECRETS_OF = {  # what each role may read; everything else must not reach it
    "gm": {BRAM_NOTE, BRAM_ASKED, GM_NOTE, ARIA_NOTE, ROLL_TITLE},
    "player:Aria": {ARIA_NOTE},
    "player:Bram": {BRAM_NOTE, BRAM_ASKED, ROLL_TITLE},
    "spectator": set(),
}


@pytest.mark.parametrize("role", ["player:Aria", "player:Bram", "spectator"])
def test_no_byte_a_role_received_holds_what_it_may_not_read(table, role: str) -> None:
    _, _, fronts = table
    received = fronts[role].received.decode()
    for secret in {BRAM_NOTE, BRAM_ASKED, GM_NOTE, ARIA_NOTE, ROLL_TITLE, "OLDBRAMNOTE"}:
        allowed = secret in SECRETS_OF[role] or (secret == "OLDBRAMNOTE" and role.endswith(
            "Bram"))
        assert (secret in received) is allowed, (role, secret)
    assert all(secret in fronts["gm"].received.decode() for secret in SECRETS_OF["gm"])


@pytest.mark.parametrize("role", ["player:Aria", "spectator"])
def test_a_private_change_reads_as_changed_not_as_what_it_says(table, role: str) -> None:
    _, _, fronts = table
    messages = fronts[role].messages
    snapshot = [m for m in messages if m["type"] == "snapshot"][-1]["state"]
    lines = [line["text"] for line in snapshot["journal"]]
    assert "Bram: notes from (private) to (private)" in lines  # it changed; not what it says
    assert not any(GM_NOTE in line for line in lines)
    bram = next(c for c in snapshot["characters"] if c["name"] == "Bram")
    assert "notes" not in bram
    changes = [m for m in messages if m["type"] == "change" and m["op"] == "character.set"]
    assert changes and all("(private)" in m["message"] for m in changes
                           if m["message"].startswith("Bram"))
    # the private sentence is read in French too, the hidden value translated
    french = Translator("fr")
    line = next(line for line in snapshot["journal"] if line["text"].startswith("Bram: notes"))
    assert "(privé)" in french.line(line)


def test_a_player_reads_their_own_private_field_and_its_changes_in_full(table) -> None:
    _, _, fronts = table
    aria = fronts["player:Aria"]
    snapshot = [m for m in aria.messages if m["type"] == "snapshot"][-1]["state"]
    assert next(c for c in snapshot["characters"] if c["name"] == "Aria")["notes"] == ARIA_NOTE
    assert f"Aria: notes set to {ARIA_NOTE}" in [line["text"] for line in snapshot["journal"]]


def test_refusals_name_no_secret(table) -> None:
    _, _, fronts = table
    for role in ("player:Aria", "spectator"):
        reasons = [m["reason"] for m in fronts[role].messages
                   if m["type"] == "outcome" and not m["ok"]]
        assert reasons and not any(secret in r for r in reasons
                                   for secret in (BRAM_NOTE, BRAM_ASKED, ROLL_TITLE))


def test_the_export_leaves_out_gm_lines_and_private_fields_unless_asked(table, capsys) -> None:
    path, owner, _ = table
    lines = owner.store.state["journal"]
    shared = journal.to_markdown("Private", lines, Translator("en"))
    for secret in (BRAM_NOTE, BRAM_ASKED, GM_NOTE, ARIA_NOTE):
        assert secret not in shared
    assert "Bram: notes from (private) to (private)" in shared and "dawn breaks" in shared
    everything = journal.to_markdown("Private", lines, Translator("en"), with_gm_notes=True)
    assert all(secret in everything for secret in (BRAM_NOTE, BRAM_ASKED, GM_NOTE, ARIA_NOTE))
    marked = [row for row in everything.splitlines() if GM_NOTE in row]
    assert marked and all("(GM)" in row for row in marked)
    assert all("(private)" in row for row in everything.splitlines() if BRAM_NOTE in row)
    owner.saver.close()  # the file as it is now, for the command line
    deadline = time.monotonic() + 30
    while BRAM_NOTE not in path.read_text() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert cli.main(["journal", str(path)]) == 0
    printed = capsys.readouterr().out
    assert "dawn breaks" in printed and GM_NOTE not in printed and BRAM_NOTE not in printed
    assert cli.main(["journal", str(path), "--with-gm-notes"]) == 0
    printed = capsys.readouterr().out
    assert GM_NOTE in printed and BRAM_NOTE in printed
