"""The loads screen: every character's carried weight, category and speed; for the one under the
cursor, the weight against the thresholds as a bar, the effects, what would change them, and the
speed's derivation. Nothing here computes a rule: it shows derived values and applies operations.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll

from gm_console import said_by, say
from gm_console.ui import StoreScreen, SyncedTable, Value, css_beside, key_binding
from gm_console_plugins.encumbrance import bar, reading
from gm_console_plugins.encumbrance.figures import decimal
from gm_console_plugins.encumbrance.rules import Encumbrance, fmt

if TYPE_CHECKING:
    from gm_console import Outcome, Session

BAR_WIDTH = 60
STYLES = {"unencumbered": "green", "light": "chartreuse3", "moderate": "yellow",
          "heavy": "dark_orange", "critical": "red", "maximal": "magenta", "over": "bold red"}


def _assessed(character: dict[str, Any], session: Session) -> Encumbrance | ValueError:
    """The character's encumbrance (kept between changes: reading.assess), or why it cannot
    be assessed."""
    try:
        return reading.assess(character, session, shared=True)
    except ValueError as exc:
        return exc


def _row(session: Session, character: dict[str, Any]) -> tuple[str, str, str]:
    """A character's row on the loads screen, before translation: carried / most allowed,
    the load's category ("error" when the sheet cannot be assessed) and the speed."""
    speed = session.speed(character)
    shown = f"{fmt(speed.mv)} mv / {fmt(speed.m)} m"
    enc = _assessed(character, session)
    if isinstance(enc, ValueError):
        return "?", "error", shown
    return f"{fmt(enc.carried_lb)} / {fmt(enc.max_lb)} lb", enc.category, shown



