"""The screen's keys on its bottom line."""

from __future__ import annotations

from typing import Any, NamedTuple

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.widget import Widget

from gm_console.ui.navigation import key_label
from gm_console.ui.styles import css_beside


class _FooterKey(NamedTuple):
    """A key as the footer shows it."""
    key: str
    display: str
    description: str
    enabled: bool
    tooltip: str


class Footer(Widget):
    """The screen's keys on its bottom line, drawn as one line of text, as Textual's footer
    draws them (a key, then what it does; the command palette's on the right). Textual's
    footer is a widget per key, built again whenever the keys change: many widgets on a
    screen, a large part of the cost of opening one. A key here is clicked as there: the
    click presses it.

    It is redrawn only when the keys it shows change, and once for any number of changes in
    a frame (a change of focus tells it each time)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"footer--key", "footer--description", "footer--edge",
                         "footer--hover"}
    DEFAULT_CSS = css_beside(__file__, "footer.tcss")

    _pending = False
    _hovered: _FooterKey | None = None

    def __init__(self) -> None:
        super().__init__()
        self._keys: tuple[_FooterKey, ...] = ()
        self._palette: tuple[_FooterKey, ...] = ()  # the help key and the palette's
        self._spans: list[tuple[int, int, _FooterKey]] = []  # where each key was drawn

    def on_mount(self) -> None:
        # Told at once (immediate), so that a second change told before the rebuild is seen
        # to be pending: Textual's set_focus tells of each change of focus twice, at once and
        # again after the frame (ordered below).
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed,
                                                      immediate=True)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    covered = False
    """Whether the question line is painted in its place (QuestionLine): what it shows once
    uncovered is what it showed before, or what the change of focus back rebuilds."""

    def bindings_changed(self, screen: Any) -> None:
        if not screen.app.app_focus or self._pending:
            return
        if self.is_attached and screen is self.screen:
            self._pending = True
            self.call_next(self._after_the_screens)

    def _after_the_screens(self) -> None:
        # Through the screen's own queue, behind what is in it already: after a change of
        # focus, Textual's own call for a refresh of the bindings, which this rebuild then
        # answers too (queued in front of it, the footer was rebuilt twice for the answer of
        # a question, the focus coming back).
        self.screen.call_after_refresh(self._rebuild)

    def _rebuild(self) -> None:
        self._pending = False
        if not self.is_attached or self.covered:
            # its screen went away before the frame came; or a question line is in its place
            return
        bindings = self.screen.active_bindings
        first: dict[str, _FooterKey] = {}  # a key per action, as Textual's footer
        for _, binding, enabled, tooltip in bindings.values():
            if binding.show and binding.action not in first:
                first[binding.action] = _FooterKey(
                    binding.key, self.app.get_key_display(binding), binding.description,
                    enabled, tooltip)
        right: list[_FooterKey] = []  # always shown, on the right
        help_key = self._help_key()
        if help_key is not None:
            right.append(help_key)
        if self.app.ENABLE_COMMAND_PALETTE and self.app.COMMAND_PALETTE_BINDING in bindings:
            _, binding, enabled, _ = bindings[self.app.COMMAND_PALETTE_BINDING]
            right.append(_FooterKey(binding.key, self.app.get_key_display(binding),
                                    binding.description, enabled,
                                    binding.tooltip or binding.description))
        palette = tuple(right)
        keys = tuple(first.values())
        if (keys, palette) != (self._keys, self._palette):
            self._keys, self._palette = keys, palette
            self.refresh()

    def _help_key(self) -> _FooterKey | None:
        """The help's key, which the screen bar leaves to the footer (ScreenBar); not on the
        help itself."""
        entries = getattr(self.app, "nav_entries", [])
        entry = next((entry for entry in entries if entry.screen_id == "help"), None)
        if entry is None or getattr(self.screen, "nav_id", "") == "help":
            return None
        return _FooterKey(entry.key, key_label(entry.key), entry.label, True, "")

    def render(self) -> Text:
        key_style = self.get_component_rich_style("footer--key")
        description_style = self.get_component_rich_style("footer--description")
        # Textual's :hover on a key's widget: its background only, the key keeps its colour
        hovered = Style(bgcolor=self.get_component_rich_style("footer--hover").bgcolor)
        self._spans = []

        def draw(line: Text, shown: _FooterKey, key: str, description: str) -> None:
            start = line.cell_len
            line.append(key, key_style)
            line.append(description, description_style)
            if shown == self._hovered:
                line.stylize(hovered, start)
            if not shown.enabled:
                line.stylize("dim", start)
            self._spans.append((start, line.cell_len, shown))

        # A key is shown whole or not at all (F1 help lists them all): the help's and the
        # palette's on the right, the screen's from the left in the room they leave, spaced
        # as Textual's footer spaces them when they all fit, else closer together, as its
        # compact footer (the key's colour sets it apart), the last left out when still too many.
        right = [(shown, shown.display, f" {shown.description}") for shown in self._palette]
        right_width = sum(cell_len(key) + cell_len(text) + 1 for _, key, text in right)
        room = max(self.size.width - right_width, 0)
        spaced = [(shown, f" {shown.display} ",
                   f"{shown.description} " if shown.description else "")
                  for shown in self._keys]
        if sum(cell_len(key) + cell_len(text) for _, key, text in spaced) > room:
            spaced = [(shown, f" {shown.display}",
                       f" {shown.description}" if shown.description else "")
                      for shown in self._keys]
        line = Text(no_wrap=True, overflow="crop", end="")
        for shown, key, description in spaced:
            if line.cell_len + cell_len(key) + cell_len(description) > room:
                break
            draw(line, shown, key, description)
        if right:
            line.pad_right(room - line.cell_len)
            line.append("\u258f", self.get_component_rich_style("footer--edge"))
            for index, (shown, key, description) in enumerate(right):
                draw(line, shown, key, description + (" " if index < len(right) - 1 else ""))
        line.stylize_before(self.rich_style)
        return line

    def _key_at(self, x: int) -> _FooterKey | None:
        return next((shown for start, end, shown in self._spans if start <= x < end), None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        shown = self._key_at(event.x)
        if shown is None:
            return
        if shown.enabled:
            self.app.simulate_key(shown.key)
        else:
            self.app.bell()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover(self._key_at(event.x))

    def on_leave(self, event: events.Leave) -> None:
        self._hover(None)

    def _hover(self, shown: _FooterKey | None) -> None:
        if shown != self._hovered:
            self._hovered = shown
            self.tooltip = shown.tooltip if shown is not None and shown.tooltip else None
            self.refresh()
