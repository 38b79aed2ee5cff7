"""What a key press writes to the terminal, counted in bytes as Textual would send them (the
app runs headless: its updates are rendered here instead of written). A changed number must
cost a line or two, never the screen: over SSH a full repaint at 80x24 is 10-18 KB.

Budgets are generous against what is written today (about a third of them), and far under
what a whole-screen repaint costs, so that they fail on a repaint of the screen or of a
whole panel, not on a colour."""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual.widgets import Input

SIZE = (80, 24)


def count_writes(app: Any, terminal: Any = None) -> list[int]:
    """The bytes of each update the app writes from now on (to ``terminal``, a Rich console:
    a 16-colour terminal unless given, whatever TERM the suite runs under: the app's own
    console follows TERM, and 256-colour codes are longer)."""
    written: list[int] = []
    console = terminal or sixteen_colours()

    def display(screen: Any, renderable: Any) -> None:
        if renderable is not None and hasattr(renderable, "render_segments"):
            written.append(len(renderable.render_segments(console).encode()))
    app._display = display
    return written


def sixteen_colours() -> Any:
    from rich.console import Console

    return Console(color_system="standard", force_terminal=True, width=SIZE[0], height=SIZE[1])


def xterm_256() -> Any:
    """A terminal as the bench's (xterm-256color): its colour codes are longer than the
    headless app's 16 colours, so a budget here is a budget there."""
    from rich.console import Console

    return Console(color_system="256", force_terminal=True, width=SIZE[0], height=SIZE[1])


