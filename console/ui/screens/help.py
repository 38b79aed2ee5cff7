"""Help (F1): every binding in force (after remapping), and each plugin's own help, with the
interpretations of the rules it makes and the settings that change them."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from gm_console.ui.base import StoreScreen


class HelpScreen(StoreScreen):
    AREAS = frozenset()  # nothing in the session changes what help says

    def compose_body(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.t("Key bindings"), classes="panel-title")
            yield Static(id="bindings")
            yield Static(self.t("Plugins"), classes="panel-title")
            yield Static(self._plugins_text(), id="plugin-help")

    def refresh_view(self, change: object) -> None:
        # Bindings are read once mounted: only then are this screen's and the app's in force,
        # with the [keys] remapping applied.
        lines = []
        for key, active in sorted(self.app.active_bindings.items(),
                                  key=lambda pair: pair[1].binding.id or "~"):
            binding = active.binding
            label = self.t(binding.description) if binding.description else binding.action
            ident = f"   [{binding.id}]" if binding.id else ""
            lines.append(f"  {key:<12} {label}{ident}")
        lines.append(f"  {'ctrl+p':<12} command palette")
        self.query_one("#bindings", Static).update(Text("\n".join(lines)))

    def _plugins_text(self) -> Text:
        host = self.store.host
        texts = dict(host.call_each("help_text", language=host.config.language))
        out = Text()
        for record in host.plugins.values():
            status = "" if record.status == "loaded" else f" — {record.status}: {record.error}"
            out.append(record.name, style="bold")
            out.append(f" {record.version}{status}\n")
            if record.name in texts:
                out.append(texts[record.name].rstrip() + "\n")
            out.append("\n")
        return out
