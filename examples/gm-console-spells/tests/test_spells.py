"""gm-console-spells through gm-console's author kit: its rules, and casting in and out of a
fight through the combat plugin's hooks, undone in one step, said in both languages."""

from __future__ import annotations

import tomllib
from pathlib import Path

from gm_console_spells import rules

PARTY = [{"name": "Mira"}, {"name": "Bram"}]
PLUGINS = ["spells", "combat"]


def caster(store, name: str = "Mira") -> dict:
    return next(c for c in store.state["plugins"]["spells"]["casters"] if c["name"] == name)


def in_a_fight(gm_store):
    """Mira (2 level-1 slots, 1 level-2) and Bram in round 1, Mira's turn."""
    store = gm_store(characters=PARTY, plugins=PLUGINS)
    for level, count in ((1, 2), (2, 1)):
        assert store.apply("spells.slots", {"caster": "mira", "level": level,
                                            "count": count}).ok
    for params in ({}, {"combatant": "Mira", "value": 15}, {"combatant": "Bram", "value": 5}):
        assert store.apply("combat.start" if not params else "combat.initiative", params).ok
    return store


def test_slots_are_spent_by_level_and_come_back_together() -> None:
    mira = rules.new_caster("Mira")
    rules.set_slots(mira, 1, 2)
    rules.spend(mira, 1)
    assert rules.left(mira, 1) == 1 and rules.short(mira) == "1/2"
    rules.set_slots(mira, 1, 0)  # fewer slots: what was spent is capped, never negative
    assert rules.left(mira, 1) == 0 and not rules.has_any(mira)
    assert rules.restore(mira) is False  # nothing was spent of the slots now held


def test_a_cast_spends_a_standard_action_and_a_slot(gm_store) -> None:
    store = in_a_fight(gm_store)
    outcome = store.apply("spells.cast", {"caster": "Mira", "level": 1,
                                          "spell": "magic missile"})
    assert outcome.ok, outcome.reason
    texts = [line["text"] for line in outcome.journal]
    assert texts == ["Mira casts magic missile (a level-1 slot, 1 left)",
                     "Mira takes a standard action (cast a spell)"]
    assert outcome.data["action"]["cost"] == "standard"
    assert caster(store)["used"][0] == 1
    refused = store.apply("spells.cast", {"caster": "Mira", "level": 2})
    assert "already taken a standard action" in refused.reason
    assert caster(store)["used"][1] == 0  # refused: no slot spent


def test_a_quickened_cast_spends_the_swift_action_and_leaves_the_standard(gm_store) -> None:
    store = in_a_fight(gm_store)
    quick = store.apply("spells.cast", {"caster": "Mira", "level": 2, "quickened": True})
    assert quick.ok, quick.reason
    assert "Mira takes a swift action (cast a spell, quickened)" in \
        [line["text"] for line in quick.journal]
    assert quick.data["action"]["remaining"]["standard"] == 1
    assert store.apply("spells.cast", {"caster": "Mira", "level": 1}).ok
    again = store.apply("spells.cast", {"caster": "Mira", "level": 1, "quickened": True})
    assert "already taken a swift action" in again.reason


def test_one_undo_takes_back_the_slot_and_the_action(gm_store) -> None:
    store = in_a_fight(gm_store)
    assert store.apply("spells.cast", {"caster": "Mira", "level": 1}).ok
    assert store.undo().ok
    assert caster(store)["used"][0] == 0
    mira = next(c for c in store.state["plugins"]["combat"]["combatants"]
                if c["name"] == "Mira")
    assert mira["budget"]["standard"] == 0


def test_no_slot_left_refuses_the_cast_and_the_combat_action(gm_store) -> None:
    store = in_a_fight(gm_store)
    assert store.apply("spells.slots", {"caster": "Mira", "level": 1, "count": 0}).ok
    assert store.apply("spells.slots", {"caster": "Mira", "level": 2, "count": 0}).ok
    refused = store.apply("spells.cast", {"caster": "Mira", "level": 1})
    assert "no level-1 spell slot left" in refused.reason
    direct = store.apply("actions.take", {"combatant": "Mira", "action": "cast"})
    assert "Mira has no spell slot left" in direct.reason  # the combat_action_check hook
    assert "Bram has no spell slots" in store.apply("spells.cast", {"caster": "Bram",
                                                                    "level": 1}).reason


def test_out_of_a_fight_a_cast_spends_only_the_slot_and_a_long_rest_restores_it(gm_store):
    store = gm_store(characters=PARTY, plugins=["spells"])  # without the combat plugin
    assert store.apply("spells.slots", {"caster": "Mira", "level": 1, "count": 1}).ok
    cast = store.apply("spells.cast", {"caster": "Mira", "level": 1})
    assert cast.ok and cast.data["action"] is None
    rest = store.apply("rest.long", {})
    assert rest.ok, rest.reason
    assert "Mira's spell slots are back" in [line["text"] for line in rest.journal]
    assert caster(store)["used"][0] == 0


async def test_the_tracker_shows_the_slots_left(gm_store, gm_pilot) -> None:
    store = in_a_fight(gm_store)
    assert store.apply("spells.cast", {"caster": "Mira", "level": 1}).ok
    async with gm_pilot(store) as pilot:
        await pilot.press("f8")  # the combat screen, Mira (whose turn it is) selected
        await pilot.pause()
        line = str(pilot.app.screen.query_one("#detail").render())
    assert line.startswith("Mira") and line.endswith(" · Slots: 1/2 1/1"), line


async def test_the_tracker_column_is_titled_in_the_readers_language(gm_host, gm_store,
                                                                     gm_pilot) -> None:
    store = gm_store(characters=PARTY, host=gm_host(PLUGINS, settings='language = "fr"\n'))
    assert store.apply("spells.slots", {"caster": "Mira", "level": 1, "count": 2}).ok
    assert store.apply("combat.start", {}).ok
    async with gm_pilot(store) as pilot:
        await pilot.press("f8")
        await pilot.pause()
        line = str(pilot.app.screen.query_one("#detail").render())
    assert "Empl." in line and "Slots" not in line, line


def test_every_sentence_it_says_has_its_french(gm_store) -> None:
    store = in_a_fight(gm_store)
    french = tomllib.loads((Path(rules.__file__).parent / "labels.fr.toml").read_text())
    cast = store.apply("spells.cast", {"caster": "Mira", "level": 1, "quickened": True})
    line = cast.journal[0]
    assert french[line["said"]["template"]].startswith("{name} lance {spell}, à incantation rapide")


async def test_the_journal_reads_in_french(gm_host, gm_store, gm_pilot) -> None:
    host = gm_host(PLUGINS, settings='language = "fr"\n')
    store = gm_store(characters=PARTY, host=host)
    assert store.apply("spells.slots", {"caster": "Mira", "level": 1, "count": 2}).ok
    assert store.apply("combat.start", {}).ok
    assert store.apply("combat.initiative", {"combatant": "Mira", "value": 15}).ok
    assert store.apply("combat.initiative", {"combatant": "Bram", "value": 5}).ok
    assert store.apply("spells.cast", {"caster": "Mira", "level": 1, "quickened": True,
                                       "spell": "projectile magique"}).ok
    async with gm_pilot(store) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        table = pilot.app.screen.query_one("#lines")
        texts = [str(cell) for row in range(table.row_count) for cell in table.get_row_at(row)]
    assert "Mira lance projectile magique, à incantation rapide (un emplacement de niveau 1, " \
        "reste 1)" in texts
    assert "Mira prend une action rapide (lancer un sort, à incantation rapide)" in texts
