"""The screen's keys on its bottom line."""

from __future__ import annotations

from typing import Any, NamedTuple

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.widget import Widget

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
    _placing = False
    _hovered: _FooterKey | None = None

    def __init__(self) -> None:
        super().__init__()
        self._keys: tuple[_FooterKey, ...] = ()
        self._palette: _FooterKey | None = None
        self._spans: list[tuple[int, int, _FooterKey]] = []  # where each key was drawn

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def place(self, shown: bool) -> None:
        """Show or hide the footer as the question line hides or shows itself in its place
        (QuestionLine). Its keys are as they were, and the question line's change of display
        lays the screen out, which places and paints the footer: its own repaint would write
        its line a second time, and its own layout, coming after the first, would hold the
        repaint of what the answer changed for another frame."""
        self._placing = True
        try:
            self.display = shown
        finally:
            self._placing = False

    def refresh(self, *regions: Any, **kwargs: Any) -> Any:
        if self._placing:
            kwargs.update(repaint=False, layout=False)
        return super().refresh(*regions, **kwargs)

    def bindings_changed(self, screen: Any) -> None:
        if not screen.app.app_focus or self._pending:
            return
        if self.is_attached and screen is self.screen:
            self._pending = True
            self.call_after_refresh(self._rebuild)

    def _rebuild(self) -> None:
        self._pending = False
        if not self.is_attached or not self.display:
            # its screen went away before the frame came; or a question line is in its place,
            # and what it shows when back is what it showed before
            return
        bindings = self.screen.active_bindings
        first: dict[str, _FooterKey] = {}  # a key per action, as Textual's footer
        for _, binding, enabled, tooltip in bindings.values():
            if binding.show and binding.action not in first:
                first[binding.action] = _FooterKey(
                    binding.key, self.app.get_key_display(binding), binding.description,
                    enabled, tooltip)
        palette = None
        if self.app.ENABLE_COMMAND_PALETTE and self.app.COMMAND_PALETTE_BINDING in bindings:
            _, binding, enabled, _ = bindings[self.app.COMMAND_PALETTE_BINDING]
            palette = _FooterKey(binding.key, self.app.get_key_display(binding),
                                 binding.description, enabled,
                                 binding.tooltip or binding.description)
        keys = tuple(first.values())
        if (keys, palette) != (self._keys, self._palette):
            self._keys, self._palette = keys, palette
            self.refresh()

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

        line = Text(no_wrap=True, overflow="crop", end="")
        for shown in self._keys:
            draw(line, shown, f" {shown.display} ",
                 f"{shown.description} " if shown.description else "")
        if self._palette is not None:  # on the right, over the keys it leaves no room for
            cut = max(self.size.width - cell_len(self._palette.display)
                      - cell_len(self._palette.description) - 3, 0)
            line.truncate(cut, pad=True)
            self._spans = [(start, min(end, cut), shown) for start, end, shown in self._spans
                           if start < cut]
            line.append("\u258f", self.get_component_rich_style("footer--edge"))
            draw(line, self._palette, self._palette.display, f" {self._palette.description} ")
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
