"""The second reference of the key figures (the first, the cheapest, is ``label_app.py``): a
bare Textual app with a header, a 50-row table and a footer, whose key ``+`` changes one number
in one cell and rebuilds what the table shows; ``q`` quits."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Header


class BareApp(App):
    BINDINGS = [Binding("plus", "bump", "Bump"), Binding("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield DataTable(cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        *_, self.count_column = table.add_columns("Name", "Race", "Str", "Dex", "Con", "Count")
        for n in range(50):
            table.add_row(f"Hero {n}", "human", "10", "12", "14", "0", key=str(n))
        self.count = 0

    def action_bump(self) -> None:
        self.count += 1
        self.query_one(DataTable).update_cell("0", self.count_column, str(self.count))


if __name__ == "__main__":
    BareApp().run()
