"""The party: one row a character with what plugins contribute, and the character editor."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, Label

from gm_console.core.characters import FIELDS, ITEM_FIELDS, parse_field
from gm_console.store import Change
from gm_console.ui.base import StoreScreen
from gm_console.ui.screens.home import party_rows
from gm_console.ui.screens.prompt import TextPrompt
from gm_console.ui.widgets import SyncedTable, Value


class PartyScreen(StoreScreen):
    AREAS = frozenset({"*"})
    BINDINGS = [
        Binding("a", "add", "Add"),
        Binding("enter", "edit", "Edit", show=True),
        Binding("c", "duplicate", "Duplicate"),
        Binding("delete,x", "remove", "Remove"),
    ]

    def compose_body(self) -> ComposeResult:
        yield Label(self.t("Party"), classes="panel-title")
        yield SyncedTable(id="party", cursor_type="row", zebra_stripes=True)
        yield Label("a: add · enter: edit · c: duplicate · x/delete: remove · ctrl+z: undo",
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
        def add(name: str | None) -> None:
            if name and self.apply("character.add", name=name).ok:
                self.app.push_screen(CharacterScreen(self.store, name))
        self.app.push_screen(TextPrompt(self.t("Name")), add)

    def action_edit(self) -> None:
        name = self._selected()
        if name:
            self.app.push_screen(CharacterScreen(self.store, name))

    def action_duplicate(self) -> None:
        name = self._selected()
        if name:
            self.apply("character.duplicate", character=name)

    def action_remove(self) -> None:
        name = self._selected()
        if name and self.apply("character.remove", character=name).ok:
            self.notify(f"{name} removed — ctrl+z brings them back", timeout=5)


def shown(value: Any) -> str:
    """A sheet value as the editor shows it: TOML's true/false, nothing for a missing one."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


class FieldRow(Horizontal):
    """One field of the sheet: label, input, and what is wrong with what is typed."""

    DEFAULT_CSS = """
    FieldRow { height: auto; }
    FieldRow > Label { width: 17; padding: 0 1 0 0; }
    FieldRow > Input { width: 14; height: 1; border: none; padding: 0 1; }
    FieldRow > Input:focus { border: none; background: $accent 40%; }
    FieldRow > Value { width: 1fr; padding: 0 0 0 1; color: $error; }
    """

    def __init__(self, key: str, label: str, value: Any) -> None:
        super().__init__(id=f"row-{key}")
        self.key = key
        self.label = label
        self.initial = shown(value)

    def compose(self) -> ComposeResult:
        yield Label(self.label)
        yield Input(self.initial, id=f"field-{self.key}")
        yield Value(id=f"error-{self.key}")


EDITED_FIELDS = list(FIELDS)


class CharacterScreen(StoreScreen):
    """Edits one character: every field checked as it is typed, applied on enter."""

    AREAS = frozenset({"*"})  # any operation may change a character (a rest, a march)
    AUTO_FOCUS = "#field-name"
    BINDINGS = [
        Binding("f2", "add_item", "Add item"),
        Binding("f3", "remove_item", "Remove item"),
    ]
    DEFAULT_CSS = """
    CharacterScreen #sheet { width: 52; }
    CharacterScreen #inventory { width: 1fr; padding-left: 1; }
    """

    def __init__(self, store, name: str, **kwargs) -> None:
        super().__init__(store, **kwargs)
        self.name_ = name

    def _character(self) -> dict[str, Any] | None:
        for character in self.session.characters:
            if str(character.get("name")).casefold() == self.name_.casefold():
                return character
        return None

    def compose_body(self) -> ComposeResult:
        character = self._character() or {}
        with Horizontal():
            with VerticalScroll(id="sheet"):
                for key in EDITED_FIELDS:
                    yield FieldRow(key, key.replace("_", " "), character.get(key, ""))
            with Vertical(id="inventory"):
                yield Label("Inventory", classes="panel-title")
                yield SyncedTable(id="items", cursor_type="row")
                yield Value(id="carried", classes="hint")
                yield Label("f2 add (name, lb, qty)\nenter edit · f3 remove\n"
                            "tab next field · enter apply", classes="hint")

    def refresh_view(self, change: Change | None) -> None:
        character = self._character()
        if character is None:
            self.app.pop_screen()
            return
        for key in EDITED_FIELDS:
            field = self.query_one(f"#field-{key}", Input)
            current = shown(character.get(key))
            # Never overwrite what the game master is typing, nor a value being corrected.
            if not field.has_focus and field.value != current and \
                    not self.query_one(f"#error-{key}", Value).shown:
                field.value = current
        items = character.get("items", [])
        self.query_one("#items", SyncedTable).sync(
            ["Item", "lb", "qty"],
            [(f"{i}", [str(it.get("name")), str(it.get("weight_lb", 0)), str(it.get("qty", 1))])
             for i, it in enumerate(items)])
        total = sum(float(it.get("weight_lb", 0)) * int(it.get("qty", 1)) for it in items)
        self.query_one("#carried", Value).show(f"items: {total:g} lb")

    def on_input_changed(self, event: Input.Changed) -> None:
        key = (event.input.id or "").removeprefix("field-")
        if key not in FIELDS:
            return
        try:
            parse_field(key, event.value)
            message = ""
        except ValueError as exc:
            message = str(exc)
        self.query_one(f"#error-{key}", Value).show(message)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        key = (event.input.id or "").removeprefix("field-")
        if key not in FIELDS or self.query_one(f"#error-{key}", Value).shown:
            return
        character = self._character()
        if character is not None and shown(character.get(key)) == event.value.strip():
            return
        outcome = self.store.apply("character.set", {"character": self.name_, "field": key,
                                                     "value": event.value})
        if not outcome.ok:
            self.query_one(f"#error-{key}", Value).show(outcome.reason)
        elif key == "name":
            self.name_ = event.value.strip()

    def on_data_table_row_selected(self, event: SyncedTable.RowSelected) -> None:
        index = int(str(event.row_key.value))
        item = self._character()["items"][index]
        current = f"{item.get('name')}, {item.get('weight_lb', 0)}, {item.get('qty', 1)}"

        def edit(text: str | None) -> None:
            parsed = self._parse_item(text)
            if parsed is None:
                return
            for key, value in parsed.items():
                if str(item.get(key)) != str(value):
                    if not self.apply("item.set", character=self.name_, item=str(index + 1),
                                      field=key, value=str(value)).ok:
                        return
        self.app.push_screen(TextPrompt("Item: name, weight lb, qty", current), edit)

    def _parse_item(self, text: str | None) -> dict[str, Any] | None:
        if not text:
            return None
        parts = [p.strip() for p in text.split(",")]
        keys = ["name", "weight_lb", "qty"][:len(parts)]
        try:
            return {key: parse_field(key, value, ITEM_FIELDS) for key, value in zip(keys, parts)}
        except ValueError as exc:
            self.notify(f"{exc} — nothing changed", severity="warning")
            return None

    def action_add_item(self) -> None:
        def add(text: str | None) -> None:
            parsed = self._parse_item(text)
            if parsed:
                self.apply("item.add", character=self.name_, **parsed)
        self.app.push_screen(TextPrompt("New item: name, weight lb, qty"), add)

    def action_remove_item(self) -> None:
        key = self.query_one("#items", SyncedTable).current_key
        if key is not None:
            self.apply("item.remove", character=self.name_, item=str(int(key) + 1))
