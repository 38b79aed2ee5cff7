"""The TUI driven with key presses, asserting on the session and on what is shown."""

from __future__ import annotations

import contextlib
import tomllib

import pytest

from textual.widgets import Input, Label

from gm_console.ui.screens.character import CharacterScreen, ItemForm
from gm_console.ui.screens.home import HomeScreen
from gm_console.ui.screens.party import PartyScreen
from gm_console.ui.screens.rolls import RollPrompt
from gm_console.ui.widgets import Footer, SyncedTable, Value

SIZE = (80, 24)


def header(app, part: str) -> str:
    """What the session header shows (under any prompt): name, rolls or clock."""
    screen = next(s for s in reversed(app.screen_stack) if not s.is_modal)
    return screen.query_one(f"#header-{part}", Value).shown


def reload_with_settings(store, tmp_path, text: str) -> None:
    """The user's settings.toml holds ``text``; the store's host is loaded again with it."""
    from test_host import write_settings

    from gm_console.host.manager import Host
    write_settings(tmp_path, text)
    store.host = Host().load()


def cells(table: SyncedTable, column: int) -> list[str]:
    return [str(table.get_row_at(i)[column]) for i in range(table.row_count)]


async def test_home_shows_the_first_of_a_big_party_and_says_where_the_rest_is(
        make_app, make_store, french):
    """Home's party box holds seven characters; the others are said under it, with the party
    screen's key, and that screen lists everyone. A change to one of the others is still
    counted; a party that fits says nothing more."""
    store = make_store([{"name": f"Hero{n:02}"} for n in range(10)])
    french(store)
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.screen.query_one("#home-party", SyncedTable)
        assert cells(table, 0) == [f"Hero{n:02}" for n in range(7)]
        status = str(app.screen.query_one("#home-status", Value).shown)
        assert "et 3 de plus dans le groupe : F3 les montre tous" in status
        assert store.apply("character.remove", {"character": "Hero09"}).ok
        await pilot.pause()
        status = str(app.screen.query_one("#home-status", Value).shown)
        assert "et 2 de plus" in status
        await pilot.press("f3")
        await pilot.pause()
        assert len(cells(app.screen.query_one("#party", SyncedTable), 0)) == 9
    small = make_app(make_store([{"name": "Aria"}]))
    async with small.run_test(size=(80, 24)):
        assert "de plus" not in str(small.screen.query_one("#home-status", Value).shown)


async def test_home_shows_party_clock_and_journal(make_app, store):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, HomeScreen)
        assert cells(app.screen.query_one("#home-party", SyncedTable), 0) == ["Aria", "Bram"]
        assert header(app, "clock") == "Day 1, 08:00"
        await pilot.press("plus")
        await pilot.pause()
        assert header(app, "clock") == "Day 1, 08:10"
        tail = str(app.screen.query_one("#journal-tail", Value).shown)
        assert "time passes: 10 min" in tail
        # the footer's keys are clicked as they are pressed
        footer = app.screen.query_one(Footer)
        await pilot.click(Footer, offset=(footer.render().plain.index(" + ") + 1, 0))
        await pilot.pause()
        assert header(app, "clock") == "Day 1, 08:20"


async def test_add_a_character_edit_a_field_and_undo(make_app, store):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3")
        assert isinstance(app.screen, PartyScreen)
        await pilot.press("a")
        await pilot.press(*"Cora", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CharacterScreen)
        assert [c["name"] for c in store.state["characters"]] == ["Aria", "Bram", "Cora"]
        strength = app.screen.query_one("#field-strength", Input)
        strength.focus()
        strength.value = ""
        await pilot.press(*"18/75", "enter")
        await pilot.pause()
        assert store.state["characters"][2]["strength"] == "18/75"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert store.state["characters"][2]["strength"] == 10


async def test_bad_value_shows_what_is_wrong_and_keeps_what_was_typed(make_app, store):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CharacterScreen)
        field = app.screen.query_one("#field-strength", Input)
        field.focus()
        field.value = ""
        await pilot.press(*"18/101", "enter")
        await pilot.pause()
        error = app.screen.query_one("#error-strength", Value).shown
        assert error == "exceptional Strength is written 18/01 to 18/00, not '18/101'"
        assert field.value == "18/101"
        assert store.state["characters"][0]["strength"] == 17
        # The name field refuses a duplicate with the store's own reason.
        name = app.screen.query_one("#field-name", Input)
        name.focus()
        name.value = "bram"  # checked as typed, before enter
        await pilot.pause()
        assert app.screen.query_one("#error-name", Value).shown == \
            "a character named 'Bram' already exists"
        await pilot.press("enter")
        await pilot.pause()
        assert name.value == "bram"
        assert [c["name"] for c in store.state["characters"]] == ["Aria", "Bram"]


async def test_items_are_added_from_the_editor_with_each_field_checked(make_app, store):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3", "enter", "ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, ItemForm)
        await pilot.press(*"rope", "tab", "ctrl+u", "minus", "3")
        await pilot.pause()
        assert app.screen.query_one("#error-weight_lb", Value).shown == \
            "Weight (lb) must be at least 0, not '-3'"
        await pilot.press("enter")  # refused: stays open, nothing lost
        assert isinstance(app.screen, ItemForm)
        assert app.screen.query_one("#field-name", Input).value == "rope"
        await pilot.press("backspace", "backspace", *"10", "tab", "ctrl+u", "2", "enter")
        await pilot.pause()
        assert store.state["characters"][0]["items"] == [
            {"name": "rope", "weight_lb": 10, "qty": 2}]
        assert cells(app.screen.query_one("#items", SyncedTable), 0) == ["rope"]
        assert app.screen.query_one("#carried", Value).shown == "items: 20 lb"


@contextlib.asynccontextmanager
async def rolls_asked(make_app, store, received=None):
    """The console with the dice prompt open on rolls a rule asked of the party (their
    outcomes handed to ``received``)."""
    from test_party import saves_then
    saves_then(store, [] if received is None else received)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        store.apply("test.ask")
        await pilot.pause()
        assert isinstance(app.screen, RollPrompt)
        yield app, pilot


async def test_roll_prompt_appears_and_rolls_for_everyone(make_app, store):
    received = []
    async with rolls_asked(make_app, store, received) as (app, pilot):
        assert "1 rolls waiting" in header(app, "rolls")
        app.screen.query_one("#result-1", Input).value = "20"
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert not isinstance(app.screen, RollPrompt)
        assert received and {o["who"]: o["total"] for o in received[0]["outcomes"]}["Bram"] == 20


