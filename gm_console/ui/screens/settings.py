"""Settings: what is in force and where it comes from; a campaign's choice of optional rules
and interpretations is changed here (operation ``settings.set``, saved in the session).

Each setting is explained under the table by the comment above it in ``config/<plugin>.toml``
(the one place a rule's interpretation is written down); enter toggles a true/false setting,
steps through a setting's listed choices, or asks for any other value."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from gm_console.files.config import bundled_dir, user_dir
from gm_console.state.store import Change, Outcome
from gm_console.text.said import say
from gm_console.ui.base import StoreScreen
from gm_console.ui.screens.help import reflow
from gm_console.ui.styles import css_beside
from gm_console.ui.widgets import SyncedTable, Value, yes_no

_KEY = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\s*=")
_CHOICE = re.compile(r'^#\s+"([^"]+)"\s*:')


def _text(value: Any) -> str:
    """A setting's value as ``settings.set`` reads it back."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


@cache
def notes(path: Path) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Setting → (its comment in the ``[settings]`` table of a rule file, the choices that
    comment lists as ``"name": ...``). A comment belongs to the key right under it."""
    out: dict[str, tuple[str, tuple[str, ...]]] = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return out
    inside, comment = False, list[str]()
    for line in lines:
        stripped = line.strip()
        if stripped.startswith("["):
            inside, comment = stripped == "[settings]", []
        elif not inside:
            continue
        elif stripped.startswith("#"):
            comment.append(stripped)
        elif not stripped:
            comment = []
        elif match := _KEY.match(stripped):
            choices = tuple(m.group(1) for c in comment if (m := _CHOICE.match(c)))
            text = " ".join(c.lstrip("#").strip() for c in comment)
            out[match.group(1)] = (text, choices)
            comment = []
    return out


class SettingsScreen(StoreScreen):
    AREAS = frozenset({"settings"})
    BINDINGS = [
        Binding("enter", "change", "Change for this campaign"),
        Binding("x,delete", "reset", "Back to config"),
    ]
    OPERATIONS = {"change": "settings.set", "reset": "settings.reset"}
    DEFAULT_CSS = css_beside(__file__, "settings_screen.tcss")

    def compose_body(self) -> ComposeResult:
        config = self.store.host.config
        t = self.t
        yield Value(Text(t(say("Language: {language} · metres per mv: {per:g} · set in {path}",
                               language=config.language, per=round(config.metres_per_mv, 3),
                               path=str(user_dir() / "settings.toml")))), classes="hint")
        yield SyncedTable(id="settings", cursor_type="row", zebra_stripes=True)
        yield Value(id="setting-note")
        yield Value(id="setting-hint", classes="hint")

    def _rows(self) -> list[tuple[str, list[str]]]:
        rows = []
        session = self.session
        for plugin in sorted(self.store.host.plugins):
            configured = session.table(plugin).get("settings", {})
            own = session.state.get("plugins", {}).get(plugin, {}).get("settings", {})
            for key in sorted(configured):
                source = self.t("campaign") if key in own else self.t("config")
                rows.append((f"{plugin}.{key}", [f"{plugin}: {key}",
                                                 self._shown(session.setting(plugin, key)),
                                                 source]))
        return rows

    def refresh_view(self, change: Change | None) -> None:
        t = self.t
        # The setting's name takes what the value and its source leave of the width.
        widths = (max(16, min(42, self.app.size.width - 33)), 14, 9)
        self.query_one("#settings", SyncedTable).sync(
            [t("Setting"), t("Value"), t("From")], self._rows(), widths=widths)
        self._show_note()

    def on_resize(self) -> None:
        self.refresh_view(None)  # new widths, if the width changed

    def on_data_table_row_highlighted(self, event: Any) -> None:
        self._show_note()

    def _show_note(self) -> None:
        selected = self._selected()
        note, hint = Text(""), ""
        t = self.t
        if selected is not None:
            plugin, key = selected
            value = self.session.setting(plugin, key)
            text, choices = notes(bundled_dir() / f"{plugin}.toml").get(key, ("", ()))
            text = self._help_line(plugin, key) or text
            note = Text.assemble((f"{plugin}.{key}", "bold"), f" = {self._shown(value)}\n",
                                 text)
            if isinstance(value, bool):
                hint = t("enter: switch it on or off for this campaign")
            elif str(value) in choices:
                hint = t("enter: the next choice") + f" ({', '.join(choices)})"
            else:
                hint = t("enter: type a value for this campaign")
            hint = t(say("{hint} · x: back to the value in config", hint=hint))
        self.query_one("#setting-note", Value).show(note)
        self.query_one("#setting-hint", Value).show(Text(hint))

    def _shown(self, value: Any) -> str:
        """A setting's value as the screen shows it: Yes or No for a switch, numbers in the
        UI language's format."""
        if isinstance(value, bool):
            return yes_no(value, self.t)
        if isinstance(value, (int, float)):
            return self.app.t.number(value, 3)
        return _text(value)

    def _help_line(self, plugin: str, key: str) -> str:
        """The setting's line in the plugin's help, in the UI language ("- key (default):
        what it does"), when the help has one and the language is not English (the config's
        comments are in English)."""
        host = self.store.host
        if host.config.language == "en":
            return ""
        texts = dict(host.call_each("help_text", language=host.config.language))
        for paragraph in reflow(texts.get(plugin, "")):
            if paragraph.startswith(f"- {key} ("):
                line = paragraph.split(":", 1)[1].strip() if ":" in paragraph else paragraph
                return line[:1].upper() + line[1:]  # a sentence of its own on the screen
        return ""

    def _selected(self) -> tuple[str, str] | None:
        key = self.query_one("#settings", SyncedTable).current_key
        if key is None:
            return None
        plugin, _, name = key.partition(".")
        return plugin, name

    def action_change(self) -> None:
        selected = self._selected()
        if selected is None:
            return
        plugin, key = selected
        current = self.session.setting(plugin, key)
        _, choices = notes(bundled_dir() / f"{plugin}.toml").get(key, ("", ()))
        if isinstance(current, bool):
            self.apply("settings.set", plugin=plugin, key=key, value=_text(not current))
        elif choices and str(current) in choices:
            following = choices[(choices.index(str(current)) + 1) % len(choices)]
            self.apply("settings.set", plugin=plugin, key=key, value=following)
        else:
            def change(value: str) -> Outcome:
                return self.apply("settings.set", said_here=True, plugin=plugin, key=key,
                                  value=value)
            self.ask(f"{plugin}.{key} " + self.t("for this campaign"), change, _text(current))

    async def on_data_table_row_selected(self) -> None:
        await self.run_action("change")  # as its key: only where this front's role may

    def action_reset(self) -> None:
        selected = self._selected()
        if selected is not None:
            self.apply("settings.reset", plugin=selected[0], key=selected[1])
