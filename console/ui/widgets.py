"""Widgets that redraw only what changed: over SSH a full repaint is 18 KB, a changed number
200 bytes."""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import DataTable, Static

from gm_console.core.clock import format_clock


class Value(Static):
    """A label whose ``show(text)`` repaints only when the text differs from what is shown."""

    def __init__(self, text: str = "", **kwargs: Any) -> None:
        super().__init__(text, **kwargs)
        self._shown: str | Text = text

    def show(self, text: str | Text) -> bool:
        """Show ``text``; returns whether anything had to be repainted."""
        if text == self._shown:
            return False
        self._shown = text
        self.update(text)
        return True

    @property
    def shown(self) -> str:
        return str(self._shown)


class SyncedTable(DataTable):
    """A DataTable fed whole rows by key; ``sync`` adds, removes and updates only the cells
    whose text changed, so a changed number repaints one cell."""

    def sync(self, columns: Sequence[str], rows: Sequence[tuple[str, Sequence[Any]]]) -> None:
        labels = [str(c.label) for c in self.columns.values()]
        if labels != list(columns):
            self.clear(columns=True)
            self.add_columns(*columns)
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
            for column, cell in zip(column_keys, cells):
                if self.get_cell(key, column) != cell:
                    self.update_cell(key, column, cell, update_width=True)
        for key, cells in rows[len(present):]:
            self.add_row(*cells, key=key)

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

    DEFAULT_CSS = """
    SessionHeader { height: 1; background: $panel; color: $foreground; }
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
        self.app.store_changed.subscribe(self, self.show_state)  # type: ignore[attr-defined]
        self.show_state()

    def show_state(self, change: object = None) -> None:
        app = self.app
        state = app.store.state  # type: ignore[attr-defined]
        t = app.t  # type: ignore[attr-defined]
        self.query_one("#header-name", Value).show(
            str(state.get("session", {}).get("name", "gm-console")))
        waiting = len(state.get("rolls", {}).get("pending", []))
        self.query_one("#header-rolls", Value).show(
            f"⚄ {waiting} {t('rolls waiting')} (r)" if waiting else "")
        asked = len(state.get("requests", {}).get("pending", []))
        self.query_one("#header-requests", Value).show(
            f"✋ {asked} (f4)" if asked else "")  # short: the header is one line of 80
        # a live session's client: its role, or that the owner has gone
        self.query_one("#header-live", Value).show(getattr(app, "live_status", ""))
        self.query_one("#header-clock", Value).show(format_clock(state.get("clock", {}),
                                                                 t("Day")))
