"""The base of every screen that shows the session."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable, ClassVar

from textual import events, getters, on
from textual.app import ComposeResult
from textual.binding import BindingsMap
from textual.containers import Container
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget

from gm_console.ui.bindings import key_binding
from gm_console.ui.compositor import ChangedOnly
from gm_console.ui.shell import apply_reported
from gm_console.ui.widgets import Footer, QuestionLine, ScreenBar, SessionHeader

if TYPE_CHECKING:
    from gm_console.contract.session import Session
    from gm_console.state.store import Change, Outcome, Store
    from gm_console.ui.shell import ShellApp


class OneLayoutPerSize(Screen):
    """The base of every screen of the console, session screens and questions: laid out once
    for each size it is shown at, and its keys' bindings run as each key is handled (keys
    typed ahead keep their order). A question lists it after ModalScreen: Textual takes a
    class's default CSS from its first base only, and ModalScreen's is what lets the screen
    behind a question show through."""

    if TYPE_CHECKING:  # Textual types it as any App; ours has the store, t, ask, confirm...
        app = getters.app(ShellApp)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._compositor = ChangedOnly()  # a key renders what it changed, not what is near

    @on(events.Resize)  # by a name of its own: screens have an on_resize of their own
    def _laid_out_already(self, event: events.Resize) -> None:
        """A screen's first layout sends the screen a Resize, and Textual's handler of it lays
        the screen out again at the size it was just laid out at, and the screens behind it:
        each screen was laid out twice when first shown, and a question laid out again the
        session screen under it. A Resize to the size the screen is laid out at ends here (the
        screen's own on_resize has run: Textual calls a subclass's first). Any other (the
        terminal was resized) goes on to Textual's handler, as does every Resize of a screen
        with breakpoints, whose classes Textual sets there."""
        if event.size == self.outer_size and not self._has_breakpoints():
            event.prevent_default()

    async def _on_key(self, event: events.Key) -> None:
        # A key the focused widget left reaches its bindings here, not once it has bubbled
        # up to the app (Textual's way): the app waits for a key to be handled up to the
        # screen before it hands on the next one (GMConsoleApp.on_event), so keys typed in
        # one burst run in their order. "i" (a question) then "bow, 1, 1" are a question and
        # its answer, not "i" then the screen's "b" and "w"; in a form, "rations", tab, "1",
        # tab, "10", enter fill three fields (a tab run once it had bubbled up to the app
        # came after the enter that closed the form).
        if not event._stop_propagation and await self.app._check_bindings(event.key):
            event.stop()

    def _has_breakpoints(self) -> bool:
        app = self.app
        return bool((app.HORIZONTAL_BREAKPOINTS if self.HORIZONTAL_BREAKPOINTS is None
                     else self.HORIZONTAL_BREAKPOINTS)
                    or (app.VERTICAL_BREAKPOINTS if self.VERTICAL_BREAKPOINTS is None
                        else self.VERTICAL_BREAKPOINTS))


class AppliesOperations:
    """The one way a screen applies an operation (:meth:`apply`), and says a refusal: with
    the screen's keys in place of ``op`` parameters (:meth:`for_screen`), reported by the app
    (:meth:`Shell.report_outcome <gm_console.ui.shell.Shell.report_outcome>`) unless it is
    said where it was asked."""

    store: Store
    if TYPE_CHECKING:
        app: ShellApp

    OPERATIONS: ClassVar[dict[str, str]] = {}
    """The operation each of the screen's actions applies, by the action as its key binds it
    (``"approve"``, or ``"ask('mode')"`` where the parameter decides): a front whose role
    never has it (a player's, a spectator's: :meth:`Shell.offers
    <gm_console.ui.shell.Shell.offers>`) is offered neither the key nor its command. An
    action that applies one of several operations (hit points: damage, heal...) names one
    that acts on a character as they all do."""

    def offered(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Whether this front's role may take ``action`` (see :attr:`OPERATIONS`)."""
        if self.app.role.is_gm:
            return True  # asked for every key at each rebuild of the footer: nothing to look up
        op = self.OPERATIONS.get(action) if not parameters else self.OPERATIONS.get(
            f"{action}({', '.join(map(repr, parameters))})", self.OPERATIONS.get(action))
        return op is None or self.app.offers(op)

    def t(self, text: str) -> str:
        """``text`` in the UI language."""
        return self.app.t(text)

    KEY_HINTS: ClassVar[dict[str, str]] = {}
    """Command-line syntax in the operations' refusals → the key to press on this screen
    (``"override=<reason>"`` → ``"press o to override"``), the replacement in English."""

    def for_screen(self, reason: str) -> str:
        """A refusal as this screen says it: in its language, with the keys to press, not
        ``op`` parameters."""
        reason = self.t(reason)
        for syntax, keys in self.KEY_HINTS.items():
            reason = reason.replace(syntax, self.t(keys))
        return reason

    def apply(self, op: str, /, *, said_here: bool = False, **params: Any) -> Outcome:
        """Apply an operation and return its outcome as the store gave it (a refusal's reason
        as this screen says it is ``self.for_screen(outcome.reason)``). A refusal is reported
        in a notification, and nothing changes; with ``said_here`` the caller says it where
        it was asked instead: an answer to :meth:`StoreScreen.ask` returns the outcome, and
        the question stays open with the reason and the text as typed; a field shows it
        beside itself. A player's request is said to wait for the game master."""
        return apply_reported(self.app, op, params, said_here=said_here, reword=self.for_screen)


