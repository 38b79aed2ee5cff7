"""The party: one row a character with what plugins contribute; add, edit, copy, remove."""

from __future__ import annotations

from typing import Any, Callable

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Label, Static

from gm_console.headless import explain
from gm_console.rules import conditions, hitpoints
from gm_console.state.store import Change, Outcome
from gm_console.text.said import said_by, say
from gm_console.ui.base import StoreScreen
from gm_console.ui.bindings import key_binding
from gm_console.ui.screens.character import CharacterScreen
from gm_console.ui.screens.home import party_rows
from gm_console.ui.screens.prompt import TextView
from gm_console.ui.widgets import SyncedTable


CONDITIONS_AT_LEAST = 8
"""The conditions' column is never narrower than this ("fear 2r", "pois." over "10m")."""

PADDING = 2
"""DataTable's cell padding: one cell each side of a column."""


def conditions_in_room(columns: list[str], rows: list[tuple[str, list[Any]]], at: int,
                       width: int) -> tuple[list[tuple[str, list[Any]]], list[int | None]]:
    """The party's rows with the conditions' column (``at``) in ``width`` cells: one
    condition a line, each with what is left of it, so that 80 columns show them all and not
    their first four letters past the screen's edge. Where the other columns leave too little
    room, the widest of them go on two lines ("9 mv /" over "6.75 m"), widest first, until
    the conditions fit. The widths to sync with (None: as wide as the column's text)."""
    tags = {key: [tag for tag in str(cells[at]).split(", ") if tag] for key, cells in rows}
    wanted = max([cell_len(columns[at]), CONDITIONS_AT_LEAST]
                 + [cell_len(tag) for found in tags.values() for tag in found])
    natural = [max([cell_len(columns[index])] + [cell_len(str(cells[index]))
                                                 for _, cells in rows])
               for index in range(len(columns))]
    shown = list(natural)
    shown[at] = wanted

    def over() -> int:
        return sum(wide + PADDING for wide in shown) + 1 - width  # 1: the scroll bar

    # the first column (the name) stays on one line: it is how a row is found
    for index in sorted(range(1, len(columns)), key=lambda i: -natural[i]):
        if over() <= 0:
            break
        if index != at:
            # its narrowest on two lines: "9 mv /" over "6.75 m", never "9 mv / 6" over "m"
            shown[index] = _two_lines(columns[index], [str(cells[index]) for _, cells in rows])
    shown[at] = max(min(wanted, wanted - over()), cell_len(columns[at]), CONDITIONS_AT_LEAST)
    widths: list[int | None] = [wide if wide < natural[index] or index == at else None
                                for index, wide in enumerate(shown)]
    shaped = []
    for key, cells in rows:
        cells = list(cells)
        for index, wide in enumerate(widths):
            if wide is not None and index != at:
                cells[index] = "\n".join(_wrapped(str(cells[index]), wide))
        cells[at] = "\n".join(line for tag in tags[key] for line in _wrapped(tag, shown[at]))
        shaped.append((key, cells))
    return shaped, widths


def _two_lines(title: str, cells: list[str]) -> int:
    """The narrowest a column can be with each of its cells on at most two lines."""
    return max([cell_len(title)] + [min(cell_len(line) for line in (
        max(_wrapped(cell, wide), key=cell_len) for wide in range(1, cell_len(cell) + 1)
        if len(_wrapped(cell, wide)) <= 2)) for cell in cells if cell])


