"""The journal: every line, filtered by character and by kind; exported as Markdown.

A campaign's journal only grows, without a bound, so the table never holds it all: it holds
a window of at most ``PAGE`` lines of the filtered journal, and moving the cursor past the
window's edge (up, down, page up and down, home, end, ``b``) cuts the window again around the
line it goes to. Every key costs the same whatever the journal's length: lines are found by
their position (:class:`gm_console.files.journal.Index` keeps each filter's positions as the
journal grows), and the export is written off the key's path.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from gm_console.files import codec, journal
from gm_console.rules.clock import format_clock
from gm_console.state.store import Change
from gm_console.text.said import say
from gm_console.ui.base import StoreScreen
from gm_console.ui.styles import css_beside
from gm_console.ui.widgets import SyncedTable, Value

PAGE = 50  # lines in the table: the latest on opening, then the window the cursor is in
INDEX_SLICE = 5000  # journal lines indexed for the filters per frame: a small part of one
WHO_FROM = 100  # columns of the terminal from which the characters of a line have a column
WHO_WIDTH = 16  # at most, for each column but the text (who, kind): the rest is the text's

class JournalTable(SyncedTable):
    """The table of the journal screen: its cursor keys move through the whole filtered
    journal, not just the rows the table holds (the screen cuts a new window at the edges)."""

    def _screen(self) -> JournalScreen:
        screen = self.screen
        assert isinstance(screen, JournalScreen)
        return screen

    def _page(self) -> int:
        """Rows the table shows at once: what page up and page down move by."""
        return max(1, self.scrollable_content_region.height - self.header_height)

    def action_cursor_up(self) -> None:
        self._screen().go_by(-1)

    def action_cursor_down(self) -> None:
        self._screen().go_by(1)

    def action_page_up(self) -> None:
        self._screen().go_by(-self._page())

    def action_page_down(self) -> None:
        self._screen().go_by(self._page())

    def action_scroll_home(self) -> None:  # in a row table: the first line, not column
        self._screen().action_first_line()

    def action_scroll_end(self) -> None:
        self._screen().action_last_line()

    action_scroll_top = action_scroll_home  # ctrl+home
    action_scroll_bottom = action_scroll_end  # ctrl+end


class JournalScreen(StoreScreen):
    AREAS = frozenset({"journal"})
    BINDINGS = [
        Binding("c", "cycle_character", "Character filter"),
        Binding("k", "cycle_kind", "Kind filter"),
        Binding("b", "older", "Older lines"),
        Binding("x", "export", "Export .md"),
        Binding("home", "first_line", "First line", show=False),
        Binding("end", "last_line", "Last line", show=False),
    ]

    def __init__(self, store, **kwargs) -> None:
        super().__init__(store, **kwargs)
        self.character = ""
        self.kind = ""
        # The window shown: positions ``first`` to ``last`` (excluded) of the filtered lines;
        # ``last`` None is "to the end", so that new lines are added to the table, not the
        # table cut again.
        self.first = 0
        self.last: int | None = None
        self.going_to: int | None = None  # the position the cursor goes to on the next view

    DEFAULT_CSS = css_beside(__file__, "journal_screen.tcss")

    def compose_body(self) -> ComposeResult:
        yield Value(id="filters", classes="hint")
        yield JournalTable(id="lines", cursor_type="row", zebra_stripes=True)
        yield Value(id="line-text")  # the line under the cursor in full

    def on_mount(self) -> None:  # (after StoreScreen's: Textual calls each class's)
        # Indexed once the screen is drawn, so that the first filter key does not wait for
        # it: a slice a frame, the screen's own repaints and keys in between (a long journal
        # indexed at once would hold the opening's last repaint back).
        self.call_after_refresh(self._index_a_slice)

    def _index_a_slice(self) -> None:
        if not self.app.journal_index.index(self._every(), INDEX_SLICE):
            self.set_timer(1 / 60, self._index_a_slice)

    def _every(self) -> Sequence[dict[str, Any]]:
        return self.session.state.get("journal", [])

    def _positions(self) -> Sequence[int]:
        return self.app.journal_index.positions(self._every(), self.character, self.kind)

    def on_data_table_row_highlighted(self, event: SyncedTable.RowHighlighted) -> None:
        self._show_line()

    def _show_line(self) -> None:
        # A row's key is its line's index in the journal: found at once, however long.
        key = self.query_one("#lines", SyncedTable).current_key
        every = self._every()
        line = every[int(key)] if key is not None and int(key) < len(every) else {}
        self.query_one("#line-text", Value).show(Text(self.app.t.line(line) if line else ""))

    def refresh_view(self, change: Change | None) -> None:
        t = self.app.t
        every = self._every()
        positions = self._positions()
        if (change is None and self.going_to is None) or self.first > len(positions):
            # opened, or a filter changed (or the journal is another's): the latest lines
            self.first, self.last = max(0, len(positions) - PAGE), None
            self.going_to = len(positions) - 1
        shown = positions[self.first:self.last]
        filters = say("Character: {who} (c)   Kind: {kind} (k)", who=self.character or say("all"),
                      kind=t(self.kind) if self.kind else say("all"))
        self.query_one("#filters", Value).show(
            t(filters) + (f"   x{t(': ')}{t('export Markdown')}" if self.app.writes_files
                          else ""))
        table = self.query_one("#lines", SyncedTable)
        # The characters a line is about have a column only where there is room for it:
        # at 80 columns it would take a fifth of the text's, and the text names them anyway.
        who = self.app.size.width >= WHO_FROM
        columns = [t("Day"), t("Kind"), *([t("Who")] if who else []), t("Text")]
        rows = [(str(index), [format_clock(line, t("Day")),
                              t(str(line.get("kind", "")))
                              + (f" {t('(GM)')}" if line.get("gm_only") else ""),
                              *([", ".join(line.get("who", []))] if who else []),
                              t.line(line)])
                for index, line in ((index, every[index]) for index in shown)]
        table.sync(columns, rows, self._widths(columns, [cells for _, cells in rows]))
        if self.going_to is not None and table.row_count:
            table.move_cursor(row=min(max(0, self.going_to - self.first), table.row_count - 1))
        self.going_to = None
        self._show_line()

    def _widths(self, columns: list[str], rows: list[list[str]]) -> tuple[int, ...]:
        """Each column but the text as wide as the lines shown need (at most ``WHO_WIDTH``),
        the text all that is left of the terminal's width, cut at its edge;
        the line under the cursor is shown in full below the table. Fixed widths rather than
        DataTable's own (as wide as the content): a long text would push the table past the
        terminal's edge. They change only when a line wider than the others is shown."""
        widths = [min(WHO_WIDTH, max(cell_len(text) for text in [columns[column]]
                                     + [cells[column] for cells in rows]))
                  for column in range(len(columns) - 1)]
        # Each column is padded by a cell on either side, and the scroll bar takes two.
        return (*widths, max(20, self.app.size.width - sum(widths) - 2 * len(columns) - 2))

    def go_to(self, position: int) -> None:
        """The cursor to the ``position``-th of the filtered lines, the window cut around it
        when it is not among the rows shown."""
        count = len(self._positions())
        if not count:
            return
        position = min(max(0, position), count - 1)
        last = count if self.last is None else self.last
        table = self.query_one("#lines", SyncedTable)
        if self.first <= position < min(last, self.first + table.row_count):
            table.move_cursor(row=position - self.first)  # among the rows: nothing to cut
            # The line in full now, in the cursor's frame: the table's RowHighlighted
            # message arrives after that frame, and its repaint would wait for the next one.
            self._show_line()
            return
        if not self.first <= position < last:
            # The window around it: from half a page before (the line's neighbours on both
            # sides), or the journal's latest lines, which follow what is added.
            self.first = min(max(0, position - PAGE // 2), max(0, count - PAGE))
            self.last = None if self.first + PAGE >= count else self.first + PAGE
        self.going_to = position
        self.refresh_view(None)

    def go_by(self, rows: int) -> None:
        table = self.query_one("#lines", SyncedTable)
        self.go_to(self.first + table.cursor_row + rows)

    def action_first_line(self) -> None:
        self.go_to(0)

    def action_last_line(self) -> None:
        self.go_to(len(self._positions()) - 1)

    def _cycle(self, current: str, options: list[str]) -> str:
        choices = [""] + options
        return choices[(choices.index(current) + 1) % len(choices)] if current in choices else ""

    def action_cycle_character(self) -> None:
        names = [str(c.get("name")) for c in self.session.characters]
        self.character = self._cycle(self.character, names)
        self.refresh_view(None)

    def action_cycle_kind(self) -> None:
        self.kind = self._cycle(self.kind, self.app.journal_index.kinds(self._every()))
        self.refresh_view(None)

    def action_older(self) -> None:
        """The page of lines before those shown (the screen opens on the latest page)."""
        if not self.first:
            self.notify(self.t("This is the start of the journal."))
            return
        # The cursor on the line just before the window, at the bottom of the page before.
        self.going_to = self.first - 1
        self.first, self.last = max(0, self.first - PAGE), self.first
        self.refresh_view(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "export" and not self.app.writes_files:
            return False  # a player's terminal on the game server writes nothing there
        return super().check_action(action, parameters)

    def action_export(self) -> None:
        path = self.app.path
        if path is None:
            self.notify(self.t("no session file to export beside"), severity="warning")
            return
        target = path.with_suffix(".journal.md")
        title = str(self.session.state.get("session", {}).get("name", path.stem))
        # The journal as it is now (a new line makes a new list; lines are never changed), and
        # the positions as they are now (the index appends to its lists).
        every, positions, t = self._every(), self._positions()[:], self.app.t

        def export() -> None:
            """On a thread: a long journal is slow to write as Markdown, and the screen answers
            its keys meanwhile."""
            lines = (every[index] for index in positions)
            try:
                codec.write_atomic(target, journal.to_markdown(title, lines, t))
            except OSError as exc:
                message = t(say("cannot export to {path}: {problem}", path=str(target),
                                problem=exc.strerror or str(exc)))
                self.app._from_thread(lambda: self.app.notify(message, severity="error",
                                                              timeout=15))
                return
            done = f"{t('Exported to')} {target}"
            self.app._from_thread(lambda: self.app.notify(done, timeout=8))

        # (a description, or Textual's would be the repr of everything the function holds)
        self.run_worker(export, thread=True, group="export", description="journal export")
