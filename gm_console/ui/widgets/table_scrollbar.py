"""A table's scrollbar that draws each of its lines once for what it shows."""

from __future__ import annotations

from typing import Any

from rich.color import Color
from textual.geometry import Region
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.strip import Strip


class KeptScrollBar(ScrollBar):
    """Textual's vertical scrollbar, each finished line kept by what it shows (the track
    above the thumb, the thumb, one of its partial ends, the track below). A moved thumb
    repaints the scrollbar: Textual makes the whole bar again through Rich and styles each of
    its lines, 190 calls a line (3,500 for the 18 lines of the journal's page key, more than
    the table's lines it scrolled); here the bar's parts are worked out as Textual's renderer
    works them out, and each line is looked up by its part."""

    # Each scrollbar's own from its first render on (no state is the empty one).
    _kept_for: tuple[Any, ...] = ()
    _kept: dict[Any, Strip] = {}

    def render_lines(self, crop: Region) -> list[Strip]:
        bar = self.render()
        if not self.vertical or type(bar) is not ScrollBarRender:
            return super().render_lines(crop)  # another renderer: drawn as Textual draws it
        width, height = self.size
        style = bar.style
        assert not isinstance(style, str)  # ScrollBar.render gives its renderer a Style
        # The parts as ScrollBarRender.__rich_console__ works them out: the widget's height
        # and width for size and thickness, and its colours, with the same defaults.
        parts = bar.render_bar(size=height, virtual_size=bar.virtual_size,
                               window_size=bar.window_size, position=bar.position,
                               thickness=width, vertical=True,
                               back_color=style.bgcolor or Color.parse("#555555"),
                               bar_color=style.color or Color.parse("bright_magenta")).segments
        # What else a finished line follows (its colours are in its part's style).
        state = (self.size, crop.x, crop.width, self.app.theme, tuple(self.get_line_filters()))
        if state != self._kept_for:
            self._kept_for, self._kept = state, {}
        kept = self._kept
        lines = []
        for y in range(crop.y, crop.bottom):
            part = parts[y] if y < len(parts) else None
            line = kept.get(part)
            if line is None:  # a part not drawn yet: Textual's own line for it
                line = kept[part] = super().render_lines(Region(crop.x, y, crop.width, 1))[0]
            lines.append(line)
        return lines

    def notify_style_update(self) -> None:
        self._kept_for = ()  # restyled: every part made again
        super().notify_style_update()