def screen_text(app: Any) -> list[str]:
    """What the screen shows, line by line (what the terminal holds once the updates are
    written)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


async def settled(pilot: Any) -> None:
    for _ in range(3):
        await pilot.pause()


async def quiet(pilot: Any) -> None:
    """Until the app writes nothing for a while: on a loaded machine what its opening left to
    do (a box sized after its first frame) can come after settled(), and would be counted
    with the key that follows."""
    written = count_writes(pilot.app)
    for _ in range(20):
        written.clear()
        await settled(pilot)
        if not written:
            return


async def laid_out_by_a_resize_to_its_own_size(pilot: Any, layouts: list[str]) -> list[str]:
    """The screens laid out once the screen in front is sent a Resize to the size it has."""
    from textual import events

    size = pilot.app.screen.outer_size
    layouts.clear()
    pilot.app.screen.post_message(events.Resize(size, size))
    await settled(pilot)
    return layouts


def screens_laid_out(monkeypatch: Any) -> list[str]:
    """The class names of the screens laid out from now on, one for each layout."""
    from textual.screen import Screen

    layouts: list[str] = []
    original = Screen._refresh_layout
    monkeypatch.setattr(Screen, "_refresh_layout", lambda screen, *a, **k: (
        layouts.append(type(screen).__name__), original(screen, *a, **k)))
    return layouts


async def test_home_plus_repaints_the_clock_and_the_new_journal_line(make_app, store):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        written = count_writes(app)
        await pilot.press("plus")
        await settled(pilot)
        assert "time passes: 10 min" in store.state["journal"][-1]["text"]
        assert 0 < sum(written) <= 600, written  # a full screen: over 6,000


async def test_home_plus_renders_the_two_changed_widgets_not_those_behind(make_app, store,
                                                                         monkeypatch):
    """The clock's line and the journal's new line are covered by their own widgets: the
    header, the body and the screen behind them, whose cells there are never shown, are not
    rendered; and the screen reads as the whole screen drawn again."""
    from textual.widget import Widget

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        count_writes(app)  # painted as a terminal's driver would
        rendered: list[str] = []
        render_lines = Widget.render_lines
        monkeypatch.setattr(Widget, "render_lines", lambda widget, crop: (
            rendered.append(widget.id or type(widget).__name__), render_lines(widget, crop))[1])
        await pilot.press("plus")
        await settled(pilot)
        assert sorted(rendered) == ["header-clock", "journal-tail"]
        monkeypatch.setattr(Widget, "render_lines", render_lines)
        shown = screen_text(app)
        app.screen._compositor._dirty_regions.add(app.screen.region)  # all of it, Textual's way
        assert screen_text(app) == shown and "Day 1, 08:10" in shown[0]


async def test_home_tail_shows_the_latest_lines_in_order_and_follows_the_journal(make_app,
                                                                                 store):
    """The tail shows the latest lines, oldest first. A new line goes under them while the
    box has room; one that does not fit moves the tail up by half its box at once (a jump
    scroll): a scroll by one line wrote every line of the box for each new line."""
    for n in range(30):
        assert store.apply("journal.note", {"text": f"note {n}"}).ok
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        tail = home_tail(app)
        room = len(tail)
        assert room >= 4 and tail[-1].endswith("note 29")
        assert [line[-7:] for line in tail] == [f"note {n}".rjust(7) for n in
                                                range(30 - room, 30)]
        await quiet(pilot)
        written = count_writes(app)
        await pilot.press("plus")
        await settled(pilot)
        after = home_tail(app)
        keep = (room + 1) // 2
        assert len(after) == keep and after[:-1] == tail[room - keep + 1:]
        assert "time passes: 10 min" in after[-1]
        assert 0 < sum(written) <= 2500, written  # every line of the box once, and the clock
        written.clear()
        await pilot.press("plus")
        await settled(pilot)
        assert home_tail(app)[:-1] == after and "time passes" in home_tail(app)[-1]
        assert 0 < sum(written) <= 400, written  # the new line and the clock


@pytest.mark.parametrize("count, room, start, first", [
    (0, 5, None, 0),    # an empty journal
    (10, 5, None, 5),   # first shown: the box full
    (10, 5, 5, 5),      # as many as the box holds: where it was
    (11, 5, 5, 8),      # one more: up by half the box, the newest three shown
    (9, 5, 8, 8),       # a line undone: the others stay where they are
    (8, 5, 8, 3),       # every line shown undone: the box full again
])
def test_the_tail_moves_up_by_half_its_box_when_a_line_does_not_fit(count, room, start, first):
    from gm_console.ui.screens.home import tail_start

    assert tail_start(count, room, start) == first


async def test_home_tail_fills_its_box_again_when_the_lines_above_it_change(make_app, store):
    """The tail's height follows what is above it (the party table, the status lines): with
    the party gone the table shrinks and a status line says how to start, and the tail shows
    as many lines as its box holds again, the latest last, on the screen."""
    from gm_console.ui.widgets import Value

    for n in range(30):
        assert store.apply("journal.note", {"text": f"note {n}"}).ok
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        tail = app.screen.query_one("#journal-tail", Value)
        height = tail.content_size.height
        assert len(home_tail(app)) == height
        for name in ("Aria", "Bram"):
            assert store.apply("character.remove", {"character": name}).ok
        await settled(pilot)
        assert tail.content_size.height != height
        shown = home_tail(app)
        assert len(shown) == tail.content_size.height
        assert "Bram leaves the party" in shown[-1]
        assert screen_text(app)[tail.content_region.bottom - 1].strip() == shown[-1].strip()


async def test_a_line_in_a_tail_with_room_repaints_that_line_alone(make_app, store):
    """The tail is one widget: a new line where there is room repaints that line, not the
    tail (the lines above it and the blank ones under it), even under a line too long for
    the terminal (cut to fit, with an ellipsis)."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        long = "a first note " + "that goes on " * 8
        assert store.apply("journal.note", {"text": long}).ok
        await settled(pilot)
        assert store.apply("journal.note", {"text": "a second note"}).ok
        await settled(pilot)
        first, second = home_tail(app)[-2:]
        assert second == "Day 1, 08:00  a second note"
        assert len(first) == SIZE[0] - 2 and first.endswith("…")
        assert long.startswith(first[len("Day 1, 08:00  "):-1])
        lines = screen_text(app)
        written = count_writes(app, xterm_256())
        assert store.apply("journal.note", {"text": "a third note"}).ok
        await settled(pilot)
        assert len(written) == 1 and sum(written) <= 200, written
        after = screen_text(app)
        assert [y for y, (a, b) in enumerate(zip(lines, after)) if a != b] == \
            [lines.index(next(line for line in lines if "a second note" in line)) + 1]


