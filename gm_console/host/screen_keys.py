"""Which key opens which screen: plain data, no Textual, so ``gm-console plugins`` can say it
and the console's bar and help show the same.

Precedence, fixed and documented (docs/guide.md, "Where a plugin's screen goes"): the host's
screens keep their keys (F1 help, F2 home, F3 party, F4 journal, F9 settings, F12 players'
requests); the plugins' screens follow in the order they were registered (the core, then
installed plugins by name, then loose files), each taking the function key its
``ScreenSpec.key`` asks for when that is free, else the next free one of F5-F8, F10-F11. A key
remapped by id in ``[keys]`` wins over both; two screens remapped or asking for one key: the
first in that order keeps it, the other takes a free key (or none: the command palette still
reaches it), and the collision is reported, never silent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, NamedTuple

from gm_console.host.global_keys import CORE_SCREENS

if TYPE_CHECKING:
    from gm_console.host.manager import Host

PLUGIN_KEYS = ("f5", "f6", "f7", "f8", "f10", "f11")


class NavEntry(NamedTuple):
    screen_id: str
    key: str     # as Textual names it: "f5"; "" when the screen has none (palette only)
    label: str   # in the UI language


class KeyPlan(NamedTuple):
    entries: list[NavEntry]  # in the bar's order
    notes: list[tuple[str, str]]  # (plugin, each collision and what was done about it)
    palette_only: list[NavEntry] = []  # screens no key was left for: the palette opens them


def plan(host: Host, t: Callable[[str], str] = str) -> KeyPlan:
    """Every screen the console can show, with its key, in the bar's order."""
    remapped = host.config.keys()
    notes: list[tuple[str, str]] = []
    core = [(screen_id, remapped.get(screen_id, key), label)
            for screen_id, key, label in CORE_SCREENS]
    taken: dict[str, str] = {}
    for screen_id, key, _ in core:
        if key in taken:
            notes.append(("core", f"{screen_id}: key {key} is {taken[key]}'s already ([keys])"))
        else:
            taken[key] = screen_id
    plugin: list[tuple[str, str, str]] = []
    rank = {name: index for index, name in enumerate(host.plugins)}  # registration order
    for spec in sorted(host.screens.values(), key=lambda spec: rank.get(spec.plugin, 0)):
        wanted = remapped.get(spec.id, spec.key).lower()
        key = wanted if wanted not in taken and (spec.id in remapped or wanted in PLUGIN_KEYS) \
            else next((k for k in PLUGIN_KEYS if k not in taken), "")
        if key != wanted:
            why = (f"{taken[wanted]}'s already" if wanted in taken
                   else "not one of the free function keys")
            given = f"it has {key}" if key else "no key is left: the command palette opens it"
            notes.append((spec.plugin, f"screen {spec.id} asked for {wanted}, {why}; {given}"))
        if key:
            taken[key] = spec.id
        plugin.append((spec.id, key, spec.title.split(":")[0]))
    order = {key: index for index, key in enumerate(PLUGIN_KEYS)}
    plugin.sort(key=lambda entry: order.get(entry[1], len(order)))
    first = {screen_id: (key, label) for screen_id, key, label in core}
    ordered = [("home", *first["home"]), ("party", *first["party"]),
               ("journal", *first["journal"]), *plugin, ("settings", *first["settings"]),
               ("requests", *first["requests"]), ("help", *first["help"])]
    entries = [NavEntry(screen_id, key if taken.get(key) == screen_id else "", t(label))
               for screen_id, key, label in ordered]
    return KeyPlan([e for e in entries if e.key], notes, [e for e in entries if not e.key])
