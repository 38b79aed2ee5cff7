"""Help (F1): the keys of the screen it was opened from first, then the keys that work
everywhere, then each plugin's own help with the interpretations of the rules it makes. The
text flows to the terminal's width; typing filters it (every line holding the words typed).

The first part is shown apart from the rest (``#help-origin``, ``#help-text``): opened again
from another screen, help changes only that part, and the rest, most of the text, is not
wrapped to the terminal again (wrapping all of it is the slow part of opening help)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.actions import parse as parse_action
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Static

from gm_console.host.screen_keys import plan
from gm_console.text.said import say
from gm_console.ui.base import StoreScreen
from gm_console.ui.navigation import key_label
from gm_console.ui.styles import css_beside
from gm_console.ui.widgets import TextField

TEXTUAL = {b.action for b in (*Screen.BINDINGS, *App.BINDINGS) if isinstance(b, Binding)}
"""Textual's own keys (focus next, copy): not the console's to explain."""


def screen_keys(screen: Screen | App) -> list[tuple[str, str, str]]:
    """A screen's (or the app's) own keys as (keys, what they do, binding id for ``[keys]``), one entry per
    action: "delete x" for an action on two keys, "0 1 … 9 ." for the digits."""
    grouped: dict[str, list[str]] = {}
    labels: dict[str, tuple[str, str]] = {}
    for key, binding in screen._bindings:
        if binding.action.startswith("open(") or binding.system or binding.action in TEXTUAL:
            continue  # the screen bar's keys, listed apart; Textual's own
        _, action, parameters = parse_action(binding.action)
        if screen.check_action(action, parameters) is False:
            continue  # not offered here (a player's console has no undo, home no way back)
        name = binding.description or binding.action
        group = binding.id.rsplit("_", 1)[0] if binding.id and "digit" in binding.id else \
            f"{binding.action}|{name}"
        grouped.setdefault(group, []).append(key_label(key))
        labels[group] = (name, "" if "digit" in group else binding.id or "")
    return [(" ".join(keys), *labels[group]) for group, keys in grouped.items()]


def reflow(text: str) -> list[str]:
    """Hard-wrapped help text as paragraphs, one a line, for the terminal to wrap: a line
    joins the one before unless it starts a list item ("- ") or follows a blank line."""
    paragraphs: list[str] = []
    joinable = False
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            joinable = False
            continue
        if joinable and not stripped.startswith("- "):
            paragraphs[-1] += " " + stripped
        else:
            paragraphs.append(stripped)
        joinable = True
    return paragraphs


class HelpScreen(StoreScreen):
    AREAS = frozenset()  # nothing in the session changes what help says
    DEFAULT_CSS = css_beside(__file__, "help_screen.tcss")
    AUTO_FOCUS = "#help-search"
    # The search field keeps the focus (what is typed searches), so the text scrolls from it:
    # the field has no use for these keys.
    BINDINGS = [
        Binding("down", "scroll_text('line', 1)", "Scroll down", show=False),
        Binding("up", "scroll_text('line', -1)", "Scroll up", show=False),
        Binding("pagedown", "scroll_text('page', 1)", "Next page", show=False),
        Binding("pageup", "scroll_text('page', -1)", "Previous page", show=False),
    ]

    def __init__(self, store: Any, **kwargs: Any) -> None:
        super().__init__(store, **kwargs)
        self.origin_title = ""
        self.origin_keys: list[tuple[str, str, str]] = []
        # (what search looks in, what is shown): the origin's keys, then the rest
        self.lines: tuple[list[tuple[str, Text]], list[tuple[str, Text]]] = ([], [])
        self._shown: dict[str, Text] = {}  # by widget id: what it was last given

    def opened_from(self, origin: Screen) -> None:
        """Help starts with the keys of the screen it is opened from, the search empty: the
        console keeps it between two openings (as every screen with a key)."""
        self.origin_title, self.origin_keys = "", []
        if isinstance(origin, StoreScreen) and not isinstance(origin, HelpScreen):
            self.origin_title = next((e.label for e in self.app.nav_entries
                                      if e.screen_id == origin.nav_id), origin.nav_id)
            self.origin_keys = screen_keys(origin)
        if self.is_mounted:  # (the first time, mounting shows it)
            self.lines = self._lines()
            search = self.query_one("#help-search", Input)
            if search.value:
                search.value = ""  # which shows every line (on_input_changed)
            else:
                self._show("")

    def compose_body(self) -> ComposeResult:
        yield TextField(placeholder=self.t("Type to search the help · escape: back"),
                        id="help-search")
        with VerticalScroll():
            yield Static(id="help-origin")
            yield Static(id="help-text")

    def refresh_view(self, change: object) -> None:
        # Read once mounted: only then are the app's bindings in force, remapped by [keys].
        self.lines = self._lines()
        self._show("")

    def _lines(self) -> tuple[list[tuple[str, Text]], list[tuple[str, Text]]]:
        t = self.t
        out: list[tuple[str, Text]] = []

        def title(text: str) -> None:
            out.append(("", Text("")))
            # searched too: a plugin's name finds its title, and why it was switched off
            out.append((text, Text(text, style="bold underline")))

        def key_line(keys: str, what: str, ident: str) -> None:
            # The id is what the [keys] table of the settings remaps.
            # (Spaces end a span: Textual drops those that begin one.)
            line = Text.assemble((f"{keys:<9} ", "bold"), what + "  ",
                                 (f"[{ident}]" if ident else "", "dim"))
            out.append((f"{keys} {what} {ident}", line))

        if self.origin_keys:
            title(t(say("This screen: {name}", name=self.origin_title)))
            for keys, what, ident in self.origin_keys:
                key_line(keys, what, ident)
        origin, out = out[1:], []
        title(t("Screens (from every screen)"))
        for entry in self.app.nav_entries:
            key_line(key_label(entry.key), entry.label, entry.screen_id)
        for _, note in plan(self.store.host).notes:  # never silent: why a key is not as asked
            out.append((note, Text(f"! {note}", style="bold")))
        title(t("Everywhere"))
        palette = ("^p", t("Command palette: every screen and action"), "")
        for keys, what, ident in [*screen_keys(self.app), palette]:
            key_line(keys, what, ident)
        host = self.store.host
        texts = dict(host.call_each("help_text", language=host.config.language))
        for record in host.plugins.values():
            title(f"{record.name} {record.version}" if record.status == "loaded" else
                  self.t(say("{name} {version} — {status}: {error}", name=record.name,
                             version=record.version, status=say("failed")
                             if record.status == "failed" else say("disabled"),
                             error=record.error)))
            for paragraph in reflow(texts.get(record.name, "")):
                out.append((paragraph, Text(paragraph)))
        return origin, out[1:]

    def _show(self, query: str) -> None:
        words = query.casefold().split()
        origin, rest = (_found(lines, words) for lines in self.lines)
        if words and not origin.plain and not rest.plain:
            rest = Text(self.t("Nothing in the help matches") + f" {query!r}")
        for name, text in (("help-origin", origin), ("help-text", rest)):
            static = self.query_one(f"#{name}", Static)
            static.display = bool(text.plain)
            if text != self._shown.get(name):  # as it was: not wrapped to the width again
                static.update(text)
                self._shown[name] = text

    def on_input_changed(self, event: Input.Changed) -> None:
        self._show(event.value)

    def action_scroll_text(self, step: str, direction: int) -> None:
        text = self.query_one(VerticalScroll)
        lines = 1 if step == "line" else max(1, text.scrollable_content_region.height - 1)
        text.scroll_relative(y=direction * lines, animate=False)


def _found(lines: list[tuple[str, Text]], words: list[str]) -> Text:
    """The lines holding every word of ``words`` (all of them without words), each word
    highlighted, a line each."""
    found = []
    for searchable, line in lines:
        if words and not all(w in searchable.casefold() for w in words):
            continue
        line = line.copy()
        for word in words:
            line.highlight_words([word], style="reverse", case_sensitive=False)
        found.append(line)
    return Text("\n").join(found)
