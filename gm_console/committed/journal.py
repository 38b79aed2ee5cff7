"""The journal of a committed state: the lines on disk read back when asked for, the newer ones
held, and the next state's journal extending it without a copy.

A long campaign's journal is fifty thousand lines: held as dicts they are a hundred MiB of the
owner's memory, and copied per operation a millisecond. A :class:`Journal` is its first
``base`` lines on a :class:`Shelf` (the journal's file, gm_console.files.journal_file: read
back a few at a time, when a screen or an export asks) and the lines after them in a list it
shares with the journals after it. States are never changed once committed, and every
operation adds lines: the newest state's journal grows by appending to the shared list,
which the older states' journals do not see past their own length; an older state's journal
(after an undo) is copied once when it grows. Once its lines are on disk and no undo can take
them back, the store moves a journal's ``base`` up (:meth:`Journal.settled`), and the lines
below it are no longer held.

It reads as a list does (indexing, slices, iteration, equality with a list); what writes it
out (JSON, TOML) takes :meth:`Journal.as_list`, or :func:`plain`.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Sequence
from typing import Any, Callable, Protocol, overload

Line = dict[str, Any]

CHUNK = 512
"""Lines read from the shelf at once when a journal is walked through."""


class Shelf(Protocol):
    """Where a journal's older lines are kept: the journal's file."""

    def lines(self, start: int, stop: int) -> list[Line]:
        """Lines ``start`` to ``stop`` (stop not included), all of them on the shelf."""

    def holds(self, index: int, line: Line) -> bool:
        """Whether ``line`` (a held line) is the one the shelf has at ``index``."""

    def raw(self, start: int, stop: int) -> bytes:
        """Lines ``start`` to ``stop`` as the shelf keeps them: JSON, one a line."""


class Journal(Sequence[Line]):
    __slots__ = ("_shelf", "_base", "_lines", "_length")

    def __init__(self, lines: list[Line], length: int | None = None,
                 shelf: Shelf | None = None, base: int = 0) -> None:
        self._shelf = shelf  # lines [0, base) are there
        self._base = base if shelf is not None else 0
        self._lines = lines  # lines from base on; shared with the journals after this one
        self._length = self._base + len(lines) if length is None else length

    @classmethod
    def of(cls, lines: Sequence[Line]) -> Journal:
        """``lines`` as a journal: a list is copied once, since its owner may change it."""
        return lines if isinstance(lines, Journal) else cls(list(lines))

    @classmethod
    def shelved(cls, shelf: Shelf, count: int) -> Journal:
        """The ``count`` lines on ``shelf``, none of them held."""
        return cls([], count, shelf, count)

    def plus(self, new: Sequence[Line]) -> Journal:
        """This journal and ``new`` after it (the store's lock makes one state's growth at a
        time): the shared list is extended when this is its newest journal."""
        if not new:
            return self
        held = self._length - self._base
        if len(self._lines) == held:
            self._lines.extend(new)
            return Journal(self._lines, self._length + len(new), self._shelf, self._base)
        return Journal([*self._lines[:held], *new], None, self._shelf, self._base)

    def head(self, count: int) -> Journal:
        """The first ``count`` lines (a write-ahead record's undo keeps as many)."""
        count = max(0, min(count, self._length))
        base = min(self._base, count)
        return Journal(self._lines[:count - base], count, self._shelf, base)

    def settled(self, shelf: Shelf, upto: int) -> Journal:
        """This journal with its first ``upto`` lines read from ``shelf`` instead of held:
        the caller knows they are on it as they are here, and that no undo takes them back."""
        upto = min(upto, self._length)
        if shelf is self._shelf and upto <= self._base:
            return self
        if shelf is not self._shelf and self._base:
            return self  # lines read from elsewhere: kept as they are
        held = self._lines[upto - self._base:self._length - self._base]
        return Journal(held, self._length, shelf, upto)

    def held_at(self, index: int) -> Line | None:
        """Line ``index`` if this journal holds it; None if it is on the shelf."""
        return None if index < self._base else self._lines[index - self._base]

    @property
    def held(self) -> int:
        """How many of its lines this journal holds (the others are on its shelf)."""
        return self._length - self._base

    def on_shelf(self, shelf: object) -> int:
        """How many first lines this journal reads from ``shelf`` (0 from another)."""
        return self._base if shelf is self._shelf and shelf is not None else 0

    def as_list(self) -> list[Line]:
        return self[0:self._length]

    def shelved_pieces(self, first: int = 0) -> Iterator[bytes]:
        """The lines from ``first`` on that the shelf holds, a chunk at a time, each as the
        JSON of its lines without brackets, as the shelf keeps them (a long campaign's
        snapshot for a joining front: no more than a chunk of them in memory)."""
        for start in range(first, self._base, CHUNK):
            assert self._shelf is not None
            stop = min(start + CHUNK, self._base)
            body = self._shelf.raw(start, stop)[:-1].replace(b"\n", b",")
            try:  # a line garbled inside its braces (only its shape is checked on opening)
                json.loads(b"[" + body + b"]")
            except ValueError:  # read back instead: the garbled one as the line saying so
                body = b",".join(map(encoded, self[start:stop]))
            yield body

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Line: ...
    @overload
    def __getitem__(self, index: slice) -> list[Line]: ...

    def __getitem__(self, index: int | slice) -> Line | list[Line]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._length)
            if step != 1:
                return [self[i] for i in range(start, stop, step)]
            return self._range(start, stop)
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("journal index out of range")
        if index < self._base:
            assert self._shelf is not None
            return self._shelf.lines(index, index + 1)[0]
        return self._lines[index - self._base]

    def _range(self, start: int, stop: int) -> list[Line]:
        if stop <= start:
            return []
        out: list[Line] = []
        if start < self._base:
            assert self._shelf is not None
            out = self._shelf.lines(start, min(stop, self._base))
        if stop > self._base:
            out.extend(self._lines[max(start, self._base) - self._base:stop - self._base])
        return out

    def __iter__(self) -> Iterator[Line]:
        for start in range(0, self._base, CHUNK):
            yield from self._range(start, min(start + CHUNK, self._base))
        yield from itertools.islice(self._lines, self._length - self._base)

    def __reversed__(self) -> Iterator[Line]:
        """Newest first, read a chunk at a time (the last rolls, the last lines)."""
        for stop in range(self._length, 0, -CHUNK):
            yield from reversed(self._range(max(0, stop - CHUNK), stop))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Journal):
            other = other.as_list()
        return isinstance(other, list) and self.as_list() == other

    __hash__ = None  # type: ignore[assignment]

    def __add__(self, other: Sequence[Line]) -> list[Line]:
        return [*self, *other]

    def __repr__(self) -> str:
        return f"Journal({self._length} lines, {self._length - self._base} held)"


