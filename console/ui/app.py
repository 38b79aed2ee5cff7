"""The application shell: header with the session and the clock, footer with the keys, the
core bindings, each plugin screen on its key and in the command palette, and a clean exit on
quit, SIGHUP and SIGTERM."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.signal import Signal

from gm_console.core.clock import format_clock
from gm_console.host import Host
from gm_console.i18n import Translator
from gm_console.saver import Saver
from gm_console.store import Change, Store
from gm_console.ui.navigation import NavEntry, key_label, nav_entries

CORE_BINDINGS = [
    Binding("d", "roll_dice", "Roll dice", id="dice"),
    Binding("r", "rolls", "Rolls", id="rolls"),
    Binding("n", "note", "Note", id="note"),
    Binding("plus", "advance", "+10 min", id="clock.advance"),
    Binding("ctrl+z", "undo", "Undo", id="undo"),
    Binding("q", "quit", "Quit", id="quit"),
]
"""The app's own actions, on every screen (navigation.GLOBAL_KEYS: no screen binds these)."""


class GMConsoleApp(App):
    CSS_PATH = Path(__file__).with_name("app.tcss")
    TITLE = "gm-console"

    def __init__(self, store: Store, path: Path | None = None, saver: Saver | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.store = store
        self.host: Host = store.host
        self.path = path
        self.saver = saver
        self.t = Translator(self.host.config.language, self.host)
        self.nav_entries: list[NavEntry] = nav_entries(self.host, self.t)
        self.store_changed: Signal[Change] = Signal(self, "store-changed")
        self._ui_thread = threading.get_ident()
        self._unsubscribe = store.subscribe(self._on_store_change)
        self.host.failure_listeners.append(self._on_plugin_failure)

    # -- screens ------------------------------------------------------------------------------

    def screen_factories(self) -> dict[str, Any]:
        from gm_console.ui.screens import help, journal, party, settings

        from gm_console.ui.screens.home import HomeScreen

        core = {"home": HomeScreen, "party": party.PartyScreen, "journal": journal.JournalScreen,
                "help": help.HelpScreen, "settings": settings.SettingsScreen}
        return {**core, **{spec.id: spec.factory for spec in self.host.screens.values()}}


    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # A question on screen keeps what is typed in it: the screen keys wait until it is
        # answered or cancelled (escape).
        if action == "open" and self.screen.is_modal:
            return False
        return True

    def action_open(self, screen_id: str) -> None:
        factory = self.screen_factories().get(screen_id)
        if factory is None:  # its plugin was switched off since the key was bound
            self.notify(f"{screen_id}: not available", severity="warning")
            return
        if getattr(self.screen, "screen_id", None) == screen_id:
            return
        # Help starts with the keys of the screen it was opened from.
        screen = factory(self.store, origin=self.screen) if screen_id == "help" else \
            factory(self.store)
        screen.screen_id = screen_id
        self.show_screen(screen)

    def show_screen(self, screen: Screen) -> None:
        """Show a session screen in place of the current one. Session screens never stack:
        Textual repaints the whole terminal when a screen under the top one changes, and
        over SSH that is every key press (9 KB instead of 200 bytes)."""
        while self.screen.is_modal:
            self.pop_screen()
        leaving = getattr(self.screen, "before_leaving", None)
        if leaving is not None:
            leaving()
        self.switch_screen(screen)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        t = self.t
        titles = {"party": "Party: characters and inventory",
                  "journal": "Journal: read, filter, export",
                  "settings": "Settings: optional rules for this campaign",
                  "help": "Help: every key", "home": "Home: the table at a glance"}
        titles.update({spec.id: spec.title for spec in self.host.screens.values()})
        for entry in self.nav_entries:
            yield SystemCommand(t(titles.get(entry.screen_id, entry.label)),
                                key_label(entry.key),
                                lambda i=entry.screen_id: self.action_open(i))
        for title, action in (("Dice: roll", self.action_roll_dice),
                              ("Rolls: answer the waiting rolls", self.action_rolls),
                              ("Journal: add a note", self.action_note),
                              ("Clock: advance 10 minutes", self.action_advance),
                              ("Rest: long rest", self.action_long_rest),
                              ("Session: undo", self.action_undo)):
            yield SystemCommand(t(title), "", action)

    # -- actions ------------------------------------------------------------------------------

    def _apply(self, op: str, **params: Any) -> None:
        outcome = self.store.apply(op, params)
        if not outcome.ok:
            self.notify(outcome.reason, title=self.t("Refused"), severity="warning")

    def action_undo(self) -> None:
        outcome = self.store.undo()
        self.notify(outcome.message if outcome.ok else self.t("Nothing to undo"),
                    severity="information" if outcome.ok else "warning", timeout=3)

    def action_advance(self) -> None:
        self._apply("clock.advance", minutes=10)

    def action_rolls(self) -> None:
        from gm_console.ui.screens.rolls import RollPrompt

        if not isinstance(self.screen, RollPrompt):
            self.push_screen(RollPrompt(self.store))

    def ask(self, question: str, apply: Callable[[str], str | None], value: str = "",
            history: Callable[[], list[str]] | None = None, hint: str = "") -> None:
        """A one-line question whose answer ``apply`` applies, returning why it was refused
        (the prompt then stays open with what was typed) or "" once it was taken."""
        from gm_console.ui.screens.prompt import TextPrompt

        self.push_screen(TextPrompt(self.t(question), value, submit=apply, history=history,
                                    hint=self.t(hint) if hint else ""))

    def confirm(self, question: str, then: Callable[[], None]) -> None:
        """Ask before an action that moves the clock far or throws work away."""
        from gm_console.ui.screens.prompt import Confirm

        hint = self.t("y or enter: yes · n or escape: no · ctrl+z undoes it afterwards")
        self.push_screen(Confirm(question, hint), lambda yes: then() if yes else None)

    def refusal(self, op: str, **params: Any) -> str:
        """Apply an operation; why it was refused, or "" once applied."""
        outcome = self.store.apply(op, params)
        return "" if outcome.ok else outcome.reason

    def action_roll_dice(self) -> None:
        def roll(expression: str) -> str:
            if not expression:
                return self.t("type a dice expression, such as 1d20+3")
            return self.refusal("dice.roll", expression=expression)

        self.ask("Dice expression (1d20+3, 4d6kh3, adv+2)", roll, history=self.roll_history,
                 hint="enter: roll · escape: close")

    def roll_history(self, count: int = 6) -> list[str]:
        """The last rolls of the journal, newest last, with their time."""
        rolls = [line for line in self.store.state.get("journal", [])
                 if line.get("kind") == "roll"][-count:]
        return [f"{format_clock(line, self.t('Day'))}  {line.get('text', '')}" for line in rolls]

    def action_note(self) -> None:
        self.ask("Journal note", lambda text: self.refusal("journal.note", text=text))

    def action_long_rest(self) -> None:
        hours = float(self.host.config.table("exhaustion").get("rest", {}).get("long_hours", 8))
        self.confirm(self.t("Long rest: {hours} h pass on the clock. Rest now?").format(
            hours=f"{hours:g}"), lambda: self._apply("rest.long"))

    # -- life cycle ---------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.set_keymap(self.host.config.keys())
        # Textual's own blank default screen stays at the bottom, never changing; session
        # screens replace each other above it (show_screen), the home screen first.
        self.push_screen(self.screen_factories()["home"](self.store))
        self.screen_stack[-1].screen_id = "home"
        for record in self.host.plugins.values():
            if record.status == "failed":
                self._on_plugin_failure(record)
        # Signal handlers need the main thread and a Unix loop; elsewhere the defaults stay.
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop = asyncio.get_running_loop()
            loop.add_signal_handler(signal.SIGHUP, self._hang_up)
            loop.add_signal_handler(signal.SIGTERM, self._terminate)
        if self.store.state.get("rolls", {}).get("pending"):
            self.action_rolls()

    def _hang_up(self) -> None:
        """The terminal went away (SSH dropped): save, then leave at once. A graceful Textual
        shutdown would write to the dead terminal and can block for ever on its writer queue,
        leaving the process behind."""
        if self.saver is not None:
            self.saver.close()
        os._exit(0)

    def _terminate(self) -> None:
        """Told to stop (SIGTERM): save, restore the terminal and exit; should restoring the
        terminal hang, leave anyway once the session is safe."""
        if self.saver is not None:
            self.saver.flush()
        watchdog = threading.Timer(3.0, os._exit, args=(0,))
        watchdog.daemon = True  # a normal exit does not wait for it
        watchdog.start()
        self.exit(return_code=0)

    def _on_store_change(self, change: Change) -> None:
        if threading.get_ident() != self._ui_thread:
            self.call_from_thread(self._on_store_change, change)
            return
        self.store_changed.publish(change)
        if "rolls" in change.areas and self.store.state.get("rolls", {}).get("pending"):
            self.action_rolls()

    def _on_plugin_failure(self, record: Any) -> None:
        message = f"plugin {record.name} switched off: {record.error}"
        if threading.get_ident() != self._ui_thread:
            self.call_from_thread(self.notify, message, severity="error", timeout=15)
        else:
            self.notify(message, severity="error", timeout=15)

    def report_save_error(self, message: str) -> None:
        self.call_from_thread(self.notify, message, severity="error", timeout=30)


def app_class(host: Host) -> type[GMConsoleApp]:
    """The app with a binding for each plugin screen, labelled in the UI language. Bindings
    carry ids, so the ``[keys]`` table of the settings remaps any of them."""
    t = Translator(host.config.language, host)
    core = [replace(b, description=t(b.description)) for b in CORE_BINDINGS]
    # Screen keys are not in the footer: the screen bar under the header lists them.
    screens = [Binding(entry.key, f"open({entry.screen_id!r})", entry.label, show=False,
                       id=entry.screen_id) for entry in nav_entries(host, t)]
    return type("GMConsole", (GMConsoleApp,), {"BINDINGS": screens + core,
                                               "__module__": __name__})


def run(path: Path, state: dict[str, Any], host: Host, created: bool) -> int:
    app_ref: list[GMConsoleApp] = []
    saver = Saver(path, on_error=lambda message: app_ref[0].report_save_error(message))
    store = Store(state, host, on_save=saver.schedule,
                  undo_depth=int(host.config.settings.get("undo_depth", 200)))
    app = app_class(host)(store, path, saver)
    app_ref.append(app)
    if created:  # a new session exists on disk from the start; an opened one is not rewritten
        saver.schedule(store.state)
    try:
        app.run()
    finally:
        saver.close()
    return app.return_code or 0
