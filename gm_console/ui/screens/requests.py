"""Players' requests (F12): what a player of a live session asked for, waiting for the game
master to approve (applied in the player's name) or decline."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Label

from gm_console.core.request_ops import describe
from gm_console.state.store import Change
from gm_console.ui.base import StoreScreen
from gm_console.ui.screens.prompt import TextPrompt
from gm_console.ui.widgets import SyncedTable


class RequestsScreen(StoreScreen):
    AREAS = frozenset({"requests"})
    BINDINGS = [
        Binding("y", "approve", "Approve"),
        Binding("x", "decline", "Decline"),
    ]
    OPERATIONS = {"approve": "request.approve", "decline": "request.decline"}

    def compose_body(self) -> ComposeResult:
        yield Label(self.t("Players' requests"), classes="panel-title")
        yield SyncedTable(id="requests", cursor_type="row", zebra_stripes=True)
        yield Label(self.t("y: approve (applied in the player's name) · x: decline, saying why"),
                    classes="hint")

    def refresh_view(self, change: Change | None) -> None:
        pending = self.session.state.get("requests", {}).get("pending", [])
        self.query_one("#requests", SyncedTable).sync(
            ["#", self.t("Who"), self.t("Asks for")],
            [(str(r["id"]), [str(r["id"]), str(r.get("actor", "")), self.t(describe(r))])
             for r in pending])

    def _selected(self) -> int | None:
        key = self.query_one("#requests", SyncedTable).current_key
        return int(key) if key else None

    def action_approve(self) -> None:
        selected = self._selected()
        if selected is not None:
            self.apply("request.approve", id=selected)

    def action_decline(self) -> None:
        selected = self._selected()
        if selected is None:
            return

        def decline(reason: str | None) -> None:
            if reason is not None:
                self.apply("request.decline", id=selected, reason=reason)
        self.app.push_screen(TextPrompt(self.t("Why (for the player; may be empty)")), decline)