def _wrapped(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells, cut at spaces (a word longer than the
    line is left whole, and the table cuts it with "…")."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and cell_len(lines[-1]) + 1 + cell_len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


class PartyScreen(StoreScreen):
    AREAS = frozenset({"*"})
    KEY_HINTS = {
        "(character.set field=max_hit_points)": "(enter opens the editor: max hit points)",
        "override=<reason>": "a ! and the reason after the amount: +5 !miracle",
        "condition.remove)": "type -name)",
        "(effects=restricted,speed_factor=0.5 | note_only=true)":
            "(with gm-console op condition.add)",
    }
    BINDINGS = [
        Binding("a", "add", "Add"),
        Binding("enter", "edit", "Edit", show=True),
        Binding("c", "duplicate", "Duplicate"),
        Binding("x,delete", "remove", "Remove"),
        Binding("question_mark,w", "why", "Why?"),
        key_binding("h", "hit_points", "HP", "party.hit_points"),
        key_binding("k", "condition", "Cond.", "party.condition"),
    ]
    OPERATIONS = {"add": "character.add", "edit": "character.set",
                  "duplicate": "character.duplicate", "remove": "character.remove",
                  "hit_points": "hp.damage", "condition": "condition.add"}

    def compose_body(self) -> ComposeResult:
        yield Label(self.t("Party"), classes="panel-title")
        yield SyncedTable(id="party", cursor_type="row", zebra_stripes=True)
        # Static, not Label: it wraps at the screen's width (French is longer than 80 cells)
        yield Static(self.t("a add · enter edit · c duplicate · x remove · ? why · h HP · "
                            "k condition"), classes="hint")

    _synced: tuple[Any, ...] = ()  # the rows, columns and width the table was last given

    def refresh_view(self, change: Change | None) -> None:
        columns, rows = party_rows(self)
        width = self.app.size.width
        # The same rows (kept, not made again: a clock advance reads none of the party) at
        # the same width: the table has them already, and laying the conditions out again on
        # a big party would cost more than the rest of the key.
        if self._synced and self._synced[0] is rows and self._synced[1:] == (columns, width):
            return
        self._synced = (rows, columns, width)
        conditions = self.t("Cond.")
        widths: list[int | None] = []
        if conditions in columns:
            rows, widths = conditions_in_room(columns, rows, columns.index(conditions), width)
        self.query_one("#party", SyncedTable).sync(columns, rows, widths)

    def _selected(self) -> str | None:
        key = self.query_one("#party", SyncedTable).current_key
        return key.split(":", 1)[1] if key else None

    async def on_data_table_row_selected(self) -> None:
        await self.run_action("edit")  # as its key: only where this front's role may

    def action_add(self) -> None:
        def add(name: str) -> Outcome | None:
            if not name:
                return None
            outcome = self.apply("character.add", said_here=True, name=name)
            if outcome.ok:
                self.app.call_later(self.app.show_screen, CharacterScreen(self.store, name))
            return outcome
        self.ask(self.t("Name"), add)

    def action_edit(self) -> None:
        name = self._selected()
        if name:
            self.app.show_screen(CharacterScreen(self.store, name))

    def action_duplicate(self) -> None:
        name = self._selected()
        if name:
            self.apply("character.duplicate", character=name)

    def action_why(self) -> None:
        name = self._selected()
        if name:
            character = self.session.character(name)
            lines = explain(self.session.derived(character), self.app.t)
            title = say("{name}: {text}", name=name, text=say("every derived value and its steps"))
            self.app.push_screen(TextView(self.t(title), "\n".join(lines)))

    def _typed(self, question: str, parse: Callable[[str], tuple[str, dict[str, Any]]]
               ) -> None:
        """Ask for a line about the selected character and apply the operation it reads as
        (the parsing is plain: gm_console.rules.hitpoints / gm_console.rules.conditions)."""
        name = self._selected()
        if not name:
            return

        def typed(text: str) -> Outcome | str | None:
            if not text:
                return None
            try:
                op, params = parse(text)
            except ValueError as exc:  # stays in the prompt with what was typed
                return said_by(exc)
            return self.apply(op, said_here=True, character=name, **params)
        self.ask(self.t(say("{name}: {text}", name=name, text=self.t(question))), typed)

    def action_hit_points(self) -> None:
        self._typed("Hit points: 7 or -7 damage, +5 heal, t8 temporary", hitpoints.parse_entry)

    def action_condition(self) -> None:
        self._typed("Condition: prone, frightened 2r, poisoned 10m, stunned dc13 con, -prone",
                    conditions.parse_entry)

    def action_remove(self) -> None:
        name = self._selected()
        if not name:
            return

        def remove() -> None:
            if self.apply("character.remove", character=name).ok:
                self.notify(self.t(say("{name}: {text}", name=name,
                                       text=say("removed — ctrl+z brings them back"))),
                            timeout=5)
        self.app.confirm(self.t(say("Remove {name}?", name=name)), remove)
