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
from textual import on
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.signal import Signal

from gm_console.host import Host
from gm_console.i18n import Translator
from gm_console.saver import Saver
from gm_console.store import Change, Outcome, Store

CORE_BINDINGS = [
    Binding("f1", "open('help')", "Help", id="help"),
    Binding("p", "open('party')", "Party", id="party"),
    Binding("j", "open('journal')", "Journal", id="journal"),
    Binding("o", "open('settings')", "Settings", id="settings", show=False),
    Binding("r", "rolls", "Rolls", id="rolls", show=False),
    Binding("d", "roll_dice", "Roll dice", id="dice"),
    Binding("n", "note", "Note", id="note", show=False),
    Binding("N", "note(True)", "GM-only note", id="note.gm", show=False),
    Binding("f4", "open('requests')", "Requests", id="requests", show=False),
    Binding("plus", "advance", "+10 min", id="clock.advance", show=False),
    Binding("ctrl+z", "undo", "Undo", id="undo"),
    Binding("q", "quit", "Quit", id="quit"),
]


REJOIN = 75
"""The console's return code when it should open its session again (its owner went away)."""


class ThreadCall(Message):
    """A callback another thread hands to the UI thread (:meth:`GMConsoleApp._from_thread`)."""

    def __init__(self, callback: Any, args: tuple[Any, ...]) -> None:
        super().__init__()
        self.callback = callback
        self.args = args


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
        self.live_status = ""
        """What the header says of the live session: this front's role, or that its owner
        has gone."""
        self._unsubscribe = store.subscribe(self._on_store_change)
        self.host.failure_listeners.append(self._on_plugin_failure)
        if hasattr(store, "on_lost"):  # a client of the session's owner
            role = str(store.role)  # type: ignore[attr-defined]
            self.live_status = "" if role == "gm" else role
            store.on_lost.append(self._on_owner_lost)  # type: ignore[attr-defined]

    # -- screens ------------------------------------------------------------------------------

    def screen_factories(self) -> dict[str, Any]:
        from gm_console.ui.screens import help, journal, party, settings

        from gm_console.ui.screens.home import HomeScreen
        from gm_console.ui.screens.requests import RequestsScreen

        core = {"home": HomeScreen, "party": party.PartyScreen, "journal": journal.JournalScreen,
                "help": help.HelpScreen, "settings": settings.SettingsScreen,
                "requests": RequestsScreen}
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
                                  ("requests", "Requests: approve or decline players' requests"),
                                  ("help", "Help: every key")):
            yield SystemCommand(self.t(title), "", lambda i=binding_id: self.action_open(i))
        for spec in self.host.screens.values():
            yield SystemCommand(spec.title, f"key {spec.key}",
                                lambda i=spec.id: self.action_open(i))
        yield SystemCommand("Dice: roll", "", self.action_roll_dice)
        yield SystemCommand("Rolls: answer the waiting rolls", "", self.action_rolls)
        yield SystemCommand("Journal: add a note", "", self.action_note)
        yield SystemCommand(self.t("Journal: add a GM-only note"), "",
                            lambda: self.action_note(True))
        yield SystemCommand("Clock: advance 10 minutes", "", self.action_advance)
        yield SystemCommand("Rest: long rest", "", lambda: self._apply("rest.long"))
        yield SystemCommand("Session: undo", "", self.action_undo)

    # -- actions ------------------------------------------------------------------------------

    def _apply(self, op: str, **params: Any) -> None:
        self.report_outcome(self.store.apply(op, params))

    def report_outcome(self, outcome: Outcome) -> None:
        """A refusal with its reason; on a player's terminal of a live session, that what
        they did waits for the game master's approval."""
        if not outcome.ok:
            self.notify(outcome.reason, title=self.t("Refused"), severity="warning")
        elif outcome.op == "request.add":
            self.notify(outcome.message, title=self.t("Waiting for the game master"), timeout=6)

    def action_undo(self) -> None:
        outcome = self.store.undo()
        refusal = (self.t("Nothing to undo") if outcome.reason == "nothing to undo"
                   else outcome.reason)
        self.notify(outcome.message if outcome.ok else refusal,
                    severity="information" if outcome.ok else "warning", timeout=3)

    def action_advance(self) -> None:
        self._apply("clock.advance", minutes=10)

    def action_rolls(self) -> None:
        from gm_console.ui.screens.rolls import RollPrompt, waiting

        if not isinstance(self.screen, RollPrompt) and waiting(self.store) is not None:
            self.push_screen(RollPrompt(self.store))

    def action_roll_dice(self) -> None:
        from gm_console.ui.screens.prompt import TextPrompt

        def roll(expression: str | None) -> None:
            if expression:
                self._apply("dice.roll", expression=expression)
                last = self.store.state["journal"][-1]["text"]
                self.notify(last, title=self.t("Dice"), timeout=6)

        self.push_screen(TextPrompt(self.t("Dice expression (1d20+3, 4d6kh3, adv+2)")), roll)

    def action_note(self, gm_only: bool = False) -> None:
        from gm_console.ui.screens.prompt import TextPrompt

        def note(text: str | None) -> None:
            if text:
                self._apply("journal.note", text=text, gm_only=gm_only)

        title = "GM-only note (never sent to players)" if gm_only else "Journal note"
        self.push_screen(TextPrompt(self.t(title)), note)

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

    def _from_thread(self, callback: Any, *args: Any) -> None:
        """Run ``callback`` on the UI thread without waiting for it (``call_from_thread``
        waits): the thread calling may be the one an operation of the UI thread waits on (a
        live session's reader), or the saver, which a SIGTERM's flush waits on."""
        self.post_message(ThreadCall(callback, args))

    @on(ThreadCall)
    def _run_thread_call(self, message: ThreadCall) -> None:
        message.callback(*message.args)

    def _on_store_change(self, change: Change) -> None:
        if threading.get_ident() != self._ui_thread:
            self._from_thread(self._on_store_change, change)
            return
        self.store_changed.publish(change)
        if "rolls" in change.areas or "*" in change.areas:
            self.action_rolls()

    def _on_owner_lost(self, reason: str) -> None:
        def show() -> None:
            self.live_status = self.t("owner gone: read-only")
            self.store_changed.publish(Change("", "", frozenset(), ""))
            advice = self.t("Nothing can be changed here until the session reopens, as soon as "
                            "it has an owner again (a game master's console becomes it). The "
                            "file on disk is the owner's last save.")
            self.notify(f"{reason}. {advice}", title=self.t("Live session"), severity="error",
                        timeout=60)
            self.set_interval(0.5, self._rejoin_when_ready)
        self._from_thread(show)

    def _rejoin_when_ready(self) -> None:
        """Leave with REJOIN once opening the session again would find its new owner (or make
        this console the owner): the command line opens it again, in the same terminal."""
        if self.store.successor_ready():  # type: ignore[attr-defined]
            self.exit(return_code=REJOIN)

    def _on_plugin_failure(self, record: Any) -> None:
        message = f"plugin {record.name} switched off: {record.error}"
        if threading.get_ident() != self._ui_thread:
            # (a front's operation, holding the store's lock the UI thread may be waiting on)
            self._from_thread(lambda: self.notify(message, severity="error", timeout=15))
        else:
            self.notify(message, severity="error", timeout=15)

    def report_save_error(self, message: str) -> None:
        self._from_thread(lambda: self.notify(message, severity="error", timeout=30))


def app_class(host: Host) -> type[GMConsoleApp]:
    """The app with a binding for each plugin screen, labelled in the UI language. Bindings
    carry ids, so the ``[keys]`` table of the settings remaps any of them."""
    t = Translator(host.config.language, host)
    core = [replace(b, description=t(b.description)) for b in CORE_BINDINGS]
    plugin_bindings = [Binding(spec.key, f"open({spec.id!r})", t(spec.title.split(":")[0]),
                               id=spec.id) for spec in host.screens.values()]
    return type("GMConsole", (GMConsoleApp,), {"BINDINGS": core + plugin_bindings,
                                               "__module__": __name__})


def run(path: Path, store: Any, saver: Saver | None = None,
        notices: list[Any] | None = None) -> int:
    """The TUI on ``store``: the owner's own Store (saved by ``saver``, with the owner's
    ``notices`` of consoles joining and leaving), or a RemoteStore of a session another
    process owns."""
    app = app_class(store.host)(store, path, saver)
    if saver is not None:
        saver.on_error = app.report_save_error
    if notices is not None:
        notices.append(lambda text: app._from_thread(
            lambda: app.notify(text, title=app.t("Live session"), timeout=5)))
    app.run()
    return app.return_code or 0
