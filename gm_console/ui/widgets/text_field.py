"""The console's text field."""

from __future__ import annotations

from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Input


class TextField(Input):
    """The console's text field. Textual's Input keeps its virtual size at the length of its
    text, and a virtual size change lays the whole screen out again: every key typed in a
    field of the character editor would reflow all of its widgets.
    A field's text moves nothing but the field's own horizontal scroll, so a repaint of the
    field is enough; a field as wide as its text (width auto) still asks for the layout, in
    Input itself."""

    virtual_size = Reactive(Size(0, 0), repaint=True)