async def test_a_new_line_in_the_tail_draws_that_line_alone_and_as_textual_would(
        make_app, store, monkeypatch):
    """The tail draws each line on its own and keeps it: a new journal line (at each of the
    game master's operations, on every player's console) costs that line, not the box's;
    and each line is what Textual draws of the whole text (selection offsets included)."""
    from textual.visual import Visual
    from textual.widget import Widget

    for n in range(3):
        assert store.apply("journal.note", {"text": f"note {n}"}).ok
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        tail = app.screen.query_one("#journal-tail")
        screen_text(app)  # drawn once
        count_writes(app)  # and each update from now on, as a terminal's driver would
        drawn: list[int] = []
        to_strips = Visual.to_strips

        def counted(widget: Any, *args: Any, **kwargs: Any) -> Any:
            if widget is tail:
                drawn.append(args[2])  # the lines drawn
            return to_strips(widget, *args, **kwargs)
        monkeypatch.setattr(Visual, "to_strips", counted)
        assert store.apply("journal.note", {"text": "note 3"}).ok
        await settled(pilot)
        assert drawn == [1]  # the new line; the three above and the blank ones were kept
        monkeypatch.setattr(Visual, "to_strips", to_strips)
        mine = [tail.render_line(y) for y in range(tail.content_size.height)]
        tail._dirty_regions.add(tail.region)  # Textual's own: the whole text drawn at once
        whole = [Widget.render_line(tail, y) for y in range(tail.content_size.height)]
        assert [list(strip) for strip in mine] == [list(strip) for strip in whole]
        assert "note 3" in "".join(strip.text for strip in mine)


def home_tail(app: Any) -> list[str]:
    """The journal lines the home screen shows, first to last."""
    from gm_console.ui.widgets import Value

    shown = app.screen.query_one("#journal-tail", Value).shown
    return [str(line) for line in shown.split("\n") if str(line)]


async def add_item(pilot: Any, written: list[int], answer: str) -> int:
    """Item (i) on the loads screen, ``answer`` typed and settled, then enter: ``written``
    then holds what enter wrote; returns what asking wrote."""
    written.clear()
    await pilot.press("i")
    await settled(pilot)
    opened = sum(written)
    screen = pilot.app.screen
    assert screen.asking and not screen.is_modal  # asked on the screen's bottom line
    screen.query_one(Input).value = answer
    await settled(pilot)  # typed: on the terminal before enter
    written.clear()
    await pilot.press("enter")
    await settled(pilot)
    return opened


async def test_adding_an_item_on_the_loads_screen_repaints_a_row_not_the_screen(make_app,
                                                                                  store):
    assert store.apply("item.add", {"character": "Aria", "name": "rope", "weight_lb": 30}).ok
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settled(pilot)
        screen = app.screen
        written = count_writes(app, xterm_256())
        opened = await add_item(pilot, written, "torch, 1, 1")
        assert store.state["characters"][0]["items"][-1]["name"] == "torch"
        assert not screen.asking and app.screen is screen
        # The footer back (575 B), the carried weight's cell and the detail's changed lines
        # from their left edge: about 900 B. Each time the table regained the focus it was
        # repainted whole, the speed's breakdown was 7 lines for one weight, the footer was
        # written twice: 3 KB. A modal's closing: over 12,000.
        assert 0 < sum(written) <= 1024, written
        # One frame: the line closing and what the answer changed. Told to the screen after
        # the key, the changes came a frame later (Textual's next frame, and its timer, back
        # from a pause, skips one more): 35 ms for enter instead of 10.
        assert len(written) == 1, written
        # The question line; the table keeps its focused look while a question is asked
        # about its row (it was repainted whole: 1.3 KB). A modal's opening: over 15,000.
        assert 0 < opened <= 600, opened
        lines = screen_text(app)
        assert any(line.startswith(" Aria  31 / 220 lb ") for line in lines)  # the row
        assert any("carried 31 lb, most allowed 220 lb" in line for line in lines)
        assert any("encumbrance unencumbered (31 lb)" in line for line in lines)  # speed
        assert not any("new item" in line for line in lines)  # the question line is gone
        assert "Put down" in lines[-1]  # the footer is back


