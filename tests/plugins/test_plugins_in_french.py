"""Travel, terrain, movement and armour in French: their journal lines, refusals and step lines
said in the reader's language, and the planner's G asked before the clock moves."""

from __future__ import annotations

import copy

import pytest
from applying import ok, refused
from textual.widgets import Label

from gm_console.files import codec
from gm_console.files.config import bundled_dir
from gm_console.state.store import Store
from gm_console.text.i18n import Translator
from gm_console.text.said import joined, say
from gm_console.ui import Value
from gm_console.ui.screens.settings import notes
from gm_console_plugins.armour import hooks as armour
from gm_console_plugins.movement.screens import MovementScreen
from gm_console_plugins.travel.screens import TravelPlanner

HUMAN = {"race": "human", "strength": 10, "dexterity": 10, "constitution": 10,
         "height_m": 1.8, "speed_m": 9}


def reloaded(store: Store) -> Store:
    """The session saved and opened again: what a journal line or a roll request keeps."""
    return Store(codec.parse(codec.dumps(store.state), "s.toml"), store.host)


# -- operations ---------------------------------------------------------------------------------


def test_a_travel_line_reads_in_french_after_a_save_and_a_load(french, make_store):
    store = make_store([{**HUMAN, "name": "Aria"}])
    ok(store, "travel.leg", km=12.5, terrain="dense_forest", name="old wood")
    store = reloaded(store)
    t = Translator("fr", store.host)
    assert t.line(store.state["journal"][-1]) == \
        "étape 1 « old wood » : 12,5 km de forêt dense (difficile)"
    ok(store, "travel.advance", hours="2")
    lines = [t.line(line) for line in reloaded(store).state["journal"]]
    assert "terrain : forêt dense (terrain difficile : chaque mètre en coûte 2)" in lines
    assert "voyagé 2 h, 4,5 km, km 4,5 sur 12,5 ; Jour 1, 10:00" in lines


def test_a_failed_forced_march_save_is_journalled_in_french(french, make_store):
    store = make_store([{**HUMAN, "name": "Aria"}])
    ok(store, "travel.advance", hours="9")  # the 9th hour asks for a save, DC 11
    ok(store, "roll.resolve", results="Aria=3")
    t = Translator("fr", store.host)
    lines = [t.line(line) for line in reloaded(store).state["journal"]]
    assert any(line.startswith("Aria rate le jet de marche forcée (3 contre DD 11) : "
                               "épuisement 0 → 1") for line in lines), lines


def test_travel_and_movement_refusals_in_french(french, make_store):
    store = make_store([{**HUMAN, "name": "Aria"}])
    t = Translator("fr", store.host)
    assert t(refused(store, "travel.advance", hours="soon")) == \
        "hours doit être un nombre d'heures ou 'end', pas 'soon'"
    assert t(refused(store, "travel.leg", km=3, terrain="lava")).startswith(
        "terrain inconnu 'lava' ; terrains connus : ")
    assert t(refused(store, "movement.move", character="Aria", segments="long_jump:2.5")) == (
        "segment 1 : un saut en longueur de 2,5 m dépasse les 1,5 m d'un saut en longueur sans "
        "élan (le MJ peut le forcer avec override=<reason>)")
    assert t(refused(store, "movement.price", character="Aria", segments="fly:3")) == (
        "segments : segment 1 'fly:3' : type inconnu 'fly' (types : walk, climb, swim, crawl, "
        "long_jump, high_jump)")


def test_a_failed_landing_reads_in_french_after_the_roll_request_was_saved(french, make_store):
    store = make_store([{**HUMAN, "name": "Aria"}])
    ok(store, "movement.move", character="Aria", segments="walk:3,long_jump:2:difficult")
    store = reloaded(store)  # the check's sentence rides along its roll request
    ok(store, "roll.resolve", results="Aria=2")
    t = Translator("fr", store.host)
    assert t.line(reloaded(store).state["journal"][-1]) == \
        "Aria échoue (retomber sur ses pieds en terrain difficile) : tombe à terre"
    assert store.state["journal"][-1]["text"] == \
        "Aria fails (land on their feet in difficult terrain): falls prone"


