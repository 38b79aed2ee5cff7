"""The screens' compositor: a repaint renders only the widgets, and the lines of each, that a
changed region covers."""

from __future__ import annotations

from typing import Iterable

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip


class ChangedOnly(Compositor):
    """Textual's compositor renders, for a repaint of some regions, every widget that
    overlaps the rectangle around all of them, each from its top to its bottom: the clock in
    the header and a line of the home screen's status make that rectangle the whole screen,
    and the key rendered 15 widgets (their lines from the cache, mostly) to write two. Here a
    widget is rendered only if a changed region overlaps it, and only its lines from the
    first to the last such region's: what reaches the terminal is the same, since Textual
    writes only the changed regions' cells, each from the front-most widget that covers it,
    and a widget that covers a changed cell overlaps that cell's region. Lines of a widget
    left out stay marked for its next render (Textual's cache of a widget's lines)."""

    _changed: list[Region] | None = None

    def render_partial_update(self) -> ChopsUpdate | None:
        self._changed = list(self._dirty_regions)
        try:
            return super().render_partial_update()
        finally:
            self._changed = None

    def _get_renders(self, crop: Region | None = None
                     ) -> Iterable[tuple[Region, Region, list[Strip]]]:
        changed = self._changed
        if changed is None or crop is None:
            yield from super()._get_renders(crop)
            return
        for widget, (region, clip) in self.visible_widgets.items():
            shown = region.intersection(clip)
            if not shown:
                continue
            touching = [part for part in changed if shown.overlaps(part)]
            if not touching:
                continue
            top = max(shown.y, min(part.y for part in touching))
            bottom = min(shown.bottom, max(part.bottom for part in touching))
            drawn = Region(shown.x, top, shown.width, bottom - top)
            yield region, drawn, widget.render_lines(
                Region(drawn.x - region.x, drawn.y - region.y, drawn.width, drawn.height))
