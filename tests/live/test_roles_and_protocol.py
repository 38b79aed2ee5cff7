"""A live session through a raw socket, as another client writer would speak it: the hello,
the version check, roles enforced by the owner, GM-only notes that never reach a player."""

from __future__ import annotations

from pathlib import Path

import pytest
from live_helpers import SESSION, RawClient, gm, read_state, serve, stop

from gm_console.live import protocol


@pytest.fixture
def owned(tmp_path: Path):
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = serve(path)
    yield path
    stop(owner)


def test_another_protocol_version_is_refused_with_a_clear_message(owned: Path) -> None:
    client = RawClient(owned, "gm", version=99)
    refusal = client.receive()
    assert refusal["type"] == "refused"
    assert f"protocol {protocol.VERSION}" in refusal["reason"] and "99" in refusal["reason"]
    with pytest.raises(EOFError):
        client.receive()


def test_a_player_naming_no_character_of_the_session_is_refused(owned: Path) -> None:
    refusal = RawClient(owned, "player:Zed").receive()
    assert refusal["type"] == "refused" and "Aria, Bram" in refusal["reason"]


def test_a_players_forbidden_operations_are_refused_by_the_owner(owned: Path) -> None:
    player = RawClient(owned, "player:Aria", "Jo")
    assert player.until("welcome")["role"] == "player:Aria"
    player.until("snapshot")
    for ident, message in enumerate([
            {"type": "op", "op": "clock.advance", "params": {"minutes": 10}},
            {"type": "op", "op": "item.add", "params": {"character": "Bram", "name": "gold"}},
            {"type": "op", "op": "request.approve", "params": {}},
            {"type": "undo"}], start=1):
        player.send({**message, "id": ident})
        outcome = player.until("outcome", id=ident)
        assert not outcome["ok"] and outcome["reason"]
    # the command line's player is refused the same way, by the owner
    refused = gm("op", "--role", "player:Aria", str(owned), "clock.advance", "minutes=5")
    assert refused.returncode == 1 and "game master" in refused.stderr
    assert read_state(owned) == read_state_of(SESSION)  # nothing changed, nothing saved


def test_a_players_request_waits_for_the_gm_and_is_journaled_in_their_name(owned: Path) -> None:
    player = RawClient(owned, "player:Aria", "Jo")
    player.until("snapshot")
    player.send({"type": "op", "id": 1, "op": "item.add",
                 "params": {"character": "Aria", "name": "rope", "weight_lb": 10}})
    outcome = player.until("outcome", id=1)
    assert outcome["ok"] and outcome["queued"]
    game_master = RawClient(owned, "gm")
    waiting = game_master.until("snapshot")["state"]  # the owner's state, now
    assert waiting["characters"][0]["items"] == []  # nothing applied yet: it waits
    assert [(r["op"], r["actor"]) for r in waiting["requests"]["pending"]] == [("item.add", "Jo")]
    approved = gm("op", str(owned), "request.approve")
    assert approved.returncode == 0, approved.stderr
    change = player.until("change", op="request.approve")
    # one character of two changed: the change carries that one (its place, the list's length)
    assert "characters" not in change["set"] and change["items"]["characters"][0] == 2
    aria = change["items"]["characters"][1]["0"]
    assert aria["items"][0]["name"] == "rope"
    added = [line for line in change["journal"]["add"] if line["kind"] == "item"]
    assert added and added[0]["actor"] == "Jo"
    undone = gm("op", str(owned), "undo")
    assert "(cli's)" in undone.stdout  # whose operation was undone


def test_a_gm_only_note_never_reaches_a_players_socket(owned: Path) -> None:
    player = RawClient(owned, "player:Aria")
    spectator = RawClient(owned, "spectator")
    for client in (player, spectator):
        client.until("snapshot")
    assert gm("op", str(owned), "journal.note", "text=the innkeeper is a WEREWOLF",
              "gm_only=true").returncode == 0
    assert gm("op", str(owned), "undo").returncode == 0  # "undone: <the note>" is secret too
    assert gm("op", str(owned), "journal.note", "text=dawn breaks").returncode == 0
    for client in (player, spectator):
        client.until("change", op="journal.note", message="dawn breaks")
        client.send({"type": "resync"})
        snapshot = client.until("snapshot")
        assert b"WEREWOLF" not in client.received
        assert b"thieves guild" not in client.received  # Bram's notes: the GM's text
        assert any(line["text"] == "dawn breaks" for line in snapshot["state"]["journal"])
    gm_view = RawClient(owned, "gm")
    gm_view.until("snapshot")
    assert b"WEREWOLF" in gm_view.received


