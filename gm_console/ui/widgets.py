"""Widgets that redraw only what changed: over SSH a full repaint is 18 KB, a changed number
200 bytes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

import rich.text
import textual.content
from rich.markup import escape
from rich.cells import cell_len
from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import DataTable, Input, Label, Static
from textual.widgets import Footer as TextualFooter

from gm_console.core.clock import format_clock
from gm_console.safe_text import visible

if TYPE_CHECKING:
    from gm_console.ui.app import GMConsoleApp

# Every text Textual draws passes through Content or Rich's Text, and both drop a few control
# characters there (BEL, CR...) but send ESC on to the terminal: a name from a file could
# retitle or clear it. Made visible at that one place instead, one character for one, so
# widths and styles stay where they were. tests/faults/test_escapes.py fails if Textual or
# Rich stop calling these.
def _made_visible(text: str, _translate_table: object = None) -> str:
    """In place of the libraries' stripping, with its signature: their table is not ours."""
    return visible(text)


textual.content._strip_control_codes = _made_visible
rich.text.strip_control_codes = _made_visible


def yes_no(value: bool, t: Callable[[str], str]) -> str:
    """A true/false value as a screen shows it: Yes or No in the UI language."""
    return t("Yes") if value else t("No")


class Value(Static):
    """A label whose ``show(text)`` repaints only when the text differs from what is shown.
    Text is shown as it is: a name like "[/x]" from a file is not markup."""

    def __init__(self, text: str | Text = "", **kwargs: Any) -> None:
        super().__init__(Content(text) if isinstance(text, str) else text, **kwargs)
        self._shown: str | Text = text

    def show(self, text: str | Text) -> bool:
        """Show ``text``; returns whether anything had to be repainted."""
        if text == self._shown:
            return False
        resized = self._resized_by(text)
        self._shown = text
        self.update(Content(text) if isinstance(text, str) else text, layout=resized)
        return True

    def _resized_by(self, text: str | Text) -> bool:
        """Whether ``text`` in place of what is shown can change the widget's size. Only then
        is the screen laid out again; otherwise this widget is repainted, and that is all (a
        layout also redraws the scroll bar of every table taller than its box: one more frame
        for each key on a big party)."""
        (lines, width), (old_lines, old_width) = _shape(text), _shape(self._shown)
        if lines != old_lines:
            return True
        wraps = self.styles.text_wrap != "nowrap"
        if wraps and max(width, old_width) > self.content_size.width:
            return True  # wraps (or is not laid out yet): its height depends on the words
        # Its width follows its text when it, or a container around it, is as wide as what
        # it holds; otherwise it is the container's.
        return width != old_width and any(
            node.styles.width is not None and node.styles.width.is_auto
            for node in self.ancestors_with_self if isinstance(node, Widget))

    @property
    def shown(self) -> str:
        return str(self._shown)


def _escaped(cells: Sequence[Any]) -> list[Any]:
    """DataTable reads text cells as markup: escaped, a character named "[/x]" is a name."""
    return [escape(cell) if isinstance(cell, str) else cell for cell in cells]


def _shape(text: str | Text) -> tuple[int, int]:
    """Lines and cells of the widest line: what an unwrapped text's size depends on."""
    lines = str(text).split("\n")
    return len(lines), max(cell_len(line) for line in lines)