async def test_adding_an_item_costs_the_same_bytes_in_a_big_party(make_app, make_store):
    """Forty characters: the table scrolls. A layout of the screen (the footer back) made it
    set and repaint its scrollbar, changed or not, in a frame of its own."""
    store = make_store([{"name": f"Hero{n:02}", "strength": 17,
                         "items": [{"name": f"item {i}", "weight_lb": 4, "qty": 1}
                                   for i in range(10)]} for n in range(40)])
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settled(pilot)
        written = count_writes(app, xterm_256())
        for n in range(2):
            await add_item(pilot, written, f"torch {n}, 1, 1")
            assert store.state["characters"][0]["items"][-1]["name"] == f"torch {n}"
            assert 0 < sum(written) <= 1024, (n, written)
            assert len(written) == 1, written  # the line closing and the changes


async def test_a_question_opens_and_closes_without_laying_the_screen_out(make_app, store,
                                                                       monkeypatch):
    """The question line and the footer share the bottom line: asking and answering paint
    one in the other's place, and lay nothing out (a layout of the whole screen was a good
    part of an answered question's key). The one not in use is not under the mouse either:
    a click on the bottom line presses the footer's key once the question is closed."""
    from textual._compositor import Compositor

    from gm_console.ui.widgets import Footer
    from gm_console.ui.widgets.question_line import QuestionLine

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settled(pilot)
        screen = app.screen
        bottom = SIZE[1] - 1
        assert isinstance(screen.get_widget_at(1, bottom)[0], Footer)
        reflows: list[int] = []
        original = Compositor.reflow
        monkeypatch.setattr(Compositor, "reflow", lambda self, *a: (
            reflows.append(1), original(self, *a))[1])
        await pilot.press("i")
        await settled(pilot)
        assert screen.asking and "new item" in screen_text(app)[bottom]
        widget = screen.get_widget_at(1, bottom)[0]
        assert widget is screen.query_one(QuestionLine) or screen.query_one(
            QuestionLine) in widget.ancestors
        reflows.clear()  # the question's text, as long as it is, lays its label out
        await pilot.press(*"torch, 1, 1", "enter")
        await settled(pilot)
        assert not screen.asking and "Put down" in screen_text(app)[bottom]
        assert reflows == []
        assert isinstance(screen.get_widget_at(1, bottom)[0], Footer)
        await pilot.click(Footer, offset=(1, 0))  # " esc Back": back home
        await settled(pilot)
        assert app.screen is not screen


async def burst(app: Any, keys: str, written: list[int]) -> None:
    """``keys`` and enter queued at once, as the terminal's reader queues what came in one
    read; back once the app has drawn something of its own accord (Pilot's pause draws the
    screen itself, which would hide a screen that never drew the burst)."""
    import asyncio

    from textual import events

    for character in keys:
        app.post_message(events.Key(character, character))
    app.post_message(events.Key("enter", "\r"))
    for _ in range(200):  # at most 2 s: the burst is a few milliseconds of work
        await asyncio.sleep(0.01)
        if written:
            await asyncio.sleep(0.1)  # and whatever it would draw in the next frames
            return


