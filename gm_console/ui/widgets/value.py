"""A label that repaints only what changed in its text."""

from __future__ import annotations

from typing import Any, Callable, Sequence, cast

from rich.cells import cell_len
from rich.text import Text
from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget
from textual.widgets import Static


def yes_no(value: bool, t: Callable[[str], str]) -> str:
    """A true/false value as a screen shows it: Yes or No in the UI language."""
    return t("Yes") if value else t("No")


class Value(Static):
    """A label whose ``show(text)`` repaints only when the text differs from what is shown,
    and then only the lines that differ, from their left edge to the last changed cell, when
    nothing around it has to move. Text is shown as it is: a name like "[/x]" from a file is
    not markup.

    A text whose lines fit the widget is drawn line by line, each line kept while it is the
    same (:meth:`render_line`): Textual's Static draws its whole text again when one line
    changed (home's journal tail and status lines, a planner's breakdown of many lines, on
    every player's console at each of the game master's operations)."""

    KEPT_LINES = 256
    """Lines drawn and kept, at most, for the texts to come (a line seen again is not drawn
    again: a status line back as it was)."""

    def __init__(self, text: str | Text = "", **kwargs: Any) -> None:
        super().__init__(Content(text) if isinstance(text, str) else text, **kwargs)
        # The console's own text, never a link: Textual's link styling of each line drawn,
        # and its repaint of the widget as the mouse passes over, have nothing to do.
        self.set_reactive(Widget.auto_links, False)
        self._given: str | Text | None = text  # None: the lines of show_lines, not joined
        self._lines: Sequence[str | Text] = _lines_of(text)  # the shown text's lines
        self._form: str | Text = text  # what says how the shown text is justified, wrapped
        self._widths = _widths(self._lines)
        self._widest = _widest(self._widths)

    @property
    def _shown(self) -> str | Text:
        """The shown text whole; the lines of :meth:`show_lines` are joined only when it is
        asked for (drawn whole, or its size may change), not at each change."""
        if self._given is None:
            form = self._form
            assert isinstance(form, Text)
            lines = cast("Sequence[Text]", self._lines)  # show_lines is given Texts
            self._given = Text("\n", justify=form.justify, overflow=form.overflow,
                               no_wrap=form.no_wrap).join(lines)
        return self._given

    def show(self, text: str | Text) -> bool:
        """Show ``text``; returns whether anything had to be repainted."""
        if text == self._shown:
            return False
        return self._show(text, _lines_of(text), text)

    def show_lines(self, lines: list[Text]) -> bool:
        """Show ``lines`` (none holding a newline) one under the other: :meth:`show` for a
        text made line by line (home's journal tail), which is then not split again into
        its lines to be compared and drawn, nor joined into one unless Textual draws it
        whole."""
        if lines == self._lines:
            return False
        # how the text wraps and is cut: as its first line; empty as the text it joins into
        first = lines[0] if lines else Text()
        form = first if len(lines) == 1 or not lines else Text(
            "\n", justify=first.justify, overflow=first.overflow, no_wrap=first.no_wrap)
        return self._show(None, lines, form)

    def _show(self, text: str | Text | None, lines: Sequence[str | Text],
              form: str | Text) -> bool:
        widths = _widths(lines, self._lines, self._widths)
        widest = _widest(widths)
        changed = self._changed_lines(self._form, form, self._lines, lines, widest)
        old = self._shown if changed is None else ""  # compared whole: its size may change
        self._given, self._lines, self._form = text, lines, form
        self._widths, self._widest = widths, widest
        self._visual = None  # made again when it is asked for (visual)
        if changed is None:  # laid out again only when its size may change
            self.refresh(layout=self._resized_by(old, self._shown))
            return True
        # As big as before: no layout (on a big session a layout of the screen costs more than
        # the change), and only the changed part of each changed line goes to the terminal
        # (a 7-line speed breakdown with one weight changed: one line, not seven).
        if changed:  # none: drawn as it was (spans cut differently, say)
            self.refresh(*changed)
        return True

    _visual: Visual | None = None

    @property
    def visual(self) -> Visual:
        """The shown text as Textual draws it whole (Static's), made when Textual asks for it
        (to draw the text whole, to measure it), not at each change: a text drawn line by line
        (render_line) is not made into one again after every clock advance."""
        if self._visual is None:
            shown = self._shown
            self._visual = visualize(self, Content(shown) if isinstance(shown, str) else shown)
        return self._visual

    def _changed_lines(self, old: str | Text, new: str | Text, old_lines: Sequence[str | Text],
                       new_lines: Sequence[str | Text], widest: int) -> list[Region] | None:
        """The regions (of the content) that differ between two texts (``old`` and ``new``:
        each one's :attr:`_form`; their lines: ``old_lines``, ``new_lines``; ``widest``: the
        new lines' :func:`_widest`),
        each from the line's left edge (where Textual starts writing a widget's line anyway)
        to its last changed cell; None when the widget may change size or its lines may wrap
        or move (a layout and a repaint of the whole widget)."""
        width = self.content_region.width
        if not (self.is_mounted and width and old and new
                and self.styles.text_align in ("start", "left")
                and getattr(new, "justify", None) in (None, "default", "left")
                and getattr(old, "justify", None) in (None, "default", "left")):
            return None
        if len(old_lines) != len(new_lines):
            return None
        if not 0 <= widest <= width or not 0 <= self._widest <= width:
            return None  # wrapped, or tabs: a line's cells are not its characters
        if widest != self._widest and self._width_follows_content():
            return None
        changed = []
        for y, (before, after) in enumerate(zip(old_lines, new_lines)):
            if before is after or before == after:  # a line kept as it was (journal tail)
                continue
            end = (_changed_end(before, after) if isinstance(before, Text) == isinstance(
                after, Text) else width)
            if end:
                changed.append(Region(0, y, end, 1))
        return changed

    def _width_follows_content(self) -> bool:
        """Whether this widget's width, or an ancestor's, is its content's (``width: auto``)."""
        node: Any = self
        screen = self.screen  # found once: each look-up climbs every ancestor
        while isinstance(node, Widget) and node is not screen:
            width = node.styles.width
            if width is not None and width.is_auto:
                return True
            node = node.parent
        return False

    def _resized_by(self, old: str | Text, text: str | Text) -> bool:
        """Whether ``text`` in place of ``old`` can change the widget's size. Only then
        is the screen laid out again; otherwise this widget is repainted, and that is all (a
        layout also redraws the scroll bar of every table taller than its box: one more frame
        for each key on a big party)."""
        (lines, width), (old_lines, old_width) = _shape(text), _shape(old)
        if lines != old_lines:
            return True
        wraps = self.styles.text_wrap != "nowrap"
        if wraps and max(width, old_width) > self.content_size.width:
            return True  # wraps (or is not laid out yet): its height depends on the words
        return width != old_width and self._width_follows_content()

    @property
    def shown(self) -> str:
        return str(self._shown)

    _kept: dict[Any, Strip] | None = None
    _drawable: tuple[Any, int, bool] = (None, 0, False)  # text, width -> drawn line by line
    _whole_stale = False  # Textual's drawing of the whole text is older than the lines drawn

    def render_line(self, y: int) -> Strip:
        width, style = self.size.width, self.visual_style
        lines = self._lines_to_draw(width)
        if lines is None:
            if self._whole_stale:  # drawn line by line since Textual last drew it whole
                self._whole_stale = False
                if not self._dirty_regions:  # else Textual draws it whole now anyway
                    self._render_content()
            return super().render_line(y)
        self._dirty_regions.clear()  # nothing is left to draw whole (Widget.render_line)
        self._whole_stale = True
        if y >= len(lines):
            return Strip.blank(width, style.rich_style)
        given = lines[y]
        line = given if isinstance(given, Text) else Text(given)
        key = (line.plain, tuple(line.spans), line.style, width, style)
        if self._kept is None or len(self._kept) > self.KEPT_LINES:
            self._kept = {}
        strip = self._kept.get(key)
        if strip is None:
            drawn = Visual.to_strips(self, Content.from_rich_text(line), width, 1, style)
            strip = self._kept[key] = drawn[0] if drawn else Strip.blank(0)
        return strip.apply_offsets(0, y)  # where a mouse selection finds it

    def _lines_to_draw(self, width: int) -> Sequence[str | Text] | None:
        """The shown text's lines when each can be drawn on its own: every one fits the
        width (nothing wraps), from the left edge and the top, no selection across them;
        else None (Textual draws the text whole)."""
        if self.text_selection is not None or not width:
            return None
        lines = self._lines  # a new list for each text shown
        if self._drawable[0] is not lines or self._drawable[1] != width:
            self._drawable = (lines, width, self._line_by_line(self._form, width))
        return lines if self._drawable[2] else None

    def _line_by_line(self, shown: str | Text, width: int) -> bool:
        if not shown or self.styles.text_align not in ("start", "left") \
                or self.styles.content_align_vertical != "top" \
                or getattr(shown, "justify", None) not in (None, "default", "left"):
            return False
        return 0 <= self._widest <= width


