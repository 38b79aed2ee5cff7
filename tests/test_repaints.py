"""What a key press writes to the terminal, counted in bytes as Textual would send them (the
app runs headless: its updates are rendered here instead of written). A changed number must
cost a line or two, never the screen: over SSH a full repaint at 80x24 is 10-18 KB.

Budgets are generous against what is written today (about a third of them), and far under
what a whole-screen repaint costs, so that they fail on a repaint of the screen or of a
whole panel, not on a colour."""

from __future__ import annotations

import re
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


def cursor_moves(app: Any) -> list[tuple[int, int]]:
    """Where each stretch the app writes from now on starts: (row, column), from 0."""
    moves: list[tuple[int, int]] = []

    def display(screen: Any, renderable: Any) -> None:
        if renderable is not None and hasattr(renderable, "render_segments"):
            text = renderable.render_segments(app.console)
            moves.extend((int(row) - 1, int(column) - 1)
                         for row, column in re.findall(r"\x1b\[(\d+);(\d+)H", text))
    previous = app._display
    app._display = lambda screen, renderable: (display(screen, renderable),
                                               previous(screen, renderable))
    return moves


async def test_travel_pace_writes_the_changed_values_only(make_app, store):
    """Issue #13: a changed value costs at most 400 bytes. A pace key changes the pace and its
    effect, the rates, the distance in a day and the last line: each is written from where
    its value starts to its last changed cell, never a label, the table or the footer (a pace
    key wrote 942 and 762 bytes here: whole lines of 80 cells, the last line twice)."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        await settled(pilot)
        screen = app.screen
        await pilot.press("s")  # the last line's first outcome gives it its room: once
        await settled(pilot)
        starts = {name: (screen.query_one(f"#tp-{name}").region.y,
                         screen.query_one(f"#tp-{name}").region.x)
                  for name in ("pace", "rates", "reverse", "last")}
        for key, pace in (("f", "fast"), ("w", "normal"), ("f", "fast"), ("w", "normal")):
            written = count_writes(app)
            moves = cursor_moves(app)
            await pilot.press(key)
            await settled(pilot)
            assert store.state["plugins"]["travel"]["pace"] == pace
            assert 0 < sum(written) <= 400, (key, written)
            # one stretch a line, from the value's first cell: "Pace [f w s]: " and "How far
            # [h] in 1d: " are not written again, nor any line that did not change
            assert sorted(moves) == sorted(starts.values()), (key, moves, starts)


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


async def test_journal_keys_repaint_the_rows_they_change_however_long_the_journal(make_app,
                                                                                 store):
    from test_app import long_journal
    long_journal(store, 500)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f4")
        await settled(pilot)
        written = count_writes(app)
        await pilot.press("up")  # two rows and the line shown in full: about 1,000
        await settled(pilot)
        assert 0 < sum(written) <= 1500, written
        for key in ("home", "end", "b"):  # the table's rows and the line: about 4,200
            written = count_writes(app)
            await pilot.press(key)
            await settled(pilot)
            assert 0 < sum(written) <= 5000, (key, written)  # a full screen: over 6,000


def painted(grid: list[list[str]], update: str) -> None:
    """What ``update`` leaves on a terminal showing ``grid`` (its characters; colours aside)."""
    row = column = 0
    for move, text in re.findall(r"\x1b\[(\d+;\d+)H|((?:[^\x1b]|\x1b\[[\d;]*m)+)", update):
        if move:
            row, column = (int(n) - 1 for n in move.split(";"))
            continue
        for character in re.sub(r"\x1b\[[\d;]*m", "", text):
            if character == "\n":
                row, column = row + 1, 0
            elif character != "\r":
                grid[row][column] = character
                column += 1


async def test_a_travel_line_painted_piecemeal_reads_as_the_whole_screen(make_app, store):
    """The planner's lines write only their changed cells: after each of a run of keys that
    lengthen and shorten them (a one-line outcome after a two-line one...), the terminal that
    received only those pieces shows what the widgets, drawn again whole, show."""
    app = make_app(store)
    grid = [[" "] * SIZE[0] for _ in range(SIZE[1])]
    app._display = lambda screen, update: (painted(grid, update.render_segments(app.console))
                                           if hasattr(update, "render_segments") else None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        await settled(pilot)
        long_leg = "4 road the long way round the hills of the north to Vaelmoor"
        for keys in (["a", *"20 road", "enter"], ["g"], ["f"], ["s"],
                     ["a", *long_leg, "enter"],  # two lines on the last line, then one
                     ["right_square_bracket"], ["w"], ["h", *"3h", "enter"],
                     ["G", "2", "enter", "o"], ["f"], ["s"]):
            await pilot.press(*keys)
            await settled(pilot)
            shown = ["".join(line) for line in grid]
            # Each widget drawn again whole: a partial repaint keeps a widget's other lines as
            # they were drawn, in the screen's own memory too.
            for widget in app.screen.walk_children():
                widget.refresh()
            await settled(pilot)
            whole = [[" "] * SIZE[0] for _ in range(SIZE[1])]
            painted(whole, app.screen._compositor.render_update(full=True).render_segments(
                app.console))
            assert shown == ["".join(line) for line in whole], keys
        last = app.screen.query_one("#tp-last").region
        assert "".join(grid[last.y]).strip() == "Pace: slow"
        assert not "".join(grid[last.y + 1]).strip()  # the long leg's second line is gone