async def test_keys_that_come_together_are_drawn_once_after_the_last(make_app, store):
    """The item's key, its answer and enter in one burst (pasted, a fast typist, a slow
    link), queued as the terminal's reader queues them: one frame, with everything. Drawn
    between two keys, the rest waited for Textual's next frame, and a frame more after a
    pause (its timer then skips one): 25 to 40 ms for what takes 10."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settled(pilot)
        written = count_writes(app, xterm_256())
        await burst(app, "itorch, 1, 1", written)
        assert store.state["characters"][0]["items"][-1]["name"] == "torch"
        assert len(written) == 1, written
        lines = screen_text(app)
        assert any(line.startswith(" Aria  1 / 220 lb ") for line in lines), lines
        assert "Put down" in lines[-1]  # the question asked and answered: the footer back
        await pilot.press("plus")  # a key on its own after the burst: drawn as before
        await settled(pilot)
        assert len(written) == 2, written


async def test_a_burst_whose_answer_is_refused_is_drawn_too(make_app, store):
    """A burst longer than a frame, whose weight is no number: the refusal and the text typed
    are drawn once it is over, though no key follows. Textual's frame came while drawing was
    held, and its timer then waited for the screen to say it had something to draw: a screen
    says so when it next has nothing to do, and nothing came to it after the burst."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settled(pilot)
        written = count_writes(app, xterm_256())
        # Its blinking cursor would have the screen draw within a second anyway: without
        # it, nothing but the burst's end can.
        app.screen.query_one(Input).cursor_blink = False
        await burst(app, "i" + "a long name for an anvil " * 3 + ", x, 1", written)
        assert app.screen.asking and written, written
        lines = screen_text(app)
        assert any("a number was expected, not 'x'" in line for line in lines), lines


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
    """A changed value costs at most 400 bytes. A pace key changes the pace and its effect,
    the rates, the distance in a day and the last line: each is written from where its value
    starts to its last changed cell, never a label, the table or the footer (not whole lines
    of 80 cells, nor the last line twice)."""
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
        for key in ("home", "end", "b"):  # the table's rows and the line: about 2,900
            written = count_writes(app)
            await pilot.press(key)
            await settled(pilot)
            # In one frame: the rows cut again are not drawn first at the old scroll, then
            # again scrolled to the cursor.
            assert len(written) == 1 and 0 < sum(written) <= 4000, (key, written)
            if key == "end":  # the last row in view, and the line under the cursor below
                shown = screen_text(app)
                assert shown[-4].rstrip(" ▁▂▃▄▅▆▇█").endswith("note 499"), shown
                assert shown[-2].strip() == "note 499", shown


def counting(counted: dict[str, int], name: str, original: Any) -> Any:
    """``original``, counting its calls in ``counted[name]``."""
    def count(*args: Any, **kwargs: Any) -> Any:
        counted[name] += 1
        return original(*args, **kwargs)
    return count


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


async def test_a_value_repaints_its_changed_lines_only_and_shows_every_change():
    """Value.show writes, of each changed line, its left edge to the last changed cell, with
    no layout, while nothing around it moves; otherwise a layout and the whole widget."""
    from rich.text import Text
    from textual.app import App
    from textual.containers import Horizontal

    from gm_console.ui.widgets import Value

    breakdown = ["Speed 9 mv / 6.75 m:", "  base 12 mv (race human)",
                 "  limit 14 mv: encumbrance unencumbered (69 lb): full speed",
                 "  = 9 mv = 6.75 m per round"]

    class One(App):
        CSS = "#clock { width: auto; }"

        def compose(self):
            yield Value("\n".join(breakdown), id="speed")
            yield Value(Text.assemble(("█" * 20, "green"), ("░" * 40, "grey35")), id="bar")
            with Horizontal():
                yield Value("Day 1, 09:50", id="clock")
                yield Value("after the clock", id="next")

    app = One()
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        speed, bar, clock = (app.query_one(f"#{name}", Value) for name in
                             ("speed", "bar", "clock"))
        written = count_writes(app, xterm_256())
        layouts = []
        real_layout = app.screen._refresh_layout
        app.screen._refresh_layout = lambda *a, **k: layouts.append(1) or real_layout(*a, **k)

        breakdown[2] = breakdown[2].replace("69 lb", "70 lb")
        assert speed.show("\n".join(breakdown))
        await settled(pilot)
        assert screen_text(app)[:4] == [line.ljust(80) for line in breakdown]
        # up to "70": about 70 bytes; the whole breakdown was 4 lines of 80 cells
        assert 0 < sum(written) <= 100 and not layouts, (written, layouts)

        written.clear()
        assert bar.show(Text.assemble(("█" * 21, "green"), ("░" * 39, "grey35")))
        await settled(pilot)
        assert screen_text(app)[4] == ("█" * 21 + "░" * 39).ljust(80)
        assert 0 < sum(written) <= 140 and not layouts, (written, layouts)  # to cell 21

        written.clear()
        assert clock.show("Day 1, 09:59")  # as wide: nothing moves
        await settled(pilot)
        assert screen_text(app)[5].startswith("Day 1, 09:59after the clock")
        assert not layouts
        assert clock.show("Day 1, 10:00 (rain)")  # wider (width: auto): the next one moves
        await settled(pilot)
        assert screen_text(app)[5].startswith("Day 1, 10:00 (rain)after the clock")
        assert layouts

        layouts.clear()
        assert speed.show("\n".join([*breakdown, "  one line more"]))  # taller: laid out
        await settled(pilot)
        assert screen_text(app)[4] == "  one line more".ljust(80) and layouts
        assert speed.show("x" * 100)  # wider than the screen: wraps, laid out
        await settled(pilot)
        assert screen_text(app)[:2] == ["x" * 80, "x" * 20 + " " * 60]
        assert not speed.show("x" * 100)  # the same: nothing at all


