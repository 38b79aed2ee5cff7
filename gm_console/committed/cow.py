"""Copy-on-write: what one operation sees of the committed state.

A deep copy of the whole session for each operation would, on a big campaign, cost more (with
the checks and comparisons after it) than the rules. :class:`Draft` hands the operation the
committed tables themselves and copies each one the first time the operation reaches it: a
top-level table (``clock``, ``rolls``...), one plugin's table under ``plugins``, one character
of ``characters``. The journal is append-only, so it is copied as a list of the same lines.
:meth:`Draft.commit` then gives back the new state, where every table the operation did not
reach, or reached and left equal, is the committed object itself: the saver reuses its text,
views and caches see it did not change, and the committed state is never written to.
"""

from __future__ import annotations

import copy
from datetime import date, datetime, time
from fractions import Fraction
from typing import Any, Callable, Iterable, Iterator, SupportsIndex

from gm_console.text.said import Said

_ATOM_KINDS = frozenset((str, Said, int, float, bool, type(None), datetime, date, time,
                         Fraction))  # immutable: taken as they are


def copy_plain(value: Any) -> Any:
    """A deep copy of plain data (what a TOML file holds), without :func:`copy.deepcopy`'s memo
    and dispatch for each value; anything else goes through deepcopy."""
    kind = type(value)
    # A shallow copy in C, then only what is not an atom copied again in place (replacing a
    # key's value is no change of size): most of what is copied is text and numbers, and
    # this is quicker than building the copy key by key.
    if kind is dict:
        out = value.copy()
        for key, item in out.items():
            if type(item) not in _ATOM_KINDS:
                out[key] = copy_plain(item)
        return out
    if kind is list:
        out = value.copy()
        for index, item in enumerate(out):
            if type(item) not in _ATOM_KINDS:
                out[index] = copy_plain(item)
        return out
    if kind in _ATOM_KINDS:
        return value
    if isinstance(value, tuple):
        # Immutable all the way down (a rule's NamedTuple of numbers, its tuple of names):
        # nothing to copy (deepcopy would walk each one all the same).
        if _immutable(value):
            return value
        if kind is tuple:
            return tuple(copy_plain(item) for item in value)
    fields = getattr(kind, "__dataclass_fields__", None)
    if fields is not None and not isinstance(value, type):
        # A rule's record (a Speed, an Encumbrance: plain data in fields), kept between
        # repaints and copied for each caller: field by field, far cheaper than deepcopy.
        clone = copy.copy(value)
        for name in fields:
            object.__setattr__(clone, name, copy_plain(getattr(value, name)))
        return clone
    return copy.deepcopy(value)


def _immutable(value: tuple[Any, ...]) -> bool:
    return all(type(item) in _ATOM_KINDS or (isinstance(item, tuple) and _immutable(item))
               for item in value)


def peek(values: list[Any]) -> Iterator[Any]:
    """The elements of a list, a :class:`CowList` included, without copying them: for finding
    one (a character by name) that is then taken with ``values[index]``. Read-only."""
    return list.__iter__(values)


