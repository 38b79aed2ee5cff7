"""What a key press writes to the terminal, counted in bytes as Textual would send them (the
app runs headless: its updates are rendered here instead of written). A changed number must
cost a line or two, never the screen: over SSH a full repaint at 80x24 is 10-18 KB.

Budgets are generous against what is written today (about a third of them), and far under
what a whole-screen repaint costs, so that they fail on a repaint of the screen or of a
whole panel, not on a colour."""

from __future__ import annotations

from typing import Any

from textual.widgets import Input

SIZE = (80, 24)


def count_writes(app: Any) -> list[int]:
    """The bytes of each update the app writes from now on."""
    written: list[int] = []

    def display(screen: Any, renderable: Any) -> None:
        if renderable is not None and hasattr(renderable, "render_segments"):
            written.append(len(renderable.render_segments(app.console).encode()))
    app._display = display
    return written


async def settled(pilot: Any) -> None:
    for _ in range(3):
        await pilot.pause()


async def test_home_plus_repaints_the_clock_and_the_new_journal_line(make_app, store):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        written = count_writes(app)
        await pilot.press("plus")
        await settled(pilot)
        assert "time passes: 10 min" in store.state["journal"][-1]["text"]
        assert 0 < sum(written) <= 600, written  # a full screen: over 6,000


async def test_home_tail_shows_the_latest_lines_in_order_and_follows_the_journal(make_app,
                                                                                 store):
    from gm_console.ui.widgets import Value

    for n in range(30):
        assert store.apply("journal.note", {"text": f"note {n}"}).ok
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        tail = [value.shown for value in app.screen.query("#journal-tail > Value")]
        assert len(tail) >= 2 and tail[-1].endswith("note 29")
        assert [line[-7:] for line in tail] == [f"note {n}".rjust(7) for n in
                                                range(30 - len(tail), 30)]
        await pilot.press("plus")
        await settled(pilot)
        after = [value.shown for value in app.screen.query("#journal-tail > Value")]
        assert after[:-1] == tail[1:] and "time passes: 10 min" in after[-1]
        assert all(isinstance(v, Value) for v in app.screen.query("#journal-tail > *"))


async def test_adding_an_item_on_the_loads_screen_repaints_a_row_not_the_screen(make_app,
                                                                                  store):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settled(pilot)
        screen = app.screen
        written = count_writes(app)
        await pilot.press("i")
        await settled(pilot)
        opened = sum(written)
        assert app.screen is screen and screen.asking  # no modal over the screen
        screen.query_one(Input).value = "anvil, 23, 1"
        written.clear()
        await pilot.press("enter")
        await settled(pilot)
        assert store.state["characters"][0]["items"][-1]["name"] == "anvil"
        assert not screen.asking and app.screen is screen
        # the question line, the footer back, the row, the detail lines that changed
        assert 0 < sum(written) <= 3000, written  # a modal's closing: over 12,000
        assert 0 < opened <= 1500, opened         # a modal's opening: over 15,000


async def test_a_refused_answer_stays_typed_with_its_reason_and_escape_cancels(make_app, store):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5", "i")
        screen = app.screen
        screen.query_one(Input).value = "anvil, heavy, 1"
        await pilot.press("enter")
        await settled(pilot)
        assert screen.asking and screen.query_one(Input).value == "anvil, heavy, 1"
        assert "heavy" in str(screen.query_one("#prompt-refusal").render())
        assert not any(i["name"] == "anvil" for i in store.state["characters"][0]["items"])
        # While a question waits, the screen keys and the function keys wait too.
        await pilot.press("f2")
        await settled(pilot)
        assert app.screen is screen and screen.asking
        await pilot.press("escape")
        await settled(pilot)
        assert app.screen is screen and not screen.asking
        assert not screen.query_one(Input).focusable  # letters are the screen's keys again
        await pilot.press("b")  # the loads screen's bulky key, not a letter typed
        await settled(pilot)
        assert store.state["characters"][0].get("bulky") is True


