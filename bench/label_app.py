"""The cheapest key a Textual app can answer, the reference of every key figure: a bare app
whose only widget is one label; ``+`` changes the number it shows, ``q`` quits. Its footer
names the command palette, as the console's does, so that the bench knows it is drawn."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Label


class LabelApp(App):
    BINDINGS = [Binding("plus", "bump", "Bump"), Binding("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Label("0")
        yield Footer()

    def on_mount(self) -> None:
        self.count = 0

    def action_bump(self) -> None:
        self.count += 1
        self.query_one(Label).update(str(self.count))


if __name__ == "__main__":
    LabelApp().run()
