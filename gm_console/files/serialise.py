"""The session as TOML text, incrementally: the same text as ``tomli_w.dumps`` of the whole
state, but a save after one operation re-serialises only what the operation replaced.

Committed states are never changed in place (the store copies a table before an operation
touches it, and keeps the old object when nothing changed), so a table, a character or a
character that is the *same object* as at the last save has the same text (the journal has its
own file, gm_console.files.journal_file, appended to; a whole state with its journal, as
``codec.dumps`` writes for "save elsewhere", has its lines cached one by one). Every piece is cut by the writer of the whole text
(:func:`gm_console.files.toml_writer.dumps`, tomli_w's text, faster) at its place in the file; this
module only decides which pieces are new and joins them the way tomli_w does: key/values first,
then each table and each element of an array of tables, separated by a blank line.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Callable

from gm_console.files import toml_writer

# Written first, in this order; anything else keeps its place after them, the journal last.
ORDER = ("format_version", "session", "clock", "characters", "rolls", "plugins")
# Tables whose own tables are each cached (one per plugin); other tables are cached whole.
_SPLIT = {("plugins",)}

Path = tuple[str, ...]


def ordered(state: Mapping[str, Any]) -> dict[str, Any]:
    """The state's tables in the order they are written."""
    out = {key: state[key] for key in ORDER if key in state}
    out.update({k: v for k, v in state.items() if k not in out and k != "journal"})
    if "journal" in state:
        out["journal"] = state["journal"]
    return out


def dumps(state: Mapping[str, Any]) -> str:
    """The whole state as TOML in one go (``gm-console op``, the first save): the text every
    :class:`Serialiser` reproduces piece by piece."""
    return toml_writer.dumps(ordered(state))


class Serialiser:
    """Keeps the text of every table and array element it wrote, by object, for the next
    save. Not thread-safe: one per saver thread."""

    def __init__(self) -> None:
        self._texts: Kept = {render: {} for render in _RENDERS}

    def dumps(self, state: Mapping[str, Any], pause: Callable[[], None] | None = None) -> str:
        """The state's TOML; ``pause()`` is called before each table or element not kept
        from the last save (the saver's thread gives way to a key press there: the first save
        of a big campaign writes every one of them). What ``pause()`` raises stops it; the
        text made until then is kept for the next call."""
        # Keyed by render, then by id (ints, which the garbage collector does not track): a
        # save of a big session allocates almost no new containers, so it does not bring on
        # a full collection that would stall the interface.
        used: Kept = {render: {} for render in _RENDERS}
        self._pause = pause
        try:
            text = self._table(ordered(state), (), used)
        except BaseException:  # stopped (by ``pause``): what it made serves the next call
            for render in _RENDERS:
                self._texts[render].update(used[render])
            raise
        finally:
            self._pause = None
        self._texts = used  # what this state no longer holds is let go
        return text

    _pause: Callable[[], None] | None = None

    # -- joining pieces the way tomli_w does -------------------------------------------------

    def _table(self, table: Mapping[str, Any], path: Path, used: Kept) -> str:
        literals: dict[str, Any] = {}
        parts: list[str] = []
        for key, value in table.items():
            where = (*path, key)
            if isinstance(value, Mapping):
                if where in _SPLIT:
                    parts.append(self._table(value, where, used))
                else:
                    parts.append(self._cached(value, where, used, _table_text))
            elif _is_aot(value):
                # tomli_w's rule: inline only if every element fits on a line (asked in
                # order, up to the first that does not: a journal's first line, once).
                if all(self._cached(item, where, used, _fits_inline) for item in value):
                    literals[key] = value
                else:
                    parts.extend(self._cached(item, where, used, _element) for item in value)
            else:
                literals[key] = value
        out = []
        if path and (literals or not parts):
            out.append(_header(path))
        if literals:
            out.append(toml_writer.dumps(literals))
        for part in parts:
            if out:
                out.append("\n")
            out.append(part)
        return "".join(out)

    def _cached(self, value: Any, path: Path, used: Kept, render: Any) -> Any:
        """``render(value, path)``, from the last save when ``value`` is the same object at
        the same place."""
        key, done = id(value), used[render]
        hit = done.get(key) or self._texts[render].get(key)
        if hit is not None and hit[0] is value and hit[1] == path:
            done[key] = hit
            return hit[2]
        if self._pause is not None:
            self._pause()
        result = render(value, path)
        done[key] = (value, path, result)
        return result


def _nest(path: Path, value: Any) -> dict[str, Any]:
    for key in reversed(path):
        value = {key: value}
    return value


@lru_cache(maxsize=64)
def _header(path: Path) -> str:
    return toml_writer.dumps(_nest(path, {}))  # "[a.b]\n", keys quoted as tomli_w quotes them


def _table_text(value: Mapping[str, Any], path: Path) -> str:
    return toml_writer.dumps(_nest(path, value))


def _fits_inline(item: Mapping[str, Any], path: Path) -> bool:
    """Whether tomli_w writes ``item``, alone in its array, inline."""
    return not toml_writer.dumps(_nest(path, [item])).startswith(_aot_header(path))


def _element(item: Mapping[str, Any], path: Path) -> str:
    """``item``'s text as an element of an array of tables: its text as a table (one render,
    as in tomli_w's whole text) under the array's header, which tomli_w always writes."""
    header = _header(path)
    text = toml_writer.dumps(_nest(path, item))
    body = text[len(header):] if text.startswith(header) else "\n" + text
    return _aot_header(path) + body


@lru_cache(maxsize=64)
def _aot_header(path: Path) -> str:
    return "[" + _header(path).rstrip("\n") + "]\n"


_RENDERS = (_table_text, _fits_inline, _element)
# render -> id of the object -> (the object, where it was, what render made of it)
Kept = dict[Any, dict[int, tuple[Any, Path, Any]]]


def _is_aot(value: Any) -> bool:
    return (isinstance(value, (list, tuple)) and bool(value)
            and all(isinstance(item, Mapping) for item in value))
