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
from typing import Any, Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.signal import Signal

from gm_console.host import Host
from gm_console.i18n import Translator
from gm_console.saver import Saver
from gm_console.store import Change, Store

CORE_BINDINGS = [
    Binding("f1", "open('help')", "Help", id="help"),
    Binding("p", "open('party')", "Party", id="party"),
    Binding("j", "open('journal')", "Journal", id="journal"),
    Binding("o", "open('settings')", "Settings", id="settings", show=False),
    Binding("r", "rolls", "Rolls", id="rolls", show=False),
    Binding("d", "roll_dice", "Roll dice", id="dice"),
    Binding("n", "note", "Note", id="note", show=False),
    Binding("plus", "advance", "+10 min", id="clock.advance", show=False),
    Binding("ctrl+z", "undo", "Undo", id="undo"),
    Binding("q", "quit", "Quit", id="quit"),
]


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


    def action_open(self, screen_id: str) -> None:
        factory = self.screen_factories().get(screen_id)
        if factory is None:  # its plugin was switched off since the key was bound
            self.notify(f"{screen_id}: not available", severity="warning")
            return
        if getattr(self.screen, "screen_id", None) == screen_id:
            return
        screen = factory(self.store)
        screen.screen_id = screen_id
        self.show_screen(screen)

    def show_screen(self, screen: Screen) -> None:
        """Show a session screen in place of the current one. Session screens never stack:
        Textual repaints the whole terminal when a screen under the top one changes, and
        over SSH that is every key press (9 KB instead of 200 bytes)."""
        while self.screen.is_modal:
            self.pop_screen()
        self.switch_screen(screen)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        for binding_id, title in (("party", "Party: characters and inventory"),
                                  ("journal", "Journal: read, filter, export"),
                                  ("settings", "Settings: optional rules for this campaign"),
                                  ("help", "Help: every key")):
            yield SystemCommand(self.t(title), "", lambda i=binding_id: self.action_open(i))
        for spec in self.host.screens.values():
            yield SystemCommand(spec.title, f"key {spec.key}",
                                lambda i=spec.id: self.action_open(i))
        yield SystemCommand("Dice: roll", "", self.action_roll_dice)
        yield SystemCommand("Rolls: answer the waiting rolls", "", self.action_rolls)
        yield SystemCommand("Journal: add a note", "", self.action_note)
        yield SystemCommand("Clock: advance 10 minutes", "", self.action_advance)
        yield SystemCommand("Rest: long rest", "", lambda: self._apply("rest.long"))
        yield SystemCommand("Session: undo", "", self.action_undo)

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

    def action_roll_dice(self) -> None:
        from gm_console.ui.screens.prompt import TextPrompt

        def roll(expression: str | None) -> None:
            if expression:
                self._apply("dice.roll", expression=expression)
                last = self.store.state["journal"][-1]["text"]
                self.notify(last, title=self.t("Dice"), timeout=6)

        self.push_screen(TextPrompt(self.t("Dice expression (1d20+3, 4d6kh3, adv+2)")), roll)

    def action_note(self) -> None:
        from gm_console.ui.screens.prompt import TextPrompt

        def note(text: str | None) -> None:
            if text:
                self._apply("journal.note", text=text)

        self.push_screen(TextPrompt(self.t("Journal note")), note)

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
    plugin_bindings = [Binding(spec.key, f"open({spec.id!r})", t(spec.title.split(":")[0]),
                               id=spec.id) for spec in host.screens.values()]
    return type("GMConsole", (GMConsoleApp,), {"BINDINGS": core + plugin_bindings,
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
    else:
        saver.prime(store.state)
    try:
        app.run()
    finally:
        saver.close()
    return app.return_code or 0
