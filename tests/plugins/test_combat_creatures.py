"""Creatures in a fight (RULES.md: hit points, conditions, combat): stat blocks from
config/creatures.toml, groups with one initiative and hit points each, damage, healing,
temporary hit points and conditions on any combatant, a creature at 0 out of the fight,
journaled and undone."""

from __future__ import annotations

import random
from typing import Any

import pytest
from applying import no, ok

from gm_console.files import codec
from gm_console.files.config import Config, bundled_dir
from gm_console.headless import show
from gm_console.state.store import Store
from gm_console_plugins.combat import creatures
from gm_console_plugins.combat.turns import Invalid


def combat(store) -> dict[str, Any]:
    return show(store)["combat"]


def entry(store, name: str) -> dict[str, Any]:
    return next(c for c in combat(store)["combatants"] if c["name"] == name)


def journal(store) -> list[str]:
    return [line["text"] for line in store.state["journal"]]


def test_hit_dice_average_and_rolled():
    assert creatures.average_hit_points("2d8+2") == 11
    assert creatures.average_hit_points("2d6") == 7
    assert creatures.average_hit_points("1d4-5") == 1  # never below 1
    assert creatures.rolled_hit_points("3d6+1", lambda sides: sides) == 19
    for bad in ("2d", "d8", "2x8", "0d6", ""):
        with pytest.raises(Invalid):
            creatures.hit_dice(bad)


def test_group_names_skip_those_taken():
    assert creatures.names("Goblin", 1, set()) == ["Goblin"]
    assert creatures.names("Goblin", 3, {"goblin 2"}) == ["Goblin 1", "Goblin 3", "Goblin 4"]


def test_a_creature_from_its_stat_block(store):
    ok(store, "combat.start")
    outcome = ok(store, "combat.add", creature="wolf")
    assert "11 hit points" in outcome.message and "armour class 13" in outcome.message
    wolf = entry(store, "Wolf")
    assert (wolf["hit_points"], wolf["armour_class"], wolf["speed_m"], wolf["modifier"]) == \
        ("11/11", 13, 12.0, 2)


def test_a_creature_by_hand_with_rolled_hit_points(store):
    random.seed(3)
    ok(store, "combat.start")
    ok(store, "combat.add", name="Troll", hit_dice="4d10+8", roll_hit_points=True,
       armour_class=15)
    troll = next(c for c in store.state["plugins"]["combat"]["combatants"]
                 if c["name"] == "Troll")
    assert 12 <= troll["max_hit_points"] <= 48 and troll["armour_class"] == 15
    ok(store, "combat.add", name="Orc", hit_points=15)
    assert entry(store, "Orc")["hit_points"] == "15/15"


def test_a_group_has_one_initiative_and_hit_points_each(store):
    ok(store, "combat.start")
    outcome = ok(store, "combat.add", creature="goblin", count=3)
    assert "Goblin 1 7, Goblin 2 7, Goblin 3 7" in outcome.message
    ok(store, "combat.roll_initiative")
    request = store.state["rolls"]["pending"][0]
    assert [r["who"] for r in request["rolls"]] == ["Aria", "Bram", "Goblin"]
    ok(store, "roll.resolve", results="Aria=15, Bram=3, Goblin=11")
    order = combat(store)["order"]
    assert order[0] == "Aria" and order[-1] == "Bram"
    assert {entry(store, f"Goblin {n}")["initiative"] for n in (1, 2, 3)} == {11}
    ok(store, "hp.damage", character="Goblin 2", amount=3)
    assert [entry(store, f"Goblin {n}")["hit_points"] for n in (1, 2, 3)] == \
        ["7/7", "4/7", "7/7"]
    ok(store, "combat.initiative", combatant="Goblin", value=20)  # the group's name: all
    assert set(combat(store)["order"][:3]) == {"Goblin 1", "Goblin 2", "Goblin 3"}


