"""Modal helpers: a one-line question (dice expression, journal note, a reason for an override)
and a page of text to read (the "why" of a number)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from rich.text import Text
from textual.widgets import Input, Label, Static


class TextPrompt(ModalScreen[str | None]):
    """Dismissed with the text typed, stripped (enter; "" for an empty line, which may mean
    something: no surprise round), or None (escape: cancelled)."""

    DEFAULT_CSS = """
    TextPrompt { align: center middle; }
    TextPrompt > Vertical { width: 70; height: auto; border: round $accent; padding: 0 1;
                            background: $surface; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, value: str = "") -> None:
        super().__init__()
        self.question = question
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.question)
            yield Input(value=self.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


class TextView(ModalScreen[None]):
    """A page of text to read; escape or enter closes it."""

    DEFAULT_CSS = """
    TextView { align: center middle; }
    TextView > Vertical { width: 90%; height: 90%; border: round $accent; padding: 0 1;
                          background: $surface; }
    """
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