class CowDict(dict):
    """A dict whose values are copied (by ``copier(key, value)``) the first time they are
    reached; assigned and deleted keys count as reached."""

    def __init__(self, base: dict[str, Any], copier: Callable[[str, Any], Any]) -> None:
        super().__init__(base)
        self._base = base
        self._copier = copier
        self._taken: set[str] = set()

    def _take(self, key: Any) -> None:
        if key not in self._taken and dict.__contains__(self, key):
            self._taken.add(key)
            dict.__setitem__(self, key, self._copier(key, dict.__getitem__(self, key)))

    def __getitem__(self, key: Any) -> Any:
        self._take(key)
        return dict.__getitem__(self, key)

    def get(self, key: Any, default: Any = None) -> Any:
        self._take(key)
        return dict.get(self, key, default)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        self._take(key)
        self._taken.add(key)
        return dict.setdefault(self, key, default)

    def pop(self, key: Any, *default: Any) -> Any:
        self._take(key)
        self._taken.add(key)
        return dict.pop(self, key, *default)

    def popitem(self) -> tuple[Any, Any]:
        key = next(reversed(self))
        return key, self.pop(key)

    def __setitem__(self, key: Any, value: Any) -> None:
        self._taken.add(key)
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: Any) -> None:
        self._taken.add(key)
        dict.__delitem__(self, key)

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def clear(self) -> None:
        self._taken.update(self)
        dict.clear(self)

    def __iter__(self) -> Iterator[Any]:
        # Overridden so that dict(draft) and {**draft} go through __getitem__ (CPython copies
        # a dict subclass's storage directly only when it keeps dict's own __iter__).
        return dict.__iter__(self)

    def values(self) -> Any:
        return [self[key] for key in list(dict.__iter__(self))]

    def items(self) -> Any:
        return [(key, self[key]) for key in list(dict.__iter__(self))]

    def copy(self) -> dict[str, Any]:
        return dict(self.items())

    def __copy__(self) -> dict[str, Any]:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return copy.deepcopy(self.copy(), memo)

    def __reduce__(self) -> Any:
        return (dict, (self.copy(),))

    def unchanged(self) -> bool:
        """Whether every value reached is still equal to the base's and none was added or
        removed: what the operation sees is then the base itself."""
        if dict.__len__(self) != len(self._base):
            return False
        for key in self._taken:
            if key not in self._base or not dict.__contains__(self, key):
                return False
            value = dict.__getitem__(self, key)
            if isinstance(value, (CowDict, CowList)):
                if not value.unchanged():
                    return False
            elif not _same(value, self._base[key]):
                return False
        return True

    def commit(self) -> tuple[dict[str, Any], set[str]]:
        """The plain dict the operation leaves, and the keys whose value changed. A value
        reached but left equal is the base's own object again."""
        out: dict[str, Any] = {}
        changed = {key for key in self._base if not dict.__contains__(self, key)}
        for key in dict.__iter__(self):
            value = dict.__getitem__(self, key)
            if key in self._taken:
                if isinstance(value, (CowDict, CowList)):
                    value = value.commit()[0]
                if key in self._base and _same(value, self._base[key]):
                    value = self._base[key]
                else:
                    changed.add(key)
            out[key] = value
        return out, changed


class CowList(list):
    """A list of tables (the characters) whose elements are copied the first time they are
    reached, one by one: an operation on one character copies that character only."""

    def __init__(self, base: list[Any]) -> None:
        super().__init__(base)
        self._base = base
        # (By map, here and below: an operation on one character of fifty reaches the list,
        # and a call for each element was most of what it cost.)
        self._shared = set(map(id, base))
        self._origin: dict[int, Any] = {}

    def _own(self, index: int) -> Any:
        item = list.__getitem__(self, index)
        if id(item) in self._shared:
            mine = copy_plain(item)
            self._origin[id(mine)] = item
            list.__setitem__(self, index, mine)
            return mine
        return item

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self._own(i) for i in range(len(self))[index]]
        return self._own(index if index >= 0 else len(self) + index)

    def __iter__(self) -> Iterator[Any]:
        index = 0
        while index < len(self):  # like a list's iterator: sees removals made while iterating
            yield self._own(index)
            index += 1

    def __reversed__(self) -> Iterator[Any]:
        for index in range(len(self) - 1, -1, -1):
            if index < len(self):
                yield self._own(index)

    def pop(self, index: SupportsIndex = -1) -> Any:
        item = self[index]
        list.pop(self, index)
        return item

    def copy(self) -> list[Any]:
        return list(self)

    def __copy__(self) -> list[Any]:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        return copy.deepcopy(self.copy(), memo)

    def __reduce__(self) -> Any:
        return (list, (self.copy(),))

    def __add__(self, other: Iterable[Any]) -> list[Any]:
        return self.copy() + list(other)

    def __radd__(self, other: Iterable[Any]) -> list[Any]:
        return list(other) + self.copy()

    def __mul__(self, times: Any) -> list[Any]:
        return self.copy() * times

    def unchanged(self) -> bool:
        """Whether the list still holds the base's elements, or copies of them still equal."""
        if list.__len__(self) != len(self._base):
            return False
        origin = self._origin
        for item, base in zip(list.__iter__(self), self._base):
            if item is not base and not (id(item) in origin and origin[id(item)] is base
                                         and _same(item, base)):
                return False
        return True

    def origin(self, item: Any) -> Any:
        """The base's element that ``item`` is or was copied from (None: neither)."""
        return item if id(item) in self._shared else self._origin.get(id(item))

    def commit(self) -> tuple[list[Any], set[int]]:
        """The plain list, with every element reached but left equal given back as the
        base's own object (and, in one that changed, every part left equal: its other
        items), and the positions whose element is new."""
        out = list(list.__iter__(self))
        origin = self._origin
        for index in [index for index, ident in enumerate(map(id, out)) if ident in origin]:
            out[index] = shared_where_equal(out[index], origin[id(out[index])])
        base = self._base
        known = len(base)
        changed = {index for index, item in enumerate(out)
                   if index >= known or item is not base[index]}
        return out, changed


