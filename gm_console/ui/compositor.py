"""The screens' compositor: a repaint renders only the widgets, and the lines of each, that a
changed region covers; of two widgets laid out in one place, it paints the one in use."""

from __future__ import annotations

from typing import Iterable

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


class ChangedOnly(Compositor):
    """Textual's compositor renders, for a repaint of some regions, every widget that
    overlaps the rectangle around all of them, each from its top to its bottom: the clock in
    the header and a line of the home screen's status make that rectangle the whole screen,
    and the key rendered 15 widgets (their lines from the cache, mostly) to write two. Here a
    widget is rendered only if a changed region overlaps it, and only its lines from the
    first to the last such region's: what reaches the terminal is the same, since Textual
    writes only the changed regions' cells, each from the front-most widget that covers it,
    and a widget that covers a changed cell overlaps that cell's region. Lines of a widget
    left out stay marked for its next render (Textual's cache of a widget's lines).

    Two widgets laid out in the same place (the footer and the question line, both docked on
    the bottom line) are switched by :meth:`paint_instead`: the one put aside, with what it
    holds, is neither painted nor found under the mouse, though laid out as before. Shown and
    hidden by ``display``, each switch laid the whole screen out again."""

    _changed: list[Region] | None = None

    def __init__(self) -> None:
        super().__init__()
        self._aside: frozenset[Widget] = frozenset()

    def paint_instead(self, shown: Widget, aside: Widget) -> None:
        """Paint ``shown`` where ``aside`` was painted; ``aside`` and what it holds are then
        painted nowhere, their repaints dropped, until they are shown again."""
        self._aside = frozenset({aside, *aside.walk_children(Widget)})
        # Textual's views of the map that leave widgets out (visible_widgets), made again
        self._visible_widgets = None
        self._layers_visible = None
        self._cuts = None
        place = self.visible_widgets.get(shown)
        if place is None:
            return  # not laid out yet: its first layout paints it
        region, clip = place
        # Its place painted again from its lines as they are (Textual's cache of a widget's
        # lines), not rendered again (refresh): what it shows has not changed while it was
        # aside, or it was told and is marked for its next render. The screen hears of it as
        # of a refresh, from the widget's own turn: with the widgets an answer changed, in
        # one frame (told at once, the screen drew the line alone, and the rest a frame later).
        self._dirty_regions.add(region.intersection(clip))
        shown._repaint_required = True
        shown.check_idle()

    @property
    def visible_widgets(self) -> dict[Widget, tuple[Region, Region]]:
        # Textual's own, kept until the map changes (_visible_widgets), less what is aside
        if self._visible_widgets is None and self._aside:
            self._visible_widgets = {widget: place for widget, place
                                     in super().visible_widgets.items()
                                     if widget not in self._aside}
        return super().visible_widgets

    def update_widgets(self, widgets: set[Widget]) -> None:
        # A widget put aside is not among the visible ones: Textual would take its repaint
        # for a widget new to the screen, and arrange the whole screen again to find it.
        super().update_widgets(widgets - self._aside if self._aside else widgets)

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
        # Front to back (Textual's order): a changed cell takes the first widget's that covers
        # it, so a widget behind is rendered only for the changed cells no widget in front of
        # it covers (the clock's line rendered the header and the screen behind it too).
        left = changed
        for widget, (region, clip) in self.visible_widgets.items():
            if not left:
                return
            shown = region.intersection(clip)
            if not shown:
                continue
            touching = [part for part in left if shown.overlaps(part)]
            if not touching:
                continue
            top = max(shown.y, min(part.y for part in touching))
            bottom = min(shown.bottom, max(part.bottom for part in touching))
            drawn = Region(shown.x, top, shown.width, bottom - top)
            yield region, drawn, widget.render_lines(
                Region(drawn.x - region.x, drawn.y - region.y, drawn.width, drawn.height))
            left = [rest for part in left for rest in _outside(part, shown)]


def _outside(part: Region, cover: Region) -> list[Region]:
    """What of ``part`` lies outside ``cover``: up to four regions (above, below, left and
    right of their overlap)."""
    inside = part.intersection(cover)
    if not inside:
        return [part]
    pieces = [Region(part.x, part.y, part.width, inside.y - part.y),
              Region(part.x, inside.bottom, part.width, part.bottom - inside.bottom),
              Region(part.x, inside.y, inside.x - part.x, inside.height),
              Region(inside.right, inside.y, part.right - inside.right, inside.height)]
    return [piece for piece in pieces if piece]
