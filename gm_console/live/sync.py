"""Keeping a client's copy of the state in step: the difference between two states as a change
event carries it, and applying it to a copy.

A difference names whole top-level tables (``clock``) and whole plugin tables
(``plugins/travel``) that changed, of a list of tables (``characters``) the elements that
changed and its length (gm_console.committed.elements), and the journal as "keep the first N
lines, add these": a change to one number sends one table, an item given to one character
that character, not the campaign. States are never changed in place on either side:
:func:`patch` returns a new dict, so a screen reading the old one is never torn.
"""

from __future__ import annotations

import operator
from typing import Any

from gm_console.committed.elements import GAP, changed_elements, with_elements
from gm_console.committed.journal import Journal, shared_prefix
from gm_console.live.role_journal import RoleJournal

JOURNAL, PLUGINS = "journal", "plugins"


class Mismatch(ValueError):
    """A difference that does not fit the state it is patched on (a change went missing): the
    front starts again from a snapshot."""


def diff(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """``{"set": {path: value}, "items": {key: [length, {index: element}]}, "remove": [path],
    "journal": {"keep": n, "add": [...]}}`` (``items`` only when a list changed in part)."""
    changed: dict[str, Any] = {}
    removed: list[str] = []
    _compare(before, after, "", changed, removed, skip=(JOURNAL, PLUGINS))
    _compare(before.get(PLUGINS, {}), after.get(PLUGINS, {}), f"{PLUGINS}/", changed, removed)
    out: dict[str, Any] = {"set": changed, "remove": removed}
    for key in [key for key in changed if "/" not in key]:
        # a role's view is made anew at each change: its elements compared by value
        elements = changed_elements(before.get(key), after[key], operator.eq)
        if elements is not None:
            out.setdefault("items", {})[key] = [len(after[key]), elements]
            del changed[key]
    old, new = before.get(JOURNAL, []), after.get(JOURNAL, [])
    keep = (old.shared_with(new) if isinstance(old, RoleJournal) and isinstance(new, RoleJournal)
            else shared_prefix(old, new))
    if keep != len(old) or keep != len(new):
        out[JOURNAL] = {"keep": keep, "add": new[keep:]}
    return out


def is_empty(difference: dict[str, Any]) -> bool:
    return not (difference["set"] or difference.get("items") or difference["remove"]
                or JOURNAL in difference)


def patch(state: dict[str, Any], difference: dict[str, Any]) -> dict[str, Any]:
    """``state`` with ``difference`` (a new dict); Mismatch when it does not fit."""
    out = dict(state)
    plugins = dict(out.get(PLUGINS, {}))
    for path, value in difference.get("set", {}).items():
        top, _, name = path.partition("/")
        if name:
            plugins[name] = value
        else:
            out[top] = value
    for key, (length, elements) in difference.get("items", {}).items():
        patched = with_elements(out.get(key), int(length), elements)
        if patched is None or any(element is GAP for element in patched):
            raise Mismatch(f"the change's {key!r} does not fit this front's")
        out[key] = patched
    for path in difference.get("remove", []):
        top, _, name = path.partition("/")
        (plugins if name else out).pop(name or top, None)
    out[PLUGINS] = plugins
    journal = difference.get(JOURNAL)
    if journal is not None:
        out[JOURNAL] = Journal.of(out.get(JOURNAL, [])).head(int(journal["keep"])).plus(
            list(journal["add"]))
    return out


def _compare(before: dict[str, Any], after: dict[str, Any], prefix: str,
             changed: dict[str, Any], removed: list[str], skip: tuple[str, ...] = ()) -> None:
    for key in after.keys() - set(skip):
        if key not in before or before[key] != after[key]:
            changed[prefix + key] = after[key]
    removed.extend(prefix + key for key in before.keys() - after.keys() - set(skip))
