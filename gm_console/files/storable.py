"""What a session file can hold: tables with text keys, arrays, text, numbers, true/false and
dates, nested no deeper than gm_console.files.nesting's limit. Checked on what an operation changed
(store) and on a plugin's table defaults (host), which every session then holds: better a
refusal now than a save that fails later, or a file the next start refuses."""

from __future__ import annotations

from datetime import date, datetime, time
from typing import Any

from gm_console.files.nesting import MAX_DEPTH
from gm_console.text.said import Said, say

_STORABLE = (str, int, float, bool, datetime, date, time)  # all a TOML file holds
_PLAIN = frozenset((str, int, float, bool))  # most of a session: known without isinstance
NOTHING: Any = object()
"""No committed value at that place (see :func:`storable`)."""


def storable(value: Any, level: int, committed: Any = NOTHING) -> bool:
    """Whether a TOML file can hold ``value``, ``level`` below the session's root (a top-level
    table is 1), without the path of each value it passes (a fight's table of 30 combatants,
    at every action). A part that is ``committed``'s own object at the same place is passed
    by: an operation's commit gives back what it left equal (cow.shared_where_equal), the
    other 29 combatants."""
    if value is committed:
        return True
    if isinstance(value, (dict, list, tuple)) and level >= MAX_DEPTH:
        return False
    if isinstance(value, dict):
        table: dict[Any, Any] = committed if type(committed) is dict else {}
        return all(isinstance(key, str) and (type(item) in _PLAIN or storable(
            item, level + 1, table.get(key, NOTHING))) for key, item in value.items())
    if isinstance(value, (list, tuple)):
        items: list[Any] = committed if type(committed) is list else []
        return all(type(item) in _PLAIN or storable(
            item, level + 1, items[index] if index < len(items) else NOTHING)
            for index, item in enumerate(value))
    return isinstance(value, _STORABLE)


def unsavable(value: Any, path: str, level: int) -> Said:
    """What a TOML file cannot hold in ``value`` (one :func:`storable` refused), and where:
    ``path`` is where ``value`` is, ``level`` how far below the session's root."""
    if isinstance(value, (dict, list, tuple)) and level >= MAX_DEPTH:
        return say("cannot save: {path} nests tables or arrays more than {limit} deep, more "
                   "than a session file may hold", path=path, limit=MAX_DEPTH)
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return say("cannot save: key {key} at {path} is not text", key=repr(key),
                           path=path)
            if not storable(item, level + 1):
                return unsavable(item, f"{path}.{key}" if path else key, level + 1)
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            if not storable(item, level + 1):
                return unsavable(item, f"{path}[{index}]", level + 1)
    return say("cannot save: {path} holds {value}, which a TOML file cannot hold", path=path,
               value=repr(value))
