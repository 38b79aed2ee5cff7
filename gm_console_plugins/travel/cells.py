"""A line of the travel planner that repaints only the cells whose character or style changed.

Textual repaints a whole widget when its text changes: a pace key rewrote four lines of 80
cells (1.1 KB) where a few numbers and words changed. This Value compares what it drew with
what it will draw, cell by cell, and marks only the changed stretch of each line dirty: the
terminal receives from the line's start to its last changed cell (Textual does not cut a
widget's line on its left), and nothing at all of a line that did not change.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import repeat
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from textual.css.scalar import Unit
from textual.geometry import Region
from textual.strip import Strip
from textual.visual import Visual, visualize

from gm_console.ui import Value

Cell = tuple[str, Any]


# The attributes a terminal is told of (Style's own names for them).
_ATTRIBUTES = ("bold", "dim", "italic", "underline", "blink", "blink2", "reverse", "conceal",
               "strike", "underline2", "frame", "encircle", "overline")


@lru_cache(maxsize=256)
def looks(style: Style | None) -> tuple[Any, ...]:
    """What the terminal is told of a style: two styles that differ only in what it is not
    told (the offset Textual keeps in a style's meta, reverse=False against no reverse) look
    the same. (Not ``Style.render``: it keeps the first colour system it rendered for.)"""
    if style is None:
        return ()
    return (style.color, style.bgcolor, style.link,
            tuple(bool(getattr(style, name)) for name in _ATTRIBUTES))


def cells(strip: Strip) -> list[Cell]:
    """One (character, look) per cell; a wide character's second cell is ("", look)."""
    found: list[Cell] = []
    for text, style, control in strip:
        if control:
            continue
        look = looks(style)
        if cell_len(text) == len(text):  # one cell a character: most text, and quicker
            found.extend(zip(text, repeat(look)))
            continue
        for character in text:
            found.append((character, look))
            if cell_len(character) == 2:
                found.append(("", look))
    return found


def changed(old: Strip, new: Strip) -> tuple[int, int] | None:
    """The first and one past the last cell that differ between two lines, or None."""
    before, after = cells(old), cells(new)
    if before == after:
        return None
    length = max(len(before), len(after))
    blank: Cell = (" ", looks(None))
    before += [blank] * (length - len(before))
    after += [blank] * (length - len(after))
    first = next(x for x in range(length) if before[x] != after[x])
    last = next(x for x in reversed(range(length)) if before[x] != after[x])
    return first, last + 1


class CellValue(Value):
    """A :class:`Value` whose changes repaint their changed cells only, as long as its height
    stays (a text that needs another line lays the screen out again, as a Value does).
    ``min-height`` keeps a line for a text that is sometimes one line, sometimes two."""

    _drawn: Visual | None = None  # what render() hands Textual since the last change
    _drawn_lines: tuple[int, list[Strip]] | None = None  # its lines, and at which width

    def render(self) -> Any:
        return self._drawn if self._drawn is not None else super().render()

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        new = visualize(self, content, markup=False)
        regions = self._changed_regions(new)
        if regions is None:  # not drawn yet, or the height changes: as Textual does
            self._drawn = self._drawn_lines = None
            super().update(content, layout=layout)
            return
        self._drawn = new
        if regions:
            self.refresh(*regions)

    def _changed_regions(self, new: Visual) -> list[Region] | None:
        """The stretches of lines, in content coordinates, that ``new`` changes; None when it
        cannot be drawn in the space the widget has now."""
        width, height = self.content_size
        if not self.is_mounted or not width or not height:
            return None
        drawn = self._drawn_lines
        before = drawn[1] if drawn and drawn[0] == width else self._lines(self._render())
        after = self._lines(new)
        self._drawn_lines = (width, after)
        if len(after) != len(before) and max(len(after), self._floor()) != height:
            return None  # its height changes: Textual lays out (the floor of min-height aside)
        regions = []
        for y, (old, line) in enumerate(zip(self._filled(before), self._filled(after))):
            span = changed(old, line)
            if span is not None:
                regions.append(Region(span[0], y, span[1] - span[0], 1))
        return regions

    def _lines(self, visual: Visual) -> list[Strip]:
        """The lines of ``visual`` at the widget's width, as Textual renders them."""
        return Visual.to_strips(self, visual, self.content_size.width, None, self.visual_style,
                                pad=True)

    def _filled(self, lines: list[Strip]) -> list[Strip]:
        """``lines`` as the widget's height shows them: cut, or followed by blank lines
        (render_line's)."""
        width, height = self.content_size
        blank = Strip.blank(width, self.visual_style.rich_style)
        return lines[:height] + [blank] * (height - len(lines))

    def _floor(self) -> int:
        """The content height ``min-height`` (in cells) keeps, else 0."""
        minimum = self.styles.min_height
        if minimum is None or minimum.unit != Unit.CELLS:
            return 0
        return int(minimum.value) - self.styles.gutter.height

