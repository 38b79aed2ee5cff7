"""The journal of a committed state, which the next state's journal extends without a copy.

States are never changed once committed, and every operation adds lines to the journal: a
new list each time would copy a long campaign's fifty thousand lines (and touch each line's
reference count: a millisecond, per operation, growing with the campaign). A :class:`Journal`
is the first ``len`` lines of a list it shares with the journals after it: the newest
state's journal grows by appending to the shared list, which the older states' journals do
not see past their own length; an older state's journal (after an undo) is copied once when
it grows. It reads as a list does (indexing, slices, iteration, equality with a list); what
writes it out (JSON, TOML) takes :meth:`Journal.as_list`, or :func:`plain`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Any, overload

Line = dict[str, Any]


class Journal(Sequence[Line]):
    __slots__ = ("_lines", "_length")

    def __init__(self, lines: list[Line], length: int | None = None) -> None:
        self._lines = lines  # shared with the journals after this one: only appended to
        self._length = len(lines) if length is None else length

    @classmethod
    def of(cls, lines: Sequence[Line]) -> Journal:
        """``lines`` as a journal: a list is copied once, since its owner may change it."""
        return lines if isinstance(lines, Journal) else cls(list(lines))

    def plus(self, new: Sequence[Line]) -> Journal:
        """This journal and ``new`` after it (the store's lock makes one state's growth at a
        time): the shared list is extended when this is its newest journal."""
        if not new:
            return self
        if len(self._lines) == self._length:
            self._lines.extend(new)
            return Journal(self._lines, self._length + len(new))
        return Journal([*self._lines[:self._length], *new])

    def as_list(self) -> list[Line]:
        return self._lines[:self._length]

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Line: ...
    @overload
    def __getitem__(self, index: slice) -> list[Line]: ...

    def __getitem__(self, index: int | slice) -> Line | list[Line]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._length)
            return self._lines[start:stop:step]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("journal index out of range")
        return self._lines[index]

    def __iter__(self) -> Iterator[Line]:
        return itertools.islice(self._lines, self._length)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Journal):
            other = other.as_list()
        return isinstance(other, list) and self.as_list() == other

    __hash__ = None  # type: ignore[assignment]

    def __add__(self, other: Sequence[Line]) -> list[Line]:
        return [*self, *other]

    def __repr__(self) -> str:
        return f"Journal({self._length} lines)"


def plain(value: Any) -> Any:
    """``json.dumps``'s ``default`` for what a state holds: a journal as its list, a TOML
    date or time as its ISO text."""
    return value.as_list() if isinstance(value, Journal) else str(value)
