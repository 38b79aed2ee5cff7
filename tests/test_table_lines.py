"""A table keeps its finished lines by the line of the table they show (SyncedTable): what it
draws from them must be what it would draw anew, after every kind of change: a cell, a row
added, the table cut again, the cursor, the mouse, the focus, the scroll."""

from __future__ import annotations

from typing import Any

from textual.geometry import Region

from gm_console.ui.widgets import SyncedTable
from gm_console.ui.widgets.table_scrollbar import KeptScrollBar

SIZE = (80, 24)


async def settled(pilot: Any) -> None:
    for _ in range(3):
        await pilot.pause()


def kept_and_anew(table: SyncedTable) -> tuple[list[Any], list[Any]]:
    """The table's lines as it draws them now, then as it draws them with nothing kept
    (every line made again by Textual): each line's segments, text and style."""
    region = Region(0, 0, table.size.width, table.size.height)
    kept = [list(strip) for strip in table.render_lines(region)]
    table.notify_style_update()  # forgets the kept lines
    table.refresh()  # and Textual's own lines: every one made again
    anew = [list(strip) for strip in table.render_lines(region)]
    return kept, anew


def bar_kept_and_textual(table: SyncedTable) -> tuple[list[Any], list[Any]]:
    """The table's scrollbar's lines as it draws them, then as Textual's scrollbar draws
    them (its whole bar made again)."""
    from textual.widget import Widget

    bar = table.vertical_scrollbar
    region = Region(0, 0, bar.size.width, bar.size.height)
    kept = [list(strip) for strip in bar.render_lines(region)]
    bar.refresh()
    return kept, [list(strip) for strip in Widget.render_lines(bar, region)]


def texts(lines: list[Any]) -> list[str]:
    return ["".join(segment.text for segment in line) for line in lines]


async def test_the_journal_table_draws_what_it_would_draw_anew_after_each_key(make_app,
                                                                             store):
    from test_app import long_journal

    long_journal(store, 120)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f4")
        await settled(pilot)
        table = app.screen.query_one("#lines", SyncedTable)
        seen, thumbs = set(), set()
        # the scrollbar on the screen is the table's own (Textual asked the table for it)
        bar = table.vertical_scrollbar
        assert isinstance(bar, KeptScrollBar) and bar.display and bar.region.height > 10
        for keys in (["pageup"], ["pagedown"], ["pageup"], ["pageup"], ["up"], ["down"],
                     ["pagedown"], ["end"], ["plus", "end"], ["plus", "end"], ["home"], ["b"], ["end"],
                     ["c"], ["pageup"], ["c", "c"], ["k"], ["pagedown"]):
            await pilot.press(*keys)
            await settled(pilot)
            kept, anew = kept_and_anew(table)
            assert kept == anew, keys
            seen.add(tuple(texts(kept)))
            bar, textual = bar_kept_and_textual(table)
            assert bar == textual, keys
            thumbs.add(tuple(texts(bar)))
            if keys == ["plus", "end"]:  # the journal grown: its new line drawn at the end
                assert "time passes: 10 min" in texts(kept)[-1], texts(kept)
        # the keys showed other lines each time, not one page kept throughout
        assert len(seen) > 8
        assert len(thumbs) > 3  # and the thumb in several places


async def test_a_short_journal_draws_a_line_added_below_its_rows(make_app, store):
    """A row added where the table drew blank lines below its rows: those lines, kept blank,
    are drawn again with the row."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f4")
        await settled(pilot)
        table = app.screen.query_one("#lines", SyncedTable)
        rows = table.row_count
        before = texts(kept_and_anew(table)[0])
        await pilot.press("plus")
        await settled(pilot)
        assert table.row_count == rows + 1
        kept, anew = kept_and_anew(table)
        assert kept == anew
        assert kept != before and any("time passes: 10 min" in line for line in texts(kept))


async def test_the_loads_table_draws_a_changed_cell_the_mouse_and_the_focus(make_app,
                                                                             make_store):
    store = make_store([{"name": name, "strength": 15} for name in ("Aria", "Bram", "Cole",
                                                                      "Dana")])
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settled(pilot)
        screen = app.screen
        table = screen.query_one("#enc-table", SyncedTable)
        kept, anew = kept_and_anew(table)
        assert kept == anew
        # a cell changed in a row the table drew a press before
        assert store.apply("item.add", {"character": "Aria", "name": "rope",
                                        "weight_lb": 30}).ok
        await settled(pilot)
        kept, anew = kept_and_anew(table)
        assert kept == anew and any(" 30 / " in line for line in texts(kept))
        # and again, as wide: only the figure changes in the cell
        assert store.apply("item.add", {"character": "Aria", "name": "torch",
                                        "weight_lb": 1}).ok
        await settled(pilot)
        kept, anew = kept_and_anew(table)
        assert kept == anew and any(" 31 / " in line for line in texts(kept))
        for step in (lambda: pilot.hover("#enc-table", offset=(2, 2)),  # the mouse's row
                     lambda: pilot.hover("#enc-table", offset=(2, 3)),  # the next row
                     lambda: pilot.hover("#enc-detail"),
                     lambda: pilot.press("down"),
                     lambda: pilot.press("up")):
            await step()
            await settled(pilot)
            kept, anew = kept_and_anew(table)
            assert kept == anew
        # the focus elsewhere: the rows lose their focused look, and get it back
        focused = kept
        screen.set_focus(screen.query_one("#enc-detail"))
        await settled(pilot)
        kept, anew = kept_and_anew(table)
        assert kept == anew and kept != focused
        screen.set_focus(table)
        await settled(pilot)
        kept, anew = kept_and_anew(table)
        assert kept == anew == focused
