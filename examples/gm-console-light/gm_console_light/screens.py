"""The light screen: every source, who carries it, how long it has left."""

from __future__ import annotations

from typing import Any

from gm_console import format_duration
from gm_console.ui import StoreScreen, SyncedTable, TextPrompt, key_binding
from gm_console_light import label, sources


class LightScreen(StoreScreen):
    AREAS = frozenset({"light", "characters"})
    BINDINGS = [*StoreScreen.BINDINGS,
                key_binding("a", "add", "Add", "light.add"),
                key_binding("space", "toggle", "Douse/relight", "light.toggle"),
                key_binding("x", "remove", "Remove", "light.remove")]

    def compose_body(self) -> Any:
        yield SyncedTable(id="sources", cursor_type="row")

    def refresh_view(self, change: Any) -> None:
        rows = [(str(s["id"]), [s["holder"], label(self.session, s["kind"]),
                                format_duration(s["left_s"]),
                                self.t("yes") if s["lit"] else self.t("no")])
                for s in sources(self.session)]
        self.query_one(SyncedTable).sync(
            [self.t("Holder"), self.t("Kind"), self.t("Left"), self.t("Lit")], rows)

    def _selected(self) -> dict[str, Any] | None:
        key = self.query_one(SyncedTable).current_key
        return next((s for s in sources(self.session) if str(s["id"]) == key), None)

    def action_add(self) -> None:
        def add(text: str | None) -> None:
            if text:
                holder, _, kind = text.partition(",")
                self.apply("light.add", holder=holder.strip(), kind=kind.strip() or "torch")
        self.app.push_screen(TextPrompt(self.t("holder, kind (torch, lantern, candle)")), add)

    def action_toggle(self) -> None:
        source = self._selected()
        if source is not None:
            self.apply("light.douse" if source["lit"] else "light.relight", id=source["id"])

    def action_remove(self) -> None:
        source = self._selected()
        if source is not None:
            self.apply("light.remove", id=source["id"])