def _merged(runs: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """Neighbouring runs of one style as one: the empty part of the bar crosses every
    threshold in grey, and each run costs its colour codes again on the terminal."""
    merged: list[tuple[str, str]] = []
    for cells, style in runs:
        if merged and merged[-1][1] == style:
            merged[-1] = (merged[-1][0] + cells, style)
        else:
            merged.append((cells, style))
    return merged


class EncumbranceScreen(StoreScreen):
    # A load or a speed can change with almost any operation (items, Strength, armour,
    # exhaustion from travel or a rest): recompute on every change; Value and SyncedTable
    # repaint only what differs.
    AREAS = frozenset({"*"})
    KEY_HINTS = {", or pass unlisted=true": ", or type its name with a ! to wear it anyway"}
    BINDINGS = [
        key_binding("b", "bulky", "Bulky", "encumbrance.bulky"),
        key_binding("i", "add_item", "Item", "encumbrance.add_item"),
        key_binding("w", "wear", "Armour", "encumbrance.wear"),
        key_binding("a", "adjust", "Speed ±", "encumbrance.adjust"),
        key_binding("l", "lift", "Lift", "encumbrance.lift"),
        key_binding("u", "put_down", "Put down", "encumbrance.put_down"),
    ]
    # (wear: the armour plugin names its operation, through the worn_prompt hook)
    OPERATIONS = {"bulky": "character.set", "add_item": "item.add", "adjust": "speed.adjust",
                  "lift": "encumbrance.lift", "put_down": "encumbrance.release"}
    DEFAULT_CSS = css_beside(__file__, "encumbrance_screen.tcss")

    def compose_body(self) -> ComposeResult:
        # Kept as made: each refresh (an item added) and each move of the cursor fills the
        # table and the nine lines of the detail, which a query would look up again each time.
        self._table = SyncedTable(id="enc-table", cursor_type="row", zebra_stripes=True)
        yield self._table
        self._values = {name: Value(id=f"enc-{name}", classes=classes) for name, classes in (
            ("title", "panel-title"), ("bar", ""), ("marks", ""), ("legend", "hint"),
            ("effects", ""), ("change", ""), ("armour", ""), ("holding", ""), ("speed", ""))}
        with VerticalScroll(id="enc-detail"):
            yield from self._values.values()

    # -- what is shown ----------------------------------------------------------------------

    def refresh_view(self, change: Any) -> None:
        t = self.t
        session = self.session  # once: each look-up makes the store's session view again
        language = session.language
        categories: dict[str, str] = {}  # a party's few categories, each translated once
        rows = []
        kind = f"{reading.PLUGIN}.loads_row"
        for index, character in enumerate(session.characters):
            # Kept per character: one item added to a party of fifty computes one row, not
            # the others' encumbrance and speed; each row as kept (three texts: nothing to
            # copy, nothing changes them).
            load, category, speed = session.kept_for(kind, character, _row, shared=True)
            if category not in categories:
                categories[category] = t(category)
            rows.append((f"{index}:{character.get('name')}",
                         [str(character.get("name")), decimal(load, language),
                          categories[category], decimal(speed, language)]))
        self._table.sync(
            [t("Name"), t("Carried"), t("Load"), t("Speed")], rows)
        self._show_detail()

    def _selected(self) -> dict[str, Any] | None:
        key = self._table.current_key
        if key is None:
            return None
        index = int(key.split(":", 1)[0])
        characters = self.session.characters
        return characters[index] if index < len(characters) else None

    def on_data_table_row_highlighted(self) -> None:
        self._show_detail()

    def _show_detail(self) -> None:
        character = self._selected()
        values = self._values
        if character is None:
            for value in values.values():
                value.show("")
            values["title"].show(self.t("No characters: add one on the party screen (F3)"))
            return
        enc = _assessed(character, self.session)
        if isinstance(enc, ValueError):
            for value in values.values():
                value.show("")
            values["title"].show(Text(self.t(said_by(enc)), style="bold red"))
            return
        # What the detail shows besides the load: the armour's limit and the speed, not
        # every plugin's derived values (movement's jumps and climbs, for one).
        armour = self.session.derived_of("armour", character).get("armour", {})
        speed = self.session.speed(character).as_dict()
        values["title"].show(self._title(character, enc))
        # As wide as the terminal allows, the maximum's figure after it: never wraps.
        drawn = bar.draw(enc, max(10, min(BAR_WIDTH, self.app.size.width - 10)), self.t)
        values["bar"].show(Text.assemble(*_merged(
            (cells, STYLES[category] if full else "grey35")
            for cells, category, full in drawn.runs)))
        values["marks"].show(self._decimal(drawn.marks))
        values["legend"].show(self._decimal(drawn.legend))
        values["effects"].show(self._effects(enc))
        values["change"].show(self._change(enc))
        text = armour.get("text_fr") if self.session.language == "fr" else None
        values["armour"].show(self.t(text or armour.get("text") or armour.get("error", "")))
        values["holding"].show(self._holding(character))
        figures = self._decimal(f"{fmt(speed['mv'])} mv / {fmt(speed['m'])} m")
        values["speed"].show(f"{self.t('Speed')} {figures}{self.t(': ').rstrip()}\n  "
                             + "\n  ".join(self.t(step) for step in speed["steps"]))

    def _decimal(self, text: str) -> str:
        return decimal(text, self.session.language)

    def on_resize(self) -> None:
        self._show_detail()

    def _holding(self, character: dict[str, Any]) -> Text | str:
        name = str(character.get("name", "")).casefold()
        for held in self.session.state.get("plugins", {}).get(reading.PLUGIN, {}).get(
                "holding", []):
            if str(held.get("character", "")).casefold() == name:
                rounds = held.get("rounds_held", 0)
                return Text(self.t(say("holding {lb:g} lb over the maximum, {rounds} round(s) so "
                                       "far: a check each round (u puts it down)",
                                       lb=held.get("load_lb", 0), rounds=rounds)),
                            style="bold red")
        return ""

    def _title(self, character: dict[str, Any], enc: Encumbrance) -> str:
        bulky = f", {self.t('bulky')}" if enc.bulky else ""
        return (f"{character.get('name')} — {self.t('Strength')} {enc.strength} — "
                f"{self.t('carried')} {self._decimal(fmt(enc.carried_lb))} lb, "
                f"{self.t('most allowed')} {self._decimal(fmt(enc.max_lb))} lb{bulky}")

    def _effects(self, enc: Encumbrance) -> Text:
        fx, t = enc.effects, self.t
        parts = [t(fx.speed_text)]
        if fx.to_hit:
            parts.append(f"{fx.to_hit:+d} {t('to hit')}")
        if fx.ac_penalty:
            parts.append(f"{t('AC')} +{fx.ac_penalty}")
        if not fx.dex_bonus_to_ac:
            parts.append(t("no Dexterity bonus to AC"))
        if not fx.can_fight:
            parts.append(t("cannot fight"))
        return Text.assemble((t(enc.category), STYLES[enc.category]),
                             t(": ") + ", ".join(parts))

    def _change(self, enc: Encumbrance) -> str:
        hints = [self._hint(step) for step in (enc.next, enc.previous) if step]
        if enc.bulky:
            hints.append(self.t("bulky gear counts one category up (b)"))
        return " · ".join(hints)

    def _hint(self, step: dict[str, Any]) -> str:
        return self.t(step["text"])

    # -- keys -------------------------------------------------------------------------------

    def _selected_name(self) -> str | None:
        character = self._selected()
        return None if character is None else str(character.get("name"))

    def action_bulky(self) -> None:
        character = self._selected()
        if character is not None:
            self.apply("character.set", character=str(character["name"]), field="bulky",
                       value=str(not character.get("bulky")))

    def action_add_item(self) -> None:
        name = self._selected_name()
        if name is None:
            return

        def add(text: str) -> Outcome | str | None:
            if not text:
                return None
            # ";" between the fields when there is one: a French weight has a decimal comma
            parts = [p.strip() for p in text.split(";" if ";" in text else ",")]
            if len(parts) > 3:  # never a weight and a quantity read out of "1,5"
                return say("{text!r}: name, weight and quantity are three fields, not {count} "
                           "(a weight with a decimal comma: separate them with ;)",
                           text=text, count=len(parts))
            return self.apply("item.add", said_here=True, character=name,
                              **dict(zip(("name", "weight_lb", "qty"), parts)))
        self.ask(f"{name} — {self.t('new item: name, weight lb, qty')}", add)

    def action_wear(self) -> None:
        name = self._selected_name()
        if name is None:
            return
        # Whoever knows what is worn (the armour plugin) says what to ask and which of its
        # operations applies the answer: this plugin knows neither.
        prompt = self.store.host.call_first("worn_prompt", session=self.session)
        if prompt is None:
            self.notify(self.t("the armour plugin is not loaded"), severity="warning")
            return

        def wear(text: str) -> Outcome | str | None:
            if not text:
                return None
            try:
                op, params = prompt["read"](name, text)
            except ValueError as exc:  # stays in the prompt with what was typed
                return said_by(exc)
            return self.apply(op, said_here=True, **params)
        self.ask(f"{name} — {self.t(prompt['question'])}", wear, hint=self.t(prompt["hint"]))

    def action_adjust(self) -> None:
        character = self._selected()
        if character is None:
            return
        name = str(character["name"])
        current = ""
        if character.get("speed_adjust_mv"):
            current = f"{character['speed_adjust_mv']}, {character.get('speed_adjust_reason', '')}"

        def adjust(text: str) -> Outcome:
            mv, _, reason = text.partition(",")
            return self.apply("speed.adjust", said_here=True, character=name, mv=mv.strip(),
                              reason=reason.strip())
        self.ask(f"{name} — {self.t('speed adjustment: mv, reason (0 removes it)')}", adjust,
                 current)

    def action_put_down(self) -> None:
        name = self._selected_name()
        if name is not None:
            self.apply("encumbrance.release", character=name)

    def action_lift(self) -> None:
        name = self._selected_name()
        if name is None:
            return

        def lift(text: str) -> Outcome:
            outcome = self.apply("encumbrance.lift", said_here=True, character=name,
                                 load_lb=text or 0)
            if outcome.ok:
                self.notify(self.t(outcome.message), timeout=8)
            return outcome
        self.ask(f"{name} — {self.t('load to lift in lb (empty: what is carried)')}", lift)
