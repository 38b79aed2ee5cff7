"""Modal helpers: a one-line question (dice expression, journal note, a reason for an override)
and a page of text to read (the "why" of a number)."""

from __future__ import annotations

from typing import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from gm_console.ui.base import OneLayoutPerSize
from gm_console.ui.styles import css_beside
from gm_console.ui.widgets import TextField


class TextPrompt(ModalScreen[str | None], OneLayoutPerSize):
    """Dismissed with the text typed, stripped (enter; "" for an empty line, which may mean
    something: no surprise round), or None (escape: cancelled).

    With ``submit``, enter hands the text to it first: it applies the text and returns why it
    was refused, or "" (or None) when it was taken. A refusal stays in the prompt under the
    text, which stays as typed to be corrected: what was typed is never thrown away by a
    refusal. ``history`` lines are shown above the question (the last rolls)."""

    DEFAULT_CSS = css_beside(__file__, "text_prompt.tcss")
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, value: str = "",
                 submit: Callable[[str], str | None] | None = None,
                 history: Callable[[], list[str]] | None = None, hint: str = "") -> None:
        super().__init__()
        self.question = question
        self.value = value
        self.submit = submit
        self.history = history
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical():
            if self.history is not None:
                yield Static(id="prompt-history")
            yield Label(Text(self.question), id="prompt-question")
            yield TextField(value=self.value)
            yield Static(id="prompt-refusal")
            if self.hint:
                yield Label(Text(self.hint), id="prompt-hint")

    def on_mount(self) -> None:
        self.refuse("")
        self._show_history()

    def _show_history(self) -> None:
        if self.history is not None:
            lines = self.history()
            history = self.query_one("#prompt-history", Static)
            history.update(Text("\n".join(lines)))
            history.display = bool(lines)

    def refuse(self, reason: str) -> None:
        """Show why the text was not taken; the text stays to be corrected."""
        refusal = self.query_one("#prompt-refusal", Static)
        refusal.update(Text(reason))
        refusal.display = bool(reason)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if self.submit is None:
            self.dismiss(text)
            return
        reason = self.submit(text)
        if reason:
            self.refuse(reason)
            event.input.focus()
        elif self.history is not None:  # stays open for the next one, history updated
            self.refuse("")
            event.input.value = ""
            self._show_history()
        else:
            self.dismiss(text)

    def action_cancel(self) -> None:
        self.dismiss(None)


class Confirm(ModalScreen[bool], OneLayoutPerSize):
    """A yes/no question before an action that moves the clock far or throws work away;
    dismissed with True (y or enter) or False (n or escape)."""

    DEFAULT_CSS = css_beside(__file__, "confirm.tcss")
    BINDINGS = [Binding("y,o,enter", "answer(True)", "Yes"),  # o: oui
                Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str, hint: str) -> None:
        super().__init__()
        self.question = question
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(self.question))
            yield Label(Text(self.hint), classes="hint")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class TextView(ModalScreen[None], OneLayoutPerSize):
    """A page of text to read; escape or enter closes it."""

    DEFAULT_CSS = css_beside(__file__, "text_view.tcss")
    BINDINGS = [Binding("escape,enter", "close", "Close")]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_ = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_, classes="panel-title")
            with VerticalScroll():
                yield Static(Text(self.text), id="text")

    def action_close(self) -> None:
        self.dismiss(None)