async def test_travel_pace_repaints_the_changed_lines_only(make_app, store):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        await settled(pilot)
        written = count_writes(app)
        await pilot.press("f")
        await settled(pilot)
        assert store.state["plugins"]["travel"]["pace"] == "fast"
        assert 0 < sum(written) <= 1200, written


async def test_every_session_screen_redraws_once_per_change(make_app, store):
    """Textual calls each class's on_mount: a screen that also calls its base's subscribed
    twice to the store's changes, and redrew everything twice for each key."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        for key in ("f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f12"):
            await pilot.press(key)
            await settled(pilot)
            screen = app.screen
            calls = []
            original = screen.refresh_view
            screen.refresh_view = lambda change, original=original: (calls.append(change),
                                                                      original(change))
            await pilot.press("plus")
            await settled(pilot)
            assert len(calls) <= 1, (key, type(screen).__name__, len(calls))


def grow(store: Any, characters: int, journal: int = 30) -> None:
    """The party grown to ``characters`` (copies of the first, 40 items each), every one of
    them in a fight with its initiative, and a journal longer than the home screen's tail."""
    import copy

    from tests.applying import ok

    first = store.state["characters"][0]
    party = [{**copy.deepcopy(first), "name": f"Hero{n:02}",
              "items": [{"name": f"item {n}-{i}", "weight_lb": 0.5, "qty": 1}
                        for i in range(40)]} for n in range(characters)]
    store.state = {**store.state, "characters": party}
    ok(store, "combat.start")
    for n in range(characters):
        ok(store, "combat.initiative", combatant=f"Hero{n:02}", value=5 + n)
    for n in range(journal):
        ok(store, "journal.note", text=f"note {n}: the party walks on in the rain")


async def plus_on_home(make_app: Any, store: Any, counted: dict[str, int]) -> dict[str, int]:
    """What one ``+`` on the home screen costs once the journal tail is full: the ``counted``
    calls, and the bytes written."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("plus")  # the tail is full already: a line in, a line out
        await settled(pilot)
        assert counted["columns"] > 0  # on mount, once per character
        counted.update(dict.fromkeys(counted, 0))
        written = count_writes(app)
        await pilot.press("plus")
        await settled(pilot)
        assert "time passes: 10 min" in store.state["journal"][-1]["text"]
        return {**counted, "bytes": sum(written)}


async def test_home_plus_costs_the_same_for_a_party_of_any_size(make_app, make_store,
                                                                 monkeypatch):
    """A clock advance reaches neither the party's columns (each character's, even kept) nor
    the fight's summary, and lays nothing out again (a layout also redraws the scroll bar of a
    party taller than its table, one more frame per key): its work, and what it writes, are
    those of a smaller party."""
    from textual.screen import Screen

    from gm_console.context import Session
    from gm_console_plugins.combat import ops

    counted = {"summaries": 0, "columns": 0, "layouts": 0}

    def counting(name: str, original: Any) -> Any:
        def count(*args: Any, **kwargs: Any) -> Any:
            counted[name] += 1
            return original(*args, **kwargs)
        return count
    monkeypatch.setattr(ops, "summary_of", counting("summaries", ops.summary_of))
    monkeypatch.setattr(Session, "character_hook", counting("columns", Session.character_hook))
    monkeypatch.setattr(Screen, "_refresh_layout", counting("layouts", Screen._refresh_layout))
    small, big = make_store([{"name": "Aria"}]), make_store([{"name": "Aria"}])
    grow(small, 20)  # both taller than their table: the tail under it has the same room
    grow(big, 40)
    costs = [await plus_on_home(make_app, store, counted) for store in (small, big)]
    assert costs[0] == costs[1], costs
    assert costs[1]["summaries"] == costs[1]["columns"] == costs[1]["layouts"] == 0, costs
    # the clock, and every line of the full tail moving up one
    assert 0 < costs[1]["bytes"] <= 1400, costs


async def test_a_value_lays_the_screen_out_only_when_its_size_can_change(monkeypatch):
    """Value.show repaints itself alone for a text of the same shape, and lays the screen out
    again when the text can change its size: more lines, a wider text where it is as wide as
    its text, a text that wraps."""
    from textual.app import App
    from textual.containers import Horizontal
    from textual.screen import Screen

    from gm_console.ui.widgets import Value

    class Shown(App):
        CSS = """#auto { width: auto; } #wraps { width: 12; }
                 #cut { text-wrap: nowrap; text-overflow: ellipsis; }"""

        def compose(self) -> Any:
            with Horizontal(id="line"):
                yield Value("08:00", id="auto")
                yield Value("short", id="wraps")
            yield Value("a line", id="cut")

    layouts = []
    original = Screen._refresh_layout
    monkeypatch.setattr(Screen, "_refresh_layout",
                        lambda screen, *a, **k: (layouts.append(1), original(screen, *a, **k)))
    app = Shown()
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        auto, wraps, cut = (app.query_one(f"#{name}", Value)
                            for name in ("auto", "wraps", "cut"))

        async def laid_out(value: Value, text: str) -> bool:
            layouts.clear()
            assert value.show(text)
            await settled(pilot)
            assert value.shown == text
            return bool(layouts)
        assert not await laid_out(auto, "08:10")                      # as wide
        assert await laid_out(auto, "Day 2, 08:10") and auto.size.width == 12
        assert not await laid_out(cut, "another line, much longer than the terminal " * 3)
        assert await laid_out(cut, "two\nlines") and cut.size.height == 2
        assert not await laid_out(wraps, "other")                     # fits: no wrapping
        assert await laid_out(wraps, "a text that wraps") and wraps.size.height == 2


