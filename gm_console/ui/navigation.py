"""One way to move between screens, the same from every screen: function keys, listed in a bar
under the header. Letters belong to the screen in front (travel's e, combat's c), so a screen
key can never shadow a way out, and a key typed in a field never jumps elsewhere.

Which screen has which key, and the precedence when two want one, is
:mod:`gm_console.host.screen_keys` (plain data: ``gm-console plugins`` reports the same).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from rich.text import Text
from textual.keys import format_key

from gm_console.host.screen_keys import NavEntry, plan

if TYPE_CHECKING:
    from gm_console.host.manager import Host

__all__ = ["NavEntry", "bar_text", "key_label", "nav_entries", "palette_only_entries"]


def nav_entries(host: Host, t: Callable[[str], str]) -> list[NavEntry]:
    """Every screen the console can show, in the bar's order, with its key
    (:mod:`gm_console.host.screen_keys` decides, and says why when a key was not given)."""
    return plan(host, t).entries


def palette_only_entries(host: Host, t: Callable[[str], str]) -> list[NavEntry]:
    """The screens no key was left for, which the command palette opens."""
    return plan(host, t).palette_only


def key_label(key: str) -> str:
    """How a key is printed for the eye, the same in the footer, F1 and the palette: F5, ^z,
    +, [, del, shift+tab. A key's name is Textual's (``left_square_bracket``); what it
    prints is its character, or Textual's short name (``delete``: del)."""
    *modifiers, name = key.split("+")
    if len(name) > 1 and name[0] == "f" and name[1:].isdigit():
        name = name.upper()
    else:
        name = format_key(name)
    if "ctrl" in modifiers:
        modifiers.remove("ctrl")
        name = f"^{name}"
    return "+".join([*modifiers, name])


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
