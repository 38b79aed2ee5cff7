"""Home: the party at a glance and the latest journal lines."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Label

from gm_console.core.clock import format_clock
from gm_console.store import Change
from gm_console.ui.base import StoreScreen
from gm_console.ui.widgets import SyncedTable, Value

JOURNAL_LINES = 8


def party_rows(screen: StoreScreen) -> tuple[list[str], list[tuple[str, list[Any]]]]:
    """Columns and rows of the party table: the sheet's key numbers, then every plugin's
    ``party_columns``. Shared by the home and party screens."""
    session = screen.session
    t = screen.t
    base = [t("Name"), t("Race"), t("Str"), t("Dex"), t("Con"), t("Exh.")]
    extra: list[str] = []
    per_character = []
    for character in session.characters:
        columns: dict[str, str] = {}
        for contribution in session.character_hook("party_columns", character):
            columns.update(contribution)
        for title in columns:
            if title not in extra:
                extra.append(title)
        per_character.append((character, columns))
    rows = []
    for index, (character, columns) in enumerate(per_character):
        cells = [str(character.get(k, "")) for k in
                 ("name", "race", "strength", "dexterity", "constitution", "exhaustion")]
        cells += [columns.get(title, "") for title in extra]
        rows.append((f"{index}:{character.get('name')}", cells))
    return base + extra, rows


class HomeScreen(StoreScreen):
    AREAS = frozenset({"*"})  # plugin columns may depend on anything

    def compose_body(self) -> ComposeResult:
        yield Label(self.t("Party overview"), classes="panel-title")
        yield SyncedTable(id="party", cursor_type="row", zebra_stripes=True)
        yield Label(self.t("Latest in the journal"), classes="panel-title")
        yield Value(id="journal-tail")

    def refresh_view(self, change: Change | None) -> None:
        columns, rows = party_rows(self)
        self.query_one("#party", SyncedTable).sync(columns, rows)
        lines = self.session.state.get("journal", [])[-JOURNAL_LINES:]
        self.query_one("#journal-tail", Value).show("\n".join(
            f"{format_clock(line, self.t('Day'))}  {line.get('text', '')}" for line in lines))
