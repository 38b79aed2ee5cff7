"""Settings: what is in force and where it comes from; a campaign's choice of optional rules
and interpretations is changed here (operation ``settings.set``, saved in the session)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Label

from gm_console.config import user_dir
from gm_console.store import Change
from gm_console.ui.base import StoreScreen
from gm_console.ui.screens.prompt import TextPrompt
from gm_console.ui.widgets import SyncedTable


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


class SettingsScreen(StoreScreen):
    AREAS = frozenset({"settings"})
    BINDINGS = [
        Binding("enter", "change", "Change for this campaign"),
        Binding("delete,x", "reset", "Back to config"),
    ]

    def compose_body(self) -> ComposeResult:
        config = self.store.host.config
        yield Label(f"language {config.language} · metres_per_mv {config.metres_per_mv:g} · "
                    f"edit {user_dir() / 'settings.toml'} to change these", classes="hint")
        yield SyncedTable(id="settings", cursor_type="row", zebra_stripes=True)
        yield Label("enter: choose for this campaign (saved in the session) · x: back to config",
                    classes="hint")

    def refresh_view(self, change: Change | None) -> None:
        rows = []
        session = self.session
        for plugin in sorted(self.store.host.plugins):
            configured = session.table(plugin).get("settings", {})
            own = session.state.get("plugins", {}).get(plugin, {}).get("settings", {})
            for key in sorted(configured):
                source = "campaign" if key in own else "config"
                rows.append((f"{plugin}.{key}",
                             [plugin, key, _text(session.setting(plugin, key)), source]))
        self.query_one("#settings", SyncedTable).sync(["Plugin", "Setting", "Value", "From"], rows)

    def _selected(self) -> tuple[str, str] | None:
        key = self.query_one("#settings", SyncedTable).current_key
        if key is None:
            return None
        plugin, _, name = key.partition(".")
        return plugin, name

    def action_change(self) -> None:
        selected = self._selected()
        if selected is None:
            return
        plugin, key = selected

        def change(value: str | None) -> None:
            if value is not None:
                self.apply("settings.set", plugin=plugin, key=key, value=value)
        current = _text(self.session.setting(plugin, key))
        self.app.push_screen(TextPrompt(f"{plugin}.{key} for this campaign", current), change)

    def on_data_table_row_selected(self) -> None:
        self.action_change()

    def action_reset(self) -> None:
        selected = self._selected()
        if selected is not None:
            self.apply("settings.reset", plugin=selected[0], key=selected[1])
