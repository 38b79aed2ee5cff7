"""The keys the app keeps on every screen, as the user's ``[keys]`` put them, and the check
that a plugin screen binds none of them (its binding would hide the app's action there, a
plugin's ``d`` replacing dice): plain data, no Textual, so the host checks a screen at load
(:meth:`gm_console.host.manager.Host.key_clash`) and the console when it is first made.
"""

from __future__ import annotations

from typing import Iterable

from gm_console.text.said import Said, joined, say

CORE_SCREENS = (("home", "f2", "Home"), ("party", "f3", "Party"), ("journal", "f4", "Journal"),
                ("settings", "f9", "Settings"), ("requests", "f12", "Requests"),
                ("help", "f1", "Help"))
"""The host's screens: id, function key, label (:func:`gm_console.host.screen_keys.plan`)."""

APP_KEYS: dict[str, tuple[str, Said]] = {
    "dice": ("d", say("dice")), "rolls": ("r", say("rolls")), "note": ("n", say("note")),
    "note.gm": ("N", say("GM-only note")), "clock.advance": ("plus", say("+10 min")),
    "clock.time": ("equals_sign", say("clock")), "undo": ("ctrl+z", say("undo")),
    "quit": ("q", say("quit"))}
"""The app's own actions on every screen: binding id → (default key, what it does). The app's
bindings take their keys from here; ``[keys]`` of the settings moves them by id."""
FIXED_KEYS = {"ctrl+p": say("the command palette"), "ctrl+q": say("quit"),
              "ctrl+c": say("quit"), **{f"f{n}": say("the screens' keys") for n in range(1, 13)}}
"""Keys the app keeps whatever ``[keys]`` says: Textual's, and the function keys the screens
are given (:func:`gm_console.host.screen_keys.plan`)."""

def _keys_of(spec: str) -> list[str]:
    """A binding's ``"delete,x"`` is two keys."""
    return [key.strip() for key in spec.split(",") if key.strip()]


def global_keys(remapped: dict[str, str], screen_ids: Iterable[str] = ()) -> dict[str, Said]:
    """The keys the app keeps on every screen as the user configured them (``remapped``: the
    ``[keys]`` table), each with what it does there: the app's actions where ``[keys]`` put
    them, :data:`FIXED_KEYS`, and the key ``[keys]`` gives any of ``screen_ids``."""
    out = dict(FIXED_KEYS)
    for binding_id, (key, what) in APP_KEYS.items():
        moved = binding_id in remapped
        for each in _keys_of(remapped.get(binding_id, key)):
            out[each] = say("{what}, [keys] {binding} = {key}", what=what, binding=binding_id,
                            key=repr(each)) if moved else what
    for screen_id in screen_ids:
        for each in _keys_of(remapped.get(screen_id, "")):
            out[each] = say("screen {screen}, [keys] {screen} = {key}", screen=screen_id,
                            key=repr(each))
    return out


def own_keys(screen: type, remapped: dict[str, str]) -> list[str]:
    """The keys a screen class binds itself (its plugin's classes, not the console's or
    Textual's bases), each where ``[keys]`` puts it by the binding's id."""
    found: list[str] = []
    for klass in screen.__mro__:
        if klass.__module__.startswith(("textual.", "gm_console.ui.")):
            continue
        for binding in klass.__dict__.get("BINDINGS", []):
            key, binding_id = ((binding.key, binding.id) if hasattr(binding, "key")
                               else (str(binding[0]), None))
            found += _keys_of(remapped.get(binding_id, key) if binding_id else key)
    return found


def kept_remaps(remapped: dict[str, str],
                screens: dict[str, type]) -> tuple[dict[str, str], list[Said]]:
    """``[keys]`` (``remapped``) without the moves of the app's own actions onto a key one of
    ``screens`` (screen id → class) binds, and why each was left out: that clash is the
    user's, not the plugin's (dice moved to ``c``, the combat screen's condition key), so the
    action keeps its own key and every screen stays."""
    kept: dict[str, str] = dict(remapped)
    why: list[Said] = []
    for binding_id, spec in remapped.items():
        if binding_id not in APP_KEYS:
            continue
        for key in _keys_of(spec):
            users = [screen_id for screen_id, screen in screens.items()
                     if key in own_keys(screen, remapped)]
            if users and binding_id in kept:
                del kept[binding_id]
                why.append(say("[keys] {binding} = {spec} is not used: {key} is a key of the "
                               "screen {screens}; {binding} stays on {default}",
                               binding=binding_id, spec=repr(spec), key=key,
                               screens=", ".join(users), default=APP_KEYS[binding_id][0]))
    return kept, why


def screen_clash(screen: type, screen_id: str, remapped: dict[str, str],
                 screen_ids: Iterable[str]) -> str:
    """Why the screen class ``screen`` (of the screen ``screen_id``) cannot be shown, or ""
    when it can: one of its own keys is the app's on every screen, as the user's ``[keys]``
    (``remapped``) set them, with the keys they give any of ``screen_ids``, and would hide the
    app's action there (``"screen map.sketch (Sketch) binds d (dice), the console's own key on
    every screen..."``)."""
    taken = global_keys(remapped, [core for core, _, _ in CORE_SCREENS] + list(screen_ids))
    clashes = [say("{key} ({what})", key=key, what=taken[key])
               for key in own_keys(screen, remapped) if key in taken]
    if not clashes:
        return ""
    return say("screen {screen} ({name}) binds {keys}, the console's own key on every screen: "
               "give the screen another key", screen=screen_id, name=screen.__name__,
               keys=joined(", ", clashes))
