"""Keys: every screen reachable from every screen by its function key, every binding of every
screen reachable (nothing in front of it takes its key), labelled in both languages and listed
in the help, and no screen action on a navigation key or on one of the app's own."""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual.binding import Binding
from textual.widgets import Input, Static

from gm_console.text.i18n import Translator
from gm_console.ui.base import StoreScreen
from gm_console.host.global_keys import global_keys
from gm_console.ui.navigation import bar_text, nav_entries
from gm_console.ui.screens.character import CharacterScreen
from gm_console.ui.screens.help import TEXTUAL

SIZE = (80, 24)
EXPECTED = ["home", "party", "journal", "encumbrance.loads", "travel.planner",
            "movement.calculator", "combat.tracker", "settings", "requests", "help"]


async def each_screen(pilot):
    """Open every screen in turn (and the character editor); yields each once in front."""
    app = pilot.app
    for entry in app.nav_entries:
        await pilot.press(entry.key)
        await pilot.pause()
        yield app.screen
    await pilot.press("f3", "enter")
    await pilot.pause()
    assert isinstance(app.screen, CharacterScreen)
    yield app.screen


def own_bindings(screen: StoreScreen):
    return [(key, binding) for key, binding in screen._bindings
            if binding.action not in TEXTUAL and binding.action != "back"]


def test_every_built_in_screen_has_a_function_key(host):
    entries = nav_entries(host, str)
    assert [e.screen_id for e in entries] == EXPECTED
    assert [e.key for e in entries] == ["f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f12",
                                        "f1"]


def test_the_screen_bar_fits_and_always_shows_every_key(host):
    entries = nav_entries(host, Translator("fr", host))
    for width in (120, 80, 60):
        text = bar_text(entries, "combat.tracker", width)
        assert text.cell_len <= width
        assert all(f"F{n}" in text.plain for n in range(1, 10))
    assert "F8 Combat" in bar_text(entries, "combat.tracker", 120).plain


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_at_80x24_the_bar_and_every_footer_show_each_label_whole(
        make_app, store, tmp_path, language):
    """No label cut at 80 columns, in either language: the bar names every screen (help's
    key is on the footer's right), and a footer shows a key with all it says or leaves it
    out (the help lists it)."""
    from test_app import reload_with_settings

    from gm_console.ui.widgets import Footer
    from gm_console.ui.widgets.screen_bar import ScreenBar

    reload_with_settings(store, tmp_path, f'language = "{language}"\n')
    app = make_app(store)
    problems: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        async for screen in each_screen(pilot):
            name = type(screen).__name__
            bar = str(screen.query_one(ScreenBar).render())
            problems += [f"{name}: the bar cuts {entry.label!r}: {bar}"
                         for entry in app.nav_entries
                         if entry.screen_id != "help" and entry.label not in bar]
            footer = screen.query_one(Footer)
            line = footer.render().plain
            assert footer.size.width == 80 and len(line) <= 80
            for start, end, shown in footer._spans:
                if shown.description not in line[start:end]:
                    problems.append(f"{name}: the footer cuts {shown.description!r}: {line}")
            if screen.nav_id != "help" and f"F1 {app.t('Help')}" not in line:
                problems.append(f"{name}: no help key in the footer: {line}")
            if isinstance(screen, CharacterScreen):
                break
    assert not problems, "\n".join(problems)


def test_a_plugin_screen_asking_for_a_taken_key_gets_the_next_free_one(host):
    from dataclasses import replace

    spec = next(iter(host.screens.values()))
    host.screens["extra.one"] = replace(spec, id="extra.one", key="f5")  # f5 is taken
    host.screens["extra.two"] = replace(spec, id="extra.two", key="x")   # not a function key
    keys = {e.screen_id: e.key for e in nav_entries(host, str)}
    assert keys["extra.one"] == "f10" and keys["extra.two"] == "f11"
    assert len(set(keys.values())) == len(keys)


def every_move(screens: list[str]) -> list[tuple[str, str]]:
    """Every ordered pair of screens (a screen's own key included) as one walk starting at the
    first, each pair once: a screen's key pressed from every screen, one key press per pair
    instead of two (Hierholzer's circuit of the complete graph, loops included)."""
    unused = {source: list(reversed(screens)) for source in screens}
    stack, circuit = [screens[0]], []
    while stack:
        here = stack[-1]
        if unused[here]:
            stack.append(unused[here].pop())
        else:
            circuit.append(stack.pop())
    circuit.reverse()
    return list(zip(circuit, circuit[1:]))


