"""Widgets that redraw only what changed: over SSH a full repaint costs far more than the few
cells of a changed number. One module per widget, its styles in a ``.tcss`` file beside it:

- :class:`Value` (``value``): a label that repaints only the lines of its text that changed;
- :class:`TextField` (``text_field``): Textual's Input without a layout of the screen at each
  key typed;
- :class:`SyncedTable` (``synced_table``): a table that updates only the cells that changed;
  its scrollbar, :class:`KeptScrollBar` (``table_scrollbar``), draws each of its parts once;
- :class:`SessionHeader` (``session_header``): the top line, session name and clock;
- :class:`ScreenBar` (``screen_bar``): every screen with its key, under the header;
- :class:`Footer` (``footer``): the screen's keys on its bottom line;
- :class:`QuestionLine` (``question_line``): a one-line question over the footer.

``visible_text`` makes control characters visible wherever Textual and Rich draw text; it is
imported first, so no widget draws before it.
"""

from gm_console.ui.widgets import visible_text  # noqa: F401  (first: see above)
from gm_console.ui.widgets.footer import Footer
from gm_console.ui.widgets.question_line import QuestionLine
from gm_console.ui.widgets.screen_bar import ScreenBar
from gm_console.ui.widgets.session_header import SessionHeader
from gm_console.ui.widgets.synced_table import SyncedTable
from gm_console.ui.widgets.text_field import TextField
from gm_console.ui.widgets.value import Value, yes_no

__all__ = ["Footer", "QuestionLine", "ScreenBar", "SessionHeader", "SyncedTable", "TextField",
           "Value", "yes_no"]