def test_a_player_answers_their_own_roll_and_the_request_resolves_when_all_have(
        owned: Path) -> None:
    aria, bram = RawClient(owned, "player:Aria"), RawClient(owned, "player:Bram")
    for client in (aria, bram):
        client.until("snapshot")
    gm("op", str(owned), "combat.start")
    assert gm("op", str(owned), "combat.roll_initiative").returncode == 0
    pending = aria.until("change", op="combat.roll_initiative")["set"]["rolls"]["pending"]
    request = pending[0]["id"]
    aria.send({"type": "op", "id": 1, "op": "roll.answer",
               "params": {"id": request, "who": "Bram", "total": 20}})
    assert not aria.until("outcome", id=1)["ok"]  # not hers to answer
    aria.send({"type": "op", "id": 2, "op": "roll.answer",
               "params": {"id": request, "who": "Aria", "total": 17}})
    assert aria.until("outcome", id=2)["ok"]
    bram.send({"type": "op", "id": 3, "op": "roll.answer", "params": {"id": request,
                                                                      "who": "Bram"}})
    assert bram.until("outcome", id=3)["ok"]
    state = read_state_when(owned, _initiative_settled)
    initiative = _initiatives(state)
    assert initiative["Aria"] == 17 and isinstance(initiative["Bram"], int)


def test_a_save_on_demand_is_asked_on_each_player_s_terminal(owned: Path) -> None:
    """roll.save of the whole party beside two goblins: each player is sent the request with
    their own roll, answers it, and the outcomes come back as the result line."""
    aria, bram = RawClient(owned, "player:Aria"), RawClient(owned, "player:Bram")
    for client in (aria, bram):
        client.until("snapshot")
    gm("op", str(owned), "combat.start")
    gm("op", str(owned), "combat.add", "creature=goblin", "count=2")
    assert gm("op", str(owned), "roll.save", "ability=dexterity", "dc=12").returncode == 0
    pending = aria.until("change", op="roll.save")["set"]["rolls"]["pending"]
    assert [r["who"] for r in pending[0]["rolls"]] == ["Aria", "Bram"]
    aria.send({"type": "op", "id": 1, "op": "roll.answer",
               "params": {"id": pending[0]["id"], "who": "Aria", "total": 15}})
    assert aria.until("outcome", id=1)["ok"]
    bram.send({"type": "op", "id": 2, "op": "roll.answer",
               "params": {"id": pending[0]["id"], "who": "Bram", "total": 4}})
    assert bram.until("outcome", id=2)["ok"]
    state = read_state_when(owned, lambda state: any(
        "Aria 15 success, Bram 4 failure" in line.get("text", "")
        for line in state.get("journal", [])))
    assert not state.get("rolls", {}).get("pending")


def _initiatives(state) -> dict:
    combat = state.get("plugins", {}).get("combat", {})
    return {c["name"]: c.get("initiative") for c in combat.get("combatants", [])}


def _initiative_settled(state) -> bool:
    """No roll pending, and both players' initiative saved. The file on disk lags the owning
    console (saves are batched), and before its first save it is the session as it began,
    which has no pending roll either."""
    rolled = _initiatives(state)
    return (not state.get("rolls", {}).get("pending")
            and all(rolled.get(name) is not None for name in ("Aria", "Bram")))


def read_state_of(text: str):
    import tomllib

    return tomllib.loads(text)


def read_state_when(path: Path, condition, timeout: float = 10):
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = read_state(path)
        if condition(state):
            return state
        time.sleep(0.05)
    raise AssertionError("the saved session never got there")


def test_a_front_that_reads_no_journal_joins_and_follows_without_it(owned: Path) -> None:
    assert gm("op", str(owned), "journal.note", "text=the road is long").returncode == 0
    reader = RawClient(owned, "gm", "console")
    ops = RawClient(owned, "gm", "script", journal=False)
    assert [line["text"] for line in reader.until("snapshot")["state"]["journal"]][-1] == \
        "the road is long"
    snapshot = ops.until("snapshot")["state"]
    assert snapshot["journal"] == [] and snapshot["characters"][0]["name"] == "Aria"
    assert gm("op", str(owned), "character.set", "character=Aria", "field=notes",
              "value=brave").returncode == 0
    assert "journal" in reader.until("change", op="character.set")
    change = ops.until("change", op="character.set")
    assert "journal" not in change and \
        change["items"]["characters"][1]["0"]["notes"] == "brave"


def test_a_player_front_without_a_name_is_its_character_in_the_journal(owned: Path) -> None:
    player = RawClient(owned, "player:Aria")
    assert player.until("welcome")["actor"] == "Aria"
    player.until("snapshot")
    player.send({"type": "op", "id": 1, "op": "journal.note", "params": {"text": "hello"}})
    answer = player.until("outcome")
    assert answer["ok"] and answer["journal"][0]["actor"] == "Aria"


@pytest.mark.parametrize("asked, carried", [(True, None), (False, 0), (0, 0), (1000, 1000),
                                            ("all", None)])
def test_a_hellos_journal_says_how_many_last_lines_the_snapshot_carries(asked, carried):

    assert protocol.journal_wanted({"journal": asked}) == carried
