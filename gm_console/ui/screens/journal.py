"""The journal: every line, filtered by character and by kind; exported as Markdown."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from gm_console import codec
from gm_console.core import journal
from gm_console.core.clock import format_clock
from gm_console.said import say
from gm_console.store import Change
from gm_console.ui.base import StoreScreen
from gm_console.ui.widgets import SyncedTable, Value


PAGE = 50  # lines shown on opening, and added by each "older lines"


class JournalScreen(StoreScreen):
    AREAS = frozenset({"journal"})
    BINDINGS = [
        Binding("c", "cycle_character", "Character filter"),
        Binding("k", "cycle_kind", "Kind filter"),
        Binding("b", "older", "Older lines"),
        Binding("x", "export", "Export .md"),
    ]

    def __init__(self, store, **kwargs) -> None:
        super().__init__(store, **kwargs)
        self.character = ""
        self.kind = ""
        self.pages = 1
        # The first journal line shown: the last pages of the filtered lines, fixed while the
        # screen is open so that new lines are added to the table, not the table rebuilt.
        self.start: int | None = None

    DEFAULT_CSS = """
    JournalScreen #lines { max-height: 1fr; }
    JournalScreen #line-text { height: auto; padding: 0 1; border-top: solid $panel; }
    """

    def compose_body(self) -> ComposeResult:
        yield Value(id="filters", classes="hint")
        yield SyncedTable(id="lines", cursor_type="row", zebra_stripes=True)
        yield Value(id="line-text")  # the line under the cursor in full

    def on_data_table_row_highlighted(self, event: SyncedTable.RowHighlighted) -> None:
        self._show_line()

    def _show_line(self) -> None:
        # A row's key is its line's index in the journal: found at once, however long.
        key = self.query_one("#lines", SyncedTable).current_key
        every = self.session.state.get("journal", [])
        line = every[int(key)] if key is not None and int(key) < len(every) else {}
        self.query_one("#line-text", Value).show(Text(self.app.t.line(line) if line else ""))

    def refresh_view(self, change: Change | None) -> None:
        t = self.app.t
        every = self.session.state.get("journal", [])
        if self.start is None:
            self.start = journal.latest(every, PAGE * self.pages, self.character, self.kind)
        lines = journal.numbered(every, self.start, self.character, self.kind)
        filters = say("Character: {who} (c)   Kind: {kind} (k)", who=self.character or say("all"),
                      kind=t(self.kind) if self.kind else say("all"))
        self.query_one("#filters", Value).show(
            t(filters) + (f"   x: {t('export Markdown')}" if self.app.writes_files else ""))
        table = self.query_one("#lines", SyncedTable)
        # Fixed widths: the text takes what is left of the width, cut at its edge; the line
        # under the cursor is shown in full below the table.
        widths = (14, 8, 12, max(20, self.app.size.width - 14 - 8 - 12 - 10))
        table.sync([t("Day"), t("Kind"), t("Who"), t("Text")], [
            (str(index), [format_clock(line, t("Day")),
                          t(str(line.get("kind", "")))
                          + (f" {t('(GM)')}" if line.get("gm_only") else ""),
                          ", ".join(line.get("who", [])),
                          t.line(line)])
            for index, line in lines], widths)
        if change is None and table.row_count:
            table.move_cursor(row=table.row_count - 1)
        self._show_line()

    def _cycle(self, current: str, options: list[str]) -> str:
        choices = [""] + options
        return choices[(choices.index(current) + 1) % len(choices)] if current in choices else ""

    def action_cycle_character(self) -> None:
        names = [str(c.get("name")) for c in self.session.characters]
        self.character = self._cycle(self.character, names)
        self.start, self.pages = None, 1
        self.refresh_view(None)

    def action_cycle_kind(self) -> None:
        self.kind = self._cycle(self.kind, journal.kinds(self.session.state.get("journal", [])))
        self.start, self.pages = None, 1
        self.refresh_view(None)

    def action_older(self) -> None:
        """The page of lines before those shown (the screen opens on the latest page)."""
        if not self.start:
            self.notify(self.t("This is the start of the journal."))
            return
        self.start, self.pages = None, self.pages + 1
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
        state = self.session.state
        lines = journal.select(state.get("journal", []), self.character, self.kind)
        title = str(state.get("session", {}).get("name", path.stem))
        codec.write_atomic(target, journal.to_markdown(title, lines, self.app.t))
        self.notify(f"{self.t('Exported to')} {target}", timeout=8)