async def test_the_french_roll_prompt_says_its_keys_with_french_colons(make_app, store, french):
    french(store)
    async with rolls_asked(make_app, store) as (app, pilot):
        hint = str(app.screen.query_one(".hint", Label).render())
        assert hint.startswith("ctrl+r : Lancer pour tous · ") and hint.endswith(" · esc : plus tard")


async def test_help_lists_every_binding_with_remapped_keys(make_app, store, tmp_path):
    reload_with_settings(store, tmp_path, '[keys]\njournal = "ctrl+j"\n')
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        text = str(app.screen.query_one("#help-text").render())
        line = next(line for line in text.splitlines() if "[journal]" in line)
        assert line.split() == ["^j", "Journal", "[journal]"]
        await pilot.press("escape", "ctrl+j")
        await pilot.pause()
        assert type(app.screen).__name__ == "JournalScreen"


async def test_journal_screen_filters_and_exports(make_app, store, tmp_path):
    store.apply("journal.note", {"text": "Bram found a key", "who": "Bram"})
    app = make_app(store, tmp_path / "caves.toml")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        table = app.screen.query_one("#lines", SyncedTable)
        assert table.row_count == 3
        await pilot.press("c", "c")  # all → Aria → Bram
        await pilot.pause()
        assert cells(table, 3) == ["Bram joins the party", "Bram found a key"]
        await pilot.press("x")  # written on a thread: the key does not wait for it
        await app.workers.wait_for_complete()
        await pilot.pause()
        exported = (tmp_path / "caves.journal.md").read_text()
        assert "Bram found a key" in exported and "Aria joins" not in exported
        assert any("caves.journal.md" in str(n.message) for n in app._notifications)


