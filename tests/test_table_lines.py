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


async def test_a_cell_of_another_width_moves_its_column_only_when_it_must(monkeypatch):
    """A cell narrower or wider than before, within its column's width, is updated alone
    (the table is not measured and repainted whole); the widest cell narrower, or a cell
    wider than the column, makes the column narrower or wider."""
    from textual.app import App
    from textual.widgets import DataTable

    widths: list[bool] = []
    update_cell = DataTable.update_cell

    def spied(self: Any, *args: Any, update_width: bool = False, **kwargs: Any) -> Any:
        widths.append(update_width)
        return update_cell(self, *args, update_width=update_width, **kwargs)

    monkeypatch.setattr(DataTable, "update_cell", spied)

    class Tables(App[None]):
        def compose(self) -> Any:
            yield SyncedTable(cursor_type="row")

    def rows(first: str, second: str) -> list[tuple[str, list[str]]]:
        return [("a", ["Aria", first]), ("b", ["Bram", second])]

    async with Tables().run_test(size=SIZE) as pilot:
        table = pilot.app.query_one(SyncedTable)
        table.sync(["Name", "Speed"], rows("4 mv / 3 m", "12 mv / 9 m"))
        await settled(pilot)
        column = list(table.columns.values())[1]
        assert column.content_width == len("12 mv / 9 m")
        # (Aria's, Bram's, whether the changed cell was updated alone, the column's width)
        steps = [("3 mv / 2.25 m", "12 mv / 9 m", False, 13),  # wider than the column
                 ("4 mv / 3 m", "12 mv / 9 m", False, 11),  # the widest narrower
                 ("6 mv / 4 m", "12 mv / 9 m", True, 11),  # as wide
                 ("1 mv", "12 mv / 9 m", True, 11),  # narrower, not the widest
                 ("2 mv / 1 m", "12 mv / 9 m", True, 11),  # wider, within the column
                 ("2 mv / 1 m", "9 mv / 6 m", False, 10)]  # the widest narrower
        for first, second, alone, width in steps:
            widths.clear()
            table.sync(["Name", "Speed"], rows(first, second))
            await settled(pilot)
            assert widths == [not alone], (first, second, widths)
            assert column.content_width == width, (first, second)
            kept, anew = kept_and_anew(table)
            assert kept == anew
            shown = texts(kept)
            assert first in shown[1] and second in shown[2], shown