def test_the_walk_presses_every_screens_key_from_every_screen_once(host):
    screens = [e.screen_id for e in nav_entries(host, str)]
    moves = every_move(screens)
    assert sorted(moves) == sorted((a, b) for a in screens for b in screens)
    assert all(a[1] == b[0] for a, b in zip(moves, moves[1:]))  # one walk


async def test_every_screen_is_reachable_from_every_screen(make_app, store):
    # One walk, one console: the screens are kept once built (a switch back to one costs a
    # tenth of building it), so parts of the walk in parallel tests would each build them all.
    app = make_app(store)
    keys = {e.screen_id: e.key for e in app.nav_entries}
    moves = every_move(list(keys))
    async with app.run_test(size=SIZE) as pilot:
        for source, target in moves:
            assert app.screen.nav_id == source
            await pilot.press(keys[target])
            await pilot.pause()
            assert app.screen.nav_id == target, f"{keys[target]} from {source}"


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_every_screens_own_keys_are_free_reachable_labelled_and_in_its_help(
        make_app, store, tmp_path, language):
    """One walk over every screen per language (building the screens is most of what a walk
    costs), and on each, for each of its own keys: no navigation or app key is bound to a
    screen action; nothing in front of the screen takes the key; it says what it does, in the
    French table too (the same word may stand: "Journal"); and the help opened from the
    screen lists it before the keys of every screen."""
    from test_app import reload_with_settings

    reload_with_settings(store, tmp_path, f'language = "{language}"\n')
    french = Translator("fr", store.host)
    app = make_app(store)
    taken = {e.key for e in app.nav_entries} | set(global_keys(store.host.keymap))
    problems: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        async for screen in each_screen(pilot):
            name = type(screen).__name__
            own = own_bindings(screen)
            problems += [f"{name} binds {key} ({b.action}), a navigation or app key"
                         for key, b in own if key in taken]
            app.set_focus(None)  # the keys as the screen hears them, no field in front
            await pilot.pause()
            active = app.active_bindings
            for key, binding in own:
                if not binding.description.strip():
                    problems.append(f"{key} on {name} says nothing")
                if key not in active or active[key].binding.action != binding.action:
                    taker = active[key].binding.action if key in active else "nothing"
                    problems.append(f"{key} on {name} is taken by {taker}")
                source = next((b.description for b in _class_bindings(type(screen))
                               if b.action == binding.action), binding.description)
                if (language == "fr" and any(c.isalpha() for c in source)
                        and source not in french.table):
                    problems.append(f"{name} {key} {source!r} has no French")
            if screen.nav_id == "help":
                continue
            await pilot.press("f1")
            await pilot.pause()
            lines = help_text(app).splitlines()
            listed = "\n".join(lines[:lines.index(app.t("Screens (from every screen)"))])
            problems += [f"the help from {name} does not list {b.description!r} first"
                         for _, b in own if b.description not in listed]
            # each key as the footer prints it, never Textual's name ("left_square_bracket")
            problems += [f"the help from {name} names a key {line.split()[0]!r}"
                         for line in lines if re.match(r"\S*[a-z]_[a-z]", line)]
            if isinstance(screen, CharacterScreen):
                break
            # no escape back: the next screen's key works from help as from anywhere (the
            # reachability test says so), one screen switch fewer per screen
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_help_and_footer_print_a_key_the_same_as_people_read_it(make_app, store,
                                                                     french, language):
    """The travel planner's hours a day are on [ and ]: F1 says so, not
    "left_square_bracket", and prints every key as the footer does (del, not delete)."""
    from gm_console.ui.navigation import key_label
    if language == "fr":
        french(store)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        planner = app.screen
        footer = {key: app.get_key_display(binding) for key, binding in planner._bindings}
        await pilot.press("f1")
        await pilot.pause()
        lines = help_text(app).splitlines()
        fewer = app.t("Fewer hours a day")
        assert any(line.split(fewer)[0].strip() == "[" for line in lines if fewer in line)
        assert footer["left_square_bracket"] == "[" and footer["right_square_bracket"] == "]"
        assert key_label("delete") == app.get_key_display(Binding("delete", "x")) == "del"


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_a_key_on_two_keys_is_said_the_same_in_the_footer_and_the_hint(
        make_app, store, french, language):
    """The party's remove and the settings' reset are on x and delete: the footer says x,
    as the screen's hint does (it said "del Remove" beside "x remove")."""
    from gm_console.ui.widgets import Footer
    if language == "fr":
        french(store)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        for key, action, hint in (("f3", "remove", app.t("x remove")),
                                  ("f9", "reset", "x" + app.t(": "))):
            await pilot.press(key)
            await pilot.pause()
            await pilot.pause()
            footer = app.screen.query_one(Footer)
            shown = {k.display: k.description for k in footer._keys}
            description = next(b.description for _, b in app.screen._bindings
                               if b.action == action)
            assert shown.get("x") == description and "del" not in shown, shown
            hints = " ".join(str(widget.render()) for widget in app.screen.query(".hint"))
            assert hint.split()[0] in hints, hints


