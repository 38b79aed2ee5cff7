"""The party: one row a character with what plugins contribute; add, edit, copy, remove."""

from __future__ import annotations

from typing import Any, Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Label

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
        Binding("delete,x", "remove", "Remove"),
        Binding("question_mark,w", "why", "Why?"),
        key_binding("h", "hit_points", "HP", "party.hit_points"),
        key_binding("k", "condition", "Cond.", "party.condition"),
    ]

    def compose_body(self) -> ComposeResult:
        yield Label(self.t("Party"), classes="panel-title")
        yield SyncedTable(id="party", cursor_type="row", zebra_stripes=True)
        yield Label(self.t("a add · enter edit · c duplicate · x remove · ? why · h HP · "
                           "k condition"),
                    classes="hint")

    def refresh_view(self, change: Change | None) -> None:
        columns, rows = party_rows(self)
        self.query_one("#party", SyncedTable).sync(columns, rows)

    def _selected(self) -> str | None:
        key = self.query_one("#party", SyncedTable).current_key
        return key.split(":", 1)[1] if key else None

    def on_data_table_row_selected(self) -> None:
        self.action_edit()

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
