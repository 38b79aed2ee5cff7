"""How deep tables and arrays may nest in a session (docs/session-file.md, "Limits"): past
MAX_DEPTH, copying and saving would overflow Python's stack. A file is refused past it
(codec.parse), and an operation that would nest a value past it is refused (store)."""

from __future__ import annotations

from typing import Any

MAX_DEPTH = 64
"""The root of the session is level 0, a top-level table level 1: a container at level
MAX_DEPTH is one too many."""

Where = tuple[Any, ...]


def too_deep(state: dict[str, Any]) -> Where | None:
    """The keys down to the first container nested MAX_DEPTH levels below ``state`` (a
    parse's, which holds no tuple), or None."""
    return None if _parsed_within(state, MAX_DEPTH) else _path_deeper_than(state, MAX_DEPTH)


def _parsed_within(value: Any, left: int) -> bool:
    """Whether no container (and no tuple) lies ``left`` levels or more below ``value``.
    Recursive, but never more than MAX_DEPTH calls deep (the point is to refuse what deeper
    recursion, copying and saving, would choke on), and over containers only: quicker than a
    loop with a stack of its own, which counts on a big campaign's journal of small tables."""
    if not left:
        return False
    left -= 1
    for item in (value.values() if type(value) is dict else value):
        kind = type(item)  # what a parse gives: dicts and lists, nothing derived from them
        if kind is tuple or ((kind is dict or kind is list) and not _parsed_within(item, left)):
            return False
    return True


def _path_deeper_than(value: Any, depth: int) -> Where:
    """The keys down to a container ``depth`` levels below ``value`` (one exists)."""
    where: list[Any] = []
    while depth:
        children = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in children:
            if type(item) in (dict, list) and not _parsed_within(item, depth - 1):
                where.append(key)
                value, depth = item, depth - 1
                break
    return tuple(where)