class StoreScreen(OneLayoutPerSize, AppliesOperations):
    """A screen bound to the store.

    Subclasses set ``AREAS`` (the change areas they show: ``{"characters", "travel"}``) and
    implement ``refresh_view(change)``, which is called once on mount (change is None) and after
    every operation that touched one of their areas. Update widgets with ``Value.show`` or
    ``SyncedTable.sync`` so only what changed is repainted.
    """

    AREAS: frozenset[str] = frozenset({"*"})
    BINDINGS = [key_binding("escape", "back", "Back", "back")]

    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    """Textual's, without its repaint of the whole screen on every change of focus (opening
    a question line changes it): the widgets that gain and lose the focus repaint
    themselves, through their :focus styles."""

    def __init__(self, store: Store, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.store = store
        # The footer shows each binding's description: in the UI language, through the host's
        # and the plugins' labels (Textual keeps a screen's bindings in _bindings).
        self._bindings = BindingsMap(replace(binding, description=self.t(binding.description))
                                     for _, binding in self._bindings)

    @property
    def session(self) -> Session:
        return self.store.session

    def ask(self, question: str, apply: Callable[[str], Outcome | str | None], value: str = "",
            hint: str = "") -> None:
        """A one-line question on the screen's bottom line (:class:`QuestionLine`); ``apply``
        applies the answer (returning the operation's outcome, None when there was nothing to
        do, or a text: why the answer cannot be read). A refusal stays on the line, with the
        text as typed, to be corrected; escape cancels."""
        def submit(text: str) -> str:
            outcome = apply(text)
            if isinstance(outcome, str):
                return self.for_screen(outcome)
            return "" if outcome is None or outcome.ok else self.for_screen(outcome.reason)
        assert self._question is not None, "a question asked before the screen is composed"
        self._question.ask(self.t(question), submit, value,
                                         hint=self.t(hint) if hint else "")

    _question: QuestionLine | None = None
    """The screen's question line, kept as :meth:`compose` makes it."""

    @property
    def asking(self) -> bool:
        """Whether a question waits on the screen's bottom line (the screen keys wait); the
        footer asks this while the screen is still being put together, before that line is.
        The app asks this for every key each time the footer is rebuilt (ten times for an
        answered question): the line is kept as made, not looked for among the children."""
        return self._question is not None and self._question.asking

    BACK_TO = "home"
    """The screen escape goes back to (by id)."""

    def action_back(self) -> None:
        self.app.action_open(self.BACK_TO)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # No "Back" on the screen it would go back to.
        if action == "back" and getattr(self, "screen_id", "") == self.BACK_TO:
            return False
        return self.offered(action, parameters)

    NAV_ID = ""
    """The screen bar's entry lit while this screen is in front, for a screen that has no key
    of its own (the character editor lights Party)."""

    @property
    def nav_id(self) -> str:
        return getattr(self, "screen_id", "") or self.NAV_ID

    def compose(self) -> ComposeResult:
        # Only the body scrolls: the header (session, clock) and the screen bar stay in view
        # however small the terminal.
        yield (header := SessionHeader())
        self._header = header
        yield ScreenBar()
        with Container(id="body"):
            yield from self.compose_body()
        yield Footer()
        yield (question := QuestionLine())
        self._question = question

    def compose_body(self) -> ComposeResult:
        """The screen's own widgets, between the header (session, clock) and the footer."""
        yield from ()

    def on_mount(self) -> None:
        # Its widgets were styled as they were mounted, with the app's CSS of now: the
        # screen needs no styling again when it first comes in front (on_screen_resume).
        self._css_update_count = self.app._css_update_count
        # At once, inside the operation's key: what it changed is drawn in the key's frame,
        # not in one more of Textual's frames after it.
        self.app.store_changed.subscribe(self, self._on_change, immediate=True)
        self.refresh_view(None)

    # A screen with a key is kept when another takes its place (GMConsoleApp.action_open):
    # coming back to it costs much less than building it again, and it is where it was left
    # (cursor, filter). Out of sight it does no work for the changes it misses; it catches up
    # once, as on mount, when it is in front again.
    _behind = False

    def _on_change(self, change: Change) -> None:
        wanted = "*" in self.AREAS or "*" in change.areas or bool(self.AREAS & change.areas)
        if self not in self.app.screen_stack:
            self._behind = self._behind or wanted
            return
        try:
            self._header.show_state()
            if wanted:
                self.refresh_view(change)
        except Exception as error:
            # Textual logs and ignores what an immediate subscriber raises: the screen would
            # go on showing the session as it was. Raised in the screen's own turn instead,
            # it is the error it was when the screen was told later.
            self.call_next(_raise, error)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual styles every widget of a screen again each time it comes in front: most of
        # the cost of a switch to a kept screen, and needed only when the app's CSS changed
        # since this one was styled (a theme chosen meanwhile).
        # Textual counts those changes, and its own screen modes skip the styling the same
        # way. (This runs before Screen's handler.)
        if self._css_update_count == self.app._css_update_count:
            event.refresh_styles = False
        self._css_update_count = self.app._css_update_count
        self._header.show_state()
        if self._behind:
            self._behind = False
            self.refresh_view(None)

    def refresh_view(self, change: Change | None) -> None:
        """Bring the widgets up to date with ``self.session``."""


def _raise(error: Exception) -> None:
    raise error