async def test_a_journal_export_that_cannot_be_written_says_why_and_the_console_goes_on(
        make_app, store, tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    (folder / "caves.journal.md").mkdir()  # a folder where the export would go
    app = make_app(store, folder / "caves.toml")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f4", "x")
        await app.workers.wait_for_complete()
        await pilot.pause()
        said = [str(n.message) for n in app._notifications]
        assert any("cannot export to" in text and "caves.journal.md" in text for text in said)
        await pilot.press("c")  # still answering its keys
        await pilot.pause()
        assert "Aria" in app.screen.query_one("#filters", Value).shown


def long_journal(store, count: int) -> int:
    """``count`` notes added to the store's journal, every other one about Bram; the
    journal's length."""
    state = dict(store.state)
    line = {"day": 1, "second": 0, "real": "", "actor": "gm", "kind": "note", "who": []}
    state["journal"] = [*state["journal"], *({**line, "text": f"note {n}", "who": ["Bram"]
                                              if n % 2 else []} for n in range(count))]
    store.state = state
    return len(state["journal"])


def under_cursor(app) -> str:
    return app.screen.query_one("#line-text", Value).shown


async def test_journal_screen_opens_on_the_latest_page_whatever_the_length(make_app, store):
    from gm_console.ui.screens import journal as journal_screen
    page = journal_screen.PAGE
    total = long_journal(store, 5 * page // 2)
    app = make_app(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        table = app.screen.query_one("#lines", SyncedTable)
        assert table.row_count == page
        assert cells(table, 3)[-1] == f"note {5 * page // 2 - 1}" == under_cursor(app)
        await pilot.press("plus")  # a new line is added to what is shown
        await pilot.pause()
        assert table.row_count == page + 1
        assert under_cursor(app) == f"note {5 * page // 2 - 1}"  # the cursor stays put
        # b: the page before, the cursor on the line just before what was shown; never more
        # than a page in the table, however far back
        first_shown = total + 1 - (page + 1)
        await pilot.press("b")
        await pilot.pause()
        assert table.row_count == page
        assert under_cursor(app) == f"note {first_shown - 1 - (total - 5 * page // 2)}"
        before = cells(table, 3)[0]
        await pilot.press("b", "b")  # the second reaches the start; the third: nothing older
        await pilot.pause()
        assert cells(table, 3)[0] == "Aria joins the party"
        assert cells(table, 3)[-1] == under_cursor(app)  # just before the page it came from
        assert int(before.split()[1]) - 1 == int(under_cursor(app).split()[1])
        assert any("start of the journal" in str(n.message) for n in app._notifications)
        await pilot.press("c", "c")  # Bram: a page of his latest lines again (he has more)
        await pilot.pause()
        assert table.row_count == page
        assert all(text.startswith("note ") for text in cells(table, 3))
        # The line under the cursor, in full below the table, is the row's own, filtered.
        for row in (0, page - 1):
            table.move_cursor(row=row)
            await pilot.pause()
            assert under_cursor(app) == cells(table, 3)[row]


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_the_journal_text_takes_the_width_and_the_table_the_height(make_app, store,
                                                                        french, language):
    """At 80x24 the text column gets what the day and kind columns leave (over 50 cells;
    fixed widths with a who column left it 36, the text names them anyway), and the table
    fills the screen down to the line under the cursor, which sits on the footer (the
    tables' 60% cap left half the screen to that one line)."""
    if language == "fr":
        french(store)
    long_journal(store, 40)
    note = "the party crosses the river at dawn, Bram complaining loudly of the cold water"
    assert store.apply("journal.note", {"text": note}).ok
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        table = app.screen.query_one("#lines", SyncedTable)
        widths = [column.width for column in table.columns.values()]
        assert len(widths) == 3 and widths[-1] >= 50, widths
        assert sum(c.get_render_width(table) for c in table.columns.values()) <= SIZE[0] - 2
        line = app.screen.query_one("#line-text", Value)
        footer = app.screen.query_one(Footer)
        assert line.region.bottom == footer.region.y
        assert table.region.bottom == line.region.y
        assert under_cursor(app) == note


async def test_journal_screen_keys_go_through_the_whole_journal(make_app, store):
    """home and end reach the journal's first and last lines, up and down go on past the
    rows the table holds, page up and down by a screenful; with a filter, through its lines."""
    from gm_console.ui.screens import journal as journal_screen
    page = journal_screen.PAGE
    count = 4 * page
    long_journal(store, count)
    app = make_app(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        table = app.screen.query_one("#lines", SyncedTable)
        await pilot.press("home")
        await pilot.pause()
        assert under_cursor(app) == "Aria joins the party"
        assert table.row_count <= page
        for _ in range(page + 3):
            await pilot.press("down")
        await pilot.pause()
        assert under_cursor(app) == f"note {page + 1}"  # past the first window: 2 lines, then notes
        await pilot.press("up")
        await pilot.pause()
        assert under_cursor(app) == f"note {page}"
        await pilot.press("pagedown")
        await pilot.pause()
        seen = table.scrollable_content_region.height - table.header_height
        assert under_cursor(app) == f"note {page + seen}"
        await pilot.press("pageup", "pageup")
        await pilot.pause()
        assert under_cursor(app) == f"note {page - seen}"
        await pilot.press("end")
        await pilot.pause()
        assert under_cursor(app) == f"note {count - 1}"
        assert table.row_count <= page
        await pilot.press("down")  # nothing after the last line
        await pilot.pause()
        assert under_cursor(app) == f"note {count - 1}"
        await pilot.press("c", "c", "home")  # Bram's first line, then his next ones
        await pilot.pause()
        assert under_cursor(app) == "Bram joins the party"
        await pilot.press("down", "down")
        await pilot.pause()
        assert under_cursor(app) == "note 3"
        await pilot.press("end")
        await pilot.pause()
        assert under_cursor(app) == f"note {count - 1}"
        await pilot.press("k", "k")  # kinds in order: character, note
        await pilot.pause()
        assert "Kind: note" in app.screen.query_one("#filters", Value).shown
        assert cells(table, 3)[-1] == f"note {count - 1}" == under_cursor(app)
        assert table.row_count == page


async def test_a_journal_key_shows_the_line_in_full_with_the_cursor_not_a_frame_later(
        make_app, store):
    """The line under the cursor is shown in full as the key moves the cursor, not when the
    table's RowHighlighted message comes, after the frame: a second frame, a frame later."""
    long_journal(store, 20)
    app = make_app(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        screen = app.screen
        screen.go_by(-5)  # among the rows shown: the table only moves its cursor
        assert under_cursor(app) == "note 14"
        screen.go_by(1)
        assert under_cursor(app) == "note 15"


async def test_an_edit_is_saved_off_the_key_path(make_app, store, tmp_path):
    path = tmp_path / "saved.toml"
    app = make_app(store, path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("plus")
        await pilot.pause()
        assert app.saver.flush()
    assert tomllib.loads(path.read_text())["clock"]["second"] == 8 * 3600 + 600


async def test_french_labels(make_app, store, tmp_path):
    reload_with_settings(store, tmp_path, 'language = "fr"\n')
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        assert header(app, "clock") == "Jour 1, 08:00"
        assert str(app.screen.query(".panel-title").first().render()) == "Dernières lignes du journal"
        assert app.active_bindings["f3"].binding.description == "Groupe"
        await pilot.press("f3")
        await pilot.pause()
        assert app.active_bindings["a"].binding.description == "Ajouter"  # a screen's own key
        assert app.active_bindings["escape"].binding.description == "Retour"


async def test_a_key_press_that_changes_one_value_repaints_only_that_value(make_app, store):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen.query_one("#home-party", SyncedTable)
        updates = []
        original = table.update_cell
        table.update_cell = lambda *a, **k: (updates.append(a), original(*a, **k))
        store.apply("character.set", {"character": "Bram", "field": "exhaustion", "value": "1"})
        await pilot.pause()
        # Only Bram's exhaustion cell changed (no plugin column depends on level 1).
        assert [(str(row), value) for row, _, value in updates] == [("1:Bram", "1")]
        assert table.row_count == 2


async def test_a_plugin_that_raises_is_reported_and_the_console_stays_up(make_app, tmp_path):
    from test_host import boom_store
    store = boom_store(tmp_path)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        store.session.derived(store.session.characters[1])  # boom raises for Bram
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert any("plugin boom switched off" in m and "KeyError" in m for m in messages)
        await pilot.press("plus")
        await pilot.pause()
        assert header(app, "clock") == "Day 1, 08:10"


async def test_a_plugin_switched_off_is_said_in_french_with_its_hook_and_error(make_app, tmp_path):
    """What the plugin did is said in the reader's language; the hook's name and the
    exception are code and stay as they are."""
    from test_host import boom_store, write_settings

    from gm_console.host.manager import Host
    store = boom_store(tmp_path)
    folder = tmp_path / "mine"
    write_settings(tmp_path, f'language = "fr"\n[plugins]\nfolders = ["{folder}"]\n')
    store.host = Host().load()
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        store.session.derived(store.session.characters[1])  # boom raises for Bram
        await pilot.pause()
        messages = [str(n.message) for n in app._notifications]
        said = f"extension boom désactivée : character_derived a échoué : KeyError: 'derived' " \
            f"({folder / 'boom.py'}, line "  # (where it raised)
        assert any(m.startswith(said) for m in messages), messages


async def test_command_palette_offers_every_plugin_screen(make_app, store):
    app = make_app(store)
    async with app.run_test(size=SIZE):
        titles = {command.title for command in app.get_system_commands(app.screen)}
        for spec in store.host.screens.values():
            assert spec.title in titles
        assert {"Dice: roll", "Session: undo"} <= titles


async def test_a_screen_no_key_was_left_for_is_in_the_palette(make_app, store, monkeypatch):
    """More plugin screens than free function keys: those without one are opened from the
    command palette ("palette only", as gm-console plugins says), not left unreachable."""
    from gm_console.host import screen_keys

    monkeypatch.setattr(screen_keys, "PLUGIN_KEYS", ("f5",))
    keyless = screen_keys.plan(store.host).palette_only
    assert keyless  # the other plugin screens have no key
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        commands = {command.title: command for command in
                    app.get_system_commands(app.screen)}
        titles = {spec.id: spec.title for spec in store.host.screens.values()}
        for entry in keyless:
            assert titles[entry.screen_id] in commands
        commands[titles[keyless[0].screen_id]].callback()
        await pilot.pause()
        assert getattr(app.screen, "screen_id", None) == keyless[0].screen_id


async def settings_table(app, pilot) -> tuple[SyncedTable, list[str]]:
    """F9's table of settings, and its rows' keys."""
    await pilot.press("f9")
    await pilot.pause()
    table = app.screen.query_one("#settings", SyncedTable)
    return table, [str(row.key.value) for row in table.ordered_rows]


async def test_the_settings_table_takes_the_terminals_new_width_and_keeps_its_place(
        make_app, store):
    """The setting's name takes what the value and its source leave of the width (42 columns
    at most): a narrower terminal narrows it, a wider one widens it again, the rows and the
    highlighted one as they were."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        table, rows = await settings_table(app, pilot)
        table.move_cursor(row=3)
        await pilot.pause()
        widths = []
        for size in ((60, 24), (100, 30)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            widths.append([column.width for column in table.columns.values()])
            assert [str(row.key.value) for row in table.ordered_rows] == rows
            assert table.cursor_row == 3
        assert widths == [[27, 14, 9], [42, 14, 9]]


async def test_settings_screen_changes_an_interpretation_for_the_campaign(make_app, store):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        table, keys = await settings_table(app, pilot)
        table.move_cursor(row=keys.index("travel.day_figure"))
        await pilot.pause()
        # Explained by its comment in config/travel.toml; enter steps through its choices.
        note = app.screen.query_one("#setting-note", Value).shown
        assert note.startswith("travel.day_figure = last_hour\nRULES.md 1.1 says")
        assert "(last_hour, spread, hourly)" in app.screen.query_one("#setting-hint", Value).shown
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert store.state["plugins"]["travel"]["settings"]["day_figure"] == "hourly"
        row = table.get_row("travel.day_figure")
        assert [str(c) for c in row[1:]] == ["hourly", "campaign"]
        # A true/false setting is switched by enter.
        table.move_cursor(row=keys.index("combat.free_off_turn"))
        await pilot.press("enter")
        await pilot.pause()
        assert store.state["plugins"]["combat"]["settings"]["free_off_turn"] is False
        # Any other value is typed; a refusal keeps what was typed.
        table.move_cursor(row=keys.index("travel.walker_speed_m"))
        await pilot.press("enter", "ctrl+u", *"abc", "enter")
        await pilot.pause()
        assert app.screen.query_one(Input).value == "abc"
        assert str(app.screen.query_one("#prompt-refusal").render())


async def test_why_shows_every_derived_value_with_its_steps(make_app, store):
    from gm_console.ui.screens.prompt import TextView
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, TextView)
        text = str(app.screen.query_one("#text").render())
        assert "speed:" in text and "· base 12 mv (race human)" in text
        assert "encumbrance:" in text and "jump:" in text
        # Formatted, not raw data: words for true/false, a table as a line, no None.
        assert "thresholds: light 77, moderate 110, heavy 143" in text
        assert "can fight: yes" in text
        assert "None" not in text and "True" not in text and "{" not in text
        assert "text fr" not in text
        await pilot.press("escape")
        assert isinstance(app.screen, PartyScreen)


def test_why_in_french(store, tmp_path):
    from gm_console.headless import explain
    from gm_console.text.i18n import Translator
    reload_with_settings(store, tmp_path, 'language = "fr"\n')
    t = Translator("fr", store.host)
    text = "\n".join(explain(store.session.derived(store.state["characters"][0]), t))
    # a decimal comma (14 mv × 0.75), a space before the colon
    assert "peut combattre : oui" in text and "    m : 10,5" in text
    assert "vitesse :" in text and "seuils : léger 77" in text
    assert "      · = 14 mv = 10,5 m par round (× 0,75 m par mv)" in text


async def test_session_screens_replace_each_other_and_escape_goes_home(make_app, store):
    """Textual repaints the whole terminal when a screen under the top one changes: session
    screens must never stack (only prompts go on top)."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        for key in ("f6", "f8", "f3", "enter"):
            await pilot.press(key)
            await pilot.pause()
            assert len(app.screen_stack) == 2  # Textual's blank base and one session screen
        assert isinstance(app.screen, CharacterScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, PartyScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)
        assert app.screen.check_action("back", ()) is False


async def test_a_screen_comes_back_as_it_was_left_and_up_to_date(make_app, store):
    """A screen with a key is kept when another takes its place: back in front, its cursor is
    where it was left, and what changed meanwhile shows at once. Out of sight it does no
    work for a change (a key on one screen never costs the others)."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3", "down")
        party = app.screen
        table = party.query_one("#party", SyncedTable)
        assert table.current_key.endswith("Bram")
        drawn = []
        party.refresh_view = lambda change: drawn.append(change)
        await pilot.press("f2", "+")
        assert store.apply("character.add", {"name": "Cael"}).ok
        await pilot.pause()
        assert drawn == [] and cells(table, 0) == ["Aria", "Bram"]
        del party.refresh_view
        await pilot.press("f3")
        assert app.screen is party and len(app.screen_stack) == 2
        assert cells(table, 0) == ["Aria", "Bram", "Cael"]
        assert table.current_key.endswith("Bram")
        assert header(app, "clock").endswith("08:10")


async def test_a_screen_kept_out_of_sight_fits_a_terminal_resized_meanwhile(make_app, store):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f8")
        combat = app.screen
        await pilot.press("f2")
        await pilot.resize_terminal(60, 18)
        await pilot.pause()
        await pilot.press("f8")
        await pilot.pause()
        assert app.screen is combat
        table = combat.query_one("#combatants", SyncedTable)
        assert 0 < sum(column.width for column in table.columns.values()) <= 60
        assert not combat.query_one("#legend", Value).display  # fewer than 24 lines


async def test_a_kept_screen_takes_a_theme_chosen_while_it_was_out_of_sight(make_app, store):
    from gm_console.ui.widgets import SessionHeader

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3")
        party = app.screen
        dark = party.query_one(SessionHeader).styles.background
        await pilot.press("f2")
        app.theme = "textual-light"
        await pilot.pause()
        light = app.screen.query_one(SessionHeader).styles.background
        assert light != dark
        await pilot.press("f3")
        await pilot.pause()
        assert app.screen is party and party.query_one(SessionHeader).styles.background == light


async def test_a_table_cell_as_wide_as_before_repaints_its_row_only(monkeypatch):
    """DataTable.update_cell repaints the whole table; SyncedTable repaints the changed row
    when nothing moves (a cell of another width within its column's too), and the whole
    table when a column may change width."""
    from textual.app import App
    from textual.widgets import DataTable

    class One(App):
        def compose(self):
            yield SyncedTable(id="t")

    app = One()
    async with app.run_test(size=SIZE) as pilot:
        table = app.query_one(SyncedTable)
        rows = [("a", ["Aria", "4"]), ("b", ["Bram", "7"])]
        table.sync(["Name", "Free"], rows)
        await pilot.pause()
        whole, regions = [], []
        real_refresh, real_region = DataTable.refresh, table._refresh_region
        monkeypatch.setattr(DataTable, "refresh", lambda self, *r, **k: (
            whole.append(r) if not r and not k and self is table else None)
            or real_refresh(self, *r, **k))
        table._refresh_region = lambda region, *a: regions.append(region) or \
            real_region(region, *a)
        table.sync(["Name", "Free"], [("a", ["Aria", "5"]), rows[1]])
        assert whole == [] and len(regions) == 1 and regions[0].height == 1
        assert cells(table, 1) == ["5", "7"]
        table.sync(["Name", "Free"], [("a", ["Aria", "12"]), rows[1]])  # within "Free"
        assert whole == [] and len(regions) == 2 and regions[1].height == 1
        assert cells(table, 1) == ["12", "7"]
        table.sync(["Name", "Free"], [("a", ["Aria", "12345"]), rows[1]])  # wider than it
        assert whole == [()] and cells(table, 1) == ["12345", "7"]


async def test_a_big_party_leaves_the_header_and_the_journal_tail_on_screen(make_app,
                                                                           make_store):
    from gm_console.ui.widgets import SessionHeader
    store = make_store([{"name": f"Hero{n}"} for n in range(40)])
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.query_one(SessionHeader).region.y == 0
        assert screen.max_scroll_y == 0  # nothing pushed off: the table scrolls inside
        tail = screen.query_one("#journal-tail").region
        assert tail.bottom <= SIZE[1] - 1 and tail.height > 0
async def test_tab_out_of_a_field_applies_it_and_a_wrong_value_stays_marked(make_app, store):
    """A field never shows a value the file does not hold without saying so."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3", "enter")
        await pilot.pause()
        strength = app.screen.query_one("#field-strength", Input)
        strength.focus()
        strength.value = ""
        await pilot.press("1", "2", "tab")  # tab, not enter
        await pilot.pause()
        assert store.state["characters"][0]["strength"] == 12
        dexterity = app.screen.query_one("#field-dexterity", Input)
        assert dexterity.has_focus
        dexterity.value = ""
        await pilot.press("x", "tab")
        await pilot.pause()
        row = app.screen.query_one("#row-dexterity")
        assert row.has_class("-unsaved") and "*" in str(row.query_one(Label).render())
        assert store.state["characters"][0]["dexterity"] == 16
        # Enter on another field does not revert the first one.
        await pilot.press("enter")
        await pilot.pause()
        assert strength.value == "12" and store.state["characters"][0]["strength"] == 12
        await pilot.press("escape")  # leaving says what could not be saved
        await pilot.pause()
        assert isinstance(app.screen, PartyScreen)
        assert any("'x'" in n.message for n in app._notifications)


async def test_dice_prompt_shows_its_own_refusal_and_keeps_a_roll_history(make_app, store):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        store.state["journal"] = []  # a new session: nothing in the journal yet
        await pilot.press("d", *"3x", "enter")
        await pilot.pause()
        prompt = app.screen
        assert prompt.query_one(Input).value == "3x"  # kept, to be corrected
        refusal = str(prompt.query_one("#prompt-refusal").render())
        assert "3x" in refusal and not store.state["journal"]
        await pilot.press("ctrl+u", *"1d20+3", "enter", *"2d6", "enter")
        await pilot.pause()
        assert app.screen is prompt and prompt.query_one(Input).value == ""
        history = str(prompt.query_one("#prompt-history").render()).splitlines()
        assert len(history) == 2
        assert history[0].endswith("roll 1d20 (15) + 3 = 18") and "roll 2d6" in history[1]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_the_dice_prompt_asks_the_whole_party_for_a_save(make_app, store):
    """d and "save dex 14" at 80x24: a roll request for each character, exhaustion 3 named;
    a line that starts as one and is not stays in the prompt."""
    assert store.apply("character.set", {"character": "Bram", "field": "exhaustion",
                                         "value": "3"}).ok
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d", *"save 14", "enter")
        await pilot.pause()
        assert "str, dex" in str(app.screen.query_one("#prompt-refusal").render())
        assert not store.state.get("rolls", {}).get("pending")
        await pilot.press("ctrl+u", *"save dex 14", "enter")
        await pilot.pause()
        assert isinstance(app.screen, RollPrompt)  # the game master answers it there
        rows = [str(label.render()) for label in app.screen.query(".roll-row Label")]
        assert rows[0] == "Aria: 1d20+3  DC 14" and "(disadvantage)" in rows[-1]
        asked = store.state["rolls"]["pending"]
        assert [r["who"] for r in asked[-1]["rolls"]] == ["Aria", "Bram"]
        assert asked[-1]["rolls"][1]["expression"] == "2d20kl1"
        assert "exhaustion 3" in asked[-1]["rolls"][1]["why"]


async def test_removing_a_character_asks_first_and_a_refused_name_stays_typed(make_app, store):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3", "x", "n")
        await pilot.pause()
        assert [c["name"] for c in store.state["characters"]] == ["Aria", "Bram"]
        await pilot.press("x", "y")
        await pilot.pause()
        assert [c["name"] for c in store.state["characters"]] == ["Bram"]
        await pilot.press("a", *"bram", "enter")  # taken: refused, the prompt keeps it
        await pilot.pause()
        assert app.screen.query_one(Input).value == "bram"
        assert "already" in str(app.screen.query_one("#prompt-refusal").render())
        await pilot.press("ctrl+u", *"Cora", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CharacterScreen)
        assert [c["name"] for c in store.state["characters"]] == ["Bram", "Cora"]


async def test_home_is_the_tables_dashboard(make_app, store, make_store):
    """Each plugin's line (home_status), waiting rolls, where the session is saved; a new
    session says what to do first."""
    assert store.apply("travel.leg", {"km": "9", "terrain": "road"}).ok
    assert store.apply("combat.start", {}).ok
    for name, value in (("Aria", 15), ("Bram", 4)):
        assert store.apply("combat.initiative", {"combatant": name, "value": value}).ok
    app = make_app(store)
    async with app.run_test(size=(60, 18)) as pilot:
        await pilot.pause()
        status = app.screen.query_one("#home-status", Value).shown
        assert "Travel: normal · on foot · plain · 0/9 km · arrival Day 1, 10:00" in status
        assert "Combat: Round 1 · Turn: Aria · 2 combatants" in status
        assert f"Saved in {app.path}" in status
        assert header(app, "clock") == "Day 1, 08:00"  # in view at 60×18
    empty = make_store([])
    async with make_app(empty).run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = pilot.app.screen.query_one("#home-status", Value).shown
        assert "F3 then a adds a character" in shown


async def test_settings_explained_in_french_where_the_plugin_says_it(make_app, store, tmp_path):
    reload_with_settings(store, tmp_path, 'language = "fr"\n')
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f9")
        await pilot.pause()
        table = app.screen.query_one("#settings", SyncedTable)
        keys = [str(row.key.value) for row in table.ordered_rows]
        table.move_cursor(row=keys.index("combat.free_off_turn"))
        await pilot.pause()
        note = app.screen.query_one("#setting-note", Value).shown
        assert note == "combat.free_off_turn = Oui\nActions libres permises hors de son tour."
        assert [str(c) for c in table.get_row("combat.free_off_turn")[1:]] == ["Oui", "config"]
        assert "entrée : l'activer ou le désactiver" in \
            app.screen.query_one("#setting-hint", Value).shown


async def test_hit_points_and_conditions_typed_on_the_party_screen(make_app, store):
    """h and k ask about the selected character; a line not understood stays on the question
    line with its reason, an understood one is applied."""
    assert store.apply("character.set", {"character": "Aria", "field": "max_hit_points",
                                         "value": "20"}).ok
    assert store.apply("character.set", {"character": "Aria", "field": "hit_points",
                                         "value": "20"}).ok
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3", "h", *"zz", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PartyScreen) and app.screen.asking
        assert app.screen.query_one(Input).value == "zz"
        assert str(app.screen.query_one("#prompt-refusal").render())
        app.screen.query_one(Input).value = ""
        await pilot.press(*"-7 axe", "enter")
        await pilot.pause()
        assert not app.screen.asking
        assert store.state["characters"][0]["hit_points"] == 13
        await pilot.press("k", *"prone", "enter")
        await pilot.pause()
        names = [c.name for c in store.session.conditions(store.state["characters"][0])]
        assert "prone" in names


async def test_the_editor_shows_a_switch_as_yes_or_no_and_switches_it_with_a_key(make_app,
                                                                                   store):
    from gm_console.ui.screens.character import FlagToggle

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3", "enter")
        await pilot.pause()
        bulky = app.screen.query_one("#field-bulky", FlagToggle)
        assert str(bulky.render()) == "No"
        bulky.focus()
        await pilot.press("space")
        await pilot.pause()
        assert store.state["characters"][0]["bulky"] is True
        assert str(bulky.render()) == "Yes"
        await pilot.press("enter")
        await pilot.pause()
        assert store.state["characters"][0]["bulky"] is False
        assert str(bulky.render()) == "No"
        await pilot.press("ctrl+z")  # undo puts it back, and the field follows
        await pilot.pause()
        assert store.state["characters"][0]["bulky"] is True
        assert str(bulky.render()) == "Yes"


async def test_the_french_party_screen_refuses_in_french_naming_its_keys(make_app, store,
                                                                          tmp_path):
    from gm_console.ui.screens.prompt import TextView

    reload_with_settings(store, tmp_path, 'language = "fr"\n')
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3", "h", *"7", "enter")  # Aria has no maximum hit points
        await pilot.pause()
        assert app.screen.asking  # the question stays, with the refusal above it
        refusal = str(app.screen.query_one("#prompt-refusal").render())
        assert refusal.startswith("Aria n'a pas de maximum de points de vie sur sa fiche")
        assert "(entrée ouvre l'éditeur : pv max)" in refusal.replace("\n", " ")
        assert "character.set" not in refusal
        await pilot.press("escape", "k", *"prone", "enter")
        await pilot.pause()
        await pilot.press("k", *"prone", "enter")
        await pilot.pause()
        refusal = str(app.screen.query_one("#prompt-refusal").render()).replace("\n", " ")
        assert "Aria est déjà à terre (pour le changer, retirez-le d'abord : tapez -nom)" \
            in refusal
        # The why box: the speed's steps in French, with decimal commas.
        await pilot.press("escape", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, TextView)
        text = str(app.screen.query_one("#text").render())
        assert "· = 14 mv = 10,5 m par round (× 0,75 m par mv)" in text
        assert "noms : à terre" in text
        assert "· à terre : ajouté par le MJ ; désavantage aux jets d'attaque ; jusqu'à ce " \
            "qu'on le retire" in text


async def test_the_french_editor_shows_decimal_commas_and_oui_or_non(make_app, store, tmp_path):
    from gm_console.ui.screens.character import FlagToggle

    reload_with_settings(store, tmp_path, 'language = "fr"\n')
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3", "enter")
        await pilot.pause()
        height = app.screen.query_one("#field-height_m", Input)
        assert height.value == "1,75"
        height.focus()
        height.value = "1,8"
        await pilot.press("enter")
        await pilot.pause()
        assert store.state["characters"][0]["height_m"] == 1.8
        assert app.screen.query_one("#row-height_m").has_class("-unsaved") is False
        bulky = app.screen.query_one("#field-bulky", FlagToggle)
        assert str(bulky.render()) == "Non"
        bulky.focus()
        await pilot.pause()
        assert app.screen.query_one("#error-bulky", Value).shown == "entrée ou espace : basculer"
        await pilot.press("space")
        await pilot.pause()
        assert str(bulky.render()) == "Oui"
        assert app.screen.query_one("#carried", Value).shown.startswith("objets : ")


async def test_the_party_screen_heals_the_dead_only_when_forced_with_a_reason(make_app, store):
    for field, value in (("max_hit_points", "10"), ("hit_points", "10")):
        assert store.apply("character.set", {"character": "Aria", "field": field,
                                             "value": value}).ok
    assert store.apply("hp.damage", {"character": "Aria", "amount": 20}).data["dead"]
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3", "h", "+", "5", "enter")
        await pilot.pause()
        assert app.screen.asking
        refusal = str(app.screen.query_one("#prompt-refusal").render()).replace("\n", " ")
        assert "override=" not in refusal
        assert "a ! and the reason after the amount: +5 !miracle" in refusal
        await pilot.press("space", "!", *"miracle", "enter")
        await pilot.pause()
        assert not app.screen.asking
        assert store.state["characters"][0]["hit_points"] == 5
        assert any(line["text"].startswith("override by the game master (miracle)")
                   for line in store.state["journal"][-2:])


async def test_every_key_holds_a_save_being_serialised_off_the_repaint(make_app, store):
    app = make_app(store)
    holds = []
    real = app.saver.hold
    app.saver.hold = lambda: holds.append(1) or real()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3", "down")  # keys that change nothing hold it too
        await pilot.pause()
        assert len(holds) == 2


async def test_q_leaves_at_once_not_after_the_wait_for_a_key_to_be_handled(make_app, store,
                                                                           monkeypatch):
    """Each key waits until the one before is handled (at most KEY_HANDLED_WITHIN); once the
    app is leaving, Textual says nothing more is handled, and q waited that long to quit."""
    import asyncio

    from gm_console.ui import app as app_module

    monkeypatch.setattr(app_module, "KEY_HANDLED_WITHIN", 30)
    app = make_app(store)

    async def quit_by_key() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("q")
            while app.is_running:
                await asyncio.sleep(0.01)

    await asyncio.wait_for(quit_by_key(), 15)  # a second or two, under any load, when it works
    assert app.return_code == 0


async def test_keys_typed_in_one_burst_answer_the_question_the_first_one_asks(make_app, store):
    """"i" then "bow, 3, 1" and enter arriving together (a fast typist, a slow SSH link): the
    letters are the answer, not the loads screen's keys b (bulky) and w (armour)."""
    from textual import events

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await pilot.pause()
        for key, character in [("i", "i"), *(({" ": "space", ",": "comma"}.get(c, c), c)
                                             for c in "bow, 3, 1"), ("enter", "\r")]:
            burst = events.Key(key, character)
            burst.set_sender(app)
            app._driver.send_message(burst)  # as the terminal's reader does, all at once
        for _ in range(20):
            await pilot.pause()
            if len(store.state["characters"][0].get("items", [])) == 1:
                break
        assert store.state["characters"][0]["items"] == [
            {"name": "bow", "weight_lb": 3, "qty": 1}]
        assert not store.state["characters"][0].get("bulky")
        assert not app.screen.asking


async def test_a_column_label_is_shown_as_written_not_read_as_markup():
    """A plugin names its own columns: "Load [lb]" keeps its brackets, ":fire:" stays text
    and ESC is shown, not sent. Syncing the same columns again updates the cells in place: the
    table is not rebuilt because a label as shown does not match what the plugin gave."""
    from textual.app import App

    class OneTable(App):
        def compose(self):
            yield SyncedTable()

    app = OneTable()
    columns = ["Name", "Load [lb]", ":fire:", "Odd\x1b"]
    async with app.run_test(size=SIZE) as pilot:
        table = app.query_one(SyncedTable)
        table.sync(columns, [("aria", ["Aria", "12", "x", ""])])
        await pilot.pause()
        assert [str(column.label) for column in table.columns.values()] == \
            ["Name", "Load [lb]", ":fire:", "Odd\u241b"]
        rebuilt = []
        table.clear = lambda columns=False: rebuilt.append(columns)  # the rebuild's first step
        table.sync(columns, [("aria", ["Aria", "13", "x", ""])])
        await pilot.pause()
        assert not rebuilt and cells(table, 1) == ["13"]


async def test_a_screen_that_cannot_draw_a_change_is_an_error_not_a_stale_screen(make_app,
                                                                                  store):
    """Screens hear of a change at once, inside the operation (Textual's immediate signal),
    and Textual logs and ignores what such a listener raises: the screen would go on showing
    the session as it was. The error is raised in the screen's own turn instead."""
    import pytest

    app = make_app(store)
    with pytest.raises(RuntimeError, match="cannot draw"):
        async with app.run_test(size=SIZE) as pilot:
            def broken(change):
                raise RuntimeError("cannot draw")
            app.screen.refresh_view = broken
            assert store.apply("clock.advance", {"minutes": 10}).ok
            await pilot.pause()


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_undoing_a_roll_leaves_the_rolls_waiting_without_the_prompt(
        make_app, store, french, language):
    """The roll undone, its rolls wait again, said in the header; the prompt does not open
    over the screen (its field would take the next ctrl+z as its own undo): that ctrl+z
    undoes the operation before it, and r still opens the prompt."""
    if language == "fr":
        french(store)
    async with rolls_asked(make_app, store) as (app, pilot):
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert not store.state["rolls"]["pending"]
        await pilot.press("ctrl+z")
        await pilot.pause()
        await pilot.pause()
        assert store.state["rolls"]["pending"] and not app.screen.is_modal
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RollPrompt)
        await pilot.press("escape", "ctrl+z")  # undoes test.ask: no rolls left
        await pilot.pause()
        await pilot.pause()
        assert not store.state.get("rolls", {}).get("pending") and not app.screen.is_modal


async def screenshot_from_the_palette(pilot) -> str:
    """The palette's screenshot taken (by its title in the reader's language); what the
    console then says of it, once the file is written (on a thread) or has failed."""
    app = pilot.app
    before = {n.identity for n in app._notifications}  # an earlier screenshot's is not this one's
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*app.t("Screenshot"))
    await pilot.pause()
    await pilot.press("enter")
    for _ in range(50):  # Textual takes it after a timer, then writes it on a thread
        await pilot.pause(0.1)
        said = [n for n in app._notifications
                if n.title == app.t("Screenshot") and n.identity not in before]
        if said:
            return said[-1].message
    raise AssertionError("nothing said of the screenshot")


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_the_palettes_screenshot_goes_where_it_can_and_says_where_in_words(
        make_app, store, french, language, tmp_path, monkeypatch):
    """With no Downloads folder (a server's account) the screenshot goes beside the session
    file, as the journal's export does, and the console names the file in plain words (it
    showed Textual's "[$text-success]" markup). Where it cannot be written it says why and
    where (Textual said only "Failed to save screenshot"), in the reader's language."""
    from gm_console.ui import app as app_module
    if language == "fr":
        french(store)
    import textual.app
    for module in (app_module, textual.app):  # Textual's, the console's
        monkeypatch.setattr(module, "user_downloads_path", lambda: tmp_path / "Downloads",
                            raising=False)
    (tmp_path / "table").mkdir()
    app = make_app(store, tmp_path / "table" / "session.toml")
    async with app.run_test(size=SIZE) as pilot:
        said = await screenshot_from_the_palette(pilot)
        shots = list((tmp_path / "table").glob("*.svg"))
        assert len(shots) == 1 and str(shots[0]) in said and "[" not in said, said
        assert said.startswith("screenshot saved to" if language == "en"
                               else "capture d'écran enregistrée dans")
        monkeypatch.setattr(app, "screenshot_folder", lambda: tmp_path / "gone")
        said = await screenshot_from_the_palette(pilot)
        assert str(tmp_path / "gone") in said and "No such file or directory" in said, said
        assert said.startswith("cannot save the screenshot" if language == "en"
                               else "impossible d'enregistrer la capture d'écran")


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_the_why_box_and_the_inventory_speak_the_readers_language(make_app, store,
                                                                        french, language):
    """The party's "why" names a hit points value's parts in French too ("current / max /
    effective max / temp" stayed English), and the editor's inventory writes a weight with
    the decimal comma every other French screen uses (it showed 0.1 lb)."""
    from gm_console.ui.screens.prompt import TextView
    if language == "fr":
        french(store)
    assert store.apply("character.set", {"character": "Aria", "field": "max_hit_points",
                                         "value": "22"}).ok
    assert store.apply("item.add", {"character": "Aria", "name": "string",
                                    "weight_lb": "0.1"}).ok
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, TextView)
        words = [line.split(":")[0].strip() for line in app.screen.text.splitlines()]
        parts = (["current", "max", "effective max", "temp"] if language == "en" else
                 ["actuels", "max", "max effectif", "temporaires"])
        at = words.index(parts[0])
        assert words[at:at + 4] == parts, words[at:at + 4]
        await pilot.press("escape", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CharacterScreen)
        weights = cells(app.screen.query_one("#items", SyncedTable), 1)
        assert ("0.1" if language == "en" else "0,1") in weights, weights


def contrast(style) -> float:
    """The WCAG contrast ratio of a drawn cell's text against its background (1 to 21)."""
    def luminance(color) -> float:
        def channel(value: int) -> float:
            c = value / 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
        red, green, blue = color.get_truecolor()
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    light, dark = sorted((luminance(style.color), luminance(style.bgcolor)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_an_empty_result_field_reads_as_a_field_that_rolls(make_app, store, french,
                                                                 language):
    """Each empty result field of the roll prompt shows, legibly, that it rolls when left
    empty: its placeholder drawn in text that stands out from the field (the focused field
    was an orange bar, its dim "roll" lost in it), and every field, focused or not, drawn
    on a background of its own, so that the rows show where a result is typed."""
    if language == "fr":
        french(store)
    async with rolls_asked(make_app, store) as (app, pilot):
        fields = list(app.screen.query(Input))
        for field in fields:
            field.cursor_blink = False
        await pilot.pause()
        strips = app.screen._compositor.render_strips()
        dialog = app.screen.query_one("Vertical").styles.background.rich_color
        placeholder = app.t("roll")
        for field in fields:
            cells, x = [], 0  # the segments drawn in the field's cells
            for segment in strips[field.region.y]:
                if field.region.x <= x < field.region.right:
                    cells.append(segment)
                x += segment.cell_length
            drawn = "".join(segment.text for segment in cells)
            assert placeholder in drawn, (field.id, drawn)
            worst = min(contrast(segment.style) for segment in cells
                        if segment.text.strip() and not segment.style.reverse)
            assert worst >= 4.5, (field.id, worst)
            assert all(segment.style.bgcolor != dialog for segment in cells), field.id


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_a_form_typed_ahead_in_one_burst_keeps_its_tabs(make_app, store, french,
                                                              language):
    """ctrl+n, a name, tab, a weight, tab, a quantity and enter arriving in one read (over
    SSH keys come in bursts): each tab moves to the next field before the next key is typed,
    and the enter comes last. Run once the key had bubbled up to the app, the tabs queued
    behind the enter: one field got "rations110"."""
    from textual import events
    if language == "fr":
        french(store)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CharacterScreen)
        keys = [("ctrl+n", None), *((c, c) for c in "rations"), ("tab", "\t"), ("1", "1"),
                ("tab", "\t"), ("1", "1"), ("0", "0"), ("enter", "\r")]
        for key, character in keys:
            app.post_message(events.Key(key, character))
        for _ in range(10):
            await pilot.pause()
        assert isinstance(app.screen, CharacterScreen)
        assert store.state["characters"][0]["items"] == [
            {"name": "rations", "weight_lb": 1, "qty": 10}]


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_the_editor_goes_to_a_part_of_the_sheet_in_two_keys(make_app, store, french,
                                                                  language):
    """ctrl+g then a part's number goes to its first field: hit points in two keys, not
    eighteen tabs. Typed in one burst with the value, the value lands in hit points; a
    letter typed while it asks is neither typed in a field nor one of the app's keys; up and
    down go from field to field."""
    from textual import events
    if language == "fr":
        french(store)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3", "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CharacterScreen) and screen.focused.id == "field-name"
        await pilot.press("ctrl+g")
        await pilot.pause()
        line = str(screen.query_one("#jump").render())
        assert ("5 hit points" if language == "en" else "5 points de vie") in line
        await pilot.press("q")  # neither typed nor quitting: back to the name
        await pilot.pause()
        assert app.is_running and screen.focused.id == "field-name"
        assert screen.query_one("#field-name", Input).value == "Aria"
        for key, character in [("ctrl+g", None), ("5", "5"), ("2", "2"), ("2", "2"),
                               ("enter", "\r")]:
            app.post_message(events.Key(key, character))
        for _ in range(5):
            await pilot.pause()
        assert store.state["characters"][0]["hit_points"] == 22
        assert store.state["characters"][0]["name"] == "Aria"
        await pilot.press("down")
        await pilot.pause()
        assert screen.focused.id == "field-max_hit_points", screen.active_bindings.keys()
        await pilot.press("up", "up")
        assert screen.focused.id == "field-bulky"
        assert not screen.query_one("#jump").display


async def test_the_theme_chosen_in_the_palette_is_the_next_consoles_and_theme_overrides_it(
        make_app, store, tmp_path):
    from gm_console.files import theme_choice

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        assert app.theme != "nord"
        app.theme = "nord"  # what the palette's "Change theme" does
        await pilot.pause()
    assert theme_choice.saved() == "nord"
    again = make_app(store)
    async with again.run_test(size=SIZE):
        assert again.theme == "nord"
    chosen = make_app(store, theme="gruvbox")  # --theme
    async with chosen.run_test(size=SIZE):
        assert chosen.theme == "gruvbox"
    assert theme_choice.saved() == "nord"  # --theme is for this console, not kept


async def test_a_theme_that_cannot_be_kept_says_so_and_the_console_goes_on(make_app, store,
                                                                          tmp_path,
                                                                          monkeypatch):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")
    monkeypatch.setenv("GM_CONSOLE_DATA_DIR", str(blocked))
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        app.theme = "nord"
        await pilot.pause()
        assert any("theme is not kept" in str(n.message) for n in app._notifications)
        assert app.theme == "nord"


async def test_the_palette_offers_what_the_screen_can_do_and_runs_it(make_app, store):
    """A screen's keys are commands of the palette, found by name: on the loads screen,
    "Item (i)" asks for the item as its key does."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await pilot.pause()
        commands = {command.title: command for command in
                    app.get_system_commands(app.screen)}
        add = commands["Item (i)"]
        assert add.help == "this screen"
        add.callback()
        await pilot.pause()
        from gm_console.ui.widgets.question_line import QuestionLine
        assert app.screen.query_one(QuestionLine).asking
        await pilot.press("escape")
        await pilot.press("f3")
        await pilot.pause()
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert "Item (i)" not in titles  # the loads screen's, not the party's
        assert "Cursor up (up)" not in titles  # the table's own keys are not commands
