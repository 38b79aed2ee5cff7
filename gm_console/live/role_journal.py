"""What one role reads of the session's journal, kept in step with it without holding it.

A player's or a spectator's view of the state leaves out the game master's own lines and
says of a private field that it changed, not its value (gm_console.rules.privacy). Built as a
list, that view would hold each of a long campaign's fifty thousand lines again, per role,
and be rebuilt (every line read back from the journal's file) at each change. A
:class:`RoleJournal` is the session's journal and the positions of the lines the role reads:
a change looks at the lines it added only, and a line is read, and made what the role may
see of it, when a snapshot or a change event asks for it.
"""

from __future__ import annotations

import bisect
from array import array
from collections.abc import Iterator, Sequence
from typing import overload

from gm_console.committed.journal import CHUNK, Line, shared_prefix
from gm_console.rules import privacy


class RoleJournal(Sequence[Line]):
    __slots__ = ("_source", "_positions", "_may_see")

    def __init__(self, source: Sequence[Line], positions: array[int],
                 may_see: privacy.MaySee) -> None:
        self._source = source
        self._positions = positions  # of the lines the role reads, in the session's journal
        self._may_see = may_see

    @classmethod
    def of(cls, source: Sequence[Line], may_see: privacy.MaySee,
           before: RoleJournal | None = None) -> RoleJournal:
        """The role's view of ``source``; ``before``: its view of an earlier journal of the
        session (the same role's), whose positions are kept as far as the two journals
        share their lines."""
        shared, positions = 0, array("q")
        if before is not None:
            shared = shared_prefix(before._source, source)
            positions = before._positions[:bisect.bisect_left(before._positions, shared)]
        for start in range(shared, len(source), CHUNK):
            for index, line in enumerate(source[start:start + CHUNK], start):
                if not line.get("gm_only"):
                    positions.append(index)
        return cls(source, positions, may_see)

    def shared_with(self, other: RoleJournal) -> int:
        """How many first lines this view and ``other`` (the same role's) share."""
        shared = shared_prefix(self._source, other._source)
        return min(bisect.bisect_left(self._positions, shared),
                   bisect.bisect_left(other._positions, shared))

    def _shown(self, line: Line) -> Line:
        return privacy.line_for(line, self._may_see) if line.get("private") else line

    def __len__(self) -> int:
        return len(self._positions)

    @overload
    def __getitem__(self, index: int) -> Line: ...
    @overload
    def __getitem__(self, index: slice) -> list[Line]: ...

    def __getitem__(self, index: int | slice) -> Line | list[Line]:
        if isinstance(index, slice):
            if index.step not in (None, 1):
                return [self._shown(self._source[i]) for i in self._positions[index]]
            return list(self._read(self._positions[index]))
        return self._shown(self._source[self._positions[index]])

    def __iter__(self) -> Iterator[Line]:
        return self._read(self._positions)

    def _read(self, positions: Sequence[int]) -> Iterator[Line]:
        """The lines at ``positions`` (in order), one read of the source a chunk of them (a
        line at a time, a player's snapshot of a long journal was a read per line)."""
        for start in range(0, len(positions), CHUNK):
            wanted = positions[start:start + CHUNK]
            lines = self._source[wanted[0]:wanted[-1] + 1]
            yield from (self._shown(lines[i - wanted[0]]) for i in wanted)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, (list, RoleJournal)) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"RoleJournal({len(self)} of {len(self._source)} lines)"