def _widths(lines: Sequence[str | Text], before: Sequence[str | Text] = (),
            widths: Sequence[int] = ()) -> list[int]:
    """The cells of each of ``lines``, -1 for one holding a tab (its cells are not its
    characters'); a line that is the same object as the one ``before`` in its place (whose
    widths are ``widths``) is not measured again (the journal tail's lines, but the new one)."""
    kept = len(before)
    return [widths[index] if index < kept and before[index] is line
            else -1 if "\t" in (plain := str(line))  # a Text's str is its plain text
            else cell_len(plain) for index, line in enumerate(lines)]


def _widest(widths: Sequence[int]) -> int:
    """The widest of lines of these :func:`_widths`; -1 when one holds a tab. Measured once
    a text, for its comparison with the next and its drawing."""
    return -1 if -1 in widths else max(widths, default=0)


def _lines_of(text: str | Text) -> Sequence[str | Text]:
    """A text's lines, a last empty one included (as ``str.split`` gives them)."""
    if isinstance(text, str):
        return text.split("\n")
    if "\n" not in text.plain:  # one line (a planner's changed figure): the text itself,
        return [text]           # as it is shown whole, not a copy made by Text.split
    return list(text.split("\n", allow_blank=True))


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


def _shape(text: str | Text) -> tuple[int, int]:
    """Lines and cells of the widest line: what an unwrapped text's size depends on."""
    lines = str(text).split("\n")
    return len(lines), max(cell_len(line) for line in lines)
