"""The character editor: every field of the sheet and of an item is checked as it is typed, and
says what is wrong beside it without losing what was typed; enter applies it."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable

from textual import events, getters
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from gm_console.rules.characters import (
    FIELD_WORDS,
    FIELDS,
    FLAGS,
    ITEM_FIELD_WORDS,
    ITEM_FIELDS,
    parse_field,
)
from gm_console.state.store import Change
from gm_console.text.said import said_by, say
from gm_console.ui.base import OneLayoutPerSize, StoreScreen
from gm_console.ui.bindings import key_binding
from gm_console.ui.styles import css_beside
from gm_console.ui.widgets import SyncedTable, TextField, Value, yes_no

if TYPE_CHECKING:
    from gm_console.text.i18n import Translator
    from gm_console.ui.shell import ShellApp


def shown(value: Any, t: Translator) -> str:
    """A typed sheet value as the editor shows it in its field: a fraction in the UI
    language's format (1,75 in French, which the field reads back), nothing for a missing
    one."""
    if isinstance(value, float):
        return t.number(value, 3)
    return "" if value is None else str(value)


def field_check(key: str, fields: dict[str, Callable[[Any], Any]]) -> Callable[[str], str]:
    """What is wrong with ``text`` as field ``key`` (said in the rules' words: the screen
    says it in its language), or ""."""
    def check(text: str) -> str:
        try:
            parse_field(key, text, fields)
        except ValueError as exc:
            return said_by(exc)
        return ""
    return check


FIELD_TO_FIELD: list[Binding | tuple[str, str] | tuple[str, str, str]] = [
    Binding("down", "app.focus_next", "Next field", show=False),
    Binding("up", "app.focus_previous", "Previous field", show=False)]
"""Up and down go from field to field, as tab and shift+tab do: a row's own keys, before
the sheet's scrolling takes them."""


class FieldRow(Horizontal):
    """One field: label, input, and what is wrong with what is typed (checked on every key)."""

    BINDINGS = FIELD_TO_FIELD

    if TYPE_CHECKING:  # Textual types it as any App
        app = getters.app(ShellApp)

    DEFAULT_CSS = css_beside(__file__, "field_row.tcss")

    def __init__(self, key: str, text: str, check: Callable[[str], str], label: str = "") -> None:
        super().__init__(id=f"row-{key}")
        self.key = key
        self.label = label or key.replace("_", " ")
        self.initial = text
        self.check = check

    def mark_unsaved(self, unsaved: bool) -> None:
        """A typed value the sheet does not hold yet: the label says so (``*``)."""
        if unsaved != self.has_class("-unsaved"):
            self.set_class(unsaved, "-unsaved")
            self.query_one(Label).update(self.label + (" *" if unsaved else ""))

    def compose(self) -> ComposeResult:
        yield Label(self.label)
        yield TextField(self.initial, id=f"field-{self.key}")
        yield Value(id=f"error-{self.key}")

    @property
    def error(self) -> Value:
        return self.query_one(Value)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.error.show(self.app.t(self.check(event.value)))


class FlagToggle(Static, can_focus=True):
    """A true/false field: shows Yes or No, switched with enter or space (never typed)."""

    if TYPE_CHECKING:  # Textual types it as any App
        app = getters.app(ShellApp)

    DEFAULT_CSS = css_beside(__file__, "flag_toggle.tcss")
    BINDINGS = [Binding("enter,space", "switch", "Switch")]

    class Switched(Message):
        def __init__(self, row: FlagRow) -> None:
            super().__init__()
            self.row = row

    def on_mount(self) -> None:  # the footer says the key in the UI language
        self._bindings = BindingsMap(replace(binding, description=self.app.t(binding.description))
                                     for _, binding in self._bindings)

    def action_switch(self) -> None:
        if isinstance(self.parent, FlagRow):
            self.post_message(self.Switched(self.parent))

    def on_focus(self) -> None:  # how to switch it, beside it (the footer may be too narrow)
        if isinstance(self.parent, FlagRow):
            self.parent.tell(self.app.t("enter or space: switch"))

    def on_blur(self) -> None:
        if isinstance(self.parent, FlagRow):
            self.parent.tell("")


class FlagRow(Horizontal):
    """One true/false field of the sheet: label, Yes or No, and why a switch was refused."""

    if TYPE_CHECKING:  # Textual types it as any App
        app = getters.app(ShellApp)

    DEFAULT_CSS = css_beside(__file__, "flag_row.tcss")
    BINDINGS = FIELD_TO_FIELD

    def __init__(self, key: str, label: str) -> None:
        super().__init__(id=f"row-{key}")
        self.key = key
        self.label = label

    def compose(self) -> ComposeResult:
        yield Label(self.label)
        yield FlagToggle(id=f"field-{self.key}")
        yield Value(id=f"error-{self.key}")

    def show(self, value: bool) -> None:
        self.query_one(FlagToggle).update(yes_no(value, self.app.t))

    def tell(self, text: str) -> None:
        """How to switch it, or why switching it was refused."""
        self.query_one(Value).show(text)