async def test_a_table_keeps_its_focused_look_while_a_question_is_asked_about_its_row(
        make_app, store):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settled(pilot)
        screen = app.screen
        table = screen.query_one("#enc-table")
        assert screen.focused is table and table.has_focus
        before = screen_text(app)
        await pilot.press("i")
        await settled(pilot)
        assert screen.focused is screen.query_one(Input)  # the typing goes to the question
        assert table.has_focus  # and the table still looks focused: its rows stay as drawn
        await pilot.press("escape")
        await settled(pilot)
        assert screen.focused is table and table.has_focus and screen_text(app) == before
        # Otherwise the focus leaves and comes back as before, repainting the table.
        screen.set_focus(screen.query_one("#enc-detail"))
        await settled(pilot)
        assert not table.has_focus
        screen.set_focus(table)
        await settled(pilot)
        assert table.has_focus


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
        await quiet(pilot)  # the opening's last layouts are not counted with the key
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

    from gm_console.contract.session import Session
    from gm_console_plugins.combat import ops

    counted = {"summaries": 0, "columns": 0, "layouts": 0}

    monkeypatch.setattr(ops, "summary_of", counting(counted, "summaries", ops.summary_of))
    monkeypatch.setattr(Session, "character_hook",
                        counting(counted, "columns", Session.character_hook))
    monkeypatch.setattr(Screen, "_refresh_layout",
                        counting(counted, "layouts", Screen._refresh_layout))
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

    from gm_console.ui.widgets import Value

    class Shown(App):
        CSS = """#auto { width: auto; } #wraps { width: 12; }
                 #cut { text-wrap: nowrap; text-overflow: ellipsis; }"""

        def compose(self) -> Any:
            with Horizontal(id="line"):
                yield Value("08:00", id="auto")
                yield Value("short", id="wraps")
            yield Value("a line", id="cut")

    layouts = screens_laid_out(monkeypatch)
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


async def test_a_key_typed_in_a_field_repaints_the_field_not_the_screen(make_app, store,
                                                                          monkeypatch):
    """Typing in the character editor's name field lays nothing out (Textual's Input laid the
    whole screen out for each key: its virtual size follows its text); a text longer than the
    field still scrolls to keep the cursor in sight. A field as wide as its text still grows."""
    from gm_console.ui.widgets import TextField

    layouts = screens_laid_out(monkeypatch)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3", "enter")
        field = app.screen.query_one("#field-name", TextField)
        field.focus()
        await pilot.press("e")  # the first key marks the field unsaved: its label changes
        await settled(pilot)
        layouts.clear()
        await pilot.press(*"-the-wanderer-of-the-north")
        await settled(pilot)
        assert not layouts
        assert field.value == "e-the-wanderer-of-the-north"  # focus selected "Aria"
        assert field.scroll_x > 0
        assert "the-north" in screen_text(app)[field.region.y]
        # a field as wide as its text is laid out with it
        wide = TextField("x", id="wide")
        wide.styles.width = "auto"
        await app.screen.mount(wide)
        await settled(pilot)
        before, layouts[:] = wide.size.width, []
        wide.value = "a much longer text"
        await settled(pilot)
        assert layouts and wide.size.width > before