class SyncedTable(DataTable):
    """A DataTable fed whole rows by key; ``sync`` adds, removes and updates only the cells
    whose text changed, so a changed number repaints one cell."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._given: dict[str, tuple[Any, ...]] = {}
        """Each row's cells as ``sync`` was last given them (before escaping), by key."""

    def sync(self, columns: Sequence[str], rows: Sequence[tuple[str, Sequence[Any]]],
             widths: Sequence[int | None] = ()) -> None:
        """Show ``rows`` under ``columns``. ``widths`` fixes a column's width (None: as wide
        as its content): the table keeps its shape while the figures change, and a long text
        is cut at the column's edge instead of pushing the next ones out of the terminal."""
        labels = [str(c.label) for c in self.columns.values()]
        if labels != list(columns):
            self.clear(columns=True)
            for index, column in enumerate(columns):
                self.add_column(column, width=widths[index] if index < len(widths) else None)
        wanted = [key for key, _ in rows]
        present = [str(row.key.value) for row in self.ordered_rows]
        if present != wanted[:len(present)] or len(present) > len(wanted):
            # Rows were removed or reordered: rebuild (rare: add, remove, initiative order).
            cursor = self.cursor_row
            self.clear()
            for key, cells in rows:
                self._add(key, cells)
            if self.row_count:
                self.move_cursor(row=min(cursor, self.row_count - 1))
            return
        column_keys = list(self.columns)
        for key, cells in rows[:len(present)]:
            if self._given.get(key) == tuple(cells):
                continue  # as last synced: no cell to compare (30 combatants, 12 columns)
            self._given[key] = tuple(cells)
            for column_key, cell in zip(column_keys, _escaped(cells)):
                old = self.get_cell(key, column_key)
                if old != cell:
                    self._update(key, column_key, cell, old)
        for key, cells in rows[len(present):]:
            self._add(key, cells)

    def _add(self, key: str, cells: Sequence[Any]) -> None:
        self.add_row(*_escaped(cells), key=key)
        self._given[key] = tuple(cells)

    def clear(self, columns: bool = False) -> Any:
        self._given = {}
        return super().clear(columns)

    _row_only = False

    def _update(self, key: str, column: Any, cell: Any, old: Any) -> None:
        if self.columns[column].auto_width and cell_len(str(cell)) != cell_len(str(old)):
            # The column may widen or narrow: every row moves, the whole table repaints.
            self.update_cell(key, column, cell, update_width=True)
            return
        # As wide as before: nothing moves, so only this row is repainted (DataTable's
        # update_cell repaints the whole table: 1.5 KB for one number in a 3-row table).
        self._row_only = True
        try:
            self.update_cell(key, column, cell)
        finally:
            self._row_only = False
        self.refresh_row(self.get_row_index(key))

    def refresh(self, *regions: Any, **kwargs: Any) -> Any:
        if self._row_only and not regions and not kwargs:
            return self
        return super().refresh(*regions, **kwargs)

    @property
    def current_key(self) -> str | None:
        """The key of the row under the cursor, or None when the table is empty."""
        if not self.row_count:
            return None
        return str(self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value)


