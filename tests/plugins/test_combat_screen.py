"""The combat screen driven by the keyboard alone (Textual Pilot): a fight started, initiative
typed, actions taken with one key each, a refusal shown with its reason and overridden with a
reason, an off-turn immediate action on the selected combatant, undo; and a key press that
changes one number repaints only the cells that changed."""

from __future__ import annotations

import pytest

from gm_console.ui import SyncedTable, Value
from gm_console_plugins.combat.screens import COLUMNS, CombatScreen

SIZES = [(100, 30), (80, 24)]


def encounter(store) -> dict:
    return store.state["plugins"]["combat"]


def budget(store, name: str) -> dict:
    return next(c for c in encounter(store)["combatants"] if c["name"] == name)["budget"]


async def type_text(pilot, text: str) -> None:
    await pilot.press(*[("space" if ch == " " else ch) for ch in text], "enter")
    await pilot.pause()


async def open_fight(pilot, surprise: str = "") -> None:
    """F8 opens the screen; S starts the fight; a adds a goblin; I types initiatives."""
    await pilot.press("f8")
    await pilot.pause()
    assert isinstance(pilot.app.screen, CombatScreen)
    await pilot.press("S")
    await type_text(pilot, surprise)
    await pilot.press("a")
    await type_text(pilot, "Goblin,2,9")
    screen = pilot.app.screen
    table = screen.query_one("#combatants", SyncedTable)
    for row, value in enumerate(("18", "8", "12")):  # Aria, Bram, Goblin as listed
        table.move_cursor(row=row)
        await pilot.press("I")
        await type_text(pilot, value)


async def open_fight_set_up(pilot) -> None:
    """The state ``open_fight`` types, made by the same operations its keys run (that the
    keys run them is ``test_a_fight_by_keyboard``'s): for a test about what comes after,
    a third of the key presses."""
    store = pilot.app.store
    for op, params in (("combat.start", {"surprise": ""}),
                       ("combat.add", {"name": "Goblin", "initiative": "2", "speed_m": "9"}),
                       ("combat.initiative", {"combatant": "Aria", "value": "18"}),
                       ("combat.initiative", {"combatant": "Bram", "value": "8"}),
                       ("combat.initiative", {"combatant": "Goblin", "value": "12"})):
        outcome = store.apply(op, params)
        assert outcome.ok, f"{op}: {outcome.reason}"
    await pilot.press("f8")
    await pilot.pause()
    assert isinstance(pilot.app.screen, CombatScreen)
    assert (encounter(store)["round"], encounter(store)["turn"]) == (1, "Aria")


@pytest.mark.parametrize("size", SIZES)
async def test_a_fight_by_keyboard(store, make_app, size):
    app = make_app(store)
    async with app.run_test(size=size) as pilot:
        await open_fight(pilot)  # the last initiative begins round 1
        screen = app.screen
        assert (encounter(store)["round"], encounter(store)["turn"]) == (1, "Aria")
        status = screen.query_one("#status", Value)
        assert "Aria" in status.shown and "1" in status.shown
        await pilot.press("s", "m", "w", "e")
        await pilot.pause()
        assert budget(store, "Aria")["standard"] == 1 and budget(store, "Aria")["move"] == 1
        assert budget(store, "Aria")["swift"] == "swift" and budget(store, "Aria")["free"] == 1
        # a second standard action is refused, with the reason on screen
        await pilot.press("s")
        await pilot.pause()
        refusal = screen.query_one("#refusal", Value).shown
        assert "already taken a standard action" in refusal and "o" in refusal
        assert budget(store, "Aria")["standard"] == 1
        # o asks for a reason and forces it; the journal keeps the reason
        await pilot.press("o")
        await type_text(pilot, "haste")
        assert budget(store, "Aria")["standard"] == 2
        assert any(line["kind"] == "override" and "haste" in line["text"]
                   for line in store.state["journal"])
        assert screen.query_one("#refusal", Value).shown == ""
        # undo takes the forced action back
        await pilot.press("u")
        await pilot.pause()
        assert budget(store, "Aria")["standard"] == 1
        # end the turn: the Goblin's; an immediate action for Aria, selected off-turn
        await pilot.press("space")
        await pilot.pause()
        assert encounter(store)["turn"] == "Goblin"
        table = screen.query_one("#combatants", SyncedTable)
        assert table.current_key == "Goblin"  # the cursor follows the turn
        table.move_cursor(row=0)  # Aria
        await pilot.press("i")
        await pilot.pause()
        aria = next(c for c in encounter(store)["combatants"] if c["name"] == "Aria")
        assert aria["borrowed_round"] == 1
        await pilot.press("v")
        await type_text(pilot, "12")
        assert budget(store, "Goblin")["metres_spent"] == 12
        assert budget(store, "Goblin")["move"] == 2


