"""Widgets that redraw only what changed: over SSH a full repaint is 18 KB, a changed number
200 bytes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

import rich.text
import textual.content
from rich.markup import escape
from rich.cells import cell_len
from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import DataTable, Static

from gm_console.core.clock import format_clock
from gm_console.safe_text import visible

if TYPE_CHECKING:
    from gm_console.ui.app import GMConsoleApp

# Every text Textual draws passes through Content or Rich's Text, and both drop a few control
# characters there (BEL, CR...) but send ESC on to the terminal: a name from a file could
# retitle or clear it. Made visible at that one place instead, one character for one, so
# widths and styles stay where they were. tests/faults/test_escapes.py fails if Textual or
# Rich stop calling these.
def _made_visible(text: str, _translate_table: object = None) -> str:
    """In place of the libraries' stripping, with its signature: their table is not ours."""
    return visible(text)


textual.content._strip_control_codes = _made_visible
rich.text.strip_control_codes = _made_visible


def yes_no(value: bool, t: Callable[[str], str]) -> str:
    """A true/false value as a screen shows it: Yes or No in the UI language."""
    return t("Yes") if value else t("No")


class Value(Static):
    """A label whose ``show(text)`` repaints only when the text differs from what is shown.
    Text is shown as it is: a name like "[/x]" from a file is not markup."""

    def __init__(self, text: str | Text = "", **kwargs: Any) -> None:
        super().__init__(Content(text) if isinstance(text, str) else text, **kwargs)
        self._shown: str | Text = text

    def show(self, text: str | Text) -> bool:
        """Show ``text``; returns whether anything had to be repainted."""
        if text == self._shown:
            return False
        self._shown = text
        self.update(Content(text) if isinstance(text, str) else text)
        return True

    @property
    def shown(self) -> str:
        return str(self._shown)


class SyncedTable(DataTable):
    """A DataTable fed whole rows by key; ``sync`` adds, removes and updates only the cells
    whose text changed, so a changed number repaints one cell."""

    def sync(self, columns: Sequence[str], rows: Sequence[tuple[str, Sequence[Any]]],
             widths: Sequence[int | None] = ()) -> None:
        """Show ``rows`` under ``columns``. ``widths`` fixes a column's width (None: as wide
        as its content): the table keeps its shape while the figures change, and a long text
        is cut at the column's edge instead of pushing the next ones out of the terminal."""
        # DataTable reads text cells as markup: escaped, a character named "[/x]" is a name
        rows = [(key, [escape(cell) if isinstance(cell, str) else cell for cell in cells])
                for key, cells in rows]
        labels = [str(c.label) for c in self.columns.values()]
        if labels != list(columns):
            self.clear(columns=True)
            for index, column in enumerate(columns):
                self.add_column(column, width=widths[index] if index < len(widths) else None)
        wanted = [key for key, _ in rows]
        present = [str(row.key.value) for row in self.ordered_rows]
        if present != wanted[:len(present)] or len(present) > len(wanted):
            # Rows were removed or reordered: rebuild (rare: add, remove, initiative order).
            cursor = self.cursor_row
            self.clear()
            for key, cells in rows:
                self.add_row(*cells, key=key)
            if self.row_count:
                self.move_cursor(row=min(cursor, self.row_count - 1))
            return
        column_keys = list(self.columns)
        for key, cells in rows[:len(present)]:
            for column_key, cell in zip(column_keys, cells):
                old = self.get_cell(key, column_key)
                if old != cell:
                    self._update(key, column_key, cell, old)
        for key, cells in rows[len(present):]:
            self.add_row(*cells, key=key)

    _row_only = False

    def _update(self, key: str, column: Any, cell: Any, old: Any) -> None:
        if self.columns[column].auto_width and cell_len(str(cell)) != cell_len(str(old)):
            # The column may widen or narrow: every row moves, the whole table repaints.
            self.update_cell(key, column, cell, update_width=True)
            return
        # As wide as before: nothing moves, so only this row is repainted (DataTable's
        # update_cell repaints the whole table: 1.5 KB for one number in a 3-row table).
        self._row_only = True
        try:
            self.update_cell(key, column, cell)
        finally:
            self._row_only = False
        self.refresh_row(self.get_row_index(key))

    def refresh(self, *regions: Any, **kwargs: Any) -> Any:
        if self._row_only and not regions and not kwargs:
            return self
        return super().refresh(*regions, **kwargs)

    @property
    def current_key(self) -> str | None:
        """The key of the row under the cursor, or None when the table is empty."""
        if not self.row_count:
            return None
        return str(self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value)


class SessionHeader(Horizontal):
    """The top line: session name, waiting rolls, in-game clock. Its own widget rather than
    Textual's Header: changing ``App.sub_title`` repaints the whole screen (2.9 KB at 80x24),
    updating one Value repaints one line (about 130 bytes)."""

    if TYPE_CHECKING:  # Textual types it as any App
        app = getters.app(GMConsoleApp)

    DEFAULT_CSS = """
    SessionHeader { dock: top; height: 1; background: $panel; color: $foreground; }
    SessionHeader > #header-name { width: 1fr; padding: 0 1; text-style: bold; }
    SessionHeader > #header-rolls { width: auto; padding: 0 1; color: $warning; }
    SessionHeader > #header-requests { width: auto; padding: 0 1; color: $warning; }
    SessionHeader > #header-live { width: auto; padding: 0 1; color: $accent; }
    SessionHeader > #header-clock { width: auto; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        yield Value(id="header-name")
        yield Value(id="header-rolls")
        yield Value(id="header-requests")
        yield Value(id="header-live")
        yield Value(id="header-clock")

    def on_mount(self) -> None:
        self.app.store_changed.subscribe(self, self.show_state)
        self.show_state()

    def show_state(self, change: object = None) -> None:
        app = self.app
        state = app.store.state
        t = app.t
        self.query_one("#header-name", Value).show(
            str(state.get("session", {}).get("name", "gm-console")))
        waiting = len(state.get("rolls", {}).get("pending", []))
        self.query_one("#header-rolls", Value).show(
            f"⚄ {waiting} {t('rolls waiting')} (r)" if waiting else "")
        asked = len(state.get("requests", {}).get("pending", []))
        self.query_one("#header-requests", Value).show(
            f"✋ {asked} (f12)" if asked else "")  # short: the header is one line of 80
        # a live session's client: its role, or that the owner has gone
        self.query_one("#header-live", Value).show(getattr(app, "live_status", ""))
        self.query_one("#header-clock", Value).show(format_clock(state.get("clock", {}),
                                                                 t("Day")))