class SessionHeader(Horizontal):
    """The top line: session name, waiting rolls, in-game clock. Its own widget rather than
    Textual's Header: changing ``App.sub_title`` repaints the whole screen (2.9 KB at 80x24),
    updating one Value repaints one line (about 130 bytes)."""

    if TYPE_CHECKING:  # Textual types it as any App
        app = getters.app(GMConsoleApp)

    DEFAULT_CSS = """
    SessionHeader { dock: top; height: 1; background: $panel; color: $foreground; }
    SessionHeader > #header-name { width: 1fr; padding: 0 1; text-style: bold; }
    SessionHeader > #header-rolls { width: auto; padding: 0 1; color: $warning; }
    SessionHeader > #header-requests { width: auto; padding: 0 1; color: $warning; }
    SessionHeader > #header-live { width: auto; padding: 0 1; color: $accent; }
    SessionHeader > #header-clock { width: auto; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        yield Value(id="header-name")
        yield Value(id="header-rolls")
        yield Value(id="header-requests")
        yield Value(id="header-live")
        yield Value(id="header-clock")

    def on_mount(self) -> None:
        self.app.store_changed.subscribe(self, self.show_state)
        self.show_state()

    def show_state(self, change: object = None) -> None:
        app = self.app
        state = app.store.state
        t = app.t
        self.query_one("#header-name", Value).show(
            str(state.get("session", {}).get("name", "gm-console")))
        waiting = len(state.get("rolls", {}).get("pending", []))
        self.query_one("#header-rolls", Value).show(
            f"⚄ {waiting} {t('rolls waiting')} (r)" if waiting else "")
        asked = len(state.get("requests", {}).get("pending", []))
        self.query_one("#header-requests", Value).show(
            f"✋ {asked} (f12)" if asked else "")  # short: the header is one line of 80
        # a live session's client: its role, or that the owner has gone
        self.query_one("#header-live", Value).show(getattr(app, "live_status", ""))
        self.query_one("#header-clock", Value).show(format_clock(state.get("clock", {}),
                                                                 t("Day")))


class Footer(TextualFooter):
    """Textual's footer, rebuilt only when the keys it shows change, and once for any number of
    changes in a frame: Textual's rebuilds it on every change of focus, one repaint of its
    line each (three, 1.2 KB, to close a question line)."""

    _pending = False
    _shown: tuple[Any, ...] = ()

    def bindings_changed(self, screen: Any) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus or self._pending:
            return
        if self.is_attached and screen is self.screen:
            self._pending = True
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        self._pending = False
        if not self.is_attached or not self.display:
            # its screen went away before the frame came; or a question line is in its place,
            # and what it shows when back is what it showed before
            return
        shown = tuple((key, binding.description, binding.action, enabled, tooltip)
                      for key, (_, binding, enabled, tooltip)
                      in self.screen.active_bindings.items() if binding.show)
        if shown != self._shown or not self.children:
            self._shown = shown
            await self.recompose()


class QuestionLine(Vertical):
    """A one-line question asked on the screen itself, over its footer, instead of in a
    modal: a modal dims the whole screen and closing it repaints all of it (12 KB at 80x24
    for one item added); this line repaints itself and what the answer changed. It takes the
    footer's place, so the screen's body keeps its size and nothing in it moves.

    ``ask(question, submit)``: enter hands the text, stripped, to ``submit``, which applies it
    and returns why it was refused, or "" (or None) once taken. A refusal is shown above the
    line and the text stays as typed, to be corrected; escape cancels. Only while asking does
    the field take keys (and focus): otherwise a screen's letters are its keys."""

    DEFAULT_CSS = """
    QuestionLine { dock: bottom; height: auto; display: none; background: $panel; }
    QuestionLine.asking { display: block; }
    QuestionLine > #prompt-refusal { color: $warning; padding: 0 1; display: none; }
    QuestionLine > Horizontal { height: 1; }
    QuestionLine #prompt-question { width: auto; max-width: 60%; padding: 0 1;
                                    text-style: bold; text-wrap: nowrap;
                                    text-overflow: ellipsis; }
    QuestionLine Input, QuestionLine Input:focus { width: 1fr; height: 1; border: none;
                                                  padding: 0 1; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", show=False)]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._submit: Callable[[str], str | None] | None = None
        self._asked = 0                          # questions asked: a submit may ask the next
        self._focus_after: Widget | None = None  # what had the focus before the question

    def compose(self) -> ComposeResult:
        yield Static(id="prompt-refusal")
        with Horizontal():
            yield Label(id="prompt-question")
            yield Input(id="prompt-input", disabled=True)

    @property
    def asking(self) -> bool:
        return self.has_class("asking")

    def ask(self, question: str, submit: Callable[[str], str | None], value: str = "",
            hint: str = "") -> None:
        """Ask ``question`` (``value`` typed already, ``hint`` shown while nothing is)."""
        if not self.asking:
            self._focus_after = self.screen.focused
        self._asked += 1
        self._submit = submit
        self.query_one("#prompt-question", Label).update(Text(question))
        self.refuse("")
        field = self.query_one(Input)
        field.placeholder = hint
        field.value = value
        field.cursor_position = len(value)
        field.disabled = False
        self.screen.query_one(Footer).display = False
        self.add_class("asking")
        field.focus()

    def refuse(self, reason: str) -> None:
        """Show why the text was not taken; the text stays to be corrected."""
        refusal = self.query_one("#prompt-refusal", Static)
        refusal.update(Text(reason))
        refusal.display = bool(reason)

    def close(self) -> None:
        # The focus back first: the field then loses it once, and the footer is rebuilt once,
        # with the screen's keys (not first with the app's, while nothing had the focus).
        focus, self._focus_after = self._focus_after, None
        self.screen.set_focus(focus if focus is not None and focus.is_attached else None)
        field = self.query_one(Input)
        field.value = ""
        field.disabled = True
        self._submit = None
        self.refuse("")
        self.remove_class("asking")
        self.screen.query_one(Footer).display = True

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        asked, submit = self._asked, self._submit
        reason = submit(event.value.strip()) if submit is not None else ""
        if reason:
            self.refuse(reason)
        elif self._asked == asked:  # not already asking the next question
            self.close()

    def action_cancel(self) -> None:
        self.close()
