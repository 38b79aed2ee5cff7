"""The application shell: header with the session and the clock, footer with the keys, the
core bindings, each plugin screen on its key and in the command palette, and a clean exit on
quit, SIGHUP and SIGTERM."""

from __future__ import annotations

import asyncio
import logging
import contextlib
import functools
import gc
import itertools
import os
import select
import signal
import sys
import threading
import traceback
from dataclasses import replace
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, cast

from platformdirs import user_downloads_path
from textual import events, on
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.signal import Signal
from textual.widget import Widget

from gm_console.files import codec, journal, theme_choice
from gm_console.files.saver import Saver
from gm_console.host import plugin_output
from gm_console.host.global_keys import APP_KEYS
from gm_console.host.manager import Host
from gm_console.live.roles import Role, may_ever
from gm_console.rules.clock import format_clock, is_clock
from gm_console.rules.rolls import parse_on_demand, role_of, waiting
from gm_console.state.store import Change, Outcome, Store
from gm_console.text.i18n import Translator
from gm_console.text.said import said_by, say
from gm_console.ui.bindings import key_binding
from gm_console.ui.navigation import NavEntry, key_label, nav_entries, palette_only_entries
from gm_console.ui.shell import Shell, apply_reported

if TYPE_CHECKING:
    from gm_console.ui.screens.help import HelpScreen

CORE_BINDINGS = [
    key_binding(APP_KEYS[binding_id][0], action, label, binding_id, show=binding_id != "note.gm")
    for binding_id, action, label in (
        ("dice", "roll_dice", "Roll dice"), ("rolls", "rolls", "Rolls"), ("note", "note", "Note"),
        ("clock.advance", "advance", "+10 min"), ("clock.time", "time", "Clock"),
        ("note.gm", "note(True)", "GM-only note"), ("undo", "undo", "Undo"),
        ("quit", "quit", "Quit"))
]
"""The app's own actions, on every screen, at the keys of global_keys.APP_KEYS (no screen
binds these, as [keys] places them: global_keys.screen_clash)."""

CORE_OPS = {"roll_dice": "dice.roll", "rolls": "roll.answer", "note": "journal.note",
            "advance": "clock.advance", "time": "clock.advance", "long_rest": "rest.long"}
"""The operation each of the app's own actions applies: a front whose role the owner would
refuse it (roles.decide) offers neither the key nor the palette's command. Undo and the
GM-only note are the game master's alone (the owner refuses another role's undo)."""
GM_ONLY = {("undo", ()), ("note", (True,))}


def actions_refused(role: Role) -> set[tuple[str, tuple[object, ...]]]:
    """The app's own actions (name, parameters) a front of ``role`` cannot take."""
    if role.is_gm:
        return set()
    return GM_ONLY | {(action, ()) for action, op in CORE_OPS.items()
                      if not may_ever(role, op)}


REJOIN = 75
"""The console's return code when it should open its session again (its owner went away)."""


KEY_HANDLED_WITHIN = 0.5
"""Seconds the next key waits at most for one to be handled (a handler that waits for the
app itself to do something would otherwise hold the keys for ever)."""


def _core_screen(module: str, name: str, store: Store) -> Screen:
    """A host's screen, its module imported when it first opens, as a plugin's ScreenSpec
    factory does: at start-up, only the first screen's (the others, the party screen with
    the editor and the prompts among them, would slow the console's start for nothing)."""
    return getattr(import_module(f"gm_console.ui.screens.{module}"), name)(store)


CORE_SCREENS: dict[str, Callable[[Store], Screen]] = {
    screen_id: functools.partial(_core_screen, module, name)
    for screen_id, (module, name) in {
        "home": ("home", "HomeScreen"), "party": ("party", "PartyScreen"),
        "journal": ("journal", "JournalScreen"), "help": ("help", "HelpScreen"),
        "settings": ("settings", "SettingsScreen"),
        "requests": ("requests", "RequestsScreen")}.items()}
"""The host's screens by id: each one's factory (module in gm_console.ui.screens, class)."""


class ThreadCall(Message):
    """A callback another thread hands to the UI thread (:meth:`GMConsoleApp._from_thread`)."""

    def __init__(self, callback: Any, args: tuple[Any, ...]) -> None:
        super().__init__()
        self.callback = callback
        self.args = args


