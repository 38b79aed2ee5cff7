"""A one-line question on the screen's bottom line."""

from __future__ import annotations

from typing import Any, Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Label, Static

from gm_console.ui.compositor import ChangedOnly
from gm_console.ui.styles import css_beside
from gm_console.ui.widgets.footer import Footer
from gm_console.ui.widgets.text_field import TextField


class QuestionLine(Vertical):
    """A one-line question asked on the screen itself, over its footer, instead of in a
    modal: a modal dims the whole screen and closing it repaints all of it, even for one item
    added; this line repaints itself and what the answer changed. It takes the footer's
    place, so the screen's body keeps its size and nothing in it moves: both are laid out on
    the bottom line all the time, and the screen's compositor paints the one in use
    (ChangedOnly.paint_instead), so that neither asking nor answering lays the screen out.

    ``ask(question, submit)``: enter hands the text, stripped, to ``submit``, which applies it
    and returns why it was refused, or "" (or None) once taken. A refusal is shown above the
    line and the text stays as typed, to be corrected; escape cancels. Only while asking does
    the field take keys (and focus): otherwise a screen's letters are its keys."""

    DEFAULT_CSS = css_beside(__file__, "question_line.tcss")
    BINDINGS = [Binding("escape", "cancel", "Cancel", show=False)]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._submit: Callable[[str], str | None] | None = None
        self._asked = 0                          # questions asked: a submit may ask the next
        self._focus_after: Widget | None = None  # what had the focus before the question
        self._asking = False

    def compose(self) -> ComposeResult:
        # Kept as made, as is the screen's footer once mounted: each question and each answer
        # reach them, which a query would look up again each time.
        yield (refusal := Static(id="prompt-refusal"))
        self._refusal = refusal
        with Horizontal():
            yield (question := Label(id="prompt-question"))
            yield (field := _Answer(id="prompt-input"))
        self._question, self._field = question, field

    def on_mount(self) -> None:
        self._footer = self.screen.query_one(Footer)
        self._paint(asking=False)

    @property
    def asking(self) -> bool:
        return self._asking

    def _paint(self, asking: bool) -> None:
        """The line painted in the footer's place, or the footer in its place: by the
        screen's compositor, not by ``display``, whose change lays the whole screen out (and
        by a class neither, which restyles the line and its field)."""
        self._asking = asking
        footer = self._footer
        footer.covered = asking
        compositor = self.screen._compositor
        assert isinstance(compositor, ChangedOnly), "a question line's screen: OneLayoutPerSize"
        if asking:
            compositor.paint_instead(self, footer)
        else:
            compositor.paint_instead(footer, self)

    def ask(self, question: str, submit: Callable[[str], str | None], value: str = "",
            hint: str = "") -> None:
        """Ask ``question`` (``value`` typed already, ``hint`` shown while nothing is)."""
        if not self.asking:
            self._focus_after = self.screen.focused
        self._asked += 1
        self._submit = submit
        self._question.update(Text(question))
        self.refuse("")
        field = self._field
        field.placeholder = hint
        field.value = value
        field.cursor_position = len(value)
        field.can_focus = True
        if not self.asking:
            self._paint(asking=True)
        # At once, not after the messages waiting (Widget.focus): the next key, typed in the
        # same burst as the one that asked, is the answer's (GMConsoleApp.on_event). Not
        # scrolled to: the line is on the screen's bottom line, always in view.
        self.screen.set_focus(field, scroll_visible=False)

    _refused = ""

    def refuse(self, reason: str) -> None:
        """Show why the text was not taken; the text stays to be corrected."""
        if reason == self._refused:
            return  # each change asks for a layout of the screen
        self._refused = reason
        refusal = self._refusal
        refusal.update(Text(reason))
        refusal.display = bool(reason)

    def close(self) -> None:
        # The focus back first: the field then loses it once, and the footer is rebuilt once,
        # with the screen's keys (not first with the app's, while nothing had the focus).
        # Not scrolled to (Textual's check after the next frame, a callback a key): the line
        # took the footer's place only, the body kept its size and its scroll meanwhile.
        focus, self._focus_after = self._focus_after, None
        self.screen.set_focus(focus if focus is not None and focus.is_attached else None,
                              scroll_visible=False)
        # The text stays in the hidden field (the next question sets its own): emptied, the
        # field would ask for a layout of its own, a second one after the question line's.
        self._field.can_focus = False
        self._submit = None
        self.refuse("")
        self._paint(asking=False)

    def answer(self, text: str) -> None:
        asked, submit = self._asked, self._submit
        reason = submit(text.strip()) if submit is not None else ""
        if reason:
            self.refuse(reason)
        elif self._asked == asked:  # not already asking the next question
            self.close()

    def action_cancel(self) -> None:
        self.close()


class _Answer(TextField):
    """The question line's field. Enter hands the answer over while the key is handled, not
    in a message handled after it: what the answer changes is drawn with the key, in the same
    frame as the line closing (GMConsoleApp draws keys typed in one burst once, after the
    last is handled). Focusable only while a question is asked, so that a screen's letters
    are otherwise its keys: by ``can_focus``, not ``disabled``, whose change restyles the
    field, a third of the time an answered question took to draw."""

    can_focus = False

    def watch_has_focus(self, has_focus: bool) -> None:
        # The focus lost as its question closes (close took can_focus back first): the line is
        # hidden, so its :focus look can wait for the next question, which gives the focus
        # back and restyles the field then. Restyled here, it was a fifth of an answer's key.
        if has_focus or self.can_focus:
            super().watch_has_focus(has_focus)

    def _on_blur(self, event: events.Blur) -> None:
        # The focus lost as its question closes: the line is hidden, and what Input and Widget
        # do then is for a field in sight (a repaint of it, its Blurred and DescendantBlur
        # messages up through the line and the screen to the app, which nothing here
        # handles): a tenth of an answer's key. Its cursor stops blinking, as Input's would,
        # and is shown again by the next question's focus (Input._restart_blink): hidden
        # meanwhile, it is not hidden first, which repainted the field.
        if self.can_focus:
            return  # a question still asked (a click elsewhere): Input's and Widget's own
        event.prevent_default()
        self.has_focus = False
        if self._blink_timer is not None:
            self._blink_timer.pause()

    async def _on_key(self, event: events.Key) -> None:
        # Enter answers as the field gets the key: handed on, the key went up through the
        # line and the screen, whose bindings found this field's own (Input's enter, submit),
        # the app waiting on each of them in turn (GMConsoleApp.on_event).
        if event.key == "enter":
            event.stop()
            event.prevent_default()  # nor Input's and Widget's handlers: nothing else to do
            await self.action_submit()

    async def action_submit(self) -> None:
        line = next(node for node in self.ancestors if isinstance(node, QuestionLine))
        line.answer(self.value)