class ItemForm(ModalScreen[dict[str, Any] | None], OneLayoutPerSize):
    """An item's name, weight and quantity; dismissed with the typed values once all three are
    valid (enter), or None (escape)."""

    if TYPE_CHECKING:  # Textual types it as any App
        app = getters.app(ShellApp)

    DEFAULT_CSS = css_beside(__file__, "item_form.tcss")
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, item: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.title_ = title
        self.item = item or {"name": "", "weight_lb": 0, "qty": 1}

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_, classes="panel-title")
            t = self.app.t
            for key in ITEM_FIELDS:
                yield FieldRow(key, shown(self.item.get(key), t), field_check(key, ITEM_FIELDS),
                               t(ITEM_FIELD_WORDS[key]))
            yield Label(t("tab: next field · enter: done · escape: cancel"), classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        rows = list(self.query(FieldRow))
        for row in rows:
            message = row.check(row.query_one(Input).value)
            row.error.show(self.app.t(message))
            if message:
                row.query_one(Input).focus()
                return
        self.dismiss({row.key: row.query_one(Input).value.strip() for row in rows})

    def action_cancel(self) -> None:
        self.dismiss(None)


SECTIONS: tuple[tuple[str, str], ...] = (
    ("name", "name"), ("abilities", "strength"), ("movement", "height_m"),
    ("armour", "armour"), ("hit points", "hit_points"), ("notes", "notes"))
"""The sheet's parts, in its order, each with its first field: ctrl+g then a part's number
goes to that field (hit points in two keys, not eighteen tabs)."""


class FieldJump(Static, can_focus=True):
    """The line that asks which part of the sheet to go to (ctrl+g): it holds the focus while
    it asks, so the digit that answers is never typed into a field, and it moves the focus
    at once, as the digit is handled: what is typed next, in the same burst, goes to the
    field it went to. Escape, or any other key typed, goes back to the field it came from."""

    if TYPE_CHECKING:  # Textual types it as any App
        app = getters.app(ShellApp)

    DEFAULT_CSS = """
    FieldJump { dock: bottom; height: auto; display: none; padding: 0 1;
                background: $accent 40%; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._came_from: Any = None

    def ask(self) -> None:
        t = self.app.t
        self.update(Content(t("go to") + t(": ") + " · ".join(
            f"{number} {t(title)}" for number, (title, _) in enumerate(SECTIONS, 1))
            + " · esc" + t(": ") + t("stay")))
        self._came_from = self.screen.focused
        self.display = True
        self.screen.set_focus(self)

    def _go(self, target: Any) -> None:
        self.display = False
        self.screen.set_focus(target if target is not None and target.is_attached else None)

    async def _on_key(self, event: events.Key) -> None:
        character = event.character or ""
        if character.isdigit() and 1 <= int(character) <= len(SECTIONS):
            self._go(self.screen.query_one(f"#field-{SECTIONS[int(character) - 1][1]}"))
        elif event.key == "escape" or character.isprintable() and character:
            self._go(self._came_from)  # a letter is neither typed nor one of the app's keys
        else:  # a function or control key: it goes on, to where the focus was
            self._go(self._came_from)
            return
        event.stop()
        event.prevent_default()

    def on_blur(self) -> None:
        self.display = False


class CharacterScreen(StoreScreen):
    """Edits one character and its inventory, through operations (undo with ctrl+z)."""

    AREAS = frozenset({"*"})  # any operation may change a character (a rest, a march)
    AUTO_FOCUS = "#field-name"
    BACK_TO = "party"
    NAV_ID = "party"
    BINDINGS = [
        key_binding("ctrl+g", "go_to", "Go to", "character.go_to"),
        Binding("ctrl+n", "add_item", "Add item"),
        Binding("ctrl+r", "remove_item", "Remove item"),
    ]
    OPERATIONS = {"add_item": "item.add", "remove_item": "item.remove"}
    DEFAULT_CSS = css_beside(__file__, "character_screen.tcss")

    def __init__(self, store, name: str, **kwargs) -> None:
        super().__init__(store, **kwargs)
        self.name_ = name

    def _character(self) -> dict[str, Any] | None:
        for character in self.session.characters:
            if str(character.get("name")).casefold() == self.name_.casefold():
                return character
        return None

    def _check_name(self, text: str) -> str:
        message = field_check("name", FIELDS)(text)
        wanted = text.strip().casefold()
        for other in self.session.characters:
            name = str(other.get("name", ""))
            if not message and name.casefold() == wanted and wanted != self.name_.casefold():
                message = say("a character named {name!r} already exists", name=name)
        return message

    def compose_body(self) -> ComposeResult:
        character = self._character() or {}
        with Horizontal():
            with VerticalScroll(id="sheet"):
                for key in FIELDS:
                    if key in FLAGS:
                        yield FlagRow(key, self.t(FIELD_WORDS[key]))
                        continue
                    check = self._check_name if key == "name" else field_check(key, FIELDS)
                    yield FieldRow(key, shown(character.get(key), self.app.t), check,
                                   self.t(FIELD_WORDS[key]))
            with Vertical(id="inventory"):
                yield Label(self.t("Inventory"), classes="panel-title")
                yield SyncedTable(id="items", cursor_type="row")
                yield Value(id="carried", classes="hint")
                yield Static(self.t("^n add · enter edit · ^r remove"),
                            classes="hint")
        yield FieldJump(id="jump")

    def action_go_to(self) -> None:
        self.query_one(FieldJump).ask()

    def refresh_view(self, change: Change | None) -> None:
        character = self._character()
        if character is None:  # removed (by undo, or from another terminal)
            self.action_back()
            return
        for row in self.query(FieldRow):
            field = row.query_one(Input)
            current = shown(character.get(row.key), self.app.t)
            # Never overwrite what the game master is typing, nor a value being corrected.
            if not field.has_focus and field.value != current and not row.error.shown:
                field.value = current
        for flag in self.query(FlagRow):
            flag.show(bool(character.get(flag.key)))
        items = character.get("items", [])
        self.query_one("#items", SyncedTable).sync(
            [self.t("Item"), "lb", self.t("qty")],
            [(f"{i}", [str(it.get("name")), shown(it.get("weight_lb", 0), self.app.t),
                       str(it.get("qty", 1))])
             for i, it in enumerate(items)])
        total = sum(float(it.get("weight_lb", 0)) * int(it.get("qty", 1)) for it in items)
        self.query_one("#carried", Value).show(self.t(say("items: {lb:g} lb",
                                                          lb=round(total, 2))))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        row = event.input.parent
        if isinstance(row, FieldRow):
            self._save(row)

    def on_flag_toggle_switched(self, event: FlagToggle.Switched) -> None:
        character = self._character()
        if character is None:
            return
        outcome = self.apply("character.set", character=self.name_, field=event.row.key,
                             value="false" if character.get(event.row.key) else "true")
        event.row.tell(self.app.t("enter or space: switch") if outcome.ok else self.for_screen(outcome.reason))

    def on_input_blurred(self, event: Input.Blurred) -> None:
        """Leaving a field (tab, a click) applies what was typed in it, as enter does: a
        field never shows a value the file does not hold without saying so."""
        row = event.input.parent
        if isinstance(row, FieldRow) and row.is_attached:
            self._save(row)

    def on_input_changed(self, event: Input.Changed) -> None:
        row = event.input.parent
        character = self._character()
        if isinstance(row, FieldRow) and character is not None:
            row.mark_unsaved(shown(character.get(row.key), self.app.t) != event.value.strip())

    def _save(self, row: FieldRow) -> bool:
        """Apply the row's text if it changed; False when it stays unsaved (wrong, or refused:
        the reason beside it, the label marked)."""
        character = self._character()
        text = row.query_one(Input).value
        if character is None or shown(character.get(row.key), self.app.t) == text.strip():
            row.mark_unsaved(False)
            return True
        if row.error.shown:
            row.mark_unsaved(True)
            return False
        outcome = self.apply("character.set", said_here=True, character=self.name_,
                             field=row.key, value=text)
        if not outcome.ok:
            row.error.show(self.for_screen(outcome.reason))
            row.mark_unsaved(True)
            return False
        if row.key == "name":
            self.name_ = text.strip()
        row.mark_unsaved(False)
        return True

    def before_leaving(self) -> None:
        """Going to another screen applies every field typed and not yet applied; one that
        cannot be is named, so nothing typed goes without a word."""
        lost = [f"{row.label}: {row.query_one(Input).value!r} ({row.error.shown})"
                for row in self.query(FieldRow) if not self._save(row)]
        if lost:
            self.notify("\n".join(lost), title=self.t("Not saved"), severity="warning",
                        timeout=10)

    def on_data_table_row_selected(self, event: SyncedTable.RowSelected) -> None:
        character = self._character()
        if character is None:
            return
        index = int(str(event.row_key.value))
        item = character["items"][index]

        def edit(values: dict[str, Any] | None) -> None:
            for key, value in (values or {}).items():
                if shown(item.get(key), self.app.t) != value and not self.apply(
                        "item.set", character=self.name_, item=str(index + 1), field=key,
                        value=value).ok:
                    return
        self.app.push_screen(ItemForm(self.t(say("{name}: {text}", name=self.name_,
                                                 text=str(item.get("name")))), item), edit)

    def action_add_item(self) -> None:
        def add(values: dict[str, Any] | None) -> None:
            if values:
                self.apply("item.add", character=self.name_, **values)
        self.app.push_screen(ItemForm(self.t(say("{name}: {text}", name=self.name_,
                                                 text=say("new item")))), add)

    def action_remove_item(self) -> None:
        key = self.query_one("#items", SyncedTable).current_key
        if key is not None:
            self.apply("item.remove", character=self.name_, item=str(int(key) + 1))
