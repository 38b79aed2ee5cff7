"""What the screens and widgets ask of the app they run in, as a :class:`Shell` protocol.

The app (:class:`gm_console.ui.app.GMConsoleApp`) sits on top of the screens and widgets and
imports them; they never import it. What they need of it is named here, and the type checker
holds the app to it (``gm_console.ui.app`` checks that it is a Shell).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable, Protocol

if TYPE_CHECKING:
    from pathlib import Path

    from textual.app import App
    from textual.screen import Screen
    from textual.signal import Signal

    from gm_console.files.journal import Index
    from gm_console.host.screen_keys import NavEntry
    from gm_console.live.roles import Role
    from gm_console.state.store import Change, Outcome, Store
    from gm_console.text.i18n import Translator


class Shell(Protocol):
    """The console's app as its screens and widgets see it."""

    store: Store
    """The session the console shows."""
    path: Path | None
    """The session's file, when it has one (the journal is exported beside it)."""
    t: Translator
    """Text in the UI language."""
    nav_entries: list[NavEntry]
    """Every screen the console can show, with its key, in the screen bar's order."""
    store_changed: Signal[Change]
    """Published after every operation, on the UI thread: screens subscribe to redraw."""
    journal_index: Index
    """Where each journal filter's lines are, kept while the console runs."""
    writes_files: bool
    """Whether this front may write files where it runs (the journal's export)."""
    live_status: str
    saving_status: str
    """What the header says of a live session: this front's role, or that its owner went."""

    role: Role
    """This front's role: the game master's, unless it is a client of the owner."""

    def offers(self, op: str) -> bool:
        """Whether this front's role ever has the operation ``op`` applied or asked for: a
        screen offers the keys that apply it only then (StoreScreen.OPERATIONS)."""

    def action_open(self, screen_id: str) -> None:
        """Show the screen ``screen_id`` (a host's or a plugin's) in place of this one."""

    def show_screen(self, screen: Screen[Any]) -> None:
        """Show a session screen in place of the current one (session screens never stack)."""

    def action_rolls(self) -> None:
        """Open the dice prompt when a plugin waits for rolls."""

    def report_outcome(self, outcome: Outcome) -> None:
        """Say a refusal with its reason, or that a player's request waits for the game
        master (:meth:`gm_console.ui.base.AppliesOperations.apply` reports through this)."""

    def ask(self, question: str, apply: Callable[[str], str | None], value: str = "",
            history: Callable[[], list[str]] | None = None, hint: str = "") -> None:
        """A one-line question in a prompt; ``apply`` returns why the answer was refused, or
        "" once taken."""

    def confirm(self, question: str, then: Callable[[], object]) -> None:
        """Ask yes or no before ``then`` (an action that moves the clock far or throws work
        away)."""

    def _from_thread(self, callback: Any, *args: Any) -> None:
        """Run ``callback`` on the UI thread, from another thread, without waiting for it."""


if TYPE_CHECKING:
    class ShellApp(App[Any], Shell):
        """A Textual app that is a Shell: the type of ``self.app`` in screens and widgets
        (``app = getters.app(ShellApp)``, for the type checker only)."""


def apply_reported(shell: Shell, op: str, params: dict[str, Any], *, said_here: bool = False,
                   reword: Callable[[str], str] = str) -> Outcome:
    """The one way the console applies an operation, for its screens
    (:meth:`gm_console.ui.base.AppliesOperations.apply`) and its own keys: the store's outcome
    is returned as it gave it; a player's request is said to wait for the game master; a
    refusal is reported, as ``reword`` says it (a screen puts its keys for ``op`` parameters),
    unless the caller says it where it was asked (``said_here``)."""
    outcome = shell.store.apply(op, params)
    if outcome.ok:
        shell.report_outcome(outcome)
    elif not said_here:
        shell.report_outcome(replace(outcome, reason=reword(outcome.reason)))
    return outcome