def test_armour_says_its_speed_step_and_its_refusal_in_french(french, make_store):
    store = make_store([{**HUMAN, "name": "Aria", "armour": "chain mail"}])
    t = Translator("fr", store.host)
    [step] = armour.speed_steps(store.session.characters[0], store.session)
    assert t(step.label) == "cotte de mailles : 2/3 de la vitesse"
    assert t(refused(store, "armour.wear", character="Aria", armour="mithral")).startswith(
        "'mithral' n'est pas dans config/armour.toml (connues : ")
    wore = ok(store, "armour.wear", character="Aria", armour="plate", weight_lb=65)
    assert t(wore.message) == "Aria porte armure de plates : 1/2 de la vitesse, 65 lb"


def test_a_joined_sentence_keeps_its_text_when_copied():
    # Operations snapshot the state (deepcopy): a roll request's title said in parts.
    title = joined("; ", [say("{who} is tired", who="Aria"), "prone"])
    assert copy.deepcopy(title) == "Aria is tired; prone"
    assert copy.deepcopy({"t": title})["t"].template == title.template


# -- screens ------------------------------------------------------------------------------------


def shown(pilot, widget_id: str) -> str:
    return pilot.app.screen.query_one(f"#{widget_id}", Value).shown


async def answer(pilot, key: str, text: str) -> None:
    await pilot.press(key, *text, "enter")
    await pilot.pause()


async def test_the_planner_shows_its_step_lines_in_french(french, make_store, make_app):
    store = make_store([{**HUMAN, "name": "Aria"}])
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        planner = pilot.app.screen
        assert isinstance(planner, TravelPlanner)
        said: list[str] = []
        planner.notify = lambda message, **_: said.append(message)  # type: ignore[method-assign]
        pilot.app.notify = planner.notify  # type: ignore[method-assign]  # refusals
        await pilot.press("question_mark")
        assert said[-1].splitlines() == [
            "rythme normal : 90 m/min, 4,5 km/h, 36 km/jour",
            "= 90 m/min, 4,5 km/h, 36 km en une journée de 8 h",
            "le rythme de la table pour tous (réglage party_pace) : le voyageur le plus lent, "
            "Aria à 9 m par round, n'y change rien"]
        await pilot.press("f")
        await pilot.pause()
        assert shown(pilot, "tp-pace-label") == "Rythme [f w s] : "
        assert shown(pilot, "tp-pace").startswith("rapide — −5 aux valeurs passives")
        assert shown(pilot, "tp-last") == "Rythme : rapide"  # the rest is on the lines above
        assert shown(pilot, "tp-reverse-label") == "Quelle distance [h] en 1j : "
        await answer(pilot, "m", "ship 3 24")
        assert "aucun (navire : pas d'effet de rythme)" in shown(pilot, "tp-pace")
        assert shown(pilot, "tp-last").startswith("mode : navire (50 m/min, 3 km/h, 72 km/jour)")
        await pilot.press("e")  # no route: the refusal names the keys, in French
        await pilot.pause()
        assert said[-1] == ("pas d'itinéraire à parcourir jusqu'au bout : a pour ajouter une "
                            "étape, ou G pour voyager un nombre d'heures")


async def test_the_calculator_shows_a_refusal_in_french_with_its_key(french, make_store,
                                                                      make_app):
    store = make_store([{**HUMAN, "name": "Aria"}])
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        assert isinstance(pilot.app.screen, MovementScreen)
        said: list[str] = []
        pilot.app.notify = lambda message, **_: said.append(message)  # type: ignore
        await pilot.press("l", "2", "enter")
        await pilot.pause()
        assert said[-1] == ("segment 1 : un saut en longueur de 2 m dépasse les 1,5 m d'un saut "
                            "en longueur sans élan (f pour forcer, avec une raison)")


