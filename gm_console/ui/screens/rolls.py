"""The dice prompt: rolls a plugin asked for (a saving throw for each traveller). Type a result
in for whoever rolled at the table, then one key rolls the rest; the outcome goes back to the
plugin that asked. On a player's terminal of a live session it asks only for their own
character's roll (``roll.answer``); what they answered shows on the game master's."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from gm_console.rules.rolls import mine, role_of, waiting
from gm_console.state.store import Store
from gm_console.text.said import say
from gm_console.ui.base import AppliesOperations, OneLayoutPerSize
from gm_console.ui.styles import css_beside
from gm_console.ui.widgets import TextField


class RollPrompt(ModalScreen[None], OneLayoutPerSize, AppliesOperations):
    DEFAULT_CSS = css_beside(__file__, "roll_prompt.tcss")
    BINDINGS = [
        Binding("ctrl+r", "roll", "Roll for everyone", priority=True),
        Binding("escape", "close", "Later"),
        Binding("ctrl+x", "cancel_request", "Drop these rolls"),
    ]
    OPERATIONS = {"cancel_request": "roll.cancel"}  # a player answers, the GM drops

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.offered(action, parameters)

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store
        self.shown: int | None = None  # the id of the request on screen

    def _request(self) -> dict[str, Any] | None:
        return waiting(self.store)

    def on_mount(self) -> None:
        self.app.store_changed.subscribe(self, self._on_change)

    def _on_change(self, change: Any) -> None:
        """Another terminal answered a roll (a player) or the whole request (the game master
        on another console): show the answers, or close once there is nothing left to do."""
        request = self._request()
        if request is None or request["id"] != self.shown:
            if self.app.screen is self:
                self.dismiss(None)
                if not change.undo:  # rolls an undo brought back wait for r (GMConsoleApp)
                    self.app.call_later(self.app.action_rolls)
            return
        for index, entry in enumerate(request["rolls"]):
            if entry.get("answer") is None:
                continue
            for widget in self.query(f"#result-{index}"):
                if isinstance(widget, Input) and not widget.value:
                    widget.value = str(entry["answer"])
                elif isinstance(widget, Label):
                    widget.update(str(entry["answer"]))

    def compose(self) -> ComposeResult:
        request = self._request()
        self.shown = request["id"] if request else None
        t = self.app.t
        with Vertical():
            if request is None:
                yield Label(t(say("Rolls asked for: {title}", title="—")))
                return
            # Content, not markup: names come from the session ("[/x]" is a name)
            yield Label(Content(t(say("Rolls asked for: {title}", title=request["title"]))),
                        classes="panel-title")
            # ": " is a label too (French puts a space before its colon)
            yield Label("ctrl+r" + t(": ") + t("Roll for everyone") + " · "
                        + t("Result (empty = roll)") + " · esc" + t(": ") + t("later"),
                        classes="hint")
            for index, entry in enumerate(request["rolls"]):
                dc = f"  {t('DC')} {entry['dc']}" if entry.get("dc") is not None else ""
                if entry.get("at_most") is not None:
                    dc = f"  ≤ {entry['at_most']}"
                if entry.get("why"):  # a roll on demand at a disadvantage (its reasons: the
                    dc += f"  ({t('disadvantage')})"  # request's line and the journal)
                answer = entry.get("answer")
                with Horizontal(classes="roll-row"):
                    yield Label(Content(f"{entry['who']}: {entry['expression']}{dc}"))
                    if mine(role_of(self.store), entry):
                        yield TextField("" if answer is None else str(answer),
                                        placeholder=t("roll"),
                                        id=f"result-{index}", type="integer")
                    else:
                        yield Label("…" if answer is None else str(answer),
                                    id=f"result-{index}")

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
        typed = {}
        for index, entry in enumerate(request["rolls"]):
            if mine(role_of(self.store), entry):
                typed[entry["who"]] = self.query_one(f"#result-{index}", Input).value.strip()
        if role_of(self.store) != "gm":
            self._answer(request, typed)
            return
        outcome = self.apply("roll.resolve", id=request["id"], results=",".join(
            f"{who}={value}" for who, value in typed.items() if value))
        if not outcome.ok:
            return
        summary = "; ".join(
            f"{o['who']} {o['total']}" + ("" if "success" not in o else (" ✓" if o["success"]
                                                                          else " ✗"))
            for o in outcome.data.get("outcomes", []))
        self.notify(summary, title=self.app.t(request["title"]), timeout=8)
        self.dismiss(None)
        if self._request() is not None:  # the plugin asked again (the next forced-march hour)
            self.app.call_later(self.app.action_rolls)

    def _answer(self, request: dict[str, Any], typed: dict[str, str]) -> None:
        """A player's answer: their own roll, typed in or rolled by the owner."""
        for who, value in typed.items():
            outcome = self.apply("roll.answer", id=request["id"], who=who, total=value or None)
            if not outcome.ok:
                return
            self.notify(self.app.t(outcome.message), title=self.app.t(request["title"]),
                        timeout=8)
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_cancel_request(self) -> None:
        request = self._request()
        if request is not None:
            self.apply("roll.cancel", id=request["id"])
        self.dismiss(None)
