"""One way to move between screens, the same from every screen: function keys, listed in a bar
under the header. Letters belong to the screen in front (travel's e, combat's c), so a screen
key can never shadow a way out, and a key typed in a field never jumps elsewhere.

The host's screens have fixed keys (F1 help, F2 home, F3 party, F4 journal, F9 settings, F12
players' requests); the plugins' screens take F5-F8 in the order they were registered, then
F10-F11; a plugin that
asks for a free function key in its ``ScreenSpec.key`` gets it. Beyond that a screen is
reached through the command palette (ctrl+p). Every key can be remapped by id (``[keys]``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from rich.text import Text
from textual.widgets import Static

if TYPE_CHECKING:
    from gm_console.host import Host

CORE_SCREENS = (("home", "f2", "Home"), ("party", "f3", "Party"), ("journal", "f4", "Journal"),
                ("settings", "f9", "Settings"), ("requests", "f12", "Requests"),
                ("help", "f1", "Help"))
PLUGIN_KEYS = ("f5", "f6", "f7", "f8", "f10", "f11")

GLOBAL_KEYS = frozenset({"d", "r", "n", "N", "plus", "q", "ctrl+z", "ctrl+p", "ctrl+q",
                         "ctrl+c"})
"""Keys the app keeps on every screen (dice, rolls, note, GM-only note, +10 min, quit, undo,
palette): a screen binding on one of them would hide the app's action there."""


@dataclass(frozen=True)
class NavEntry:
    screen_id: str
    key: str     # as Textual names it: "f5"
    label: str   # in the UI language


def nav_entries(host: Host, t: Callable[[str], str]) -> list[NavEntry]:
    """Every screen the console can show, in the bar's order, with its key after the user's
    remapping (``[keys]`` in the settings, by screen id)."""
    remapped = host.config.keys()
    core = {screen_id: (key, label) for screen_id, key, label in CORE_SCREENS}
    free = [key for key in PLUGIN_KEYS]
    plugin: list[tuple[str, str, str]] = []
    for spec in host.screens.values():
        wanted = spec.key.lower()
        key = wanted if wanted in free else (free[0] if free else "")
        if key:
            free.remove(key)
        plugin.append((spec.id, key, spec.title.split(":")[0]))
    plugin.sort(key=lambda entry: PLUGIN_KEYS.index(entry[1]) if entry[1] else len(PLUGIN_KEYS))
    ordered = [("home", *core["home"]), ("party", *core["party"]), ("journal", *core["journal"]),
               *plugin, ("settings", *core["settings"]), ("requests", *core["requests"]),
               ("help", *core["help"])]
    return [NavEntry(screen_id, remapped.get(screen_id, key), t(label))
            for screen_id, key, label in ordered if key or screen_id in remapped]


def key_label(key: str) -> str:
    """How a key is printed for the eye: F5, ^z, +."""
    if len(key) > 1 and key[0] == "f" and key[1:].isdigit():
        return key.upper()
    return {"plus": "+", "question_mark": "?", "escape": "esc", "space": "space",
            "exclamation_mark": "!", "full_stop": "."}.get(key, key.replace("ctrl+", "^"))


def bar_text(entries: list[NavEntry], current: str, width: int) -> Text:
    """The bar's line, fitted to ``width``. Each key is drawn in reverse, so it still stands
    apart from its neighbours when the spaces go; the screen in front is bold and underlined.
    What gives way when the line is too long: the spaces first, then the end of the longest
    labels (a key always shows in full)."""
    def build(limit: int, gap: str, space: str) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        for index, entry in enumerate(entries):
            if index:
                out.append(gap)
            label = entry.label
            if len(label) > limit:
                label = label[:max(limit - 1, 1)] + "."
            here = entry.screen_id == current
            out.append(key_label(entry.key), style="reverse bold")
            out.append(space + label, style="bold underline" if here else "")
        return out

    longest = max((len(e.label) for e in entries), default=0)
    for gap, space in (("  ", " "), (" ", " "), (" ", ""), ("", "")):
        text = build(longest, gap, space)
        if text.cell_len <= width:
            return text
    for limit in range(longest - 1, 2, -1):
        text = build(limit, "", "")
        if text.cell_len <= width:
            return text
    return build(3, "", "")


class ScreenBar(Static):
    """The line under the header: every screen with its key, the one in front highlighted."""

    DEFAULT_CSS = """
    ScreenBar { height: 1; background: $boost; }
    """

    def on_mount(self) -> None:
        self._draw()

    def on_resize(self, event: Any) -> None:
        self._draw()

    def _draw(self) -> None:
        app: Any = self.app
        width = max(self.size.width, 20)
        current = getattr(self.screen, "nav_id", "")
        self.update(bar_text(app.nav_entries, current, width))
