"""A creature's hit points are the game master's (``creature_hit_points_to_players = "word"``,
the default): a player and a spectator read a word for its state (unhurt, wounded, bloodied,
down), never its figures, on every path they have: the snapshot, the live change events and
their sentences, the journal lines, the outcomes and refusals of their own operations, the
Markdown export, ``show --json`` as their role, and the combat screen drawn from their view.
The figures below are numbers no other part of the session holds, searched for as words in
every byte a role received."""

from __future__ import annotations

import json
import re
import socket
from pathlib import Path
from typing import Any

import pytest

from gm_console import cli
from gm_console.files import journal
from gm_console.live.roles import Role
from gm_console.rules import privacy
from gm_console.text.i18n import Translator
from tests.faults.owned_session import an_owner
from tests.faults.test_privacy import Front, caught_up

SESSION = '[session]\nname = "Fight"\n\n[[characters]]\nname = "Aria"\n'
MAXIMUM, AFTER_HIT, AFTER_SECOND, AFTER_HEAL, TEMPORARY = 9973, 5973, 3973, 4084, 7717
FIGURES = (MAXIMUM, AFTER_HIT, AFTER_SECOND, AFTER_HEAL, TEMPORARY, 8861)  # the other's maximum
ROLES = ("player:Aria", "spectator")


def figures_in(text: str) -> list[int]:
    return [figure for figure in FIGURES if re.search(rf"(?<!\d){figure}(?!\d)", text)]


@pytest.fixture
def fight(tmp_path: Path, host):
    """An owner, the game master, Aria's player and a spectator; the game master adds an ogre
    (and a group of two) and hurts, heals and undoes, while the others watch."""
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = an_owner(path, host)
    owner.listen()
    fronts = {role: Front(owner, role) for role in ("gm", *ROLES)}
    store = owner.store
    try:
        for op, params in (
                ("combat.start", {}),
                ("combat.add", {"name": "Ogre", "initiative": 0, "speed_m": 9,
                                "hit_points": MAXIMUM, "armour_class": 11}),
                ("combat.add", {"name": "Imp", "creature": "goblin", "count": 2,
                                "hit_points": 8861}),
                ("hp.damage", {"character": "Ogre", "amount": MAXIMUM - AFTER_HIT}),
                ("hp.damage", {"character": "Ogre", "amount": AFTER_HIT - AFTER_SECOND}),
                ("hp.heal", {"character": "Ogre", "amount": AFTER_HEAL - AFTER_SECOND}),
                ("hp.temp", {"character": "Ogre", "amount": TEMPORARY}),
                ("hp.temp", {"character": "Ogre", "amount": 0}),  # cleared: its figure said
                ("hp.damage", {"character": "Imp 2", "amount": 100}),
        ):
            outcome = store.apply(op, params)
            assert outcome.ok, f"{op}: {outcome.reason}"
        assert store.apply("hp.damage", {"character": "Imp 1", "amount": 5}).ok
        assert store.undo().ok  # "undone: Imp 1 takes 5 damage: hit points 8861 → 8856"
        aria = fronts["player:Aria"]
        refused = aria.ask(1, "hp.damage", character="Ogre", amount=1)
        assert not refused["ok"]
        refused = fronts["spectator"].ask(2, "hp.heal", character="Ogre", amount=1)
        assert not refused["ok"]
        caught_up(store, fronts, "the ogre roars")
        yield path, owner, fronts
    finally:
        for front in fronts.values():
            front.sock.close()
        owner.close()


def last_snapshot(front: Front) -> dict[str, Any]:
    return [m for m in front.messages if m["type"] == "snapshot"][-1]["state"]


def ogre(state: dict[str, Any]) -> dict[str, Any]:
    fight = state.get("plugins", {}).get("combat", {})
    return next((c for c in fight.get("combatants", []) if c["name"] == "Ogre"), {})


@pytest.mark.parametrize("role", ROLES)
def test_no_byte_a_player_or_a_spectator_received_holds_a_creatures_figures(fight, role):
    _, _, fronts = fight
    assert figures_in(fronts[role].received.decode()) == []
    assert figures_in(fronts["gm"].received.decode()) == list(FIGURES)  # the GM reads them


