"""The screen bar: every screen with its key, under the header."""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from gm_console.ui.navigation import bar_text
from gm_console.ui.styles import css_beside


class ScreenBar(Static):
    """The line under the header: every screen with its key, the one in front highlighted.
    Help is not among them: its key is on every footer's right (Footer), which leaves the
    bar room for every other label in full at 80 columns, in French too."""

    DEFAULT_CSS = css_beside(__file__, "screen_bar.tcss")

    def on_mount(self) -> None:
        self._draw()

    def on_resize(self, event: Any) -> None:
        self._draw()

    def _draw(self) -> None:
        app: Any = self.app
        width = max(self.size.width, 20)
        current = getattr(self.screen, "nav_id", "")
        self.update(bar_text([entry for entry in app.nav_entries if entry.screen_id != "help"],
                             current, width))
