"""The loads screen (key e) driven with Pilot, and the bar drawing on its own."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from textual.widgets import Input

from gm_console.contract.session import Session
from gm_console.ui import SyncedTable, Value
from gm_console_plugins.encumbrance import bar, rules

SIZE = (100, 30)
TABLE = tomllib.loads((Path(__file__).resolve().parents[2] / "gm_console_config" / "encumbrance.toml")
                      .read_text(encoding="utf-8"))


def shown(app, name: str) -> str:
    return app.screen.query_one(f"#enc-{name}", Value).shown


def cell(app, row: int, column: int) -> str:
    table = app.screen.query_one("#enc-table", SyncedTable)
    return str(table.get_row_at(row)[column])


@pytest.fixture
def aria_store(make_store):
    return make_store([{"name": "Aria", "strength": 17, "dexterity": 16,
                        "armour": "chain mail", "armour_weight_lb": 40,
                        "items": [{"name": "gear", "weight_lb": 80}]},
                       {"name": "Bram", "race": "dwarf", "strength": "18/50"}])


async def test_screen_shows_load_effects_and_speed(make_app, aria_store):
    app = make_app(aria_store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        assert cell(app, 0, 1) == "120 / 220 lb" and cell(app, 0, 2) == "moderate"
        assert cell(app, 0, 3) == "7 mv / 5.25 m"
        assert "carried 120 lb, most allowed 220 lb" in shown(app, "title")
        assert shown(app, "effects") == "moderate: 1/2 speed, -1 to hit"
        assert shown(app, "change") == "23 lb more: heavy · more than 10 lb less: light"
        assert "slowest limit wins: 7 mv" in shown(app, "speed")
        await pilot.press("down")
        assert "Bram — Strength 18/50" in shown(app, "title")


async def test_adding_an_item_updates_live_and_repaints_only_what_changed(make_app, aria_store):
    app = make_app(aria_store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        armour = app.screen.query_one("#enc-armour", Value)
        repaints = []
        original = armour.update
        armour.update = lambda *a, **k: (repaints.append(a), original(*a, **k))
        await pilot.press("i")
        for key in "anvil, 23, 1":
            await pilot.press("space" if key == " " else ("comma" if key == "," else key))
        await pilot.press("enter")
        await pilot.pause()
        assert aria_store.state["characters"][0]["items"][-1]["name"] == "anvil"
        assert cell(app, 0, 2) == "heavy" and cell(app, 0, 3) == "4 mv / 3 m"
        assert shown(app, "change").startswith("33 lb more: critical")
        assert repaints == []          # the armour line did not change: not repainted


async def test_an_answered_question_rebuilds_the_footer_once_with_the_screens_keys(
        make_app, aria_store):
    """As the question closes, the focus comes back and Textual tells of the change twice:
    the footer is rebuilt once, and shows the screen's keys again."""
    from gm_console.ui.widgets import Footer

    app = make_app(aria_store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        footer = app.screen.query_one(Footer)
        rebuilt = []
        original = footer._rebuild
        footer._rebuild = lambda: (rebuilt.append(footer.covered), original())
        await pilot.press("i", *"anvil", "comma", "2", "3")
        rebuilt.clear()
        await pilot.press("enter")
        for _ in range(3):
            await pilot.pause()
        assert aria_store.state["characters"][0]["items"][-1]["name"] == "anvil"
        assert rebuilt == [False]
        assert " i Item " in footer.render().plain


async def test_a_french_weight_with_a_decimal_comma_is_read_between_semicolons(
        make_app, aria_store, french):
    french(aria_store)
    app = make_app(aria_store)
    typed = {" ": "space", ",": "comma", ";": "semicolon"}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5", "i", *(typed.get(key, key) for key in "corde, 1,5, 2"), "enter")
        await pilot.pause()
        line = app.screen.query_one("QuestionLine")
        assert line.asking and "trois champs, pas 4" in str(
            line.query_one("#prompt-refusal").render())
        assert aria_store.state["characters"][0]["items"][-1]["name"] == "gear"  # nothing added
        await pilot.press("ctrl+u", *(typed.get(key, key) for key in "corde ; 1,5 ; 2"),
                          "enter")
        await pilot.pause()
        assert aria_store.state["characters"][0]["items"][-1] == {
            "name": "corde", "weight_lb": 1.5, "qty": 2}


async def test_bulky_key_and_undo(make_app, aria_store):
    app = make_app(aria_store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5", "b")
        assert aria_store.state["characters"][0]["bulky"] is True
        assert cell(app, 0, 2) == "heavy" and "bulky" in shown(app, "title")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert cell(app, 0, 2) == "moderate"


async def test_speed_adjustment_needs_a_reason(make_app, aria_store):
    app = make_app(aria_store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5", "a", "4", "enter")
        await pilot.pause()
        assert "speed_adjust_mv" not in aria_store.state["characters"][0]   # refused
        # The prompt stays open with what was typed and why it was refused.
        assert app.screen.query_one(Input).value == "4"
        assert "reason" in str(app.screen.query_one("#prompt-refusal").render())
        await pilot.press("comma", "space", "h", "a", "s", "t", "e", "enter")
        await pilot.pause()
        assert aria_store.state["characters"][0]["speed_adjust_reason"] == "haste"
        assert "+4 mv: manual: haste" in shown(app, "speed")


async def test_bad_strength_shows_the_reason(make_app, aria_store):
    aria_store.state["characters"][0]["strength"] = "18/101"
    app = make_app(aria_store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        assert "18/101" in shown(app, "title") and cell(app, 0, 2) == "error"


async def test_a_setting_changed_reassesses_the_rows_though_no_character_changed(make_app,
                                                                                   make_store):
    """The screen keeps each character's assessment while the character object is the same;
    a campaign setting is read by the assessment too."""
    store = make_store([{"name": "Aria", "strength": 17, "bulky": True,
                         "items": [{"name": "gear", "weight_lb": 210}]}])
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await pilot.pause()
        assert cell(app, 0, 2) == "maximal"  # bulky: one up, but not past the maximal
        character = store.state["characters"][0]
        assert store.apply("settings.set", {"plugin": "encumbrance",
                                            "key": "bulky_can_pass_maximal",
                                            "value": "true"}).ok
        await pilot.pause()
        assert store.state["characters"][0] is character
        assert cell(app, 0, 2) == "over" and shown(app, "effects").startswith("over")


async def test_an_item_added_in_a_big_party_assesses_that_character_alone(make_app,
                                                                          make_store,
                                                                          monkeypatch):
    store = make_store([{"name": f"Hero{n:02}", "strength": 17,
                         "items": [{"name": "rope", "weight_lb": 10}]} for n in range(30)])
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await pilot.pause()
        assessed, asked = [], []
        real = rules.assess
        monkeypatch.setattr(rules, "assess", lambda character, table, settings: (
            assessed.append(character.get("name")), real(character, table, settings))[1])
        real_speed = Session.speed
        monkeypatch.setattr(Session, "speed", lambda session, character: (
            asked.append(character.get("name")), real_speed(session, character))[1])
        assert store.apply("item.add", {"character": "Hero07", "name": "torch",
                                        "weight_lb": "1"}).ok
        await pilot.pause()
        assert cell(app, 7, 1) == "11 / 220 lb" and cell(app, 6, 1) == "10 / 220 lb"
        # its row, its speed and derived values: never the 29 others
        assert assessed and set(assessed) == {"Hero07"}, assessed
        # nor their kept values asked for (and copied) again: each row is kept as it is shown;
        # the detail below the table is the selected character's (the first)
        assert set(asked) <= {"Hero07", "Hero00"}, asked


# -- the bar ------------------------------------------------------------------------------------

def enc(lb, strength=17):
    return rules.assess({"strength": strength, "items": [{"name": "x", "weight_lb": lb}]},
                        TABLE, dict(TABLE["settings"]))


def test_bar_marks_thresholds_at_their_weight():
    drawn = bar.draw(enc(120), 44)                 # 220 lb over 44 cells: 5 lb a cell
    assert drawn.marks == " " * 15 + "L" + " " * 6 + "M" + " " * 6 + "H" + " " * 5 + "C" \
        + " " * 6 + "X" + " | 220"
    assert "".join(cells for cells, _, _ in drawn.runs) == "█" * 24 + "░" * 20
    assert drawn.legend.startswith("L light 77  M moderate 110")


def test_bar_cells_belong_to_their_category():
    drawn = bar.draw(enc(0), 44)
    owners = [(category, len(cells)) for cells, category, _ in drawn.runs]
    assert owners == [("unencumbered", 15), ("light", 7), ("moderate", 7), ("heavy", 6),
                      ("critical", 7), ("maximal", 2)]


def test_over_the_maximum_is_always_visible():
    drawn = bar.draw(enc(221), 44)
    assert drawn.runs[-1][1] == "over" and drawn.runs[-1][2] is True


async def test_a_held_load_is_shown_and_put_down(make_app, aria_store):
    assert aria_store.apply("encumbrance.lift", {"character": "Aria", "load_lb": 240}).ok
    assert aria_store.apply("roll.resolve", {"results": "Aria=2"}).ok
    app = make_app(aria_store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        assert "holding 240 lb over the maximum, 0 round(s)" in shown(app, "holding")
        await pilot.press("u")
        await pilot.pause()
        assert shown(app, "holding") == ""
        assert aria_store.state["plugins"]["encumbrance"]["holding"] == []


async def test_the_armour_key_asks_what_the_armour_plugin_says_and_applies_its_operation(
        make_app, aria_store):
    """w on the loads screen: the question and the operation come from the armour plugin
    (the worn_prompt hook this plugin declares); a bad answer stays on the question line."""
    from textual.widgets import Input

    from gm_console_plugins.encumbrance.screens import EncumbranceScreen

    app = make_app(aria_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f5", "w")
        await pilot.pause()
        assert isinstance(app.screen, EncumbranceScreen) and app.screen.asking
        app.screen.query_one(Input).value = "mithral shirt, 10, no"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.asking  # not in the table: refused, text kept
        assert app.screen.query_one(Input).value == "mithral shirt, 10, no"
        assert str(app.screen.query_one("#prompt-refusal").render())
        app.screen.query_one(Input).value = "mithral shirt!, 10, no"
        await pilot.press("enter")
        await pilot.pause()
        assert not app.screen.asking
        aria = aria_store.state["characters"][0]
        assert (aria["armour"], aria["armour_weight_lb"]) == ("mithral shirt", 10)


async def test_the_loads_screen_in_french(make_app, aria_store, french):
    french(aria_store)
    app = make_app(aria_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f5")
        await pilot.pause()
        assert cell(app, 0, 2) == "modéré" and cell(app, 0, 3) == "7 mv / 5,25 m"
        assert shown(app, "effects") == "modéré : 1/2 de la vitesse, -1 au toucher"
        assert shown(app, "change") == "23 lb de plus : important · plus de 10 lb de moins : léger"
        assert shown(app, "speed").startswith("Vitesse 7 mv / 5,25 m :\n")
        await pilot.press("u")  # nothing held: the refusal in French
        await pilot.pause()
        assert "Aria ne tient pas de charge au-delà du maximum" in [
            str(n.message) for n in app._notifications]


async def test_an_item_added_looks_up_no_widget_of_the_screen_nor_of_its_question(
        make_app, aria_store, monkeypatch):
    """The loads screen keeps its table and the detail's lines, the question line its field,
    label, refusal line and the footer, and the screen its question line, as made: the
    answer's refresh of the table and the nine lines, the line closing and the footer's
    rebuild (which asks the screen whether it is asking, once for each key) query nothing.
    Looked up each time, an answer made 13 queries and 10 scans of the screen's children."""
    import sys

    from textual.dom import DOMNode

    from gm_console.ui.base import StoreScreen

    looked: list[str] = []
    query_one, children = DOMNode.query_one, StoreScreen.children
    monkeypatch.setattr(DOMNode, "query_one", lambda node, *a, **k: (
        looked.append(f"query_one{a}"), query_one(node, *a, **k))[1])
    monkeypatch.setattr(StoreScreen, "children", property(lambda screen: (
        sys._getframe(1).f_code.co_name == "asking" and looked.append("asking's scan"),
        children.fget(screen))[1]))
    app = make_app(aria_store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5", "i", *"torch, 1, 1")
        await pilot.pause()
        assert app.screen.asking
        looked.clear()
        await pilot.press("enter")
        await pilot.pause()
        assert not app.screen.asking and looked == []
        assert aria_store.state["characters"][0]["items"][-1]["name"] == "torch"
        assert cell(app, 0, 1) == "121 / 220 lb" and "carried 121 lb" in shown(app, "title")