async def test_surprise_round_and_restricted_full_round(store, make_app):
    app = make_app(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_fight(pilot, surprise="Aria")
        screen = app.screen
        assert "surprise" in screen.query_one("#status", Value).shown
        await pilot.press("f")  # refused: restricted
        await pilot.pause()
        assert "no full-round action" in screen.query_one("#refusal", Value).shown
        await pilot.press("g")
        await type_text(pilot, "charge")
        aria = next(c for c in encounter(store)["combatants"] if c["name"] == "Aria")
        assert aria["started"] == {"label": "charge", "round": 1}
        await pilot.press("space")  # round 2: Aria first again (Bram and the Goblin unaware)
        await pilot.pause()
        assert (encounter(store)["round"], encounter(store)["turn"]) == (2, "Aria")
        await pilot.press("g", "enter")  # the pending label is offered
        await pilot.pause()
        assert budget(store, "Aria")["completed"] == "charge"


async def test_only_changed_cells_are_updated(store, make_app):
    app = make_app(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_fight_set_up(pilot)
        table = app.screen.query_one("#combatants", SyncedTable)
        updated: list[tuple[str, str]] = []
        rebuilt: list[bool] = []
        original_update, original_clear = table.update_cell, table.clear

        def spy_update(row_key, column_key, value, **kwargs):
            updated.append((str(row_key), str(value)))
            return original_update(row_key, column_key, value, **kwargs)

        def spy_clear(*args, **kwargs):
            rebuilt.append(True)
            return original_clear(*args, **kwargs)

        table.update_cell, table.clear = spy_update, spy_clear
        await pilot.press("e")  # a free action: one number changes
        await pilot.pause()
        assert not rebuilt
        assert updated == [("Aria", "1")]


async def test_nothing_running(store, make_app):
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f8")
        await pilot.pause()
        assert "No fight" in app.screen.query_one("#status", Value).shown
        await pilot.press("s")  # refused, and the screen stays up
        await pilot.pause()
        assert "no fight is running" in app.screen.query_one("#refusal", Value).shown


async def test_delay_and_ready_by_keyboard(store, make_app):
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_fight_set_up(pilot)  # Aria 18, Goblin 12, Bram 8
        await pilot.press("D")  # Aria delays
        await pilot.pause()
        assert encounter(store)["turn"] == "Goblin"
        table = app.screen.query_one("#combatants", SyncedTable)
        table.move_cursor(row=[str(r.key.value) for r in table.ordered_rows].index("Aria"))
        await pilot.press("A")  # and acts now, before the goblin
        await pilot.pause()
        assert encounter(store)["turn"] == "Aria"
        await pilot.press("y")
        await type_text(pilot, "move: the goblin flees")
        aria = next(c for c in encounter(store)["combatants"] if c["name"] == "Aria")
        assert aria["readied"]["action"] == "move"
        await pilot.press("space")
        await pilot.pause()
        table.move_cursor(row=[str(r.key.value) for r in table.ordered_rows].index("Aria"))
        await pilot.press("T")
        await pilot.pause()
        aria = next(c for c in encounter(store)["combatants"] if c["name"] == "Aria")
        assert "readied" not in aria and aria["initiative"] == 12


async def test_the_metres_follow_a_change_of_speed(store, make_app):
    app = make_app(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_fight_set_up(pilot)  # Aria's turn
        table = app.screen.query_one("#combatants", SyncedTable)
        metres_column = list(table.columns)[COLUMNS.index("Metres")]
        before = table.get_cell("Aria", metres_column)
        assert store.apply("character.set", {"character": "Aria", "field": "exhaustion",
                                             "value": "5"}).ok
        await pilot.pause()
        assert table.get_cell("Aria", metres_column) != before
        assert str(table.get_cell("Aria", metres_column)).endswith("+0")


async def test_a_lair_entry_added_by_keyboard_takes_its_turn(store, make_app):
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_fight_set_up(pilot)  # Aria 18, Goblin 12, Bram 8
        await pilot.press("L")
        await type_text(pilot, "Lair,20,lair actions")
        assert encounter(store)["order"][0] == "Lair"
        table = app.screen.query_one("#combatants", SyncedTable)
        state = list(table.columns)[-1]  # the last, whichever are shown
        assert "lair actions" in table.get_cell("Lair", state)
        await pilot.press("s")  # Lair's turn: it has no actions, and no override is offered
        await pilot.pause()
        shown = app.screen.query_one("#refusal", Value).shown
        assert "Lair is not a creature" in shown and "override" not in shown


async def test_g_takes_a_full_round_action_as_the_single_standard_action(store, make_app):
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_fight_set_up(pilot)  # Aria's turn
        await pilot.press("G")
        await pilot.pause()
        assert budget(store, "Aria")["standard"] == 1 and budget(store, "Aria")["limited"]
        await pilot.press("m")
        await pilot.pause()
        assert budget(store, "Aria")["move"] == 0
        assert "a full-round action taken as a standard action" in \
            app.screen.query_one("#refusal", Value).shown


async def test_the_screen_in_french_with_every_column_legible(store, make_app, french):
    french(store)
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_fight(pilot)
        screen = app.screen
        table = screen.query_one("#combatants", SyncedTable)
        titles = [str(column.label) for column in table.columns.values()]
        assert titles == ["Nom", "Init", "PV", "Simp", "Mvt", "Cplx", "Rap", "Imm",
                          "Pas", "Mètres", "État"]  # the free actions: under the table
        # every column as wide as its title and its widest cell, and 80 columns hold them all
        for column in table.columns.values():
            cells = [str(table.get_cell(row, column.key)) for row in table.rows]
            assert column.width >= max(len(text) for text in [str(column.label), *cells])
        assert sum(column.width for column in table.columns.values()) <= 79
        assert "dépourvu" in [str(table.get_cell("Bram", key)) for key in table.columns][-1]
        await pilot.press("v")
        await type_text(pilot, "4.5")
        assert str(table.get_row("Aria")[-2]) == "4,5/10,5+16,5"  # in full, decimal commas
        assert "10,5 m" in screen.query_one("#detail", Value).shown
        await pilot.press("s", "s")  # the second is refused, in French, with the key to force it
        await pilot.pause()
        refusal = screen.query_one("#refusal", Value).shown
        assert refusal == ("Dernier refus : Aria a déjà pris une action simple ce tour-ci.  "
                           "(o pour forcer)")
        await pilot.press("o")
        await type_text(pilot, "hâte")
        assert budget(store, "Aria")["standard"] == 2
        assert app.t.line(store.state["journal"][-1]).startswith("forcé par le MJ (hâte)")
        await pilot.press("R")  # everyone has an initiative: the key to type one, in French
        await pilot.pause()
        assert screen.query_one("#refusal", Value).shown == (
            "Dernier refus : chaque combattant a déjà une initiative (I saisit l'initiative du "
            "combattant choisi)")
        await pilot.resize_terminal(60, 18)
        await pilot.pause()
        titles = [str(column.label) for column in table.columns.values()]
        assert "État" not in titles and "Lib" not in titles  # said under the table instead
        assert not screen.query_one("#legend", Value).display  # F1's help has it
        assert sum(column.width for column in table.columns.values()) <= 60
        table.move_cursor(row=[str(row.key.value) for row in table.ordered_rows].index("Bram"))
        await pilot.pause()
        assert "pris au dépourvu" in screen.query_one("#detail", Value).shown


async def test_no_fight_refusal_names_the_key_to_start_one_in_french(store, make_app, french):
    french(store)
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f8")
        await pilot.press("s")
        await pilot.pause()
        assert app.screen.query_one("#refusal", Value).shown == (
            "Dernier refus : aucun combat en cours : commencez-en un avec la touche S")


@pytest.mark.parametrize("size", SIZES)
async def test_creatures_added_hurt_and_conditioned_by_keyboard(store, make_app, size):
    """a adds "2 goblins" from the stat blocks; h and one number damages the selected one,
    c gives it a condition; at 0 it is out of the fight; the footer shows both keys."""
    app = make_app(store)
    async with app.run_test(size=size) as pilot:
        await pilot.press("f8")
        await pilot.pause()
        await pilot.press("S")
        await type_text(pilot, "")
        await pilot.press("a")
        await type_text(pilot, "2 goblins")
        fighters = {c["name"]: c for c in encounter(store)["combatants"]}
        assert fighters["Goblin 1"]["max_hit_points"] == 7 and "Goblin 2" in fighters
        screen = app.screen
        table = screen.query_one("#combatants", SyncedTable)
        table.move_cursor(row=2)  # Aria, Bram, Goblin 1
        await pilot.press("h")
        await type_text(pilot, "3")
        goblin = next(c for c in encounter(store)["combatants"] if c["name"] == "Goblin 1")
        assert goblin["hit_points"] == 4
        assert "Goblin 1: Initiative ? (+2), 9 m · HP 4/7, AC 15" in \
            screen.query_one("#detail", Value).shown
        await pilot.press("c")
        await type_text(pilot, "prone")
        goblin = next(c for c in encounter(store)["combatants"] if c["name"] == "Goblin 1")
        assert [e["name"] for e in goblin["conditions"]] == ["prone"]
        await pilot.press("h")
        await type_text(pilot, "zz")  # not understood: the prompt stays, nothing applied
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("h")
        await type_text(pilot, "4")
        goblin = next(c for c in encounter(store)["combatants"] if c["name"] == "Goblin 1")
        assert goblin["hit_points"] == 0 and goblin["out"] is True
        assert str(table.get_row("Goblin 1")[-1]) == "out"  # its state, nothing else
        footer = {binding.key for (_, binding, enabled, _) in screen.active_bindings.values()
                  if binding.show}
        assert {"h", "c"} <= footer


@pytest.mark.parametrize("size", SIZES)
async def test_k_asks_a_roll_of_the_selected_combatant(store, make_app, size):
    """k and "check dex 10" asks the selected goblin's check, its poison's disadvantage in
    the dice; a line that is not a roll stays in the prompt with the reason."""
    app = make_app(store)
    async with app.run_test(size=size) as pilot:
        for op, params in (("combat.start", {}), ("combat.add", {"creature": "goblin"}),
                           ("condition.add", {"character": "Goblin", "condition": "poisoned"})):
            assert store.apply(op, params).ok
        await pilot.press("f8")
        await pilot.pause()
        app.screen.query_one("#combatants", SyncedTable).move_cursor(row=2)
        await pilot.press("k")
        await type_text(pilot, "dance")
        assert isinstance(app.screen, CombatScreen) and app.screen.asking  # it stays open
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen) and not app.screen.asking
        assert not store.state.get("rolls", {}).get("pending")
        await pilot.press("k")
        await type_text(pilot, "check dex 10")
        request = store.state["rolls"]["pending"][-1]
        assert request["rolls"] == [{"who": "Goblin", "expression": "2d20kl1+2", "dc": 10,
                                     "why": request["rolls"][0]["why"]}]
        assert "poisoned" in request["rolls"][0]["why"]


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_combat_asks_its_questions_on_the_bottom_line(store, make_app, french,
                                                           language):
    """The initiative, the metres to move, a creature to add: asked on the screen's bottom
    line in the footer's place, as every screen asks its own (and as the guide says), the
    table in view above; a refused answer stays there with its reason. They opened a
    dialog over the screen."""
    from textual.widgets import Input

    from gm_console.ui.widgets import QuestionLine
    if language == "fr":
        french(store)
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        assert store.apply("combat.start", {}).ok
        await pilot.press("f8")
        await pilot.pause()
        screen = app.screen
        await pilot.press("I")  # the selected combatant's initiative
        await pilot.pause()
        line = screen.query_one(QuestionLine)
        assert app.screen is screen and screen.asking
        assert line.region.bottom == 24 and screen.query_one("#combatants").region.height
        await type_text(pilot, "x")
        assert app.screen is screen and screen.asking  # refused: still asked, with why
        assert line.query_one("#prompt-refusal").display
        line.query_one(Input).value = ""
        await type_text(pilot, "15")
        assert not screen.asking
        assert encounter(store)["combatants"][0]["initiative"] == 15


async def test_the_columns_are_laid_out_and_their_titles_translated_once_for_each_width(
        store, make_app, monkeypatch):
    from gm_console_plugins.combat import screens

    laid_out: list[int] = []
    original = screens.layout

    def counting(width: int) -> list[tuple[int, int]]:
        laid_out.append(width)
        return original(width)
    monkeypatch.setattr(screens, "layout", counting)
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_fight_set_up(pilot)
        assert laid_out == [80]
        await pilot.press("e", "e")  # each key refreshes the screen
        await pilot.pause()
        assert laid_out == [80] and budget(store, "Aria")["free"] == 2
        await pilot.resize_terminal(60, 24)
        await pilot.pause()
        assert laid_out == [80, 60]