def _same(value: Any, base: Any) -> bool:
    return value is base or (type(value) is type(base) and value == base)


def shared_where_equal(new: Any, old: Any) -> Any:
    """``new`` with every part equal to ``old``'s part at the same place (same type, ``==``)
    given back as ``old``'s own object; containers on the way to a change are new ones
    (``new`` itself is never changed). A fight's table after one combatant's action keeps the
    other combatants as committed: what checks, draws or saves a state by object (the
    storable check, a screen's rows) passes them by."""
    if new is old or type(new) is not type(old):
        return new
    if new == old:
        return old
    if type(new) is dict:
        return {key: shared_where_equal(value, old[key]) if key in old else value
                for key, value in new.items()}
    if type(new) is list:
        known = len(old)  # (once, not for each of a fight's combatants)
        return [shared_where_equal(value, old[index]) if index < known else value
                for index, value in enumerate(new)]
    return new


class Draft(CowDict):
    """The state an operation works on (see the module's docstring)."""

    def __init__(self, base: dict[str, Any]) -> None:
        super().__init__(base, _copy_top)
        self._changed = False  # seen changed once: not compared again (rarely changed back)

    @property
    def base(self) -> dict[str, Any]:
        """The committed state the operation started from."""
        return self._base

    def committed(self, character: dict[str, Any]) -> dict[str, Any] | None:
        """``character`` as the committed state holds it, while the operation has changed
        nothing (it is then the committed one, or a copy still equal to it); else None."""
        self._changed = self._changed or not self.unchanged()
        if self._changed:
            return None
        characters = dict.get(self, "characters")
        if isinstance(characters, CowList):
            origin = characters.origin(character)
        else:  # not reached: the committed list itself
            origin = next((c for c in characters or [] if c is character), None)
        return origin if origin is not None and _same(character, origin) else None

    def commit(self) -> tuple[dict[str, Any], set[str]]:
        """The new state and the top-level keys whose value changed; :attr:`changed_parts`
        then tells which plugins' tables (by name) and which characters (by position) are
        new, so that only they are checked."""
        self.changed_parts: dict[str, set[Any]] = {}
        for key in ("plugins", "characters"):
            value = dict.get(self, key)
            if isinstance(value, (CowDict, CowList)):
                plain, parts = value.commit()
                if key == "plugins":  # a table changed in one place keeps the rest
                    committed = self._base.get("plugins", {})
                    for name in parts & committed.keys():
                        plain[name] = shared_where_equal(plain[name], committed[name])
                dict.__setitem__(self, key, plain)
                self.changed_parts[key] = parts
        return super().commit()


def _copy_top(key: str, value: Any) -> Any:
    if key == "journal" and type(value) is list:
        return list(value)  # append-only: the lines themselves are never changed
    if key == "characters" and type(value) is list:
        return CowList(value)
    if key == "plugins" and type(value) is dict:
        return CowDict(value, lambda _name, table: copy_plain(table))
    return copy_plain(value)