def read_through(kept: dict[int, Line], start: int, stop: int,
                 read: Callable[[int, int], list[Line]], most: int) -> list[Line]:
    """Lines ``start`` to ``stop`` of a shelf: those in ``kept``, and each run of the others
    read at once with ``read(first, end)`` and kept (``most`` lines at most: past that, what
    was kept is let go, and of a longer read only its last ``most`` lines are kept)."""
    out: list[Line] = []
    index = start
    while index < stop:
        line = kept.get(index)
        if line is not None:
            out.append(line)
            index += 1
            continue
        end = index + 1
        while end < stop and end not in kept:
            end += 1
        fresh = read(index, end)
        if len(kept) + len(fresh) > most:
            kept.clear()
        skip = max(0, len(fresh) - most)
        kept.update(zip(range(index + skip, end), fresh[skip:]))
        out.extend(fresh)
        index = end
    return out


def shared_prefix(old: Sequence[Line], new: Sequence[Line]) -> int:
    """How many first lines two journals share (the same lines, not equal ones: two lines
    that read alike are two events). Journals of one session share their shelf's lines and
    their held lines' objects: from the end, in a pass or two of pointer comparisons for what
    an operation or an undo changed; lists arrived as copies are compared by equality."""
    limit = min(len(old), len(new))
    if not isinstance(old, Journal) or not isinstance(new, Journal):
        count = 0
        for a, b in zip(old, new):
            if a is not b and a != b:
                break
            count += 1
        return count
    shelf = old._shelf if old._shelf is new._shelf else None
    floor = min(old.on_shelf(shelf), new.on_shelf(shelf), limit)  # both read these from it
    shared = limit
    while shared > floor and not _same(old, new, shared - 1, shelf):
        shared -= 1
    return shared


def _same(old: Journal, new: Journal, index: int, shelf: Shelf | None) -> bool:
    a, b = old.held_at(index), new.held_at(index)
    if a is not None and b is not None:
        return a is b
    held = a if a is not None else b
    return held is not None and shelf is not None and shelf.holds(index, held)


def json_array(lines: Sequence[Line], first: int = 0) -> Iterator[bytes]:
    """``lines`` from ``first`` on as a JSON array, in pieces made one after another, a chunk
    of lines each: a :class:`Journal`'s shelved lines as its shelf keeps them, the rest (its
    held lines, a role's view of a journal) encoded a chunk at a time."""
    yield b"["
    shelved = lines.shelved_pieces(first) if isinstance(lines, Journal) else iter(())
    held = max(first, len(lines) - lines.held) if isinstance(lines, Journal) else first
    rest = (b",".join(map(encoded, lines[start:start + CHUNK]))
            for start in range(held, len(lines), CHUNK))
    for index, piece in enumerate(itertools.chain(shelved, rest)):
        yield (b"," if index else b"") + piece
    yield b"]"


def encoded(line: Line) -> bytes:
    """A journal line as JSON on one line, as its file and the live protocol carry it."""
    return json.dumps(line, ensure_ascii=False, separators=(",", ":"), default=plain).encode()


def plain(value: Any) -> Any:
    """``json.dumps``'s ``default`` for what a state holds: a journal (or a role's view of
    one) as its list, a TOML date or time as its ISO text."""
    return list(value) if isinstance(value, Sequence) else str(value)
