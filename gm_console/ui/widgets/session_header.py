"""The top line of every session screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import getters
from textual.app import ComposeResult
from textual.containers import Horizontal

from gm_console.rules.clock import format_clock
from gm_console.ui.styles import css_beside
from gm_console.ui.widgets.value import Value

if TYPE_CHECKING:
    from gm_console.ui.shell import ShellApp


class SessionHeader(Horizontal):
    """The top line: session name, waiting rolls, in-game clock. Its own widget rather than
    Textual's Header: changing ``App.sub_title`` repaints the whole screen, updating one Value
    repaints one line."""

    if TYPE_CHECKING:  # Textual types it as any App
        app = getters.app(ShellApp)

    DEFAULT_CSS = css_beside(__file__, "session_header.tcss")

    def compose(self) -> ComposeResult:
        yield Value(id="header-name")
        yield Value(id="header-rolls")
        yield Value(id="header-requests")
        yield Value(id="header-live")
        yield Value(id="header-saving")
        yield Value(id="header-clock")

    def on_mount(self) -> None:
        self.show_state()

    _found: dict[str, Value] | None = None

    @property
    def _values(self) -> dict[str, Value]:
        """Its Values by name, found once: the header is brought up to date at every change."""
        if self._found is None:
            self._found = {name: self.query_one(f"#header-{name}", Value) for name in
                           ("name", "rolls", "requests", "live", "saving", "clock")}
        return self._found

    def show_state(self) -> None:
        """Brought up to date by its screen (StoreScreen), after each change it shows."""
        app = self.app
        state = app.store.state
        t = app.t
        values = self._values
        values["name"].show(str(state.get("session", {}).get("name", "gm-console")))
        waiting = len(state.get("rolls", {}).get("pending", []))
        values["rolls"].show(f"⚄ {waiting} {t('rolls waiting')} (r)" if waiting else "")
        asked = len(state.get("requests", {}).get("pending", []))
        values["requests"].show(
            f"✋ {asked} (f12)" if asked else "")  # short: the header is one line of 80
        # a live session's client: its role, or that the owner has gone
        values["live"].show(getattr(app, "live_status", ""))
        values["saving"].show(getattr(app, "saving_status", ""))
        values["clock"].show(format_clock(state.get("clock", {}), t("Day")))
