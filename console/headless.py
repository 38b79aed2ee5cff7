"""Opening a session without a screen: what ``op``, ``show`` and the TUI share."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gm_console import codec
from gm_console.host import Host
from gm_console.store import Store


def open_state(path: Path, host: Host, create: bool) -> tuple[dict[str, Any], bool]:
    """The session's state and whether it is new. A missing file is a new session when
    ``create``; a broken one raises :class:`codec.SessionFileError` and is left as it is (a
    link to nowhere too: it is not a missing file, and writing would not go where it points)."""
    if path.exists() or path.is_symlink():
        return codec.read(path, host), False
    if not create:
        raise codec.SessionFileError(path, [codec.Problem(None, "no such session file")])
    return codec.prepare(codec.new_session(path.stem), host, path.stem), True


def show(store: Store) -> dict[str, Any]:
    """The documented JSON of ``gm-console show``:
    ``{"session", "clock", "characters": [{"name", "derived": {...}}, ...], <plugin keys>}``."""
    session = store.session
    state = store.state
    out: dict[str, Any] = {
        "session": state.get("session", {}),
        "clock": state.get("clock", {}),
        "characters": [{"name": c.get("name"), "sheet": c, "derived": session.derived(c)}
                       for c in session.characters],
        "rolls_pending": state.get("rolls", {}).get("pending", []),
    }
    for values in store.host.call("session_derived", session=session):
        out.update(values or {})
    return out


def explain(derived: dict[str, Any]) -> list[str]:
    """A character's derived values as lines a game master reads, each value's ``steps`` (its
    "why") indented under it. ``gm-console show`` and the party screen's "why" use it."""
    lines = []
    for name, value in derived.items():
        lines.append(f"  {name}:")
        if not isinstance(value, dict):
            lines.append(f"    {value}")
            continue
        for key, item in value.items():
            if key == "steps":
                lines.extend(f"      · {step}" for step in item)
            elif isinstance(item, list) and any(isinstance(part, dict) for part in item):
                continue  # records for show --json (conditions.active); the steps say them
            else:
                lines.append(f"    {key}: {item}")
    return lines
