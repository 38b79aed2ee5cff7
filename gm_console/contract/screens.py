"""What a plugin's screen looks like to the host: a key, a palette title, and a factory.

The factory is called only when the screen is opened, so ``gm-console op`` and ``show`` never
import Textual. It receives the running app's store (``factory(store)``) and returns a Textual
``Screen``; plugin screens usually subclass :class:`gm_console.ui.StoreScreen`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class ScreenSpec:
    """A screen a plugin adds: its function key, its title and what builds it."""

    id: str            # unique, e.g. "travel.planner"; also the binding id for remapping
    key: str           # preferred function key, "f5".."f8" or "f10".."f12"; taken or absent: the
                       # next free one (gm_console.ui.navigation); remappable under [keys]
    title: str         # command palette: "Travel: planner"
    factory: Callable[[Any], Any]
    plugin: str = ""   # filled in by the host