class GMConsoleApp(App):
    CSS_PATH = Path(__file__).with_name("app.tcss")
    TITLE = "gm-console"

    before_hang_up: Callable[[], None] | None = None  # called once saved, when the terminal goes
    _keeps_theme = False  # once mounted: a theme chosen from then on is the user's choice

    def __init__(self, store: Store, path: Path | None = None, saver: Saver | None = None,
                 theme: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.store = store
        self.host: Host = store.host
        self.path = path
        self.saver = saver
        self.t = Translator(self.host.config.language, self.host)
        self.nav_entries: list[NavEntry] = nav_entries(self.host, self.t)
        self.store_changed: Signal[Change] = Signal(self, "store-changed")
        self._ui_thread = threading.get_ident()
        self._previous_handlers: dict[int, Any] = {}  # signal number: handler, put back on exit
        self._leaving = threading.Lock()  # taken by the first signal to stop the console
        self.unsaved_at_exit = ""
        """What a SIGTERM left unsaved (its last try at saving failed), said on leaving."""
        self.live_status = ""
        """What the header says of the live session: this front's role, or that its owner
        has gone."""
        self.saving_status = ""
        """The header's warning while changes cannot be made safe (see _show_saving)."""
        self.opening_note = ""
        """Said once the console is up (changes taken from the session's log, say)."""
        self._key_in_hand: asyncio.Event | None = None  # set once the key in hand is handled
        self._in_burst = False  # keys were waiting behind the first: drawn once, after the last
        self.journal_index = journal.Index()
        """Where each journal filter's lines are, kept while the console runs: a filter costs
        one pass over the journal once, and nothing after."""
        self._unsubscribe = store.subscribe(self._on_store_change)
        # The console's own changes are worked out on screen while the disk takes them, and
        # shown once it has (Store.draw_ahead); told again once on disk, they are skipped.
        self._drawn_ahead: list[Change] = []
        store.draw_ahead(self._draw_ahead)
        self.host.failure_listeners.append(self._on_plugin_failure)
        self.host.slow_listeners.append(self._on_slow_hook)
        self.refused_here: set[tuple[str, tuple[object, ...]]] = set()
        """The app's own actions this front's role cannot take: neither their keys nor their
        palette commands are offered (a player's console showed + and ^z, then refused them)."""
        self.writes_files = True
        """Whether this front may write files where it runs (the journal's export, a
        screenshot): a player's or a spectator's front over SSH or the web runs on the game
        server, whose files are not theirs."""
        self.role = Role.parse(role_of(store))
        """This front's role: the game master's, unless it is a client of the owner."""
        self._offered: dict[str, bool] = {}  # operation -> whether the role may ever have it
        if hasattr(store, "on_lost"):  # a client of the session's owner
            self.live_status = "" if self.role.is_gm else str(self.role)
            self.writes_files = self.role.is_gm
            self.refused_here = actions_refused(self.role)
            store.on_lost.append(self._on_owner_lost)
        # --theme, else the one last chosen in the palette; set before the first screen is
        # styled, so that it is styled once.
        chosen = theme or (theme_choice.saved() if self.writes_files else "")
        if chosen in self.available_themes:
            self.theme = chosen

    def watch_theme(self, theme: str) -> None:
        """A theme chosen in the palette is the one the next console starts in (on the
        game master's own console: a player's runs on the server, whose files are not theirs)."""
        if not (self._keeps_theme and self.writes_files):
            return
        try:
            theme_choice.save(theme)
        except OSError as exc:
            self.notify(self.t(say("the theme is not kept for next time: {problem}",
                                   problem=exc.strerror or str(exc))), severity="warning")

    # -- screens ------------------------------------------------------------------------------

    def screen_factories(self) -> dict[str, Any]:
        return {**CORE_SCREENS, **{spec.id: spec.factory for spec in self.host.screens.values()}}

    def get_key_display(self, binding: Binding) -> str:
        # One way to print a key (key_label): the footer as F1 and the palette ("[", where
        # F1 said "left_square_bracket").
        return binding.key_display or key_label(binding.key)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # A question on screen keeps what is typed in it: the screen keys wait until it is
        # answered or cancelled (escape).
        if action == "open" and (self.screen.is_modal or getattr(self.screen, "asking", False)):
            return False
        if (action, parameters) in self.refused_here:
            return False
        return self.writes_files or action != "screenshot"

    def offers(self, op: str) -> bool:
        """Whether this front's role ever has ``op`` applied or asked for (a player, on their
        own character): a screen's key that applies it is offered only then
        (StoreScreen.OPERATIONS). An operation no plugin loaded declares is not offered."""
        if self.role.is_gm:
            return True
        offered = self._offered.get(op)
        if offered is None:
            operation = self.host.operations.get(op)
            offered = self._offered[op] = operation is not None and may_ever(
                self.role, op, [param.name for param in operation.params])
        return offered

    def action_open(self, screen_id: str) -> None:
        factory = self.screen_factories().get(screen_id)
        if factory is None:  # its plugin was switched off since the key was bound
            self.notify(self.t(say("{screen}: not available", screen=screen_id)),
                        severity="warning")
            return
        if getattr(self.screen, "screen_id", None) == screen_id:
            return
        if self.is_screen_installed(screen_id):  # kept since it was last in front
            screen = self.get_screen(screen_id)
        else:
            spec = self.host.screens.get(screen_id)
            try:
                screen = factory(self.store)
                # made now, so only now are its keys known: a [keys] move onto one of them
                # is undone (said), and one of the app's own would hide its action there
                moved_back = self.host.keep_screen_keys(type(screen), screen_id)
                if moved_back:
                    self.set_keymap(self.host.keymap)
                for note in moved_back:
                    self.notify(self.t(note), title=self.t("Keys"), severity="warning",
                                timeout=20)
                clash = "" if spec is None else self.host.key_clash(type(screen), screen_id)
            except Exception as exc:  # a plugin's screen that cannot be made: its plugin off
                if spec is None:
                    raise
                self.host.fail(spec.plugin, say("screen {screen} could not be opened: {error}",
                                                screen=screen_id, error=f"{type(exc).__name__}: "
                                                f"{exc}"), traceback.format_exc())
                return
            if clash and spec is not None:
                self.host.fail(spec.plugin, clash)
                return
            screen.screen_id = screen_id
            self.install_screen(screen, screen_id)
        if screen_id == "help":  # it starts with the keys of the screen it left
            cast("HelpScreen", screen).opened_from(self.screen)
        self.show_screen(screen)

    def show_screen(self, screen: Screen) -> None:
        """Show a session screen in place of the current one. Session screens never stack:
        Textual repaints the whole terminal when a screen under the top one changes, and
        over SSH that would be a full repaint for every key press instead of a few cells."""
        while self.screen.is_modal:
            self.pop_screen()
        leaving = getattr(self.screen, "before_leaving", None)
        if leaving is not None:
            leaving()
        self.switch_screen(screen)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        # Textual's own (theme, quit, keys, screenshot) in the reader's language too.
        yield from (command._replace(title=self.t(command.title), help=self.t(command.help))
                    for command in super().get_system_commands(screen)
                    if self.writes_files or command.title != "Screenshot")
        t = self.t
        titles = {"party": "Party: characters and inventory",
                  "journal": "Journal: read, filter, export",
                  "settings": "Settings: optional rules for this campaign",
                  "help": "Help: every key", "home": "Home: the table at a glance",
                  "requests": "Requests: approve or decline players' requests"}
        titles.update({spec.id: spec.title for spec in self.host.screens.values()})
        # Every screen, those no key was left for too (the palette is their only way in).
        for entry in self.nav_entries + palette_only_entries(self.host, t):
            yield SystemCommand(t(titles.get(entry.screen_id, entry.label)),
                                key_label(entry.key),
                                lambda i=entry.screen_id: self.action_open(i))
        yield from self._screen_commands(screen)
        for title, action, offered in (
                ("Dice: roll", self.action_roll_dice, ("roll_dice", ())),
                ("Rolls: answer the waiting rolls", self.action_rolls, ("rolls", ())),
                ("Journal: add a note", self.action_note, ("note", ())),
                ("Journal: add a GM-only note", lambda: self.action_note(True),
                 ("note", (True,))),
                ("Clock: advance 10 minutes", self.action_advance, ("advance", ())),
                ("Rest: long rest", self.action_long_rest, ("long_rest", ())),
                ("Session: undo", self.action_undo, ("undo", ()))):
            if offered not in self.refused_here:  # as the keys: what the role may do
                yield SystemCommand(t(title), "", action)
        if self.saver is not None and self.saver.edited:  # the choice a hand edit asks for
            yield SystemCommand(t("Session: take the edited file"), "", self.action_take_edited)
            yield SystemCommand(t("Session: keep the live session"), "", self.action_keep_live)

    def _screen_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """What the screen the palette was opened from can do, each of its keys (those of the
        widget in focus too) as a command: a key not in the footer is found by its name."""
        seen: set[str] = set()
        for key, active in screen.active_bindings.items():
            binding = active.binding
            if (active.node is not screen or not active.enabled or not binding.description
                    or binding.action.startswith(("app.", "screen.")) or binding.action in seen):
                continue  # the app's own are listed by name below; Textual's are not ours
            seen.add(binding.action)
            yield SystemCommand(f"{self.t(binding.description)} ({key_label(key)})",
                                self.t("this screen"),
                                lambda action=binding.action: self.call_later(
                                    self.run_action, action, screen))

    # -- actions ------------------------------------------------------------------------------

    def _apply(self, op: str, **params: Any) -> None:
        apply_reported(self, op, params)

    def report_outcome(self, outcome: Outcome) -> None:
        """A refusal with its reason; on a player's terminal of a live session, that what
        they did waits for the game master's approval."""
        self._show_saving()
        if not outcome.ok:  # refused, or (a live session's client) never answered
            title = "No answer" if outcome.data.get("unanswered") else "Refused"
            self.notify(self.t(outcome.reason), title=self.t(title), severity="warning")
        elif outcome.op == "request.add":
            self.notify(self.t(outcome.message), title=self.t("Waiting for the game master"), timeout=6)

    def action_undo(self) -> None:
        outcome = self.store.undo()
        self._show_saving()
        self.notify(self.t(outcome.message if outcome.ok else outcome.reason),
                    severity="information" if outcome.ok else "warning", timeout=3)

    def action_advance(self) -> None:
        self._apply("clock.advance", minutes=10)

    def action_time(self) -> None:
        """Time at any scale: a span typed as people type it moves the clock on by it, a
        moment sets it (both through every plugin's reaction to time passing)."""
        def move(text: str) -> str:
            if not text.strip():
                return self.t("type 3h20, 90 min or 2 days to advance; 14:00 or day 3 08:00 "
                              "to set the clock")
            if is_clock(text):
                return self.refusal("clock.set", to=text)
            return self.refusal("clock.advance", by=text)

        self.ask(say("It is {clock}: advance by 3h20, 90 min, 2 days, or set to 14:00, "
                     "day 3 08:00", clock=format_clock(self.store.state.get("clock", {}))),
                 move, hint="enter: apply · escape: close")

    def action_rolls(self) -> None:
        if waiting(self.store) is None:
            return
        from gm_console.ui.screens.rolls import (
            RollPrompt,  # Textual's, when one is waiting
        )

        if not isinstance(self.screen, RollPrompt):
            self.push_screen(RollPrompt(self.store))

    def ask(self, question: str, apply: Callable[[str], str | None], value: str = "",
            history: Callable[[], list[str]] | None = None, hint: str = "") -> None:
        """A one-line question whose answer ``apply`` applies, returning why it was refused
        (the prompt then stays open with what was typed) or "" once it was taken."""
        from gm_console.ui.screens.prompt import TextPrompt

        self.push_screen(TextPrompt(self.t(question), value, submit=apply, history=history,
                                    hint=self.t(hint) if hint else ""))

    def confirm(self, question: str, then: Callable[[], object]) -> None:
        """Ask before an action that moves the clock far or throws work away (what ``then``
        returns is not used)."""
        from gm_console.ui.screens.prompt import Confirm

        hint = self.t("y or enter: yes · n or escape: no · ctrl+z undoes it afterwards")

        def answered(yes: bool | None) -> None:
            if yes:
                then()
        self.push_screen(Confirm(question, hint), answered)

    def refusal(self, op: str, **params: Any) -> str:
        """Apply an operation; why it was refused, or "" once applied (a player's request
        says it waits for the game master)."""
        outcome = apply_reported(self, op, params, said_here=True)
        return "" if outcome.ok else self.t(outcome.reason)

    def action_roll_dice(self) -> None:
        def roll(expression: str) -> str:
            if not expression:
                return self.t("type a dice expression, such as 1d20+3")
            try:  # "save dex 14": a roll on demand, asked of the party (or who follows ":")
                asked = parse_on_demand(expression)
            except ValueError as exc:
                return self.t(said_by(exc))
            if asked is not None:
                return self.refusal(asked[0], **asked[1])
            return self.refusal("dice.roll", expression=expression)

        self.ask("Dice expression (1d20+3, 4d6kh3, adv+2), or save dex 14, check str 12, "
                 "attack 15 (: who; default the party)", roll, history=self.roll_history,
                 hint="enter: roll · escape: close")

    def roll_history(self, count: int = 6) -> list[str]:
        """The last rolls of the journal, newest last, with their time."""
        # the last lines only: a long campaign's journal is read back from disk (or asked of
        # the owner) a chunk at a time, and one without a roll would be read whole
        latest = itertools.islice(reversed(self.store.state.get("journal", [])), 2000)
        newest = (line for line in latest if line.get("kind") == "roll")
        rolls = list(itertools.islice(newest, count))[::-1]
        return [f"{format_clock(line, self.t('Day'))}  {self.t.line(line)}" for line in rolls]

    def action_note(self, gm_only: bool = False) -> None:
        title = "GM-only note (never sent to players)" if gm_only else "Journal note"
        self.ask(title, lambda text: self.refusal("journal.note", text=text, gm_only=gm_only))

    def action_long_rest(self) -> None:
        hours = float(self.host.config.table("exhaustion").get("rest", {}).get("long_hours", 8))
        self.confirm(self.t(say("Long rest: {hours:g} h pass on the clock. Rest now?",
                                hours=hours)), lambda: self._apply("rest.long"))

    def _settle(self) -> None:
        """The operations of a burst of keys on disk and told, or refused if the disk failed
        (Store.settle): before they are drawn, saved or left behind."""
        for refusal in self.store.settle():
            self.report_outcome(refusal)

    async def action_quit(self) -> None:
        """Leave, unless the edits are not on disk: then offer to save them elsewhere."""
        self._settle()  # q may be the last key of a burst
        if self.saver is None or (self.saver.flush(timeout=5) and self.saver.error is None):
            self.exit()
            return
        saver = self.saver
        from gm_console.ui.screens.prompt import TextPrompt

        def save_elsewhere(answer: str | None) -> None:
            if not answer:
                return
            target = Path(answer).expanduser()
            try:
                codec.write_atomic(target, codec.dumps(self.store.state))
            except OSError as exc:
                self.notify(self.t(say("Could not save {target}: {error}", target=str(target),
                                       error=str(exc.strerror or exc))),
                            severity="error", timeout=30)
                return
            saver.path = target
            self.exit()

        question = self.t("Last save failed. Save your edits to (escape: stay):")
        suggestion = Path.home() / (self.saver.path.stem + "-rescued.toml")
        self.push_screen(TextPrompt(question, str(suggestion)), save_elsewhere)

    # -- life cycle ---------------------------------------------------------------------------

    def on_mount(self) -> None:
        # What is read at start-up (a long journal: a great many objects) lives as long as
        # the console: out of the collector's reach, a full collection does not walk it in
        # the middle of a key press (opening the journal screen of a long campaign, say).
        # Garbage is still freed by reference counting.
        gc.freeze()
        # Textual has put its own capture in place of the standard streams by now: what a
        # plugin's hook prints while the console runs goes to its log (host.plugin_output)
        plugin_output.install()
        self.set_keymap(self.host.keymap)
        if self.opening_note:
            self.notify(self.t(self.opening_note), timeout=15)
        for note in self.host.keymap_notes:
            self.notify(self.t(note), title=self.t("Keys"), severity="warning", timeout=20)
        self._keeps_theme = True
        # Textual's own blank default screen stays at the bottom, never changing; session
        # screens replace each other above it (show_screen), the home screen first.
        home = self.screen_factories()["home"](self.store)
        home.screen_id = "home"
        self.install_screen(home, "home")
        self.push_screen(home)
        for record in self.host.plugins.values():
            if record.status == "failed":
                self._on_plugin_failure(record)
        # Plain signal handlers, not the event loop's: those wait for the loop, and a plugin
        # hook that sleeps on it would hold the save back for as long. Python runs these in the
        # main thread between two bytecodes, even in the middle of a plugin's sleep. They need
        # the main thread and Unix; elsewhere the defaults stay.
        # Our own name: Textual keeps its own _loop, and sets it to None when it stops.
        self._ui_loop = asyncio.get_running_loop()
        with contextlib.suppress(ValueError, AttributeError):
            self._previous_handlers[signal.SIGHUP] = signal.signal(
                signal.SIGHUP, lambda _number, _frame: self._leave_on_a_thread(self._hang_up))
            self._previous_handlers[signal.SIGTERM] = signal.signal(
                signal.SIGTERM, lambda _number, _frame: self._leave_on_a_thread(self._terminate))
        self._watch_terminal()
        self.action_rolls()

    def _watch_terminal(self) -> None:
        """A terminal that goes away sends SIGHUP only to the processes it controls. One that is
        not the console's controlling terminal (a program that made the pty without giving it, a
        test, a bench) just goes, and Textual's reader then reads nothing after nothing for ever,
        spinning a core with the session still locked. A thread waits for the terminal's hang-up,
        taking none of its input, and leaves as SIGHUP does."""
        if self.is_headless or not sys.__stdin__ or not sys.__stdin__.isatty():
            return
        terminal = sys.__stdin__.fileno()

        def watch() -> None:
            poller = select.poll()
            poller.register(terminal, 0)  # no input asked for: poll returns on a hang-up or
            poller.poll()                 # an error only, which it always reports
            self._leave_on_a_thread(self._hang_up)
        threading.Thread(target=watch, name="gm-console-terminal", daemon=True).start()

    async def on_event(self, event: events.Event) -> None:
        if not isinstance(event, events.Key) or event.is_forwarded:
            await super().on_event(event)
            return
        if self.saver is not None:
            self.saver.hold()  # a save being serialised gives way to the key's repaint
        if not self._in_burst and not self._message_queue.empty():
            # Keys that came together (typed in one burst, pasted, a slow link delivering
            # several) are drawn once, after the last is handled. Drawn between two of them,
            # the rest would wait for Textual's next frame, and its timer, back from a pause,
            # skips one frame more: an answer typed in one burst would lag behind the typing.
            # The callback queues behind the keys already waiting, so it runs after them.
            # Their operations share one fdatasync of the session's log, made before the
            # burst is drawn (Store.hold_back): nothing of them is shown before it is on disk.
            self._in_burst = True
            self._begin_batch()
            self.store.hold_back()
            self.call_later(self._end_burst)
        # Textual hands each key to the focused widget as it comes: keys typed in one burst (a fast
        # typist, a slow SSH link) would all go to the widget that had the focus before the first
        # was handled, and a question opened by the first would miss its answer while the answer's
        # letters run the screen's keys. So the next key waits until this one is handled: by its
        # widget, or by a binding at the session screen (StoreScreen).
        screen = self.screen
        target = self.focused or screen
        chain = [target, *(node for node in target.ancestors if node is not self)]
        handled = asyncio.Event()

        def seen(node: Any, message: Any) -> None:
            if message is event and (node is screen or event._stop_propagation):
                handled.set()  # its widget took it, or the screen's bindings had their turn
        for node in chain:  # before the key is handed on: it cannot be handled unseen
            node.message_signal.subscribe(self, functools.partial(seen, node), immediate=True)
        self._key_in_hand = handled
        try:
            await super().on_event(event)
            if event.is_forwarded:  # not taken by a priority binding of the app
                with contextlib.suppress(asyncio.TimeoutError):  # a handler waiting on the app
                    await asyncio.wait_for(handled.wait(), KEY_HANDLED_WITHIN)
        finally:
            self._key_in_hand = None
            for node in chain:
                node.message_signal.unsubscribe(self)

    def _end_burst(self) -> None:
        self._in_burst = False
        self._settle()
        # What the changes told just now repaint reaches the screen from each widget's own
        # turn, once it has nothing to do: after the screen, let draw again, has drawn what
        # was waiting already (the question line closing), in a frame of its own. Handed to
        # the screen now, the burst is drawn in one frame.
        for widget in self.screen.walk_children(Widget):
            widget._check_refresh()
        self._end_batch()
        # A screen draws what is pending when it next has nothing to do: told now, or a burst
        # whose last effects the screen took in while drawing was held stays undrawn until
        # the next key (a refused answer: its reason, the text typed).
        self.screen.check_idle()

    def exit(self, *args: Any, **kwargs: Any) -> None:
        super().exit(*args, **kwargs)
        # Once the app is leaving, Textual tells nobody a key was handled (its widgets are no
        # longer attached): the key that asked to leave (q) is done, and the app goes on to
        # leave instead of waiting out KEY_HANDLED_WITHIN.
        if self._key_in_hand is not None:
            self._key_in_hand.set()

    def on_unmount(self) -> None:
        for number, handler in self._previous_handlers.items():
            signal.signal(number, handler)

    def _leave_on_a_thread(self, leave: Callable[[], None]) -> None:
        """A signal's leaving, on a thread of its own. Run in the handler, it would wait for the
        save with the main thread stopped wherever the signal caught it: holding, perhaps, a
        lock of the store or of the session's log that the saver needs (a save that never
        ends, a console that never leaves). The main thread goes on meanwhile and lets go.
        The first signal leaves; one after it (a hang-up during SIGTERM's save) adds nothing."""
        if self._leaving.acquire(blocking=False):
            threading.Thread(target=leave, name="gm-console-leaving", daemon=True).start()

    def _hang_up(self) -> None:
        """The terminal went away (SSH dropped): save, then leave at once. A graceful Textual
        shutdown would write to the dead terminal and can block for ever on its writer queue,
        leaving the process behind. On a thread of its own (the watcher's, a signal's)."""
        try:
            self.store.settle()  # nobody left to tell of a refusal
            if self.saver is not None:
                self.saver.close()
            if self.before_hang_up is not None:
                self.before_hang_up()
        finally:  # whatever failed (what is not saved is in the session's log), it leaves
            os._exit(0)

    def _terminate(self) -> None:
        """Told to stop (SIGTERM): save, restore the terminal and exit; should restoring the
        terminal hang, leave anyway once the session is safe."""
        code = 1  # unless the session is found safe
        try:
            for refusal in self.store.settle():  # said on the screen until it goes
                self._from_thread(self.report_outcome, refusal)
            if self.saver is not None and not self.saver.flush():  # a failed save: tried again
                # Said on stderr once the terminal is the shell's again (run prints it).
                self.unsaved_at_exit = f"gm-console: {self.saver.not_saved()}"
            else:
                code = 0
        finally:
            watchdog = threading.Timer(3.0, os._exit, args=(code,))
            watchdog.daemon = True  # a normal exit does not wait for it
            watchdog.start()
            self._ui_loop.call_soon_threadsafe(lambda: self.exit(return_code=code))

    def _from_thread(self, callback: Any, *args: Any) -> None:
        """Run ``callback`` on the UI thread without waiting for it (``call_from_thread``
        waits): the thread calling may be the one an operation of the UI thread waits on (a
        live session's reader), or the saver, which a SIGTERM's flush waits on."""
        self.post_message(ThreadCall(callback, args))

    @on(ThreadCall)
    def _run_thread_call(self, message: ThreadCall) -> None:
        message.callback(*message.args)

    def _draw_ahead(self, change: Change) -> None:
        if "*" in change.areas:  # the disk failed: what was drawn ahead never comes
            self._drawn_ahead.clear()
        else:
            self._drawn_ahead.append(change)
        self._show_change(change)

    def _on_store_change(self, change: Change) -> None:
        if threading.get_ident() != self._ui_thread:
            self._from_thread(self._on_store_change, change)
            return
        for index, drawn in enumerate(self._drawn_ahead):
            if drawn is change:  # on disk now, as it was drawn
                del self._drawn_ahead[index]
                return
        self._show_change(change)

    def _show_change(self, change: Change) -> None:
        self.store_changed.publish(change)
        if ("rolls" in change.areas or "*" in change.areas) and not change.undo:
            # Once the key or prompt that applied the operation is done: a prompt closing
            # after its answer was applied must close itself, not the dice prompt. An undo
            # that brings rolls back leaves them waiting (the header counts them, r answers
            # them): the prompt opened over it would take the next ctrl+z, its field's own.
            self.call_later(self.action_rolls)

    def _on_owner_lost(self, reason: str) -> None:
        def show() -> None:
            self.live_status = self.t("owner gone: read-only")
            self.store_changed.publish(Change("", "", frozenset(), ""))
            advice = self.t("Nothing can be changed here until the session reopens, as soon as "
                            "it has an owner again (a game master's console becomes it). The "
                            "file on disk is the owner's last save.")
            self.notify(f"{self.t(reason)}. {advice}", title=self.t("Live session"),
                        severity="error",
                        timeout=60)
            self.set_interval(0.5, self._rejoin_when_ready)
        self._from_thread(show)

    def _rejoin_when_ready(self) -> None:
        """Leave with REJOIN once opening the session again would find its new owner (or make
        this console the owner): the command line opens it again, in the same terminal."""
        if self.store.successor_ready():  # type: ignore[attr-defined]
            self.exit(return_code=REJOIN)

    def _on_plugin_failure(self, record: Any) -> None:
        message = self.t(say("plugin {name} switched off: {error}", name=record.name,
                             error=record.error))  # a Said when the host said why
        if self.host.debug and record.traceback:  # gm-console --debug
            message = f"{message}\n{record.traceback.rstrip()}"
        if threading.get_ident() != self._ui_thread:
            # (a front's operation, holding the store's lock the UI thread may be waiting on)
            self._from_thread(lambda: self.notify(message, severity="error", timeout=15))
        else:
            self.notify(message, severity="error", timeout=15)

    def _on_slow_hook(self, message: str) -> None:
        # Told from inside the hook's caller, on whichever thread ran it.
        self._from_thread(lambda: self.notify(self.t(message), severity="warning", timeout=15))

    # -- screenshots (the palette's) -----------------------------------------------------------

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        return super().deliver_screenshot(filename, path or str(self.screenshot_folder()),
                                          time_format)

    def screenshot_folder(self) -> Path:
        """Where the palette's screenshot goes: the Downloads folder, as in every Textual app,
        where there is one; else beside the session file, as the journal's export (a server's
        account often has no Downloads folder, and Textual then only said it failed)."""
        downloads = user_downloads_path()
        if downloads.is_dir():
            return downloads
        # absolute: the message names a file the GM can find from any folder
        return (self.path.parent if self.path is not None else Path.cwd()).absolute()

    def _on_delivery_complete(self, event: events.DeliveryComplete) -> None:
        if event.name == "screenshot":  # Textual's says it in markup, which notify shows raw
            event.prevent_default()
            self.notify(self.t(say("screenshot saved to {path}", path=str(event.path))),
                        title=self.t("Screenshot"), timeout=8)

    # (Textual's own annotates its handler's event as DeliveryComplete)
    def _on_delivery_failed(  # type: ignore[override]
            self, event: events.DeliveryFailed) -> None:
        if event.name == "screenshot":  # Textual's says only that it failed
            event.prevent_default()
            error = event.exception
            where = getattr(error, "filename", None) or self.screenshot_folder()
            problem = getattr(error, "strerror", None) or str(error)
            self.notify(self.t(say("cannot save the screenshot to {path}: {problem}",
                                   path=str(where), problem=problem)),
                        title=self.t("Screenshot"), severity="error", timeout=15)

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Notifications carry names and reasons from the session: text, never markup."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def report_save_error(self, message: str) -> None:
        def show() -> None:
            self._show_saving()
            self.notify(self.t(message), severity="error", timeout=30)
        self._from_thread(show)

    def report_saved_again(self) -> None:
        self._from_thread(self._show_saving)

    def action_take_edited(self) -> None:
        """The session file, edited outside gm-console while it ran, becomes the session."""
        if self.saver is None or not self.saver.edited or not isinstance(self.store, Store):
            return
        try:
            # the file edited is the state's; the journal, in its own file, goes on as it is
            loaded = codec.load(self.saver.path, self.host)
            edited = {**loaded.state, "journal": self.store.state.get("journal", [])}
        except codec.SessionFileError as exc:
            self.notify(self.t(say("The edited file cannot be taken: {problems}",
                                   problems=str(exc))), severity="error", timeout=30)
            return
        outcome = self.store.replace(edited, say(
            "the session was taken from {name}, edited outside gm-console",
            name=self.saver.path.name))
        if outcome.ok:
            self.saver.take_edited(loaded.comments)
            self.notify(self.t(outcome.message), timeout=6)
        else:
            self.report_outcome(outcome)
        self._show_saving()

    def action_keep_live(self) -> None:
        """The live session is written over the edited file, which is kept beside it."""
        if self.saver is None or not self.saver.edited:
            return
        try:
            self.saver.keep_live()
        except OSError as exc:
            self.notify(self.t(say("Could not save {target}: {error}",
                                   target=str(self.saver.edited_copy),
                                   error=str(exc.strerror or exc))), severity="error", timeout=30)
            return
        self.notify(self.t(say("The edited file is kept as {copy}; the live session is saved "
                               "over {name}", copy=self.saver.edited_copy.name,
                               name=self.saver.path.name)), timeout=10)
        self._show_saving()

    def _show_saving(self) -> None:
        """The header's warning, there until the session is safe again: "not saved" while
        changes are refused because the session's log cannot be written (nothing is lost:
        they were not made), "file not written" while the log holds changes its file does
        not (they are safe in the log; the file is tried again every few seconds)."""
        log, saver = getattr(self.store, "log", None), self.saver
        status = self.t("⚠ NOT SAVED") if log is not None and log.error else \
            self.t("⚠ file edited outside") if saver is not None and saver.edited else \
            self.t("⚠ file not written") if saver is not None and saver.error else ""
        if status != self.saving_status:
            self.saving_status = status
            self.store_changed.publish(Change("", "", frozenset(), ""))


def _is_a_shell(app: GMConsoleApp) -> Shell:
    """The type checker's proof that the app is what its screens and widgets ask of it."""
    return app


def app_class(host: Host) -> type[GMConsoleApp]:
    """The app with a binding for each plugin screen, labelled in the UI language. Bindings
    carry ids, so the ``[keys]`` table of the settings remaps any of them."""
    t = Translator(host.config.language, host)
    core = [replace(b, description=t(b.description)) for b in CORE_BINDINGS]
    # Screen keys are not in the footer: the screen bar under the header lists them.
    screens = [key_binding(entry.key, f"open({entry.screen_id!r})", entry.label,
                           entry.screen_id, show=False) for entry in nav_entries(host, t)]
    return type("GMConsole", (GMConsoleApp,), {"BINDINGS": screens + core,
                                               "__module__": __name__})


def environment_changed() -> None:
    """The process's environment is not the one Textual was imported with (a console forked
    from the game server's template): Textual's settings from the environment (the driver,
    the colour system) are read again."""
    import importlib

    import textual.constants

    importlib.reload(textual.constants)


def run(path: Path, store: Any, saver: Saver | None = None,
        notices: list[Any] | None = None, before_hang_up: Callable[[], None] | None = None,
        theme: str = "", opening_note: str = "") -> int:
    """The TUI on ``store``: the owner's own Store (saved by ``saver``, with the owner's
    ``notices`` of consoles joining and leaving, and what it lets go of when the terminal
    goes away, ``before_hang_up``), or a RemoteStore of a session another process owns."""
    app = app_class(store.host)(store, path, saver, theme=theme)
    app.before_hang_up = before_hang_up
    if saver is not None:
        saver.on_error = app.report_save_error
        saver.on_saved_again = app.report_saved_again
    app.opening_note = opening_note
    if notices is not None:
        notices.append(lambda text: app._from_thread(
            lambda: app.notify(app.t(text), title=app.t("Live session"), timeout=5)))
    app.run()
    if app.unsaved_at_exit:
        print(app.unsaved_at_exit, file=sys.stderr)
    return app.return_code or 0


def warm_up(host: Host) -> None:
    """A console drawn once in the game server's template console
    (gm_console.gameserver.prefork), headless, on a throwaway session, and a change
    shown on it. What each console otherwise did first by itself, and held as its own pages,
    is then done once in pages every fork shares: the modules Textual imports on first use,
    its caches, and Python's specialised bytecode of every function a screen runs (Python
    3.11 rewrites a function's code in place as it first runs it)."""
    store = Store(codec.prepare(codec.new_session("template"), host, "template"), host)
    for name in ("Aria", "Bram"):
        store.apply("character.add", {"name": name})

    async def draw() -> None:
        async with app_class(host)(store).run_test(size=(80, 24)) as pilot:
            store.apply("clock.advance", {"minutes": 1})
            await pilot.pause()
    streams = sys.stdout, sys.stderr
    try:
        asyncio.run(draw())
    except Exception:  # a console that cannot draw here will say why in each player's
        logging.getLogger("gm_console.gameserver").exception(
            "the console template could not draw a console before forking")
    finally:
        sys.stdout, sys.stderr = streams