def _class_bindings(cls: type) -> list:
    out = []
    for klass in cls.__mro__:
        out += [b for b in getattr(klass, "BINDINGS", []) if hasattr(b, "action")]
    return out


def help_text(app: Any) -> str:
    """What the help shows: the keys of the screen it was opened from, then the rest."""
    return "\n\n".join(str(static.render()) for static in app.screen.query(Static)
                        if static.id in ("help-origin", "help-text") and static.display)


async def test_help_opened_again_gives_the_rest_of_its_text_anew_only_when_it_changed(
        make_app, store, monkeypatch):
    """From another screen, only the first part (that screen's keys) is new: the rest, most
    of the text, is not given to its widget again, to be wrapped to the width again."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3", "f1")
        await pilot.pause()
        rest = app.screen.query_one("#help-text", Static)
        given: list[Any] = []
        monkeypatch.setattr(rest, "update", lambda *a, **k: given.append(a) or
                            Static.update(rest, *a, **k))
        await pilot.press("f8", "f1")
        await pilot.pause()
        assert "Override" in help_text(app) and not given
        await pilot.press(*"override")
        await pilot.pause()
        assert given and "Override" in help_text(app)
        assert "Screens (from every screen)" not in str(rest.render())


async def test_help_is_searchable(make_app, store):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f8", "f1", *"override")
        await pilot.pause()
        text = help_text(app)
        assert "Override" in text and "Standard" not in text
        # opened again, from home (no keys of its own), help starts over: no combat keys
        # first, nothing searched
        await pilot.press("f2", "f1")
        await pilot.pause()
        assert app.screen.query_one("#help-search", Input).value == ""
        text = help_text(app)
        assert text.splitlines()[0] == "Screens (from every screen)" and "Standard" not in text
        assert "Everywhere" in text


async def test_help_scrolls_from_its_search_field(make_app, store):
    """At 80x24 the help is longer than the screen: the arrows and the page keys scroll it
    while the search field keeps the focus, and what is typed still searches."""
    from textual.containers import VerticalScroll

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        text = app.screen.query_one(VerticalScroll)
        search = app.screen.query_one("#help-search", Input)
        assert search.has_focus and text.max_scroll_y > text.size.height
        await pilot.press("pagedown")
        await pilot.pause()
        page = text.scroll_y
        assert page >= text.size.height - 1
        await pilot.press("down", "down")
        await pilot.pause()
        assert text.scroll_y == page + 2
        await pilot.press("up", "pageup")
        await pilot.pause()
        assert text.scroll_y == 1 and search.has_focus
        await pilot.press(*"override")
        await pilot.pause()
        found = help_text(app).splitlines()
        assert search.value == "override" and found
        assert all("override" in line.casefold() for line in found)


async def test_help_finds_a_plugin_by_its_name_and_says_why_it_was_switched_off(make_app,
                                                                                tmp_path):
    from test_host import boom_store
    store = boom_store(tmp_path)
    store.session.derived(store.session.characters[1])  # boom raises for Bram
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1", *"boom")
        await pilot.pause()
        found = help_text(app).splitlines()
        assert any(line.startswith("boom") and "character_derived raised KeyError" in line
                   for line in found), found
