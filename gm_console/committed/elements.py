"""A list of tables (the characters) as what one change made anew of it: the elements at their
places and the list's length. The session's log writes it and a front is sent it instead of
the whole list: an item given to one of 50 characters of 40 items is that character (3 KiB),
not the party (110 KiB)."""

from __future__ import annotations

from typing import Any, Callable

GAP = object()
"""A place :func:`with_elements` had no element for: the list it was given was shorter than
the one the change was made on (the log's records replayed on a newer checkpoint: a later
record fills it); one left at the end means the change did not fit."""


def changed_elements(old: Any, new: Any, same: Callable[[Any, Any], bool] | None = None
                     ) -> dict[str, Any] | None:
    """The elements of the list ``new`` that are not those of ``old`` at their places, by index
    (a JSON key); None when the two are not both lists or when most elements changed (the
    whole list is then as small). An element is the same by identity (committed states share
    what a change did not reach), or by ``same`` (a role's view is made anew each time)."""
    if not isinstance(old, list) or not isinstance(new, list):
        return None
    changed = {str(index): element for index, element in enumerate(new)
               if index >= len(old) or not (old[index] is element or (
                   same is not None and same(old[index], element)))}
    return changed if len(changed) <= len(new) // 2 else None


def with_elements(elements: Any, length: int, changed: dict[str, Any]) -> list[Any] | None:
    """The list ``elements`` as the change left it: ``length`` long, ``changed`` at their
    places, GAP where it had none; None when ``elements`` is not a list."""
    if not isinstance(elements, list):
        return None
    elements = elements[:length] + [GAP] * (length - len(elements))
    for index, element in changed.items():
        elements[int(index)] = element
    return elements