async def test_a_screen_is_not_laid_out_again_at_the_size_it_has(make_app, store, monkeypatch):
    """A screen's first layout sends it a Resize, and Textual's handler of it laid the screen
    out again at the same size, and the blank screen under it: four layouts for each session
    screen opened. A Resize to the size a screen has lays nothing out; a terminal resized lays
    the screen out at its new size."""
    layouts = screens_laid_out(monkeypatch)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        layouts.clear()
        await pilot.press("f5")
        await settled(pilot)
        assert "EncumbranceScreen" in layouts and "Screen" not in layouts
        assert await laid_out_by_a_resize_to_its_own_size(pilot, layouts) == []
        await pilot.resize_terminal(100, 30)
        await settled(pilot)
        assert app.screen.outer_size == (100, 30) and "EncumbranceScreen" in layouts


async def test_a_question_lays_out_neither_itself_again_nor_the_screen_behind(
        make_app, store, monkeypatch):
    """A question's first layout sent it a Resize too, which laid it out again with the
    session screen under it. The screen behind still shows through, dimmed (Textual takes a
    question's default CSS from its first base: ModalScreen must come first)."""
    layouts = screens_laid_out(monkeypatch)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        layouts.clear()
        await pilot.press("d")  # the dice prompt
        await settled(pilot)
        assert type(app.screen).__name__ == "TextPrompt"
        assert "TextPrompt" in layouts and "HomeScreen" not in layouts
        assert await laid_out_by_a_resize_to_its_own_size(pilot, layouts) == []
        assert "Bram" in app.export_screenshot()


async def test_a_question_line_closing_restyles_nothing_and_its_field_takes_no_key(
        make_app, store, monkeypatch):
    """Closed, the question line's field is out of the focus chain (a screen's letters stay its
    keys, tab never lands in it) without being disabled: a change of ``disabled`` restyles the
    field, a third of the time an answered question took to draw."""
    from textual.widget import Widget

    from gm_console.ui.widgets.question_line import QuestionLine

    restyled: list[str] = []
    original = Widget.watch_disabled
    monkeypatch.setattr(Widget, "watch_disabled", lambda widget, *a: (
        restyled.append(type(widget).__name__), original(widget, *a)))
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")  # the loads screen: i asks for an item
        await settled(pilot)
        line = app.screen.query_one(QuestionLine)
        field = line.query_one(Input)
        assert field not in app.screen.focus_chain
        await pilot.press("i")
        await settled(pilot)
        assert line.asking and app.screen.focused is field
        await pilot.press(*"torch, 1, 1", "enter")
        await settled(pilot)
        assert not line.asking and restyled == []
        assert field not in app.screen.focus_chain
        await pilot.press("tab", "tab", "tab")
        await settled(pilot)
        assert app.screen.focused is not field
        assert any(item["name"] == "torch" for item in store.state["characters"][0]["items"])


async def test_a_plugin_screen_with_breakpoints_gets_their_classes(make_app, store):
    """Textual sets a screen's breakpoint classes in its Resize handler: a screen that has
    breakpoints keeps that handler for every Resize, its first one included."""
    from gm_console.ui.base import StoreScreen

    class Wide(StoreScreen):
        HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (90, "-wide")]

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(Wide(store))
        await settled(pilot)
        assert app.screen.has_class("-narrow") and not app.screen.has_class("-wide")
        await pilot.resize_terminal(100, 30)
        await settled(pilot)
        assert app.screen.has_class("-wide")


async def test_a_free_action_costs_the_same_for_a_fight_of_any_size(make_app, make_store,
                                                                    monkeypatch):
    """An action changes the encounter, not the sheets: neither the operation (it reads the
    acting combatant's speed and conditions before it changes anything) nor the combat screen
    (ops.fighters is kept) asks a character's plugins for its speed or conditions again, and
    the screen compares the cells of the acting combatant's row alone (each row as last
    synced is skipped)."""
    from gm_console.host.manager import Host
    from gm_console.ui.widgets import SyncedTable
    from gm_console_plugins.combat import ops

    counted = {"fighters": 0, "cells": 0, "sheets": 0}
    call_each = Host.call_each

    def asking(host: Host, hook: str, **kwargs: Any) -> Any:
        counted["sheets"] += hook in ("speed_steps", "character_conditions")
        return call_each(host, hook, **kwargs)
    monkeypatch.setattr(Host, "call_each", asking)

    monkeypatch.setattr(ops, "_fighters", counting(counted, "fighters", ops._fighters))
    monkeypatch.setattr(SyncedTable, "get_cell", counting(counted, "cells", SyncedTable.get_cell))
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


