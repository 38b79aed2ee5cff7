"""Widgets that redraw only what changed: over SSH a full repaint is 18 KB, a changed number
200 bytes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Sequence

import rich.text
import textual.content
from rich.cells import cell_len
from rich.markup import escape
from rich.style import Style
from rich.text import Text
from textual import events, getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.coordinate import Coordinate
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import DataTable, Input, Label, Static

from gm_console.rules.clock import format_clock
from gm_console.text.safe_text import visible

if TYPE_CHECKING:
    from gm_console.ui.shell import ShellApp

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
    """A label whose ``show(text)`` repaints only when the text differs from what is shown,
    and then only the lines that differ, from their left edge to the last changed cell, when
    nothing around it has to move. Text is shown as it is: a name like "[/x]" from a file is
    not markup."""

    def __init__(self, text: str | Text = "", **kwargs: Any) -> None:
        super().__init__(Content(text) if isinstance(text, str) else text, **kwargs)
        self._shown: str | Text = text

    def show(self, text: str | Text) -> bool:
        """Show ``text``; returns whether anything had to be repainted."""
        if text == self._shown:
            return False
        changed = self._changed_lines(self._shown, text)
        resized = changed is None and self._resized_by(text)
        self._shown = text
        content = Content(text) if isinstance(text, str) else text
        if changed is None:  # laid out again only when its size may change
            self.update(content, layout=resized)
            return True
        # As big as before: no layout (on a big session a layout of the screen costs more than
        # the change), and only the changed part of each changed line goes to the terminal
        # (a 7-line speed breakdown with one weight changed: one line, not seven).
        self._lines_only = True
        try:
            self.update(content)  # its layout is not asked for: see refresh
        finally:
            self._lines_only = False
        if changed:  # none: drawn as it was (spans cut differently, say)
            self.refresh(*changed)
        return True

    _lines_only = False

    def refresh(self, *regions: Any, **kwargs: Any) -> Any:
        if self._lines_only and not regions:
            return self
        return super().refresh(*regions, **kwargs)

    def _changed_lines(self, old: str | Text, new: str | Text) -> list[Region] | None:
        """The regions (of the content) that differ between ``old`` and ``new``, each from
        the line's left edge (where Textual starts writing a widget's line anyway) to its
        last changed cell; None when the widget may change size or its lines may wrap or move
        (a layout and a repaint of the whole widget)."""
        width = self.content_region.width
        if not (self.is_mounted and width and old and new
                and self.styles.text_align in ("start", "left")
                and getattr(new, "justify", None) in (None, "default", "left")
                and getattr(old, "justify", None) in (None, "default", "left")):
            return None
        old_lines: list[str | Text] = list(old.split("\n"))
        new_lines: list[str | Text] = list(new.split("\n"))
        if len(old_lines) != len(new_lines):
            return None
        old_plain = [str(line) for line in old_lines]
        new_plain = [str(line) for line in new_lines]
        old_cells = [cell_len(line) for line in old_plain]
        new_cells = [cell_len(line) for line in new_plain]
        if max(new_cells) > width or max(old_cells) > width or any(
                "\t" in line for line in (*old_plain, *new_plain)):
            return None  # wrapped, or tabs: a line's cells are not its characters
        if max(old_cells) != max(new_cells) and self._width_follows_content():
            return None
        changed = []
        for y, (before, after) in enumerate(zip(old_lines, new_lines)):
            if before == after:
                continue
            end = (_changed_end(before, after) if isinstance(before, Text) == isinstance(
                after, Text) else width)
            if end:
                changed.append(Region(0, y, end, 1))
        return changed

    def _width_follows_content(self) -> bool:
        """Whether this widget's width, or an ancestor's, is its content's (``width: auto``)."""
        node: Any = self
        while isinstance(node, Widget) and node is not self.screen:
            width = node.styles.width
            if width is not None and width.is_auto:
                return True
            node = node.parent
        return False

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
        return width != old_width and self._width_follows_content()

    @property
    def shown(self) -> str:
        return str(self._shown)


def _changed_end(before: str | Text, after: str | Text) -> int:
    """The cell after the last one that differs (in character or style) between two lines
    drawn from the same left edge: what follows it is on the terminal already."""
    old, new = str(before), str(after)  # a Text's str is its plain text
    if cell_len(old) != cell_len(new):
        return max(cell_len(old), cell_len(new))  # the rest moved
    old_styles, new_styles = _styles(before), _styles(after)
    same = 0  # characters alike at the end, in the same style
    while (same < len(new) and same < len(old) and old[-1 - same] == new[-1 - same]
           and old_styles[-1 - same] == new_styles[-1 - same]):
        same += 1
    return cell_len(new[:len(new) - same])


