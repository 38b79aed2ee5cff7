"""A table that updates only the cells that changed."""

from __future__ import annotations

from typing import Any, Sequence

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.coordinate import Coordinate
from textual.geometry import Region, Size
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.widgets import DataTable
from textual.widgets.data_table import RowKey

from gm_console.text.safe_text import visible
from gm_console.ui.widgets.question_line import QuestionLine
from gm_console.ui.widgets.table_scrollbar import KeptScrollBar


class ShownText(Text):
    """A text cell as the table holds it: Rich Text, shown as it is, which compares equal to
    the str it was given, so that a test reading ``table.get_row(key)[3] == "no"`` reads it
    as it did when the table held the str itself (str(cell) gives it too)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            return self.plain == other
        return super().__eq__(other)

    __hash__ = None  # type: ignore[assignment]  # as Text's: equal to a str, not hashed as one


def _as_text(cells: Sequence[Any], height: int) -> list[Any]:
    """Text cells as :class:`ShownText`: DataTable reads a str as markup, where a character
    named "[/x]" or ":fire:" is no longer its name (an escape keeps the brackets, not the
    colons: an emoji), and parses it again at each measure and render of its row; its first
    emoji loads Rich's table of them, 860 KiB kept for the console's life. Wrapped as
    DataTable wraps a str: within a row of several lines, not in a row of one."""
    return [ShownText(cell, no_wrap=height == 1, end="") if isinstance(cell, str) else cell
            for cell in cells]


def _height(cells: Sequence[Any]) -> int:
    """A row's lines: a text cell of several lines (the party's conditions, one a line) makes
    its row as tall."""
    return max([str(cell).count("\n") + 1 for cell in cells if isinstance(cell, str)] or [1])


class SyncedTable(DataTable):
    """A DataTable fed whole rows by key; ``sync`` adds, removes and updates only the cells
    whose text changed, so a changed number repaints one cell."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._given: dict[str, tuple[Any, ...]] = {}
        """Each row's cells as ``sync`` was last given them (before escaping), by key."""
        self._kept_lines: dict[tuple[Any, ...], Strip] = {}
        """Finished lines by the table line they show (:meth:`_finished_lines`)."""
        self._line_rows: list[int] = []
        """The row of each line of the table, for the kept lines' state."""
        self._kept_cells: dict[tuple[Any, ...], Any] = {}
        """Each cell's rendered lines by what it holds (:meth:`_render_cell`)."""

    def sync(self, columns: Sequence[str], rows: Sequence[tuple[str, Sequence[Any]]],
             widths: Sequence[int | None] = ()) -> None:
        """Show ``rows`` under ``columns``. ``widths`` fixes a column's width (None: as wide
        as its content): the table keeps its shape while the figures change, and a long text
        is cut at the column's edge instead of pushing the next ones out of the terminal.
        New labels or widths (the terminal resized) make the columns anew."""
        labels = [visible(column, lines=False) for column in columns]  # each on one line
        shape = [(str(c.label), None if c.auto_width else c.width)
                 for c in self.columns.values()]
        new_shape = shape != [(label, widths[index] if index < len(widths) else None)
                              for index, label in enumerate(labels)]
        wanted = [key for key, _ in rows]
        present = [str(row.key.value) for row in self.ordered_rows]
        # A row whose lines changed in number (a condition more in a cell of several lines)
        # is made again with the others: DataTable keeps a row's height from its adding.
        taller = any(_height(cells) != self.rows[RowKey(key)].height
                     for key, cells in rows[:len(present)]
                     if self._given.get(key) != tuple(cells) and RowKey(key) in self.rows)
        if new_shape or taller or present != wanted[:len(present)] or len(present) > len(wanted):
            # Rows were removed or reordered, or the columns changed: rebuild (rare: add,
            # remove, initiative order, a resized terminal), the cursor kept on its line.
            cursor = self.cursor_row
            self.clear(columns=new_shape)
            if new_shape:
                for index, label in enumerate(labels):
                    # Text, not str: DataTable reads a str label as markup ("Load [lb]" would
                    # lose its brackets, ":fire:" would become an emoji), and the label would
                    # not match the column given, which would rebuild the table at every sync.
                    self.add_column(Text(label),
                                    width=widths[index] if index < len(widths) else None)
            for key, cells in rows:
                self._add(key, cells)
            self._measure_now()
            if self.row_count:
                self.move_cursor(row=min(cursor, self.row_count - 1))
            return
        column_keys = list(self.columns)
        for key, cells in rows[:len(present)]:
            if self._given.get(key) == tuple(cells):
                continue  # as last synced: no cell to compare (30 combatants, 12 columns)
            self._given[key] = tuple(cells)
            cells = _as_text(cells, self.rows[RowKey(key)].height)
            shown = self.get_row(key)  # a row at a time: a big party's rows are mostly alike
            if shown == cells:
                continue
            changed = [(index, column_key, cell, old) for index, (column_key, cell, old)
                       in enumerate(zip(column_keys, cells, shown)) if old != cell]
            if changed:
                self._update(key, changed)
        for key, cells in rows[len(present):]:
            self._add(key, cells)

    def _measure_now(self) -> None:
        """The rows just added measured now, not when the table is next idle (DataTable's
        way): a cursor moved to a row out of view then scrolls in this frame. Otherwise the
        table is drawn with its new rows at the old scroll, and again scrolled to the cursor
        in the next frame (the journal's end key: the whole table twice)."""
        if self.is_mounted and self._require_update_dimensions:
            self._require_update_dimensions = False
            new_rows = self._new_rows.copy()
            self._new_rows.clear()
            self._update_dimensions(new_rows)

    def _add(self, key: str, cells: Sequence[Any]) -> None:
        height = _height(cells)
        self.add_row(*_as_text(cells, height), key=key, height=height)
        self._given[key] = tuple(cells)

    def clear(self, columns: bool = False) -> Any:
        self._given = {}
        self._kept_for = ()  # DataTable's count of its changes does not count a clear
        return super().clear(columns)

    _row_only = False

    def _update(self, key: str, changed: list[tuple[int, Any, Any, Any]]) -> None:
        """Put the ``changed`` cells (index, column key, new, old) of a row in."""
        if any(self._may_resize(column, cell, old) for _, column, cell, old in changed):
            # The column may widen or narrow: every row moves, the whole table repaints.
            for _, column, cell, _ in changed:
                self.update_cell(key, column, cell, update_width=True)
            return
        # As wide as before: nothing moves, so only the changed cells are repainted
        # (DataTable's update_cell repaints the whole table, even for one number). One region
        # for the row: Textual writes each region of a line from the table's left edge, so
        # two would write the row's start twice.
        self._row_only = True
        try:
            for _, column, cell, _ in changed:
                self.update_cell(key, column, cell)
        finally:
            self._row_only = False
        row = self.get_row_index(key)
        self._refresh_region(Region.from_union([
            self._get_cell_region(Coordinate(row, index)) for index, *_ in changed]))

    def _may_resize(self, column: Any, cell: Any, old: Any) -> bool:
        """Whether a column as wide as its widest cell may change width as ``old`` becomes
        ``cell``: when the new text is wider than the column, or the old one was as wide (it
        may have been the only one). A cell of another width within the column leaves it as
        it is: the loads screen's "3 mv / 2.25 m" for "4 mv / 3 m" repainted the whole table,
        for a speed shorter than the longest. (The texts as given to DataTable, measured as it
        measures them.)"""
        header = self.columns[column]
        if not header.auto_width:
            return False
        new_width, old_width = cell_len(str(cell)), cell_len(str(old))
        return new_width != old_width and (new_width > header.content_width
                                           or old_width >= header.content_width)

    def refresh(self, *regions: Any, **kwargs: Any) -> Any:
        if self._row_only and not regions and not kwargs:
            return self
        return super().refresh(*regions, **kwargs)

    _style_of_render: Style | None = None
    _kept_for: tuple[Any, ...] = ()

    def render_lines(self, crop: Region) -> list[Strip]:
        # DataTable's render_line asks rich_style for each line: every ancestor's styles
        # walked again, 230 calls a line, the same style for all of them. Kept for the render:
        # nothing restyles the table while it renders.
        self._style_of_render = style = super().rich_style
        try:
            return self._finished_lines(crop, style)
        finally:
            self._style_of_render = None

    @property
    def rich_style(self) -> Style:
        return self._style_of_render or super().rich_style

    def _finished_lines(self, crop: Region, style: Style) -> list[Strip]:
        """The table's lines in ``crop`` as Textual finishes them (styled, padded, filtered),
        each kept by the table line it shows and whether the cursor and the mouse are on its
        row. DataTable keeps its lines by the cursor's place: a move of the cursor makes every
        line again, and a page key scrolled 18 lines, each 200 calls through DataTable's and
        the widget's styling, though they were drawn a press before (the journal's page up
        and down) or are the lines next to them (up and down at the page's edge)."""
        if self.cursor_type not in ("row", "none") or self.fixed_rows:
            return super().render_lines(crop)  # a cursor on cells or columns: not kept
        scroll_x, scroll_y = self.scroll_offset
        # Everything else a line's look follows. _update_count is DataTable's count of its
        # changes (a cell, a row, a column, a resize), which it keys its own caches by; and
        # _show_hover_cursor, whether the mouse's row is marked, is in its line cache's key.
        # Read here for the same reasons (tests/test_table_lines.py renders the kept lines
        # against lines made anew, after every kind of change, and would fail if either
        # stopped meaning that).
        # The virtual size too: the columns' widths, measured when the table is next idle
        # after a change (DataTable's count of changes is not counted again then).
        state = (self._update_count, style, self.get_pseudo_class_state(), self.size,
                 self.virtual_size, crop.x, crop.width, scroll_x, self.cursor_type,
                 self.show_cursor,
                 self._show_hover_cursor, self.zebra_stripes, self.show_header,
                 self.header_height, self.fixed_columns, self.cell_padding,
                 self.show_row_labels, self.app.theme, tuple(self.get_line_filters()))
        if state != self._kept_for:
            self._kept_for, self._kept_lines = state, {}
            self._line_rows = [index for index, row in enumerate(self.ordered_rows)
                               for _ in range(row.height)]
        kept, rows = self._kept_lines, self._line_rows
        header = self.header_height if self.show_header else 0
        cursor = self.cursor_coordinate.row if self.cursor_type == "row" else None
        hover = self.hover_coordinate
        keys: list[tuple[Any, ...]] = []
        for y in range(crop.y, crop.bottom):
            if y < header:  # the header does not scroll; the mouse's column may mark it
                keys.append(("header", y, hover))
                continue
            line = y - header + scroll_y
            row = rows[line] if line < len(rows) else -1  # -1: below the last row
            keys.append((line, row == cursor, row == hover.row))
        missing = [index for index, key in enumerate(keys) if key not in kept]
        start = 0
        while start < len(missing):  # each run of missing lines made at once
            end = start
            while end + 1 < len(missing) and missing[end + 1] == missing[end] + 1:
                end += 1
            first = missing[start]
            made = super().render_lines(Region(crop.x, crop.y + first, crop.width,
                                               missing[end] - first + 1))
            for index, strip in enumerate(made, first):
                kept[keys[index]] = strip
            start = end + 1
        return [kept[key] for key in keys]

    def _render_cell(self, row_index: int, column_index: int, base_style: Style, width: int,
                     cursor: bool = False, hover: bool = False) -> Any:
        # DataTable keeps a cell's lines until its next change of any cell (its key holds
        # the table's count of changes): one number changed in a row, and the row's every
        # cell went through Rich again when the row was drawn (400 calls a cell). Kept here
        # by what the cell holds as sync gave it, and by everything else DataTable's key
        # holds. An override of DataTable's own method, with its arguments (Textual 8):
        # tests/test_table_lines.py draws the table's lines kept and anew after a cell's
        # change, and the tests of each table's screens show their cells.
        rows = self.ordered_rows
        if row_index < 0 or column_index < 0 or row_index >= len(rows):
            return super()._render_cell(row_index, column_index, base_style, width, cursor,
                                        hover)  # the header, a row's label
        row = rows[row_index]
        given = self._given.get(str(row.key.value))
        if given is None or column_index >= len(given):  # not a row sync gave
            return super()._render_cell(row_index, column_index, base_style, width, cursor,
                                        hover)
        key = (row_index, column_index, given[column_index], base_style, width, cursor,
               hover, row.height, self._show_hover_cursor, self._pseudo_class_state,
               self.show_cursor, self.fixed_rows, self.fixed_columns, self.cell_padding)
        lines = self._kept_cells.get(key)
        if lines is None:
            if len(self._kept_cells) > 5000:  # cells long changed: cheaper than tracking
                self._kept_cells = {}
            lines = self._kept_cells[key] = super()._render_cell(
                row_index, column_index, base_style, width, cursor, hover)
        return lines

    def notify_style_update(self) -> None:
        # restyled (the CSS, a class, the theme): every line and cell made again
        self._kept_for, self._kept_cells = (), {}
        super().notify_style_update()

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        # Textual's own (Widget.vertical_scrollbar) with KeptScrollBar for ScrollBar: Textual
        # makes a widget's scrollbar in this property, the first time it is asked, and keeps
        # it in _vertical_scrollbar. tests/test_table_lines.py checks that the scrollbar on
        # the screen is this one and draws the lines Textual's would.
        if self._vertical_scrollbar is None:
            self._vertical_scrollbar = bar = KeptScrollBar(
                vertical=True, name="vertical", thickness=self.scrollbar_size_vertical)
            bar.display = False
            self.app._start_widget(self, bar)
        return self._vertical_scrollbar

    # A question asked on the screen's bottom line (QuestionLine) takes the focus while it is
    # typed, and gives it back: meanwhile the table keeps its focused look (its cursor still
    # marks the row the question is about), so that neither asking nor answering repaints
    # every row (the focus tints them all, both ways).
    _focus_lent = False

    def _on_blur(self, event: events.Blur) -> None:
        focused = self.screen.focused
        if focused is not None and any(isinstance(node, QuestionLine)
                                       for node in focused.ancestors):
            self._focus_lent = True
            event.prevent_default()  # has_focus stays, nothing is repainted

    def _on_focus(self, event: events.Focus) -> None:
        if self._focus_lent:
            self._focus_lent = False
            event.prevent_default()  # it never looked otherwise

    _laid_out: tuple[Size, ...] = ()

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size,
                      layout: bool = True) -> bool:
        # After every layout of the screen Textual's ScrollView sets its scrollbars again and
        # repaints them, changed or not (it compares the layout's virtual size with the
        # table's own, which differ whenever the table scrolls): on a 50-row table, a footer
        # shown again wrote the scrollbar's 12 lines, in a frame of their own. With the same
        # sizes as last time there is nothing to set.
        laid_out = (size, virtual_size, container_size, self.virtual_size)
        if laid_out == self._laid_out:
            return False
        self._laid_out = laid_out
        return super()._size_updated(size, virtual_size, container_size, layout)

    @property
    def current_key(self) -> str | None:
        """The key of the row under the cursor, or None when the table is empty."""
        if not self.row_count:
            return None
        return str(self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value)
