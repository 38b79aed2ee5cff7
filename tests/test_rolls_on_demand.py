"""Rolls on demand (RULES.md 1.3 exhaustion, the conditions of config/conditions.toml): an
ability check, a saving throw and an attack roll asked of one, several or the whole party,
characters and creatures alike, with every condition's disadvantage applied and named; a
player answers their own roll; the outcomes come back in a line; undo takes the request back."""

from __future__ import annotations

import pytest
from applying import no, ok

from gm_console.rules.rolls import parse_on_demand


def rolls(store, who: str) -> dict:
    request = store.state["rolls"]["pending"][-1]
    return next(r for r in request["rolls"] if r["who"] == who)


def test_the_whole_party_saves_and_exhaustion_3_gives_disadvantage(store):
    ok(store, "character.set", character="Bram", field="exhaustion", value="3")
    outcome = ok(store, "roll.save", ability="dexterity", dc=14)
    assert "Dexterity save DC 14 asked of Aria, Bram" in outcome.message
    assert "Bram: disadvantage (exhaustion 3" in outcome.message
    assert rolls(store, "Aria") == {"who": "Aria", "expression": "1d20+3", "dc": 14}
    assert rolls(store, "Bram")["expression"] == "2d20kl1"  # Dexterity 10, disadvantage
    done = ok(store, "roll.resolve", results="Aria=16, Bram=9")
    journal = [line["text"] for line in store.state["journal"]]
    assert "Dexterity save DC 14: Aria 16 success, Bram 9 failure (disadvantage: exhaustion 3" \
        in journal[-1]
    assert done.data["outcomes"][0]["success"] is True


def test_exhaustion_1_puts_checks_not_saves_at_a_disadvantage(store):
    ok(store, "character.set", character="Aria", field="exhaustion", value="1")
    ok(store, "roll.check", who=["Aria"], ability="strength", dc=12)
    assert rolls(store, "Aria")["expression"] == "2d20kl1+3"
    ok(store, "roll.save", who=["Aria"], ability="strength", dc=12)
    assert rolls(store, "Aria")["expression"] == "1d20+3"


@pytest.mark.parametrize(("condition", "kind", "worse"), [
    ("poisoned", "roll.check", True), ("poisoned", "roll.attack", True),
    ("prone", "roll.attack", True), ("prone", "roll.check", False),
    ("restrained", "roll.save", False)])
def test_each_condition_s_own_effects_apply(store, condition, kind, worse):
    ok(store, "condition.add", character="Aria", condition=condition)
    params = {"ability": "wisdom"} if kind != "roll.attack" else {"ac": 12}
    outcome = ok(store, kind, who=["Aria"], **params)
    assert rolls(store, "Aria")["expression"].startswith("2d20kl1") is worse
    assert (condition in outcome.message) is worse


def test_a_creature_checks_and_attacks_a_character_s_armour(store):
    ok(store, "combat.start")
    ok(store, "combat.add", creature="goblin", count=2)
    ok(store, "condition.add", character="Goblin 2", condition="poisoned")
    ok(store, "roll.check", who=["Goblin 1", "Goblin 2"], ability="dexterity", dc=10)
    assert rolls(store, "Goblin 1")["expression"] == "1d20+2"
    assert rolls(store, "Goblin 2")["expression"] == "2d20kl1+2"
    outcome = ok(store, "roll.attack", who=["Aria"], target="Goblin 1", bonus=5)
    assert "Attack on Goblin 1 (AC 15)" in outcome.message
    assert rolls(store, "Aria") == {"who": "Aria", "expression": "1d20+5", "dc": 15}
    ok(store, "roll.attack", who=["Goblin 1"], ac=13)  # the stat block's attack bonus
    assert rolls(store, "Goblin 1")["expression"] == "1d20+4"
    no(store, "roll.attack", "Aria has no armour class", who=["Goblin 1"], target="Aria")
    no(store, "roll.save", "no character or creature named 'Orc'", who=["Orc"],
       ability="strength")


def test_a_player_answers_their_own_and_the_rest_waits(store):
    ok(store, "roll.save", ability="constitution", dc=12)
    request = store.state["rolls"]["pending"][-1]
    ok(store, "roll.answer", id=request["id"], who="Aria", total=15)
    waiting = store.state["rolls"]["pending"][-1]
    assert [r.get("answer") for r in waiting["rolls"]] == [15, None]  # the GM sees who has
    ok(store, "roll.answer", id=request["id"], who="Bram", total=4)
    assert store.state["rolls"]["pending"] == []
    assert "Aria 15 success, Bram 4 failure" in store.state["journal"][-1]["text"]


def test_undo_takes_the_request_back(store):
    ok(store, "roll.check", ability="wisdom")
    assert store.state["rolls"]["pending"]
    store.undo()
    assert not store.state.get("rolls", {}).get("pending")


def test_typed_as_the_game_master_types_it():
    assert parse_on_demand("save dex 14") == ("roll.save", {"who": [], "ability": "dexterity",
                                                            "dc": 14})
    assert parse_on_demand("check wis : Aria, Goblin 2") == (
        "roll.check", {"who": ["Aria", "Goblin 2"], "ability": "wisdom"})
    assert parse_on_demand("jds sag 13") == ("roll.save", {"who": [], "ability": "wisdom",
                                                          "dc": 13})
    assert parse_on_demand("attack 15: Bram") == ("roll.attack", {"who": ["Bram"], "ac": 15})
    assert parse_on_demand("attack Goblin 2") == ("roll.attack", {"who": [],
                                                                  "target": "Goblin 2"})
    assert parse_on_demand("1d20+3") is None
    for bad in ("save 14", "check dex high", "attack"):
        with pytest.raises(ValueError):
            parse_on_demand(bad)
