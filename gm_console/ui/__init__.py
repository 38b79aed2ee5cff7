"""The Textual shell: the only part of gm-console that knows Textual.

Plugin screens import from here: :class:`StoreScreen` (a screen bound to the session store),
:class:`Value` (a label that repaints only when its text changes), :class:`SyncedTable`
(a table that updates only the cells that changed), :class:`TextField` (Textual's Input
without a layout of the screen at each key typed) and :class:`TextPrompt` (a one-line
question, dismissed with the text or None; :class:`TextView`, a page of text to read).
:func:`key_binding` names a screen's key (``key_binding("f", "pace('fast')", "Fast",
"travel.fast")``): its id lets the ``[keys]`` table of the settings remap it.
:func:`css_beside` reads a screen's styles from the ``.tcss`` file beside its module
(``DEFAULT_CSS = css_beside(__file__, "light_screen.tcss")``).
"""

from typing import TYPE_CHECKING, Any

from gm_console.ui.base import StoreScreen
from gm_console.ui.bindings import key_binding
from gm_console.ui.styles import css_beside
from gm_console.ui.widgets import SyncedTable, TextField, Value

if TYPE_CHECKING:
    from gm_console.ui.screens.prompt import TextPrompt, TextView


def __getattr__(name: str) -> Any:
    # The prompts when a screen first asks for one: the first screen has none to show.
    if name in ("TextPrompt", "TextView"):
        from gm_console.ui.screens import prompt
        return getattr(prompt, name)
    raise AttributeError(f"module 'gm_console.ui' has no attribute {name!r}")


__all__ = ["StoreScreen", "SyncedTable", "TextField", "TextPrompt", "TextView", "Value",
           "css_beside", "key_binding"]