def test_damage_healing_and_temporary_hit_points_on_a_creature(store):
    ok(store, "combat.start")
    ok(store, "combat.add", creature="bandit")
    ok(store, "hp.temp", character="Bandit", amount=4)
    ok(store, "hp.damage", character="bandit", amount=6)  # 4 temporary, then 2
    assert entry(store, "Bandit")["hit_points"].startswith("9/11")
    ok(store, "hp.heal", character="Bandit", amount=50)
    assert entry(store, "Bandit")["hit_points"] == "11/11"


def test_a_creature_at_0_is_out_of_the_fight_journaled_and_undone(store):
    ok(store, "combat.start")
    ok(store, "combat.add", creature="goblin", value=12)
    ok(store, "combat.initiative", combatant="Aria", value=18)
    ok(store, "combat.initiative", combatant="Bram", value=8)
    ok(store, "combat.next")  # the goblin's turn
    assert combat(store)["turn"] == "Goblin"
    ok(store, "hp.damage", character="Goblin", amount=7)
    assert "Goblin is down: out of the fight; Bram's turn" in journal(store)[-1]
    assert combat(store)["turn"] == "Bram" and "Goblin" not in combat(store)["order"]
    assert entry(store, "Goblin")["out"] is True
    ok(store, "combat.next")
    ok(store, "combat.next")  # round 2: Aria, then Bram: no goblin
    assert combat(store)["turn"] == "Bram"
    ok(store, "hp.heal", character="Goblin", amount=3)
    assert "Goblin" in combat(store)["order"] and "back in the fight" in journal(store)[-1]
    store.undo()
    store.undo()
    store.undo()
    store.undo()  # the damage taken back: the goblin's turn again
    assert combat(store)["turn"] == "Goblin" and not entry(store, "Goblin")["out"]


def test_conditions_with_durations_on_a_creature(store):
    ok(store, "combat.start")
    ok(store, "combat.add", creature="ogre", value=10)
    ok(store, "combat.initiative", combatant="Aria", value=18)
    ok(store, "combat.initiative", combatant="Bram", value=8)
    ok(store, "condition.add", character="Ogre", condition="stunned", rounds=1)
    ogre = entry(store, "Ogre")
    assert "stunned" in ogre["condition_names"] and ogre["speed_m"] == 0
    ok(store, "combat.next")  # the ogre's turn: stunned, no action
    no(store, "actions.take", "can take no action", action="standard")
    ok(store, "combat.next")
    ok(store, "combat.next")  # round 2 begins with Aria: the round is over at its start
    assert "stunned" not in entry(store, "Ogre")["condition_names"]


def test_a_creatures_condition_runs_out_with_the_clock_and_only_its_own(store):
    """The clock's advance looks for creatures' durations without taking the fight into the
    operation; one whose time is up is still removed, in the fight as stored."""
    ok(store, "combat.start")
    ok(store, "combat.add", creature="ogre", value=10)
    ok(store, "combat.add", creature="wolf", value=12)
    ok(store, "condition.add", character="Ogre", condition="poisoned", minutes=10)
    ok(store, "condition.add", character="Wolf", condition="poisoned")  # no duration
    ok(store, "clock.advance", minutes=5)
    assert "poisoned" in entry(store, "Ogre")["condition_names"]
    outcome = ok(store, "clock.advance", minutes=5)
    assert "poisoned" not in entry(store, "Ogre")["condition_names"]
    assert "poisoned" in entry(store, "Wolf")["condition_names"]
    assert any("Ogre" in str(line["text"]) for line in outcome.journal)


def test_bad_stat_block_names_the_file_and_the_line(tmp_path, make_store, host):
    user = tmp_path / "user"
    user.mkdir()
    (user / "creatures.toml").write_text('# mine\n\n[creatures.imp]\nhit_dice = "3x6"\n',
                                         encoding="utf-8")
    host.config = Config([bundled_dir(), user])
    store = make_store([{"name": "Aria"}])
    ok(store, "combat.start")
    reason = no(store, "combat.add", "hit dice are written NdM", creature="imp").reason
    assert f"{user / 'creatures.toml'}, line 3" in reason and "'imp'" in reason
    no(store, "combat.add", "no creature 'dragon'", creature="dragon")