def _styles(line: str | Text) -> list[tuple[Any, ...]]:
    """Each character's styles, in the order they apply."""
    if not isinstance(line, Text):
        return [()] * len(line)
    styles: list[tuple[Any, ...]] = [(line.style,)] * len(line.plain)
    for span in line.spans:
        for index in range(span.start, min(span.end, len(styles))):
            styles[index] = (*styles[index], span.style)
    return styles


def _escaped(cells: Sequence[Any]) -> list[Any]:
    """DataTable reads text cells as markup: escaped, a character named "[/x]" is a name."""
    return [escape(cell) if isinstance(cell, str) else cell for cell in cells]


def _shape(text: str | Text) -> tuple[int, int]:
    """Lines and cells of the widest line: what an unwrapped text's size depends on."""
    lines = str(text).split("\n")
    return len(lines), max(cell_len(line) for line in lines)


class TextField(Input):
    """The console's text field. Textual's Input keeps its virtual size at the length of its
    text, and a virtual size change lays the whole screen out again: every key typed in a
    field of the character editor reflowed its hundred widgets (a third of the key's CPU).
    A field's text moves nothing but the field's own horizontal scroll, so a repaint of the
    field is enough; a field as wide as its text (width auto) still asks for the layout, in
    Input itself."""

    virtual_size = Reactive(Size(0, 0), repaint=True)


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
        is cut at the column's edge instead of pushing the next ones out of the terminal.
        New labels or widths (the terminal resized) make the columns anew."""
        labels = [visible(column, lines=False) for column in columns]  # each on one line
        shape = [(str(c.label), None if c.auto_width else c.width)
                 for c in self.columns.values()]
        new_shape = shape != [(label, widths[index] if index < len(widths) else None)
                              for index, label in enumerate(labels)]
        wanted = [key for key, _ in rows]
        present = [str(row.key.value) for row in self.ordered_rows]
        if new_shape or present != wanted[:len(present)] or len(present) > len(wanted):
            # Rows were removed or reordered, or the columns changed: rebuild (rare: add,
            # remove, initiative order, a resized terminal), the cursor kept on its line.
            cursor = self.cursor_row
            self.clear(columns=new_shape)
            if new_shape:
                for index, label in enumerate(labels):
                    # Text, not str: DataTable reads a str label as markup ("Load [lb]" lost
                    # its brackets, ":fire:" became an emoji), and the label then no longer
                    # matched the column given, which rebuilt the table at every sync.
                    self.add_column(Text(label),
                                    width=widths[index] if index < len(widths) else None)
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
            cells = _escaped(cells)
            shown = self.get_row(key)  # a row at a time: a big party's rows are mostly alike
            if shown == cells:
                continue
            changed = [(index, column_key, cell, old) for index, (column_key, cell, old)
                       in enumerate(zip(column_keys, cells, shown)) if old != cell]
            if changed:
                self._update(key, changed)
        for key, cells in rows[len(present):]:
            self._add(key, cells)

    def _add(self, key: str, cells: Sequence[Any]) -> None:
        self.add_row(*_escaped(cells), key=key)
        self._given[key] = tuple(cells)

    def clear(self, columns: bool = False) -> Any:
        self._given = {}
        return super().clear(columns)

    _row_only = False

    def _update(self, key: str, changed: list[tuple[int, Any, Any, Any]]) -> None:
        """Put the ``changed`` cells (index, column key, new, old) of a row in."""
        if any(self.columns[column].auto_width and cell_len(str(cell)) != cell_len(str(old))
               for _, column, cell, old in changed):
            # The column may widen or narrow: every row moves, the whole table repaints.
            for _, column, cell, _ in changed:
                self.update_cell(key, column, cell, update_width=True)
            return
        # As wide as before: nothing moves, so only the changed cells are repainted
        # (DataTable's update_cell repaints the whole table: 1.5 KB for one number in a 3-row
        # table). One region for the row: Textual writes each region of a line from the
        # table's left edge, so two would write the row's start twice.
        self._row_only = True
        try:
            for _, column, cell, _ in changed:
                self.update_cell(key, column, cell)
        finally:
            self._row_only = False
        row = self.get_row_index(key)
        self._refresh_region(Region.from_union([
            self._get_cell_region(Coordinate(row, index)) for index, *_ in changed]))

    def refresh(self, *regions: Any, **kwargs: Any) -> Any:
        if self._row_only and not regions and not kwargs:
            return self
        return super().refresh(*regions, **kwargs)

    # A question asked on the screen's bottom line (QuestionLine) takes the focus while it is
    # typed, and gives it back: meanwhile the table keeps its focused look (its cursor still
    # marks the row the question is about), so that neither asking nor answering repaints
    # every row (the focus tints them all: 850 bytes at 80x24 each way).
    _focus_lent = False

    def _on_blur(self, event: events.Blur) -> None:
        focused = self.screen.focused
        if focused is not None and any(isinstance(node, QuestionLine)
                                       for node in focused.ancestors):
            self._focus_lent = True
            event.prevent_default()  # has_focus stays, nothing is repainted

    def _on_focus(self, event: events.Focus) -> None:
        if self._focus_lent:
            self._focus_lent = False
            event.prevent_default()  # it never looked otherwise

    _laid_out: tuple[Size, ...] = ()

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size,
                      layout: bool = True) -> bool:
        # After every layout of the screen Textual's ScrollView sets its scrollbars again and
        # repaints them, changed or not (it compares the layout's virtual size with the
        # table's own, which differ whenever the table scrolls): on a 50-row table, a footer
        # shown again wrote the scrollbar's 12 lines, in a frame of their own. With the same
        # sizes as last time there is nothing to set.
        laid_out = (size, virtual_size, container_size, self.virtual_size)
        if laid_out == self._laid_out:
            return False
        self._laid_out = laid_out
        return super()._size_updated(size, virtual_size, container_size, layout)

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
        app = getters.app(ShellApp)

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
        self.show_state()

    def show_state(self) -> None:
        """Brought up to date by its screen (StoreScreen), after each change it shows."""
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


class _FooterKey(NamedTuple):
    """A key as the footer shows it."""
    key: str
    display: str
    description: str
    enabled: bool
    tooltip: str


class Footer(Widget):
    """The screen's keys on its bottom line, drawn as one line of text, as Textual's footer
    draws them (a key, then what it does; the command palette's on the right). Textual's
    footer is a widget per key, built again whenever the keys change: fifteen to twenty-two
    widgets on a screen, which were two fifths of the CPU of opening one. A key here is
    clicked as there: the click presses it.

    It is redrawn only when the keys it shows change, and once for any number of changes in
    a frame (a change of focus tells it each time)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"footer--key", "footer--description", "footer--edge",
                         "footer--hover"}
    DEFAULT_CSS = """
    Footer { dock: bottom; height: 1; color: $footer-foreground;
             background: $footer-background; }
    Footer > .footer--key { color: $footer-key-foreground; background: $footer-key-background;
                            text-style: bold; }
    Footer > .footer--description { color: $footer-description-foreground;
                                    background: $footer-description-background; }
    Footer > .footer--edge { color: $foreground 20%; }
    Footer > .footer--hover { background: $block-hover-background; }
    """

    _pending = False
    _placing = False
    _hovered: _FooterKey | None = None

    def __init__(self) -> None:
        super().__init__()
        self._keys: tuple[_FooterKey, ...] = ()
        self._palette: _FooterKey | None = None
        self._spans: list[tuple[int, int, _FooterKey]] = []  # where each key was drawn

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def place(self, shown: bool) -> None:
        """Show or hide the footer as the question line hides or shows itself in its place
        (QuestionLine). Its keys are as they were, and the question line's change of display
        lays the screen out, which places and paints the footer: its own repaint wrote its
        line a second time (575 bytes in a 256-colour terminal), and its own layout, which
        came after the first, held the repaint of what the answer changed for another frame."""
        self._placing = True
        try:
            self.display = shown
        finally:
            self._placing = False

    def refresh(self, *regions: Any, **kwargs: Any) -> Any:
        if self._placing:
            kwargs.update(repaint=False, layout=False)
        return super().refresh(*regions, **kwargs)

    def bindings_changed(self, screen: Any) -> None:
        if not screen.app.app_focus or self._pending:
            return
        if self.is_attached and screen is self.screen:
            self._pending = True
            self.call_after_refresh(self._rebuild)

    def _rebuild(self) -> None:
        self._pending = False
        if not self.is_attached or not self.display:
            # its screen went away before the frame came; or a question line is in its place,
            # and what it shows when back is what it showed before
            return
        bindings = self.screen.active_bindings
        first: dict[str, _FooterKey] = {}  # a key per action, as Textual's footer
        for _, binding, enabled, tooltip in bindings.values():
            if binding.show and binding.action not in first:
                first[binding.action] = _FooterKey(
                    binding.key, self.app.get_key_display(binding), binding.description,
                    enabled, tooltip)
        palette = None
        if self.app.ENABLE_COMMAND_PALETTE and self.app.COMMAND_PALETTE_BINDING in bindings:
            _, binding, enabled, _ = bindings[self.app.COMMAND_PALETTE_BINDING]
            palette = _FooterKey(binding.key, self.app.get_key_display(binding),
                                 binding.description, enabled,
                                 binding.tooltip or binding.description)
        keys = tuple(first.values())
        if (keys, palette) != (self._keys, self._palette):
            self._keys, self._palette = keys, palette
            self.refresh()

    def render(self) -> Text:
        key_style = self.get_component_rich_style("footer--key")
        description_style = self.get_component_rich_style("footer--description")
        # Textual's :hover on a key's widget: its background only, the key keeps its colour
        hovered = Style(bgcolor=self.get_component_rich_style("footer--hover").bgcolor)
        self._spans = []

        def draw(line: Text, shown: _FooterKey, key: str, description: str) -> None:
            start = line.cell_len
            line.append(key, key_style)
            line.append(description, description_style)
            if shown == self._hovered:
                line.stylize(hovered, start)
            if not shown.enabled:
                line.stylize("dim", start)
            self._spans.append((start, line.cell_len, shown))

        line = Text(no_wrap=True, overflow="crop", end="")
        for shown in self._keys:
            draw(line, shown, f" {shown.display} ",
                 f"{shown.description} " if shown.description else "")
        if self._palette is not None:  # on the right, over the keys it leaves no room for
            cut = max(self.size.width - cell_len(self._palette.display)
                      - cell_len(self._palette.description) - 3, 0)
            line.truncate(cut, pad=True)
            self._spans = [(start, min(end, cut), shown) for start, end, shown in self._spans
                           if start < cut]
            line.append("\u258f", self.get_component_rich_style("footer--edge"))
            draw(line, self._palette, self._palette.display, f" {self._palette.description} ")
        line.stylize_before(self.rich_style)
        return line

    def _key_at(self, x: int) -> _FooterKey | None:
        return next((shown for start, end, shown in self._spans if start <= x < end), None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        shown = self._key_at(event.x)
        if shown is None:
            return
        if shown.enabled:
            self.app.simulate_key(shown.key)
        else:
            self.app.bell()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover(self._key_at(event.x))

    def on_leave(self, event: events.Leave) -> None:
        self._hover(None)

    def _hover(self, shown: _FooterKey | None) -> None:
        if shown != self._hovered:
            self._hovered = shown
            self.tooltip = shown.tooltip if shown is not None and shown.tooltip else None
            self.refresh()


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
            yield _Answer(id="prompt-input", disabled=True)

    @property
    def asking(self) -> bool:
        # Shown and hidden by its own display, not by a class: a class restyles the line and
        # its field, a third of the CPU of closing it.
        return self.display

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
        self.screen.query_one(Footer).place(False)
        self.display = True
        # At once, not after the messages waiting (Widget.focus): the next key, typed in the
        # same burst as the one that asked, is the answer's (GMConsoleApp.on_event).
        self.screen.set_focus(field)

    _refused = ""

    def refuse(self, reason: str) -> None:
        """Show why the text was not taken; the text stays to be corrected."""
        if reason == self._refused:
            return  # each change asks for a layout of the screen
        self._refused = reason
        refusal = self.query_one("#prompt-refusal", Static)
        refusal.update(Text(reason))
        refusal.display = bool(reason)

    def close(self) -> None:
        # The focus back first: the field then loses it once, and the footer is rebuilt once,
        # with the screen's keys (not first with the app's, while nothing had the focus).
        focus, self._focus_after = self._focus_after, None
        self.screen.set_focus(focus if focus is not None and focus.is_attached else None)
        # The text stays in the hidden field (the next question sets its own): emptied, the
        # field asked for a layout of its own, a second one after the question line's.
        self.query_one(Input).disabled = True
        self._submit = None
        self.refuse("")
        self.display = False
        self.screen.query_one(Footer).place(True)

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
    last is handled)."""

    async def action_submit(self) -> None:
        line = next(node for node in self.ancestors if isinstance(node, QuestionLine))
        line.answer(self.value)