async def test_a_screen_is_styled_whole_neither_when_built_nor_when_it_comes_back(
        make_app, store, monkeypatch):
    """A screen with a key is kept when another takes its place (GMConsoleApp.action_open):
    going back to it builds nothing and styles none of its widgets again, and building it
    styles each as it is mounted, without a second pass over the whole screen once it is in
    front (Textual's: a quarter of building a screen, two thirds of going back to one)."""
    from textual.app import App
    from textual.css.stylesheet import Stylesheet
    from textual.screen import Screen

    counted = {"styled": 0, "whole screens": 0}
    monkeypatch.setattr(Stylesheet, "apply", counting(counted, "styled", Stylesheet.apply))
    update_styles = App.update_styles

    def whole(app: Any, node: Any, *args: Any, **kwargs: Any) -> Any:
        counted["whole screens"] += isinstance(node, Screen)
        return update_styles(app, node, *args, **kwargs)

    monkeypatch.setattr(App, "update_styles", whole)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f8")
        await settled(pilot)
        counted.update(dict.fromkeys(counted, 0))
        await pilot.press("f3")
        await settled(pilot)
        assert counted["whole screens"] == 0 and counted["styled"] > 0, counted
        counted.update(dict.fromkeys(counted, 0))
        await pilot.press("f8")
        await settled(pilot)
        assert counted == {"styled": 0, "whole screens": 0}


async def test_a_value_finds_its_screen_once_to_tell_whether_its_width_follows_it(monkeypatch):
    """Whether a Value's width is its text's (its own or an ancestor's ``width: auto``), asked
    when a changed line is wider or narrower (the travel planner's pace, rates and how-far
    lines at each pace key): the screen, where the climb stops, is found once, not once an
    ancestor (each a climb of its own to the screen)."""
    from textual.app import App
    from textual.containers import Horizontal, Vertical
    from textual.dom import DOMNode

    from gm_console.ui.widgets import Value

    class Nested(App):
        CSS = "#outer-auto { width: auto; height: auto; } #fixed { width: 30; }"

        def compose(self) -> Any:
            with Vertical(), Horizontal():
                yield Value("fixed width", id="fixed")
            with Horizontal(id="outer-auto"), Vertical(id="inner"):
                yield Value("in an auto box", id="inside-auto")

    found: list[str] = []
    original = DOMNode.screen
    monkeypatch.setattr(Value, "screen", property(
        lambda self: (found.append(str(self.id)), original.fget(self))[1]))
    app = Nested()
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        for name, follows in (("fixed", False), ("inside-auto", True)):
            found.clear()
            assert app.query_one(f"#{name}", Value)._width_follows_content() is follows
            assert found == [name]


async def test_a_value_shown_one_line_of_text_takes_it_as_its_line_without_a_copy(monkeypatch):
    """A one-line Text (the travel planner's pace, rates and how-far figures at each pace key)
    is its own only line: not split into a copy of itself, each span copied again; a text of
    several lines is split into its lines, and each shows as it was given."""
    from rich.text import Text
    from textual.app import App

    from gm_console.ui.widgets import Value

    class Shown(App):
        def compose(self) -> Any:
            yield Value("", id="figure")

    split: list[str] = []
    original = Text.split
    monkeypatch.setattr(Text, "split", lambda self, *args, **kwargs: (
        split.append(self.plain), original(self, *args, **kwargs))[1])
    app = Shown()
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        figure = app.query_one("#figure", Value)
        one = Text.assemble(("fast", "bold"), " — ", ("−5 to passive Perception", "yellow"))
        assert figure.show(one) and split == []
        await settled(pilot)
        assert figure.shown == "fast — −5 to passive Perception"
        assert screen_text(app)[0].startswith("fast — −5 to passive Perception")
        assert figure.show(Text("two\nlines")) and split == ["two\nlines"]
        await settled(pilot)
        assert [line.rstrip() for line in screen_text(app)[:2]] == ["two", "lines"]