def test_an_unknown_field_of_a_stat_block_is_named():
    with pytest.raises(Invalid, match="unknown field 'hp'"):
        creatures.check("imp", {"hit_dice": "1d6", "hp": 3}, "here")
    with pytest.raises(Invalid, match="armour_class must be a whole number"):
        creatures.check("imp", {"hit_dice": "1d6", "armour_class": "high"}, "here")


def test_every_shipped_creature_is_good():
    table = Config([bundled_dir()]).table("creatures")
    assert len(table["creatures"]) >= 4
    for key, row in table["creatures"].items():
        assert creatures.check(key, row, "here")["key"] == key


@pytest.mark.parametrize(("ties", "first"), [("modifier", "Wolf"), ("party", "Bram")])
def test_equal_initiatives_are_settled_as_the_setting_says(store, ties, first):
    ok(store, "settings.set", plugin="combat", key="initiative_ties", value=ties)
    ok(store, "combat.start")
    ok(store, "combat.add", creature="wolf", value=10)  # modifier +2; Bram's is 0
    ok(store, "combat.initiative", combatant="Aria", value=18)
    ok(store, "combat.initiative", combatant="Bram", value=10)
    assert combat(store)["order"][1] == first


def test_a_roll_off_alone_ignores_the_modifier(store):
    random.seed(1)
    ok(store, "settings.set", plugin="combat", key="initiative_ties", value="roll-off")
    ok(store, "combat.start")
    ok(store, "combat.add", creature="wolf", value=10)
    ok(store, "combat.initiative", combatant="Aria", value=10)
    ok(store, "combat.initiative", combatant="Bram", value=10)
    fighters = store.state["plugins"]["combat"]["combatants"]
    assert all(c.get("rolloff") for c in fighters)  # all three rolled off, modifiers aside


def test_a_fight_with_creatures_and_a_save_on_demand_reads_in_french(french, make_store):
    from gm_console.text.i18n import Translator

    store = make_store([{"name": "Aria", "dexterity": 14}])
    t = Translator("fr", store.host)
    ok(store, "combat.start")
    added = ok(store, "combat.add", creature="gobelin", count=2)  # its French name
    assert t(added.message) == ("Gobelin entrent dans le combat, une initiative pour tous : "
                                "Gobelin 1 7, Gobelin 2 7")
    ok(store, "combat.initiative", combatant="Gobelin", value=12)
    ok(store, "combat.initiative", combatant="Aria", value=15)
    ok(store, "hp.damage", character="Gobelin 1", amount=9)
    lines = [t.line(line) for line in store.state["journal"]]
    assert any("Gobelin 1 est à terre : hors du combat" in line for line in lines), lines
    ok(store, "condition.add", character="Gobelin 2", condition="empoisonné")
    asked = ok(store, "roll.check", who=["Gobelin 2", "Aria"], ability="dexterity", dc=12)
    assert t(asked.message).startswith("test de Dextérité DD 12 demandé à Gobelin 2, Aria ; "
                                       "Gobelin 2 : désavantage (")
    store = Store(codec.parse(codec.dumps(store.state), "s.toml"), store.host)  # saved, opened
    ok(store, "roll.resolve", results="Gobelin 2=5, Aria=13")
    assert t.line(store.state["journal"][-1]).startswith(
        "test de Dextérité DD 12 : Gobelin 2 5 échec (désavantage : ")


def test_a_creatures_file_that_is_not_toml_is_refused_and_the_plugin_stays(tmp_path, make_store,
                                                                           host):
    user = tmp_path / "user"
    user.mkdir()
    (user / "creatures.toml").write_text('[creatures.imp\nhit_dice = "1d6"\n', encoding="utf-8")
    host.config = Config([bundled_dir(), user])
    store = make_store([{"name": "Aria"}])
    ok(store, "combat.start")
    reason = no(store, "combat.add", "creatures.toml", creature="imp").reason
    assert "line 1" in reason
    ok(store, "combat.add", name="Orc", hit_points=15)  # the plugin is still there
