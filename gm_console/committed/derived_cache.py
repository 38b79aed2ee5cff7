"""Derived values kept between repaints: a screen asks for every character's speed and derived
values after every change, and on a big party computing them all again would cost more than
the change.

Committed states are never changed in place and an operation hands back, as the same object,
every table and character it did not change (gm_console.committed.cow). So a value computed for a
character object stays right for as long as the tables it was computed from are the same
objects. While computing, the session's state is read through :class:`_Reading`, which notes
each top-level table and each plugin table read; the value is kept with those objects and
given again while every one of them is still in the state. A clock advance recomputes only
what reads the clock; an item added to one character recomputes that character.
"""

from __future__ import annotations

import threading
from typing import Any, Callable, Iterator

from gm_console.committed.cow import copy_plain

_ABSENT: Any = object()
Reads = dict[tuple[str, ...], Any]  # where in the state -> the object read there


class DerivedCache:
    """Values by (kind, character object), each with what it was computed from."""

    def clear(self) -> None:
        """Forget everything (a plugin was switched off: its contributions are gone)."""
        with self._lock:
            self._entries.clear()

    def __init__(self, limit: int = 2000) -> None:
        self._entries: dict[tuple[str, int], tuple[Any, Reads, Any]] = {}
        self._limit = limit
        self._lock = threading.Lock()

    def get(self, kind: str, character: dict[str, Any], state: dict[str, Any],
            compute: Callable[[dict[str, Any]], Any], shared: bool = False) -> Any:
        """``compute(reading_state)``'s value for ``character``, from the cache when nothing
        it read has changed in ``state``. Callers get their own copy (they may change it),
        or with ``shared`` the kept value itself: for a caller that only reads it, and that
        can tell by its identity that it is the one it had before (nothing it read changed)."""
        own = (lambda value: value) if shared else copy_plain
        # Asked while computing another value (derived values read the speed): kept the same
        # way, and what it was computed from counts for the other value too.
        outer = state if isinstance(state, _Reading) else None
        if outer is not None:
            state = outer.base
        key = (kind, id(character))
        with self._lock:
            hit = self._entries.get(key)
        if hit is not None and hit[0] is character and _still(hit[1], state):
            if outer is not None:
                outer.depends_on(hit[1])
            return own(hit[2])
        reads: Reads = {}
        value = compute(_Reading(state, (), reads))
        if outer is not None:
            outer.depends_on(reads)
        with self._lock:
            if len(self._entries) >= self._limit:
                self._entries.clear()  # characters long gone; cheaper than tracking them
            self._entries[key] = (character, reads, value)
        return own(value)


def _still(reads: Reads, state: dict[str, Any]) -> bool:
    for path, seen in reads.items():
        table: Any = state
        for key in path[:-1]:
            table = table.get(key, {}) if isinstance(table, dict) else {}
        if path[-1] == "*keys*":
            now: Any = frozenset(table) if isinstance(table, dict) else _ABSENT
            if now != seen:
                return False
        elif (table.get(path[-1], _ABSENT) if isinstance(table, dict) else _ABSENT) is not seen:
            return False
    return True


class _Reading(dict):
    """A read-only view of the state (and of its ``plugins`` table) that notes which of its
    tables are read. A computation that writes to it writes to the view only."""

    def __init__(self, base: dict[str, Any], path: tuple[str, ...],
                 reads: Reads) -> None:
        super().__init__(base)
        self.base = base
        self._path = path
        self._reads = reads

    def depends_on(self, reads: Reads) -> None:
        """What a value computed inside this reading's computation read (at the first read)."""
        for path, seen in reads.items():
            self._reads.setdefault(path, seen)

    def _read(self, key: Any) -> Any:
        value = dict.get(self, key, _ABSENT)
        if not self._path and key == "plugins" and type(value) in (dict, _Reading):
            # Any plugin's change makes a new plugins table: note the plugin tables read.
            if type(value) is dict:
                value = _Reading(value, ("plugins",), self._reads)
                dict.__setitem__(self, key, value)
            return value
        self._reads.setdefault((*self._path, key), value)
        return value

    def __getitem__(self, key: Any) -> Any:
        value = self._read(key)
        if value is _ABSENT:
            raise KeyError(key)
        return value

    def get(self, key: Any, default: Any = None) -> Any:
        value = self._read(key)
        return default if value is _ABSENT else value

    def setdefault(self, key: Any, default: Any = None) -> Any:
        value = self._read(key)
        if value is _ABSENT:
            dict.__setitem__(self, key, default)
            return default
        return value

    def _keys(self) -> list[Any]:
        self._reads.setdefault((*self._path, "*keys*"), frozenset(dict.__iter__(self)))
        return list(dict.__iter__(self))

    def __iter__(self) -> Iterator[Any]:
        return iter(self._keys())

    def __contains__(self, key: Any) -> bool:
        self._read(key)
        return dict.__contains__(self, key)

    def __len__(self) -> int:
        return len(self._keys())

    def keys(self) -> Any:
        return self._keys()

    def values(self) -> Any:
        return [self[key] for key in self._keys()]

    def items(self) -> Any:
        return [(key, self[key]) for key in self._keys()]