@pytest.mark.parametrize("role", ROLES)
def test_the_snapshot_and_the_changes_say_a_word_for_its_state(fight, role):
    _, _, fronts = fight
    messages = fronts[role].messages
    state = last_snapshot(fronts[role])
    assert ogre(state)["health"] == "bloodied"  # 4084 of 9973: half or less
    assert not set(privacy.HIT_POINT_FIELDS) & set(ogre(state))
    members = {c["name"]: c.get("health") for c in state["plugins"]["combat"]["combatants"]}
    assert members["Imp 1"] == "unhurt" and members["Imp 2"] == "wounded"
    lines = [line["text"] for line in state["journal"]]
    for said in ("Ogre takes 4000 damage: wounded", "Ogre takes 2000 damage: bloodied",
                 "Ogre heals 111: bloodied", "Imp join the fight, one initiative for them "
                 "all: Imp 1, Imp 2", "undone: Imp 1 takes 5 damage: wounded"):
        assert said in lines, said
    assert any(line.startswith("Ogre joins the fight (") and "unhurt" in line for line in lines)
    changes = [m["message"] for m in messages if m["type"] == "change"]
    assert "Ogre takes 2000 damage: bloodied" in changes
    # the change events' differences carry the word as it changes, never the figures
    words = [json.dumps(m) for m in messages if m["type"] == "change" and "bloodied" in
             json.dumps(m.get("set", {}))]
    assert words
    # read in French, the word too
    french = Translator("fr")
    line = next(line for line in state["journal"]
                if line["text"] == "Ogre takes 2000 damage: bloodied")
    assert french.line(line) == "Ogre subit 2000 dégâts : en sang"


def test_the_game_master_reads_every_figure_in_the_same_lines(fight):
    _, owner, fronts = fight
    state = last_snapshot(fronts["gm"])
    assert ogre(state)["hit_points"] == AFTER_HEAL and "health" not in ogre(state)
    lines = [line["text"] for line in state["journal"]]
    assert f"Ogre heals 111: hit points {AFTER_SECOND} → {AFTER_HEAL}" in lines
    assert f"Ogre gains {TEMPORARY} temporary hit points" in lines


@pytest.mark.parametrize("role", ROLES)
def test_refusals_of_their_own_operations_name_no_figure(fight, role):
    _, _, fronts = fight
    reasons = [m["reason"] for m in fronts[role].messages if m["type"] == "outcome"
               and not m["ok"]]
    assert reasons and figures_in(" ".join(reasons)) == []


def test_the_export_says_the_word_unless_the_game_masters_notes_are_asked_for(fight):
    _, owner, _ = fight
    lines = owner.store.state["journal"]
    shared = journal.to_markdown("Fight", lines, Translator("en"))
    assert figures_in(shared) == [] and "Ogre takes 2000 damage: bloodied" in shared
    assert "Ogre subit 2000 dégâts : en sang" in journal.to_markdown("Fight", lines,
                                                                     Translator("fr"))
    everything = journal.to_markdown("Fight", lines, Translator("en"), with_gm_notes=True)
    assert figures_in(everything) == list(FIGURES)


@pytest.mark.parametrize("role", ROLES)
def test_show_json_as_the_role_says_the_word(fight, role, capsys):
    path, _, _ = fight
    assert cli.main(["show", str(path), "--json", "--role", role]) == 0
    printed = capsys.readouterr().out
    assert figures_in(printed) == []
    shown = json.loads(printed)
    entry = next(c for c in shown["combat"]["combatants"] if c["name"] == "Ogre")
    assert entry["hit_points"] == "bloodied"
    assert cli.main(["show", str(path), "--json"]) == 0  # the game master's: the figures
    assert {MAXIMUM, AFTER_HEAL} <= set(figures_in(capsys.readouterr().out))


