"""The dice prompt: rolls a plugin asked for (a saving throw for each traveller). Type a result
in for whoever rolled at the table, then one key rolls the rest; the outcome goes back to the
plugin that asked."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from gm_console.store import Store


class RollPrompt(ModalScreen[None]):
    DEFAULT_CSS = """
    RollPrompt { align: center middle; }
    RollPrompt > Vertical { width: 76; height: auto; max-height: 90%; border: round $warning;
                            padding: 0 1; background: $surface; }
    RollPrompt .roll-row { height: 1; }
    RollPrompt .roll-row > Label { width: 1fr; }
    RollPrompt Input { width: 14; height: 1; border: none; padding: 0 1; }
    RollPrompt Input:focus { border: none; background: $accent 40%; }
    """
    BINDINGS = [
        Binding("ctrl+r", "roll", "Roll for everyone", priority=True),
        Binding("escape", "close", "Later"),
        Binding("ctrl+x", "cancel_request", "Drop these rolls"),
    ]

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store

    def _request(self) -> dict[str, Any] | None:
        pending = self.store.state.get("rolls", {}).get("pending", [])
        return pending[0] if pending else None

    def compose(self) -> ComposeResult:
        request = self._request()
        t = self.app.t  # type: ignore[attr-defined]
        with Vertical():
            if request is None:
                yield Label(t("Rolls asked for") + ": —")
                return
            # Content, not markup: names come from the session ("[/x]" is a name)
            yield Label(Content(f"{t('Rolls asked for')}: {request['title']}"),
                        classes="panel-title")
            yield Label("ctrl+r: " + t("Roll for everyone") + " · " + t("Result (empty = roll)")
                        + " · esc: " + t("later"), classes="hint")
            for index, entry in enumerate(request["rolls"]):
                dc = f"  {t('DC')} {entry['dc']}" if entry.get("dc") is not None else ""
                if entry.get("at_most") is not None:
                    dc = f"  ≤ {entry['at_most']}"
                with Horizontal(classes="roll-row"):
                    yield Label(Content(f"{entry['who']}: {entry['expression']}{dc}"))
                    yield Input(placeholder="roll", id=f"result-{index}", type="integer")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        inputs = list(self.query(Input))
        position = inputs.index(event.input)
        if position + 1 < len(inputs):
            inputs[position + 1].focus()
        else:
            self.action_roll()

    def action_roll(self) -> None:
        request = self._request()
        if request is None:
            self.dismiss(None)
            return
        typed = []
        for index, entry in enumerate(request["rolls"]):
            value = self.query_one(f"#result-{index}", Input).value.strip()
            if value:
                typed.append(f"{entry['who']}={value}")
        outcome = self.store.apply("roll.resolve", {"id": request["id"],
                                                    "results": ",".join(typed)})
        if not outcome.ok:
            self.notify(outcome.reason, severity="warning")
            return
        summary = "; ".join(
            f"{o['who']} {o['total']}" + ("" if "success" not in o else (" ✓" if o["success"]
                                                                          else " ✗"))
            for o in outcome.data.get("outcomes", []))
        self.notify(summary, title=request["title"], timeout=8)
        self.dismiss(None)
        if self._request() is not None:  # the plugin asked again (the next forced-march hour)
            self.app.call_later(self.app.action_rolls)  # type: ignore[attr-defined]

    def action_close(self) -> None:
        self.dismiss(None)

    def action_cancel_request(self) -> None:
        request = self._request()
        if request is not None:
            self.store.apply("roll.cancel", {"id": request["id"]})
        self.dismiss(None)