async def test_a_free_action_costs_the_same_for_a_fight_of_any_size(make_app, make_store,
                                                                    monkeypatch):
    """An action changes the encounter, not the sheets: neither the operation (it reads the
    acting combatant's speed and conditions before it changes anything) nor the combat screen
    (ops.fighters is kept) asks a character's plugins for its speed or conditions again, and
    the screen compares the cells of the acting combatant's row alone (each row as last
    synced is skipped)."""
    from gm_console.host import Host
    from gm_console.ui.widgets import SyncedTable
    from gm_console_plugins.combat import ops

    counted = {"fighters": 0, "cells": 0, "sheets": 0}
    call_each = Host.call_each

    def asking(host: Host, hook: str, **kwargs: Any) -> Any:
        counted["sheets"] += hook in ("speed_steps", "character_conditions")
        return call_each(host, hook, **kwargs)
    monkeypatch.setattr(Host, "call_each", asking)

    def counting(name: str, original: Any) -> Any:
        def count(*args: Any, **kwargs: Any) -> Any:
            counted[name] += 1
            return original(*args, **kwargs)
        return count
    monkeypatch.setattr(ops, "_fighters", counting("fighters", ops._fighters))
    monkeypatch.setattr(SyncedTable, "get_cell", counting("cells", SyncedTable.get_cell))
    costs = []
    for size in (20, 40):
        store = make_store([{"name": "Aria"}])
        grow(store, size, journal=0)
        app = make_app(store)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("f8")
            await settled(pilot)
            await pilot.press("e")  # the first free action of the turn
            await settled(pilot)
            counted.update(fighters=0, cells=0, sheets=0)
            written = count_writes(app)
            await pilot.press("e")
            await settled(pilot)
            turn = store.state["plugins"]["combat"]["turn"]
            assert app.screen.query_one("#combatants", SyncedTable).current_key == turn
            costs.append({**counted, "bytes": sum(written)})
    assert costs[0] == costs[1], costs
    assert costs[1]["fighters"] == costs[1]["sheets"] == 0 and costs[1]["cells"] <= 12, costs