@pytest.mark.parametrize("yes", [True, False])
async def test_g_asks_before_travelling_a_typed_number_of_hours(store, make_app, yes):
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        await answer(pilot, "G", "5")
        assert "Travel 5 h now? The clock moves on by up to 5 h." in str(
            pilot.app.screen.query_one(Label).render())
        assert store.state["clock"]["second"] == 8 * 3600  # nothing yet
        await pilot.press("y" if yes else "n")
        await pilot.pause()
        assert store.state["clock"]["second"] == (13 if yes else 8) * 3600
        assert isinstance(pilot.app.screen, TravelPlanner)
        if yes:
            assert "ctrl+z" in shown(pilot, "tp-last")


async def test_g_with_a_typo_is_refused_without_asking_and_keeps_the_text(store, make_app):
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        await answer(pilot, "G", "5x")
        planner = pilot.app.screen
        assert isinstance(planner, TravelPlanner)  # no confirmation over it
        assert planner.asking and store.state["clock"]["second"] == 8 * 3600


async def test_g_to_the_end_asks_like_e(store, make_app):
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        await answer(pilot, "a", "12 road")
        await answer(pilot, "G", "end")
        assert "Travel to the end of the route" in str(pilot.app.screen.query_one(Label).render())
        await pilot.press("n")
        await pilot.pause()
        assert store.state["clock"]["second"] == 8 * 3600


async def test_a_spent_mount_names_the_planners_key_in_french(french, make_store, make_app):
    store = make_store([{**HUMAN, "name": "Aria"}])
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        await answer(pilot, "m", "gallop")
        await pilot.press("g", "g")  # the mount gallops one hour, then it is spent
        await pilot.pause()
        assert shown(pilot, "tp-last").startswith(
            "voyagé 0 min, 0 km ; Jour 1, 09:00 — la monture a galopé ses 1 h : il faut une "
            "monture fraîche (F) ou un autre mode")


async def test_to_the_end_as_planned_and_without_halting_ask_in_french(french, make_store,
                                                                       make_app):
    store = make_store([{**HUMAN, "name": "Aria"}])
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        await answer(pilot, "a", "80 plain")
        await pilot.press("right_square_bracket", "right_square_bracket", "e")
        await pilot.pause()
        assert str(pilot.app.screen.query_one(Label).render()) == (
            "Selon le plan, 10 h par jour, une halte pour la nuit, 2 jets de marche forcée "
            "(DD 11, 12). Voyager jusqu'au bout de l'itinéraire : 17 h 46 min de voyage, "
            "arrivée Jour 2, 15:46 ?")
        await pilot.press("n", "E")
        await pilot.pause()
        assert str(pilot.app.screen.query_one(Label).render()).startswith(
            "Sans halte pour la nuit : 9 heures de marche forcée, chacune avec un jet de "
            "sauvegarde de Constitution (DD 11 à 19).")
        await pilot.press("n")
        await pilot.pause()
        assert store.state["clock"]["second"] == 8 * 3600
        assert store.state["journal"][-1]["text"] == \
            "travel plan: 10 h a day, 2 h of forced march each day"
        assert french(store).line(store.state["journal"][-1]) == \
            "plan de voyage : 10 h par jour, dont 2 h de marche forcée chaque jour"


# -- settings -----------------------------------------------------------------------------------


async def test_every_setting_is_explained_in_french_on_the_settings_screen(french, make_store,
                                                                          make_app):
    """F9 explains the highlighted setting: in French from the plugin's French help (the
    config files' comments are English), for every setting of every plugin."""
    store = make_store([{**HUMAN, "name": "Aria"}])
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f9")
        await pilot.pause()
        table = app.screen.query_one("#settings")
        keys = [str(row.key.value) for row in table.ordered_rows]
        assert len(keys) >= 37
        for row, key in enumerate(keys):
            table.move_cursor(row=row)
            await pilot.pause()
            note = app.screen.query_one("#setting-note", Value).shown
            plugin, name = key.split(".", 1)
            english = notes(bundled_dir() / f"{plugin}.toml").get(name, ("", ()))[0]
            assert note.startswith(f"{key} = "), note
            explained = note.split("\n", 1)[1] if "\n" in note else ""
            assert explained and explained != english, (key, note)