@pytest.mark.parametrize("role", ROLES)
def test_show_json_of_a_file_nobody_has_open_as_the_role_says_the_word(fight, role, capsys):
    path, owner, _ = fight
    owner.close()  # saved; the file is read as it is
    assert cli.main(["show", str(path), "--json", "--role", role]) == 0
    printed = capsys.readouterr().out
    assert figures_in(printed) == [] and '"hit_points": "bloodied"' in printed
    assert cli.main(["show", str(path), "--json"]) == 0
    assert {MAXIMUM, AFTER_HEAL} <= set(figures_in(capsys.readouterr().out))


def test_numbers_for_everyone_when_the_campaign_says_so(fight):
    _, owner, fronts = fight
    store = owner.store
    assert store.apply("settings.set", {"plugin": "combat",
                                        "key": "creature_hit_points_to_players",
                                        "value": "numbers"}).ok
    assert store.apply("hp.damage", {"character": "Ogre", "amount": 4}).ok
    for role in ROLES:
        front = fronts[role]
        front.until(lambda m: m["type"] == "change" and m["op"] == "hp.damage"
                    and m["message"].endswith(f"hit points {AFTER_HEAL} → {AFTER_HEAL - 4}"))
        front.send({"type": "resync"})
        front.until(lambda m: m["type"] == "snapshot" and ogre(m["state"]).get("hit_points")
                    == AFTER_HEAL - 4)
    refused = store.apply("settings.set", {"plugin": "combat",
                                           "key": "creature_hit_points_to_players",
                                           "value": "all"})
    assert not refused.ok and "word, numbers" in refused.reason


@pytest.mark.parametrize("language, word", [("en", "bloodied"), ("fr", "en sang")])
async def test_the_players_combat_screen_shows_the_word_at_80x24(tmp_path, make_app,
                                                                 language, word):
    """A player's console joined to the owner: the GM's damage reaches its HP column as the
    word, in the player's language, and nothing on the screen is a figure."""
    from gm_console.host.manager import Host
    from gm_console.live.client import RemoteStore
    from gm_console.live.peer import SocketStream
    from gm_console.ui import SyncedTable, Value

    folder = tmp_path / "user-config"  # GM_CONSOLE_CONFIG_DIR of the autouse ``isolated``
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.toml").write_text(f'language = "{language}"\n', encoding="utf-8")
    host = Host().load()
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = an_owner(path, host)
    gm = owner.store
    try:
        for op, params in (("combat.start", {}),
                           ("combat.add", {"name": "Ogre", "initiative": 0, "speed_m": 9,
                                           "hit_points": MAXIMUM, "armour_class": 11}),
                           ("combat.initiative", {"combatant": "Aria", "value": 12}),
                           ("combat.initiative", {"combatant": "Ogre", "value": 3})):
            assert gm.apply(op, params).ok, op
        ours, theirs = socket.socketpair()
        owner.attach(SocketStream(theirs), lambda hello: Role.parse("player:Aria"))
        store = RemoteStore(ours, host, "player:Aria")
        app = make_app(store, path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("f8")
            await pilot.pause()
            table = app.screen.query_one("#combatants", SyncedTable)
            assert str(table.get_row("Ogre")[2]) == Translator(language)("unhurt")
            assert gm.apply("hp.damage", {"character": "Ogre",
                                          "amount": MAXIMUM - AFTER_SECOND}).ok
            for _ in range(500):  # the change comes over the socket
                if str(table.get_row("Ogre")[2]) != Translator(language)("unhurt"):
                    break
                await pilot.pause(0.02)
            assert str(table.get_row("Ogre")[2]) == word  # HP, whole
            table.move_cursor(row=[str(r.key.value) for r in table.ordered_rows].index("Ogre"))
            await pilot.pause()
            detail = app.screen.query_one("#detail", Value).shown
            assert word in detail and figures_in(detail) == []
            lines = [strip.text for strip in app.screen._compositor.render_strips()]
            assert figures_in("\n".join(lines)) == []
            assert all(len(line.rstrip()) <= 80 for line in lines)
        store.close()
    finally:
        owner.close()
